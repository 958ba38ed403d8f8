import { and, asc, eq, gte, or } from 'drizzle-orm';
import type {
  AssistantActivity,
  AssistantEvent,
  AssistantTask,
  FamilyData,
} from '../../core/assistant/family-data.ts';
import { MEMBER_ROLES } from '../../core/members/colors.ts';
import { addLocalDays, instantToLocal, localDateOf } from '../../core/time/local-time.ts';
import type { DbOrTx } from '../db/types.ts';
import { type EngineRow, loadWindowRows } from '../db/event-occurrences.ts';
import { events } from '../db/schema/events.ts';
import { familyMembers, families } from '../db/schema/families.ts';
import { activityProposals, tasks } from '../db/schema/tasks.ts';
import { taskColumns, type TaskRow } from '../db/task-assignees.ts';

/** Members whose invitation is still pending get no family data by text. */
const ACCEPTED = 'accepted';

/** How far back a one-off event may start and still matter (a long multi-day event, or "what's on today"). */
const LOOKBACK_DAYS = 31;
/** How long a completed task stays answerable ("did Leo clean his room?"), by its last change. */
const DONE_TASK_DAYS = 30;
/** How far ahead the assistant looks ("when is X next", matching its core's lookahead). */
const LOOKAHEAD_DAYS = 367;

/** Member ids named as strings in jsonb lists ('["3","4"]'), kept only when they are the family's members. */
function memberIds(values: readonly (string | number | null)[], known: ReadonlySet<number>): number[] {
  const out: number[] = [];
  for (const v of values) {
    const id = Number(v);
    if (v !== null && Number.isInteger(id) && known.has(id) && !out.includes(id)) out.push(id);
  }
  return out;
}

function toAssistantEvent(e: EngineRow, known: ReadonlySet<number>): AssistantEvent {
  const { row } = e;
  const duty = (on: boolean, memberId: number | null, minutesBefore: number) =>
    on ? { memberId: memberId !== null && known.has(memberId) ? memberId : null, minutesBefore } : null;
  return {
    id: e.id,
    start: e.start,
    end: e.end,
    durationMinutes: e.durationMinutes,
    allDay: e.allDay,
    zone: e.zone,
    rrule: e.rrule,
    exdates: e.exdates,
    rdates: e.rdates,
    parentId: e.parentId,
    recurrenceId: e.recurrenceId,
    title: row.title,
    location: row.location,
    memberIds: memberIds([...row.attendees, row.organizerId], known),
    pickup: duty(row.hasPickup, row.pickupAssignedTo, row.pickupMinutesBefore),
    dropoff: duty(row.hasDropoff, row.dropoffAssignedTo, row.dropoffMinutesBefore),
  };
}

function toAssistantTask(row: TaskRow, known: ReadonlySet<number>): AssistantTask {
  return {
    id: row.id,
    title: row.title,
    due: row.dueDate,
    assigneeIds: memberIds([...row.assignedToIds, row.assignedTo], known),
    completed: row.status === 'completed',
    transport: row.transportKind === 'pickup' || row.transportKind === 'dropoff' ? row.transportKind : null,
  };
}

type ActivityRow = typeof activityProposals.$inferSelect;

function toAssistantActivity(row: ActivityRow, known: ReadonlySet<number>): AssistantActivity {
  const member = (id: number | null) => (id !== null && known.has(id) ? id : null);
  return {
    id: row.id,
    title: row.title,
    status: row.status === 'accepted' || row.status === 'declined' ? row.status : 'pending',
    assignedTo: member(row.assignedTo),
    assignedBy: member(row.assignedBy),
    due: row.dueDate,
    location: row.location,
  };
}

/**
 * Reads what the assistant needs of one family, every query filtered by `familyId`: accepted members (with
 * their roles),
 * recurring series (with their EXDATEs and edited occurrences), one-off events around today, open tasks and
 * tasks completed in the last DONE_TASK_DAYS days, and every activity request.
 * "Now" is `now` (from `ctx.clock`) read in the family's time zone (`families.timezone`).
 *
 * @returns null when the family does not exist.
 */
export async function loadFamilyData(
  db: DbOrTx,
  familyId: number,
  askerId: number,
  now: Date,
): Promise<FamilyData | null> {
  const [family] = await db
    .select({ timezone: families.timezone })
    .from(families)
    .where(eq(families.id, familyId));
  if (!family) return null;
  const localNow = instantToLocal(now, family.timezone);
  const today = localDateOf(localNow);

  const memberRows = (
    await db
      .select({ id: familyMembers.id, name: familyMembers.name, role: familyMembers.role })
      .from(familyMembers)
      .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.invitationStatus, ACCEPTED)))
      .orderBy(asc(familyMembers.id))
  ).map(({ id, name, role }) => {
    // Issue 43: group words ("the kids") resolve by role.
    const asRole = MEMBER_ROLES.find((r) => r === role);
    return asRole === undefined ? { id, name } : { id, name, role: asRole };
  });
  const known = new Set(memberRows.map((m) => m.id));

  const eventRows = await loadWindowRows(
    db,
    eq(events.familyId, familyId),
    addLocalDays(today, -LOOKBACK_DAYS),
    addLocalDays(today, LOOKAHEAD_DAYS),
  );

  const doneSince = new Date(now.getTime() - DONE_TASK_DAYS * 24 * 60 * 60 * 1000);
  const taskRows = await db
    .select(taskColumns)
    .from(tasks)
    .where(
      and(
        eq(tasks.familyId, familyId),
        or(eq(tasks.status, 'open'), and(eq(tasks.status, 'completed'), gte(tasks.updatedAt, doneSince))),
      ),
    );

  const activityRows = await db
    .select()
    .from(activityProposals)
    .where(eq(activityProposals.familyId, familyId))
    .orderBy(asc(activityProposals.id));

  return {
    now: localNow,
    timeZone: family.timezone,
    askerId,
    members: memberRows,
    events: eventRows.map((row) => toAssistantEvent(row, known)),
    tasks: taskRows.map((row) => toAssistantTask(row, known)),
    activities: activityRows.map((row) => toAssistantActivity(row, known)),
  };
}
