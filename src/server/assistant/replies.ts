import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import {
  alreadyCoveredReply,
  alreadyYoursReply,
  confirmDriveQuestion,
  droveReply,
  legGoneReply,
  NOTHING_TO_COMPLETE_REPLY,
  NOTHING_TO_CONFIRM_REPLY,
  NOTHING_TO_DRIVE_REPLY,
  refusedReply,
  type ReplyLeg,
  type ReplyWord,
  taskAlreadyDoneReply,
  taskDoneReply,
  whichLegReply,
} from '../../core/assistant/replies.ts';
import { eventInputSchema } from '../../core/contracts/events.ts';
import type { TransportLeg } from '../../core/driving/coverage.ts';
import { passengersOf } from '../../core/driving/words.ts';
import { addLocalDays, instantToLocal } from '../../core/time/local-time.ts';
import type { DbOrTx } from '../db/types.ts';
import { events } from '../db/schema/events.ts';
import { families, familyMembers } from '../db/schema/families.ts';
import { notifications } from '../db/schema/notifications.ts';
import { smsReplyActions } from '../db/schema/sms-replies.ts';
import { tasks } from '../db/schema/tasks.ts';
import { coverageByFamily } from '../driving/service.ts';
import { getEvent, updateEvent } from '../events/service.ts';
import type { ServerContext } from '../context.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import { publicLink } from '../notifications/templates.ts';
import { updateTask } from '../tasks/service.ts';

/** How long a "Reply YES to pick up …" question waits for its YES (and never past the pickup itself). */
export const CONFIRM_DRIVE_MINUTES = 30;

type ActionRow = typeof smsReplyActions.$inferSelect;

/** What answering a reply word decided: the text, and a YES question to record with it (I'LL DRIVE). */
export interface ReplyOutcome {
  reply: string;
  /** The leg the reply asked a YES for, and until when that YES counts. */
  confirm?: { row: ActionRow; expiresAt: Date };
}

interface Family {
  id: number;
  zone: string;
  today: string;
  names: Map<number, string>;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/**
 * The member's newest still-valid items of `action`: those of the newest message FamilyHub sent them (outbox
 * status 'sent') whose rows are not used and not expired, by item number. Reads through `db` in the member's
 * family scope (row-level security keeps it to that family).
 */
async function latestItems(
  db: DbOrTx,
  memberId: number,
  action: ActionRow['action'],
  now: Date,
): Promise<ActionRow[]> {
  const valid = and(
    eq(smsReplyActions.familyMemberId, memberId),
    eq(smsReplyActions.action, action),
    isNull(smsReplyActions.usedAt),
    gt(smsReplyActions.expiresAt, now),
  );
  const [newest] = await db
    .select({ notificationId: smsReplyActions.notificationId })
    .from(smsReplyActions)
    .innerJoin(notifications, eq(notifications.id, smsReplyActions.notificationId))
    .where(and(valid, eq(notifications.status, 'sent')))
    .orderBy(desc(notifications.sentAt), desc(notifications.id))
    .limit(1);
  if (!newest) return [];
  return db
    .select()
    .from(smsReplyActions)
    .where(and(valid, eq(smsReplyActions.notificationId, newest.notificationId)))
    .orderBy(asc(smsReplyActions.item));
}

async function markUsed(db: DbOrTx, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length > 0)
    await db.update(smsReplyActions).set({ usedAt: now }).where(inArray(smsReplyActions.id, ids));
}

/**
 * The pickup or drop-off a row names, as the coverage engine sees it now (family zone; an occurrence edited on
 * its own has its override's values), or null when the calendar no longer has it.
 */
async function currentLeg(db: DbOrTx, family: Family, row: ActionRow): Promise<TransportLeg | null> {
  if (row.eventId === null) return null;
  const [event] = await db
    .select({ startDate: events.startDate })
    .from(events)
    .where(and(eq(events.familyId, family.id), eq(events.id, row.eventId)));
  if (!event) return null;
  const day = (row.occurrenceStart ?? event.startDate).slice(0, 10);
  // A pickup's day is its event's end: a multi-day event ends days after it starts.
  const coverage = await coverageByFamily(
    db,
    eq(events.familyId, family.id),
    family.zone,
    addLocalDays(day, -1),
    addLocalDays(day, 15),
  );
  return (
    coverage
      .get(family.id)
      ?.legs.find(
        (l) =>
          l.kind === row.transportKind &&
          (l.seriesId ?? l.eventId) === row.eventId &&
          l.occurrenceId === row.occurrenceStart,
      ) ?? null
  );
}

function replyLeg(leg: TransportLeg, family: Family): ReplyLeg {
  const nameOf = (id: number) => {
    const name = family.names.get(id);
    return name === undefined ? undefined : firstName(name);
  };
  return { kind: leg.kind, who: passengersOf(leg, nameOf), title: leg.title, at: leg.at };
}

/** The answer when the leg is not open any more: gone, the sender's own already, or someone else's. */
function closedLeg(
  leg: TransportLeg | null,
  row: ActionRow,
  family: Family,
  memberId: number,
): string | null {
  const kind = row.transportKind === 'dropoff' ? 'dropoff' : 'pickup';
  if (!leg) return legGoneReply(kind);
  if (leg.driverId === null) return null;
  if (leg.driverId === memberId) return alreadyYoursReply(replyLeg(leg, family), family.today);
  return alreadyCoveredReply(kind, firstName(family.names.get(leg.driverId) ?? 'someone else'));
}

/** DONE: completes the task of the newest task reminder through the tasks service (as the app's Complete). */
async function complete(ctx: ServerContext, family: Family, memberId: number, now: Date): Promise<string> {
  const [row] = await latestItems(ctx.db, memberId, 'complete_task', now);
  if (!row || row.taskId === null) return NOTHING_TO_COMPLETE_REPLY;
  // Locked: two DONEs for one task (two assignees) complete it once; the second hears it is done.
  const [task] = await ctx.db
    .select({ title: tasks.title, status: tasks.status })
    .from(tasks)
    .where(and(eq(tasks.familyId, family.id), eq(tasks.id, row.taskId)))
    .for('update');
  if (!task) return NOTHING_TO_COMPLETE_REPLY;
  if (task.status === 'completed') {
    await markUsed(ctx.db, [row.id], now);
    return taskAlreadyDoneReply(task.title);
  }
  try {
    await updateTask(ctx, family.id, row.taskId, { status: 'completed' });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return refusedReply(error.message, publicLink(ctx.config.PUBLIC_URL, '/tasks'));
  }
  const done = await ctx.db
    .select({ id: smsReplyActions.id })
    .from(smsReplyActions)
    .where(
      and(
        eq(smsReplyActions.familyMemberId, memberId),
        eq(smsReplyActions.taskId, row.taskId),
        isNull(smsReplyActions.usedAt),
      ),
    );
  await markUsed(
    ctx.db,
    done.map((d) => d.id),
    now,
  );
  return taskDoneReply(task.title);
}

/** I'LL DRIVE [n]: the pickup of the newest alert (by number when it listed several), asked to confirm with YES. */
async function offer(
  ctx: ServerContext,
  family: Family,
  memberId: number,
  item: number | null,
  now: Date,
): Promise<ReplyOutcome> {
  const rows = await latestItems(ctx.db, memberId, 'offer_drive', now);
  if (rows.length === 0) return { reply: NOTHING_TO_DRIVE_REPLY };
  const row = item === null ? (rows.length === 1 ? rows[0] : undefined) : rows.find((r) => r.item === item);
  if (!row) {
    const open: { item: number; leg: ReplyLeg }[] = [];
    let firstClosed: string | null = null;
    for (const r of rows) {
      const leg = await currentLeg(ctx.db, family, r);
      if (leg && leg.driverId === null) open.push({ item: r.item, leg: replyLeg(leg, family) });
      else firstClosed ??= closedLeg(leg, r, family, memberId);
    }
    if (open.length === 0) return { reply: firstClosed ?? legGoneReply('pickup') };
    return { reply: whichLegReply(open, family.today) };
  }
  const leg = await currentLeg(ctx.db, family, row);
  const closed = closedLeg(leg, row, family, memberId);
  if (closed !== null || !leg) return { reply: closed ?? legGoneReply('pickup') };
  const until = Math.min(now.getTime() + CONFIRM_DRIVE_MINUTES * 60_000, row.expiresAt.getTime());
  return {
    reply: confirmDriveQuestion(replyLeg(leg, family), family.today),
    confirm: { row, expiresAt: new Date(until) },
  };
}

/**
 * YES: makes the sender the driver of the leg their newest "Reply YES" question named, through the events
 * service (as saving the event with that driver in the app: validation, transport task, reminders). The event
 * row (the series' for an occurrence) is locked first, so of two parents answering YES at once exactly one
 * becomes the driver and the other is told who has it.
 */
async function claim(ctx: ServerContext, family: Family, memberId: number, now: Date): Promise<string> {
  const [row] = await latestItems(ctx.db, memberId, 'confirm_drive', now);
  if (!row || row.eventId === null) return NOTHING_TO_CONFIRM_REPLY;
  await ctx.db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.familyId, family.id), eq(events.id, row.eventId)))
    .for('update');
  const leg = await currentLeg(ctx.db, family, row);
  const closed = closedLeg(leg, row, family, memberId);
  if (closed !== null || !leg) {
    await markUsed(ctx.db, [row.id], now);
    return closed ?? legGoneReply('pickup');
  }
  // An occurrence of a series not edited on its own gets an override ("this event only"); a one-off or an
  // edited occurrence is updated in place.
  const occurrence =
    leg.seriesId !== null && leg.eventId === leg.seriesId ? (leg.occurrenceId ?? undefined) : undefined;
  try {
    const current = await getEvent(ctx, family.id, leg.eventId, occurrence);
    const values = parseInput(eventInputSchema, {
      ...current,
      is_recurring: false,
      recurrence_pattern: null,
      recurrence_end_date: null,
      ...(leg.kind === 'pickup' ? { pickup_assigned_to: memberId } : { dropoff_assigned_to: memberId }),
    });
    await updateEvent(ctx, family.id, leg.eventId, values, {
      scope: 'this',
      ...(occurrence === undefined ? {} : { occurrence }),
      alertMembersSent: false,
    });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return refusedReply(error.message, publicLink(ctx.config.PUBLIC_URL, '/driving'));
  }
  const used = await ctx.db
    .select({ id: smsReplyActions.id })
    .from(smsReplyActions)
    .where(
      and(
        eq(smsReplyActions.familyMemberId, memberId),
        eq(smsReplyActions.eventId, row.eventId),
        row.occurrenceStart === null
          ? isNull(smsReplyActions.occurrenceStart)
          : eq(smsReplyActions.occurrenceStart, row.occurrenceStart),
        isNull(smsReplyActions.usedAt),
      ),
    );
  await markUsed(
    ctx.db,
    used.map((u) => u.id),
    now,
  );
  return droveReply(replyLeg(leg, family), family.today);
}

/**
 * Issue 27 part 3: acts on a reply word (DONE, I'LL DRIVE, YES) from `memberId`, about the newest still-valid
 * SMS it answers (`sms_reply_actions`). Must run in the member's family scope (`withFamilyScope`): every read
 * and write, including the tasks and events services', goes through `ctx.db` to that family's rows only.
 * Without a waiting item the reply says so; a stale one (done, covered, gone) says what happened.
 * @throws whatever the database throws; an action the app refuses (HttpError) becomes a reply instead.
 */
export async function answerReplyWord(
  ctx: ServerContext,
  word: Exclude<ReplyWord, { kind: 'more' }>,
  member: { id: number; familyId: number },
  now: Date,
): Promise<ReplyOutcome> {
  const [row] = await ctx.db
    .select({ zone: families.timezone })
    .from(families)
    .where(eq(families.id, member.familyId));
  const zone = row?.zone ?? 'UTC';
  const members = await ctx.db
    .select({ id: familyMembers.id, name: familyMembers.name })
    .from(familyMembers)
    .where(eq(familyMembers.familyId, member.familyId));
  const family: Family = {
    id: member.familyId,
    zone,
    today: instantToLocal(now, zone).slice(0, 10),
    names: new Map(members.map((m) => [m.id, m.name])),
  };
  if (word.kind === 'done') return { reply: await complete(ctx, family, member.id, now) };
  if (word.kind === 'drive') return offer(ctx, family, member.id, word.item, now);
  return { reply: await claim(ctx, family, member.id, now) };
}

/** Records the "Reply YES" question just stored as outbox row `notificationId` (its answer's row). */
export async function recordConfirmQuestion(
  db: DbOrTx,
  notificationId: number,
  confirm: NonNullable<ReplyOutcome['confirm']>,
  now: Date,
): Promise<void> {
  const { row, expiresAt } = confirm;
  await db.insert(smsReplyActions).values({
    familyId: row.familyId,
    familyMemberId: row.familyMemberId,
    notificationId,
    action: 'confirm_drive',
    item: row.item,
    eventId: row.eventId,
    occurrenceStart: row.occurrenceStart,
    transportKind: row.transportKind,
    expiresAt,
    createdAt: now,
  });
}
