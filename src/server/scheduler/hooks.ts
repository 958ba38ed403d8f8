import { createHash } from 'node:crypto';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationSourceKind } from '../../core/contracts/notifications.ts';
import { instantToLocal, localToInstant } from '../../core/time/local-time.ts';
import type { DbOrTx } from '../db/types.ts';
import type { EventRow } from '../db/event-members.ts';
import { events } from '../db/schema/events.ts';
import { dailySummaryLog, notifications } from '../db/schema/notifications.ts';
import { tasks } from '../db/schema/tasks.ts';
import { enqueueMany, type OutboundMessage } from '../notifications/outbox.ts';
import { channelFor, loadAudience, membersOf, policyFactsOf } from './audience.ts';
import { eventAlertMessage } from './messages.ts';

/** The source kinds of the reminders the planner makes for an event row: event, pickup and drop-off. */
export const EVENT_REMINDER_SOURCES = [
  'event',
  'pickup',
  'dropoff',
] as const satisfies NotificationSourceKind[];

/** Which of a family's messages `cancelPending` cancels (the outbox's source columns). */
export interface PendingSources {
  /** `source_kind` is one of these. */
  kinds: readonly NotificationSourceKind[];
  /** `source_id` is one of these (omitted: any). */
  ids?: readonly number[];
  /**
   * Only the occurrence whose local start (RECURRENCE-ID, wall-clock `YYYY-MM-DDTHH:mm:ss` in the series' own
   * zone) is `start`, or with `following`, it and every later one (the text orders as the time does).
   */
  occurrence?: { start: string; following: boolean };
}

/**
 * Cancels the not-yet-sent messages of one family that `sources` selects: each pending row becomes `cancelled`
 * with `reason`. A cancelled row no longer holds its dedupe key (the outbox's unique index covers the rows that
 * are not cancelled), so the planner can plan the same message again if the change left it still due (a title
 * edit). Rows already sent keep their key, so a change after sending never sends twice.
 * @returns how many rows were cancelled.
 */
export async function cancelPending(
  db: DbOrTx,
  familyId: number,
  sources: PendingSources,
  reason: string,
  now: Date,
): Promise<number> {
  if (sources.kinds.length === 0 || sources.ids?.length === 0) return 0;
  const { occurrence } = sources;
  const cancelled = await db
    .update(notifications)
    .set({ status: 'cancelled', statusReason: reason, updatedAt: now })
    .where(
      and(
        // family_id first: the (family_id, source_kind, source_id) index keeps this to one family's rows.
        eq(notifications.familyId, familyId),
        inArray(notifications.sourceKind, [...sources.kinds]),
        sources.ids ? inArray(notifications.sourceId, [...sources.ids]) : undefined,
        occurrence?.following ? gte(notifications.sourceOccurrence, occurrence.start) : undefined,
        occurrence && !occurrence.following
          ? eq(notifications.sourceOccurrence, occurrence.start)
          : undefined,
        eq(notifications.status, 'pending'),
      ),
    )
    .returning({ id: notifications.id });
  return cancelled.length;
}

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
    { kinds: ['task'], ids: [taskId] },
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
  return cancelPending(
    tx,
    familyId,
    { kinds: EVENT_REMINDER_SOURCES, ids: [seriesId], occurrence: { start: occurrence, following } },
    'Occurrence deleted before the reminder was sent',
    now,
  );
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
    { kinds: EVENT_REMINDER_SOURCES, ids: eventIds },
    'Event deleted before the reminder was sent',
    now,
  );
  const ofTasks = await cancelPending(
    tx,
    familyId,
    { kinds: ['task'], ids: linked.map((t) => t.id) },
    'Task deleted with its event before the reminder was sent',
    now,
  );
  return ofEvents + ofTasks;
}

/**
 * The source kinds of everything the planner plans from the family's clock: task reminders, event, pickup and
 * drop-off reminders, and daily summaries. Event alerts are news of a change already made, not planned by the
 * clock, and are not among them.
 */
const CLOCK_PLANNED_SOURCES: readonly NotificationSourceKind[] = [
  'task',
  ...EVENT_REMINDER_SOURCES,
  'daily_summary',
];

/**
 * Call inside the transaction that changed the family's time zone (settings service), after the change: every
 * reminder and summary planned from the old zone's clock is planned again from the new one (ADR 005).
 * - the family's pending task, event, pickup, drop-off reminders and daily summaries are cancelled
 *   (`cancelPending`: cancelled, key freed), so none goes out at the old zone's time;
 * - `next_reminder_at` of every event and task of the family is set to NULL: the planner's next tick computes
 *   each cursor again in the new zone;
 * - the family's `daily_summary_log` claims whose summary did not go out (their outbox row was just cancelled)
 *   (no row of theirs that is not cancelled) are removed, so the 7:30 summary of that local date can be claimed
 *   again at 7:30 in the new zone. A claim whose summary was sent (or is being sent, failed, expired or was
 *   suppressed by policy) stays: one summary per member per local date.
 * A reminder already sent keeps its key, so an occurrence reminded before the change is not reminded again.
 * @returns how many pending messages were cancelled.
 */
export async function replanFamilyClock(tx: DbOrTx, familyId: number, now: Date): Promise<number> {
  const cancelled = await cancelPending(
    tx,
    familyId,
    { kinds: CLOCK_PLANNED_SOURCES },
    'Family time zone changed before the message was sent',
    now,
  );
  await tx.update(events).set({ nextReminderAt: null }).where(eq(events.familyId, familyId));
  await tx.update(tasks).set({ nextReminderAt: null }).where(eq(tasks.familyId, familyId));
  await tx.delete(dailySummaryLog).where(
    and(
      eq(dailySummaryLog.familyId, familyId),
      isNull(dailySummaryLog.sentAt),
      sql`not exists (select 1 from ${notifications} n where n.family_id = ${dailySummaryLog.familyId}
          and n.source_kind = 'daily_summary' and n.source_id = ${dailySummaryLog.familyMemberId}
          and n.source_occurrence = ${dailySummaryLog.summaryDate} and n.status <> 'cancelled')`,
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
    const reason = 'Event changed before the reminder was sent';
    const ids = [after.id];
    if (before.id !== after.id && before.id !== after.parentEventId) ids.push(before.id);
    await cancelPending(tx, after.familyId, { kinds: EVENT_REMINDER_SOURCES, ids }, reason, now);
    if (after.parentEventId !== null && after.recurrenceId !== null) {
      // An edited occurrence: only that occurrence's reminders of the series make way for the override's.
      await cancelPending(
        tx,
        after.familyId,
        {
          kinds: EVENT_REMINDER_SOURCES,
          ids: [after.parentEventId],
          occurrence: { start: after.recurrenceId, following: false },
        },
        reason,
        now,
      );
    }
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
      source: { kind: 'event_alert' as const, id: after.id },
      now,
      // An alert about an event that has already started is no longer news.
      expiresAt: after.isAllDay ? null : localToInstant(after.startDate, family.timezone),
    };
  });
  const result = await enqueueMany(tx, messages, policyFactsOf(audience));
  return result.created;
}
