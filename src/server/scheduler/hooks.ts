import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import { instantToLocal, localToInstant } from '../../core/time/local-time.ts';
import type { DbOrTx } from '../db/client.ts';
import type { EventRow } from '../db/event-members.ts';
import { events } from '../db/schema/events.ts';
import { dailySummaryLog, notifications } from '../db/schema/notifications.ts';
import { tasks } from '../db/schema/tasks.ts';
import { enqueueMany, type OutboundMessage } from '../notifications/outbox.ts';
import { channelFor, loadAudience, membersOf, policyFactsOf } from './audience.ts';
import { eventAlertMessage } from './messages.ts';

/**
 * Cancels the not-yet-sent reminders planned for one task or event: each pending row whose dedupe key starts
 * with one of `prefixes` becomes `suppressed` with `reason`, and its dedupe key gets `#cancelled:{id}`
 * appended so the planner can plan the same message again if the change left it still due (a title edit).
 * Rows already sent keep their key, so a change after sending never sends twice.
 * @returns how many rows were cancelled.
 */
export async function cancelPending(
  db: DbOrTx,
  familyId: number,
  prefixes: readonly string[],
  reason: string,
  now: Date,
): Promise<number> {
  if (prefixes.length === 0) return 0;
  const cancelled = await db
    .update(notifications)
    .set({
      status: 'suppressed',
      statusReason: reason,
      dedupeKey: sql`${notifications.dedupeKey} || '#cancelled:' || ${notifications.id}`,
      updatedAt: now,
    })
    .where(
      and(
        // family_id first: the (family_id, created_at) index keeps this to one family's rows.
        eq(notifications.familyId, familyId),
        eq(notifications.status, 'pending'),
        or(...prefixes.map((p) => like(notifications.dedupeKey, `${p.replace(/[\\%_]/g, '\\$&')}%`))),
      ),
    )
    .returning({ id: notifications.id });
  return cancelled.length;
}

/** Dedupe-key prefix of every reminder the planner makes for a task. */
export const taskKeyPrefix = (taskId: number) => `task:${taskId}:`;
/** Dedupe-key prefix of every reminder (event, pickup, drop-off) the planner makes for an event row. */
export const eventKeyPrefix = (eventId: number) => `event:${eventId}:`;
/**
 * Dedupe-key prefixes of the reminders of one occurrence of a series: `occurrence` is its RECURRENCE-ID, the
 * original start as wall-clock text in the series' own zone (what `?occurrence=` takes).
 */
const occurrencePrefixes = (seriesId: number, occurrence: string) =>
  ['event', 'pickup', 'dropoff'].map((kind) => `${eventKeyPrefix(seriesId)}${kind}:${occurrence}:`);
/** The occurrence in an event reminder's key `event:{id}:{kind}:{YYYY-MM-DDTHH:mm:ss}:{member}` (series' terms). */
const occurrenceOfKey = (key: string) => key.split(':').slice(3, 6).join(':');

/**
 * Call inside the transaction that changed or deleted a task (tasks service): its pending reminders are
 * cancelled together with the write, so no crash can leave one behind; the
 * planner's next tick plans again whatever the task still calls for (re-dated → the new time only;
 * completed or deleted → nothing).
 */
export async function cancelTaskReminders(
  db: DbOrTx,
  familyId: number,
  taskId: number,
  now: Date,
): Promise<number> {
  return cancelPending(
    db,
    familyId,
    [taskKeyPrefix(taskId)],
    'Task changed before the reminder was sent',
    now,
  );
}

/**
 * Call inside the transaction that removes occurrences of a series (events service): with `following` false
 * the occurrence `occurrence` (its RECURRENCE-ID, wall-clock in the series' own zone) became an EXDATE; with `following` true the series ends
 * before it, so it and every later occurrence are gone. Their pending event, pickup and drop-off reminders are
 * cancelled; the other occurrences' stay.
 * @returns how many rows were cancelled.
 */
export async function cancelOccurrenceReminders(
  tx: DbOrTx,
  familyId: number,
  seriesId: number,
  occurrence: string,
  following: boolean,
  now: Date,
): Promise<number> {
  const reason = 'Occurrence deleted before the reminder was sent';
  if (!following) {
    return cancelPending(tx, familyId, occurrencePrefixes(seriesId, occurrence), reason, now);
  }
  const pending = await tx
    .select({ key: notifications.dedupeKey })
    .from(notifications)
    .where(
      and(
        eq(notifications.familyId, familyId),
        eq(notifications.status, 'pending'),
        like(notifications.dedupeKey, `${eventKeyPrefix(seriesId)}%`),
      ),
    );
  const later = pending.map((r) => r.key).filter((key) => occurrenceOfKey(key) >= occurrence);
  return cancelPending(tx, familyId, later, reason, now);
}

/**
 * Call inside the transaction that deletes the event rows `eventIds` (a series' overrides included), before
 * deleting them: the pending reminders of those events, and of the tasks that go with them (SPEC §8: an
 * event's tasks are deleted with it, by the foreign key's cascade), are cancelled.
 * @returns how many rows were cancelled.
 */
export async function cancelDeletedEventsReminders(
  tx: DbOrTx,
  familyId: number,
  eventIds: readonly number[],
  now: Date,
): Promise<number> {
  if (eventIds.length === 0) return 0;
  const linked = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.familyId, familyId), inArray(tasks.eventId, [...eventIds])));
  const ofEvents = await cancelPending(
    tx,
    familyId,
    eventIds.map(eventKeyPrefix),
    'Event deleted before the reminder was sent',
    now,
  );
  const ofTasks = await cancelPending(
    tx,
    familyId,
    linked.map((t) => taskKeyPrefix(t.id)),
    'Task deleted with its event before the reminder was sent',
    now,
  );
  return ofEvents + ofTasks;
}

/**
 * Dedupe-key prefixes of everything the planner plans from the family's clock: task reminders, event, pickup and
 * drop-off reminders, and daily summaries (`summary:{member}:{date}`). Event alerts (`event-alert:`) are news of
 * a change already made, not planned by the clock, and are not among them.
 */
const CLOCK_PLANNED_PREFIXES = ['task:', 'event:', 'summary:'];

/**
 * Call inside the transaction that changed the family's time zone (settings service), after the change: every
 * reminder and summary planned from the old zone's clock is planned again from the new one (ADR 005).
 * - the family's pending task, event, pickup, drop-off reminders and daily summaries are cancelled
 *   (`cancelPending`: suppressed, key freed), so none goes out at the old zone's time;
 * - `next_reminder_at` of every event and task of the family is set to NULL: the planner's next tick computes
 *   each cursor again in the new zone;
 * - the family's `daily_summary_log` claims whose summary did not go out (their outbox row was just cancelled)
 *   are removed, so the 7:30 summary of that local date can be claimed again at 7:30 in the new zone. A claim
 *   whose summary was sent (or is being sent, failed, expired or was suppressed by policy) stays: one summary per
 *   member per local date.
 * A reminder already sent keeps its key, so an occurrence reminded before the change is not reminded again.
 * @returns how many pending messages were cancelled.
 */
export async function replanFamilyClock(tx: DbOrTx, familyId: number, now: Date): Promise<number> {
  const cancelled = await cancelPending(
    tx,
    familyId,
    CLOCK_PLANNED_PREFIXES,
    'Family time zone changed before the message was sent',
    now,
  );
  await tx.update(events).set({ nextReminderAt: null }).where(eq(events.familyId, familyId));
  await tx.update(tasks).set({ nextReminderAt: null }).where(eq(tasks.familyId, familyId));
  // The planner's key for the claim's summary, built as the planner builds it; a cancelled row no longer has it.
  await tx
    .delete(dailySummaryLog)
    .where(
      and(
        eq(dailySummaryLog.familyId, familyId),
        isNull(dailySummaryLog.sentAt),
        sql`not exists (select 1 from ${notifications} where ${notifications.dedupeKey} = 'summary:' || ${dailySummaryLog.familyMemberId} || ':' || ${dailySummaryLog.summaryDate})`,
      ),
    );
  return cancelled;
}

/** The event fields whose change is announced to `alert_members` (issue 8: date, time or location). */
function announced(row: EventRow): string {
  return JSON.stringify([row.startDate, row.endDate, row.durationMinutes, row.isAllDay, row.location ?? '']);
}

/**
 * Call inside the transaction that created (`before` null) or changed an event: cancels the event's pending
 * reminders when it changed (the planner re-plans them), and when it is new or its date, time or location
 * changed, enqueues one alert to each member in `alert_members` (SMS if they can get one, else e-mail),
 * in the same transaction. Dedupe key `event-alert:{id}:{member}:{updatedAt ms}:{hash of date/time/location}`.
 * @returns how many alerts were written.
 */
export async function onEventWritten(
  tx: DbOrTx,
  publicUrl: string,
  before: EventRow | null,
  after: EventRow,
  now: Date,
): Promise<number> {
  if (before) {
    const prefixes = [eventKeyPrefix(after.id)];
    if (before.id !== after.id && before.id !== after.parentEventId) prefixes.push(eventKeyPrefix(before.id));
    if (after.parentEventId !== null && after.recurrenceId !== null) {
      // An edited occurrence: only that occurrence's reminders of the series make way for the override's.
      prefixes.push(...occurrencePrefixes(after.parentEventId, after.recurrenceId));
    }
    await cancelPending(
      tx,
      after.familyId,
      [...new Set(prefixes)],
      'Event changed before the reminder was sent',
      now,
    );
    if (announced(before) === announced(after)) return 0;
  }
  if (after.alertMembers.length === 0) return 0;
  const audience = await loadAudience(tx, [after.familyId]);
  const family = audience.families.get(after.familyId);
  if (!family) return 0;
  const today = instantToLocal(now, family.timezone).slice(0, 10);
  // The announced fields name the version, so two changes within one millisecond are still two alerts.
  const version = createHash('sha256').update(announced(after)).digest('hex').slice(0, 12);
  const messages: OutboundMessage[] = membersOf(audience, family.id, after.alertMembers).map((member) => {
    const content = eventAlertMessage({
      channel: channelFor(family, member),
      publicUrl,
      familyName: family.name,
      title: after.title,
      start: after.startDate,
      allDay: after.isAllDay,
      location: after.location,
      today,
      change: before ? 'changed' : 'created',
    });
    return {
      ...content,
      familyId: family.id,
      familyMemberId: member.id,
      dedupeKey: `event-alert:${after.id}:${member.id}:${after.updatedAt.getTime()}:${version}`,
      now,
      // An alert about an event that has already started is no longer news.
      expiresAt: after.isAllDay ? null : localToInstant(after.startDate, family.timezone),
    };
  });
  const result = await enqueueMany(tx, messages, policyFactsOf(audience));
  return result.created;
}
