import { and, asc, eq, gte, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { AssistantEvent, AssistantTask, FamilyData } from '../../core/assistant/family-data.ts';
import { addLocalDays, instantToLocal, localDateOf } from '../../core/time/local-time.ts';
import type { DbOrTx } from '../db/client.ts';
import { events } from '../db/schema/events.ts';
import { familyMembers, families } from '../db/schema/families.ts';
import { tasks } from '../db/schema/tasks.ts';

/** Members whose invitation is still pending get no family data by text. */
const ACCEPTED = 'accepted';

/** How far back a one-off event may start and still matter (a long multi-day event, or "what's on today"). */
const LOOKBACK_DAYS = 31;
/** How far ahead the assistant looks ("when is X next", matching its core's lookahead). */
const LOOKAHEAD_DAYS = 367;

type EventRow = typeof events.$inferSelect;
type TaskRow = typeof tasks.$inferSelect;

/** Member ids named as strings in jsonb lists ('["3","4"]'), kept only when they are the family's members. */
function memberIds(values: readonly (string | number | null)[], known: ReadonlySet<number>): number[] {
  const out: number[] = [];
  for (const v of values) {
    const id = Number(v);
    if (v !== null && Number.isInteger(id) && known.has(id) && !out.includes(id)) out.push(id);
  }
  return out;
}

function toAssistantEvent(
  row: EventRow,
  known: ReadonlySet<number>,
  replacedStarts: string[],
): AssistantEvent {
  const duty = (on: boolean, memberId: number | null, minutesBefore: number) =>
    on ? { memberId: memberId !== null && known.has(memberId) ? memberId : null, minutesBefore } : null;
  // A series is a row with an RRULE and no parent; an edited occurrence (parent set) is a one-off of its own.
  const isSeries = row.rrule !== null && row.parentEventId === null;
  return {
    id: row.id,
    title: row.title,
    start: row.startDate,
    end: row.endDate,
    durationMinutes: row.durationMinutes,
    allDay: row.isAllDay,
    location: row.location,
    memberIds: memberIds([...row.attendees, row.organizerId], known),
    pickup: duty(row.hasPickup, row.pickupAssignedTo, row.pickupMinutesBefore),
    dropoff: duty(row.hasDropoff, row.dropoffAssignedTo, row.dropoffMinutesBefore),
    rrule: isSeries ? row.rrule : null,
    exdates: isSeries ? row.exdates : [],
    replacedStarts: isSeries ? replacedStarts : [],
  };
}

function toAssistantTask(row: TaskRow, known: ReadonlySet<number>): AssistantTask {
  return {
    id: row.id,
    title: row.title,
    due: row.dueDate,
    assigneeIds: memberIds([...row.assignedToIds, row.assignedTo], known),
    completed: row.status === 'completed',
  };
}

/**
 * Reads what the assistant needs of one family, every query filtered by `familyId`: accepted members,
 * recurring series (with their EXDATEs and edited occurrences), one-off events around today, and open tasks.
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
  const from = `${addLocalDays(today, -LOOKBACK_DAYS)}T00:00:00`;
  const to = `${addLocalDays(today, LOOKAHEAD_DAYS)}T00:00:00`;

  const memberRows = await db
    .select({ id: familyMembers.id, name: familyMembers.name })
    .from(familyMembers)
    .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.invitationStatus, ACCEPTED)))
    .orderBy(asc(familyMembers.id));
  const known = new Set(memberRows.map((m) => m.id));

  const eventRows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.familyId, familyId),
        or(
          // Series: all of them (few per family); their RRULE decides what falls in the window.
          and(isNotNull(events.rrule), isNull(events.parentEventId)),
          // One-offs and edited occurrences around today, or still running today.
          and(
            or(isNull(events.rrule), isNotNull(events.parentEventId)),
            lt(events.startDate, to),
            or(gte(events.startDate, from), gte(events.endDate, `${today}T00:00:00`)),
          ),
        ),
      ),
    );
  const overrides = await db
    .select({ parent: events.parentEventId, recurrenceId: events.recurrenceId })
    .from(events)
    .where(and(eq(events.familyId, familyId), isNotNull(events.parentEventId)));
  const replaced = new Map<number, string[]>();
  for (const o of overrides) {
    if (o.parent === null || o.recurrenceId === null) continue;
    replaced.set(o.parent, [...(replaced.get(o.parent) ?? []), o.recurrenceId]);
  }

  const taskRows = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.familyId, familyId), eq(tasks.status, 'open')));

  return {
    now: localNow,
    askerId,
    members: memberRows,
    events: eventRows.map((row) => toAssistantEvent(row, known, replaced.get(row.id) ?? [])),
    tasks: taskRows.map((row) => toAssistantTask(row, known)),
  };
}
