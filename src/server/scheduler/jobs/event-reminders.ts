import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { isSeries } from '../../../core/recurrence/occurrences.ts';
import { instantToLocal } from '../../../core/time/local-time.ts';
import { eventColumns, type EventRow } from '../../db/event-members.ts';
import { toEngineRow } from '../../db/event-occurrences.ts';
import { events } from '../../db/schema/events.ts';
import { families } from '../../db/schema/families.ts';
import { enqueueMany, type OutboundMessage } from '../../notifications/outbox.ts';
import { channelFor, loadAudience, membersOf, namesText, policyFactsOf } from '../audience.ts';
import { type EventReminder, reminderSchedule } from '../event-reminders.ts';
import { eventReminderMessage, transportMessage } from '../messages.ts';
import { groupBy, type JobContext, type PlanningWindow } from './shared.ts';
import { PAGE, type Planned, sweep } from './sweep.ts';

/** Events whose cursor is not computed and that can carry a reminder: `events_reminder_unplanned_idx`'s predicate. */
const eventUnplanned = sql`${events.nextReminderAt} is null and ${events.isAllDay} = false and (${events.hasAlertMembers} or ${events.hasPickup} or ${events.hasDropoff})`;

/**
 * The event-reminder job (issue 8): for each timed event (occurrences of series included, an edited occurrence
 * from its own row), the reminder 30 minutes before to its `alert_members`, and the pickup and drop-off
 * reminders to their drivers, whose send instant falls in the window (`reminderSchedule`). Reads only the
 * events whose `next_reminder_at` is due or not yet computed (`sweep`), and moves each cursor on; an event the
 * occurrence engine cannot expand is logged at warn, counted, and retried in an hour. Dedupe key
 * `event:{id}:{event|pickup|dropoff}:{occurrence}:{member}`; source kind `event`, `pickup` or `dropoff` with
 * the event row's id (the series' for its occurrences) and the occurrence's RECURRENCE-ID.
 * @returns event reminders and pickup / drop-off reminders written, and event rows that failed.
 */
export async function planEventReminders(
  ctx: JobContext,
  { now, from, to }: PlanningWindow,
): Promise<{ events: number; transport: number; failedRows: number }> {
  const { db, publicUrl, logger: log } = ctx;
  let transport = 0;
  const read = async (where: SQL) =>
    db
      .select({ row: eventColumns, zone: families.timezone, version: sql<string>`${events}.xmin::text` })
      .from(events)
      .innerJoin(families, eq(families.id, events.familyId))
      .where(where)
      .orderBy(asc(events.id))
      .limit(PAGE);
  const plan = async (page: { row: EventRow; zone: string }[]): Promise<Planned> => {
    const next = new Map<number, Date>();
    let failedRows = 0;
    const rows = page.map((p) => ({ engine: toEngineRow(p.row), zone: p.zone }));
    const seriesIds = rows.filter((r) => isSeries(r.engine)).map((r) => r.engine.id);
    // Occurrences replaced by an edited one (its own row, planned as a one-off) are not reminded from the
    // series: the engine is given the series with its overrides.
    const overrides =
      seriesIds.length === 0
        ? []
        : await db.select(eventColumns).from(events).where(inArray(events.parentEventId, seriesIds));
    const overridesOf = groupBy(overrides.map(toEngineRow), (o) => o.parentId ?? 0);
    const due: (EventReminder & { event: EventRow; zone: string })[] = [];
    for (const { engine, zone } of rows) {
      const found = reminderSchedule(engine, overridesOf.get(engine.id) ?? [], zone, from, to);
      next.set(engine.id, found.next);
      if (found.failure !== null) {
        failedRows += 1;
        log?.warn(
          { familyId: engine.row.familyId, eventId: engine.id, reason: found.failure },
          'event reminders not planned: the occurrence engine could not expand the event; retried in an hour',
        );
      }
      for (const r of found.due) due.push({ ...r, event: engine.row, zone });
    }
    if (due.length === 0) return { created: 0, next, failedRows };
    const audience = await loadAudience(
      db,
      due.map((d) => d.event.familyId),
    );
    const messages: OutboundMessage[] = [];
    for (const p of due) {
      const e = p.event;
      const family = audience.families.get(e.familyId);
      if (!family) continue;
      const today = instantToLocal(now, p.zone).slice(0, 10);
      const memberIds =
        p.kind === 'event'
          ? e.alertMembers
          : [p.kind === 'pickup' ? e.pickupAssignedTo : e.dropoffAssignedTo];
      for (const member of membersOf(audience, family.id, memberIds)) {
        const channel = channelFor(family, member);
        const content =
          p.kind === 'event'
            ? eventReminderMessage({
                channel,
                publicUrl,
                familyName: family.name,
                title: e.title,
                start: p.start,
                allDay: false,
                location: e.location,
                today,
              })
            : transportMessage({
                channel,
                publicUrl,
                familyName: family.name,
                kind: p.kind,
                title: e.title,
                at: p.kind === 'pickup' ? p.end : p.start,
                location: e.location,
                forWhom: namesText(membersOf(audience, family.id, e.attendees).map((m) => m.name)),
                today,
              });
        messages.push({
          ...content,
          familyId: family.id,
          familyMemberId: member.id,
          dedupeKey: `event:${e.id}:${p.kind}:${p.occurrence}:${member.id}`,
          source: { kind: p.kind, id: e.id, occurrence: p.occurrence },
          now,
          sendAfter: p.at,
          expiresAt: p.target,
        });
      }
    }
    const written = await enqueueMany(db, messages, policyFactsOf(audience));
    // `created` counts both kinds; split it in proportion only for the log (exact when nothing was a duplicate).
    const pageTransport = Math.min(
      messages.filter((m) => m.kind !== 'event_reminder').length,
      written.created,
    );
    transport += pageTransport;
    return { created: written.created, next, failedRows };
  };
  const swept = await sweep(ctx, events, eventUnplanned, to, read, plan);
  return { events: Math.max(0, swept.created - transport), transport, failedRows: swept.failedRows };
}
