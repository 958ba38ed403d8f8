import { and, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/types.ts';
import { events } from '../../db/schema/events.ts';
import { dailySummaryLog, notifications } from '../../db/schema/notifications.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { cancelPending, EVENT_REMINDER_SOURCES } from '../hooks.ts';
import { MINUTE, type PlanningWindow } from './shared.ts';

/**
 * The cleanup job, part 1: cancels pending event, pickup and drop-off reminders due within the planning window
 * whose event row is gone by a path that does not cancel them itself (the events service and the ICS import
 * do, in their transactions; SQL by hand does not).
 * Two indexed reads in proportion to what is due: the `(status, send_after)` range of the planning window
 * [now − grace, now + horizon] (the source kind is not in that index, so a wider range would read every pending
 * daily summary of the morning too), then those events by primary key. A reminder still pending more than
 * `grace` after its time (the dispatcher was down) is not looked at again: deletions should cancel in their own
 * transaction, as the events service does.
 * @returns how many reminders were cancelled.
 */
export async function cancelOrphans(db: Db, { now, from, to }: PlanningWindow): Promise<number> {
  const rows = await db
    .select({ familyId: notifications.familyId, eventId: notifications.sourceId })
    .from(notifications)
    .where(
      and(
        eq(notifications.status, 'pending'),
        gte(notifications.sendAfter, from),
        lte(notifications.sendAfter, to),
        inArray(notifications.sourceKind, EVENT_REMINDER_SOURCES),
        isNotNull(notifications.sourceId),
      ),
    );
  if (rows.length === 0) return 0;
  const ids = [...new Set(rows.map((r) => r.eventId ?? 0))];
  const found = await db.select({ id: events.id }).from(events).where(inArray(events.id, ids));
  const existing = new Set(found.map((r) => r.id));
  const gone = new Map<string, { familyId: number; eventId: number }>();
  for (const { familyId, eventId } of rows) {
    if (eventId !== null && !existing.has(eventId)) gone.set(`${familyId}|${eventId}`, { familyId, eventId });
  }
  let cancelled = 0;
  for (const { familyId, eventId } of gone.values()) {
    cancelled += await cancelPending(
      db,
      familyId,
      { kinds: EVENT_REMINDER_SOURCES, ids: [eventId] },
      'Event deleted before the reminder was sent',
      now,
    );
  }
  return cancelled;
}

/**
 * The cleanup job, part 2: copies the send times of task reminders and daily summaries sent since `since` to
 * `tasks.last_reminder_sent` (SPEC §8) and `daily_summary_log.sent_at`, joining on the outbox's source columns
 * (`task` + task id; `daily_summary` + member id + local date).
 */
export async function recordSent(db: Db, since: Date): Promise<void> {
  // Bounds the (status, send_after) index range: nothing due more than a day before is still being sent.
  const dueSince = new Date(since.getTime() - 24 * 60 * MINUTE);
  await db.execute(sql`
    update ${tasks} set last_reminder_sent = n.sent_at
    from ${notifications} n
    where n.status = 'sent' and n.send_after >= ${dueSince} and n.kind = 'task_reminder' and n.sent_at >= ${since}
      and n.source_kind = 'task' and ${tasks.id} = n.source_id
      and (${tasks.lastReminderSent} is null or ${tasks.lastReminderSent} < n.sent_at)`);
  await db.execute(sql`
    update ${dailySummaryLog} set sent_at = n.sent_at
    from ${notifications} n
    where n.status = 'sent' and n.send_after >= ${dueSince} and n.kind = 'daily_summary' and n.sent_at >= ${since}
      and ${dailySummaryLog.sentAt} is null
      and n.source_kind = 'daily_summary' and n.source_id = ${dailySummaryLog.familyMemberId}
      and n.source_occurrence = ${dailySummaryLog.summaryDate}`);
}
