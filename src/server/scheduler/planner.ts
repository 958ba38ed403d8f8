import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { REMINDER_FREQUENCIES, type ReminderFrequency } from '../../core/contracts/tasks.ts';
import {
  DAILY_SUMMARY_LOCAL_TIME,
  dailySummaryWindow,
  EVENT_REMINDER_MINUTES,
  localBoundsOf,
  minutesBefore,
  taskReminderInstant,
} from '../../core/reminders/reminder-times.ts';
import type { SummaryInput, SummaryTransport } from '../../core/reminders/summary.ts';
import { addLocalDays, instantToLocal, localToInstant } from '../../core/time/local-time.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { events } from '../db/schema/events.ts';
import { families } from '../db/schema/families.ts';
import { dailySummaryLog, notifications } from '../db/schema/notifications.ts';
import { tasks } from '../db/schema/tasks.ts';
import type { Clock } from '../http/context.ts';
import { enqueueMany, type OutboundMessage } from '../notifications/outbox.ts';
import { familyPhrase, publicLink } from '../notifications/templates.ts';
import {
  type Audience,
  channelFor,
  type FamilyFacts,
  loadAudience,
  type MemberFacts,
  membersOf,
  namesText,
  policyFactsOf,
} from './audience.ts';
import { cancelPending } from './hooks.ts';
import {
  dailySummaryMessage,
  eventReminderMessage,
  taskReminderMessage,
  transportMessage,
} from './messages.ts';
import { cachingExpander, loadOccurrences, type Occurrence } from './occurrences.ts';

/** A pino-style logger (Fastify's `app.log` fits). */
export interface PlannerLogger {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface PlannerOptions {
  db: Db;
  clock: Clock;
  /** `config.PUBLIC_URL`: every message links to the app. */
  publicUrl: string;
  logger?: PlannerLogger;
  /** Real-time pause between ticks, in ms. Default 60,000 (issue 8: every minute). */
  intervalMs?: number;
  /** Reminders due up to this many minutes ahead are planned now. Default 15. */
  horizonMinutes?: number;
  /** Reminders whose time passed at most this many minutes ago are still planned (a late tick). Default 10. */
  graceMinutes?: number;
  /** Families per daily-summary transaction. Default 2,000. */
  chunkSize?: number;
  /** Daily-summary transactions in flight at once (each holds one pooled connection). Default 2. */
  concurrency?: number;
}

/** What one tick planned. */
export interface PlanResult {
  summaries: number;
  /** Summaries planned after the 10:00 cut-off and recorded as expired at once. */
  summariesExpired: number;
  taskReminders: number;
  eventReminders: number;
  transportReminders: number;
  /** Pending reminders of deleted events cancelled. */
  cancelled: number;
}

export interface Planner {
  /** One planning round at `clock.now()`: summaries, task and event reminders, bookkeeping. Idempotent. */
  tick(): Promise<PlanResult>;
  /** Only the daily-summary step of `tick`, optionally for one zone (the bench times each zone alone). */
  planDailySummaries(onlyZone?: string): Promise<{ summaries: number; expired: number }>;
  /** Starts ticking every `intervalMs` (real-time timer). Idempotent. */
  start(): void;
  /** Stops ticking and waits for a tick in progress to finish. */
  stop(): Promise<void>;
}

/** Why a summary planned after its window is recorded as expired (issue 8: "let it expire and record why"). */
export const LATE_SUMMARY_REASON =
  'No server was planning between 7:30 and 10:00 local time; the summary expired instead of arriving late';

const MINUTE = 60_000;
const EVENT_KINDS = ['event_reminder', 'pickup_reminder', 'dropoff_reminder'];
/** The longest pickup / drop-off lead time the events contract accepts (180 minutes), and then some. */
const MAX_LEAD_MINUTES = 240;
/** Pickups are planned for events up to this long (longer multi-day events get theirs in the daily summary). */
const PICKUP_LOOKBACK_MINUTES = 12 * 60;

const asFrequency = (value: string): ReminderFrequency =>
  (REMINDER_FREQUENCIES as readonly string[]).includes(value)
    ? (value as ReminderFrequency)
    : '30_minutes_before'; // narrowed by includes

/** The family ids in a zone, as a condition on a `family_id` column (an indexed subquery, no id list in memory). */
function inZone(db: DbOrTx, column: typeof events.familyId | typeof tasks.familyId, timeZone: string) {
  return inArray(
    column,
    db.select({ id: families.id }).from(families).where(eq(families.timezone, timeZone)),
  );
}

/**
 * The reminder planner (ARCHITECTURE.md "Notifications"). Each tick, per time zone in use:
 * - the 7:30 daily summary for each member with `daily_summary_enabled`, claimed through the unique
 *   `daily_summary_log (family_member_id, summary_date)` row in the same transaction as its outbox row, so
 *   any number of processes, restarts and late ticks produce exactly one per member per local date;
 * - task reminders, event reminders (30 min before, occurrences of series included) and pickup / drop-off
 *   reminders whose time falls in [now − grace, now + horizon], each with a dedupe key that names its cause
 *   (the outbox ignores a key it already has).
 * Work per tick is what is due: the zone's families are only read for the summary once per zone per local
 * day per process, and reminders come from indexed local-time ranges.
 */
export function createPlanner(options: PlannerOptions): Planner {
  const { db, clock, publicUrl } = options;
  const intervalMs = options.intervalMs ?? MINUTE;
  const horizon = (options.horizonMinutes ?? 15) * MINUTE;
  const grace = (options.graceMinutes ?? 10) * MINUTE;
  const chunkSize = options.chunkSize ?? 2000;
  const concurrency = Math.max(1, options.concurrency ?? 2);
  /**
   * Per `zone|tasks` and `zone|events`: reminders due up to this instant (ms) were already offered to the outbox
   * by this process. Later ticks offer only newer ones, plus any of a task / event changed since the previous
   * tick (a change cancels its pending reminders, which must then be offered again). A new process starts empty
   * and offers its whole window once; the outbox drops what exists.
   */
  const offered = new Map<string, number>();
  let previousTick = 0;
  /** True when a reminder at `at` for an entity last changed at `updatedAt` must be offered this tick. */
  const isNew = (key: string, at: Date, updatedAt: Date) =>
    at.getTime() > (offered.get(key) ?? 0) || updatedAt.getTime() >= previousTick - 2 * MINUTE;
  /** Series expansions kept across ticks (each series is expanded about every 6 hours, not every minute). */
  const expandCached = cachingExpander();
  /** `zone|date` whose summaries this process already planned (a restart plans again: dedupe makes it a no-op). */
  const summariesDone = new Set<string>();
  /** Sent rows older than this were already copied to `last_reminder_sent` / `daily_summary_log.sent_at`. */
  let recordedSince = new Date(clock.now().getTime() - 24 * 60 * MINUTE);

  async function zones(): Promise<string[]> {
    const rows = await db.selectDistinct({ timezone: families.timezone }).from(families);
    return rows.map((r) => r.timezone);
  }

  // ---------------------------------------------------------------- daily summary

  async function planSummaryChunk(
    familyIds: number[],
    date: string,
    now: Date,
    window: { sendAt: Date; expiresAt: Date },
  ): Promise<{ summaries: number; expired: number }> {
    return db.transaction(async (tx) => {
      const audience = await loadAudience(tx, familyIds);
      const wanting = [...audience.members.values()].filter((m) => m.dailySummaryEnabled);
      if (wanting.length === 0) return { summaries: 0, expired: 0 };
      // The claim: whoever inserts the log row composes the summary; others (another process, a second
      // tick) find the row there and do nothing. A concurrent insert waits for our commit, then skips.
      const claimed = await tx
        .insert(dailySummaryLog)
        .values(wanting.map((m) => ({ familyId: m.familyId, familyMemberId: m.id, summaryDate: date })))
        .onConflictDoNothing({ target: [dailySummaryLog.familyMemberId, dailySummaryLog.summaryDate] })
        .returning({ memberId: dailySummaryLog.familyMemberId });
      if (claimed.length === 0) return { summaries: 0, expired: 0 };
      const members = claimed
        .map((c) => audience.members.get(c.memberId))
        .filter((m): m is MemberFacts => m !== undefined);
      const ids = [...new Set(members.map((m) => m.familyId))];
      const dayStart = `${date}T00:00:00`;
      const dayEnd = `${addLocalDays(date, 1)}T00:00:00`;
      // One after the other: a transaction is one connection (node-postgres queues parallel queries anyway).
      const occurrences = await loadOccurrences(tx, inArray(events.familyId, ids), dayStart, dayEnd);
      const openTasks = await tx
        .select({
          familyId: tasks.familyId,
          title: tasks.title,
          dueDate: tasks.dueDate,
          assignedTo: tasks.assignedTo,
          assignedToIds: tasks.assignedToIds,
        })
        .from(tasks)
        .where(
          and(
            inArray(tasks.familyId, ids),
            eq(tasks.status, 'open'),
            isNotNull(tasks.dueDate),
            lt(tasks.dueDate, dayEnd),
            // Pickup / drop-off tasks are told from their event (with where and for whom).
            isNull(tasks.transportKind),
          ),
        );
      // Grouped by family once, so composing stays linear in the number of members.
      const occurrencesOf = groupBy(occurrences, (o) => o.event.familyId);
      const tasksOf = groupBy(openTasks, (t) => t.familyId);
      const messages: OutboundMessage[] = [];
      for (const member of members) {
        const family = audience.families.get(member.familyId);
        if (!family) continue;
        const input = summaryFor(
          audience,
          family,
          member,
          date,
          occurrencesOf.get(family.id) ?? [],
          tasksOf.get(family.id) ?? [],
          dayStart,
          publicUrl,
        );
        const content = dailySummaryMessage(channelFor(family, member), input);
        messages.push({
          ...content,
          familyId: family.id,
          familyMemberId: member.id,
          dedupeKey: `summary:${member.id}:${date}`,
          now,
          sendAfter: window.sendAt,
          expiresAt: window.expiresAt,
        });
      }
      const written = await enqueueMany(tx, messages, policyFactsOf(audience));
      let expired = 0;
      if (now.getTime() >= window.expiresAt.getTime()) {
        const late = await tx
          .update(notifications)
          .set({ status: 'expired', statusReason: LATE_SUMMARY_REASON, updatedAt: now })
          .where(
            and(
              inArray(
                notifications.dedupeKey,
                messages.map((m) => m.dedupeKey),
              ),
              eq(notifications.status, 'pending'),
            ),
          )
          .returning({ id: notifications.id });
        expired = late.length;
      }
      return { summaries: written.created, expired };
    });
  }

  async function planDailySummaries(onlyZone?: string): Promise<{ summaries: number; expired: number }> {
    const now = clock.now();
    let summaries = 0;
    let expired = 0;
    for (const zone of onlyZone ? [onlyZone] : await zones()) {
      const local = instantToLocal(now, zone);
      const date = local.slice(0, 10);
      if (local.slice(11, 16) < DAILY_SUMMARY_LOCAL_TIME || summariesDone.has(`${zone}|${date}`)) continue;
      const window = dailySummaryWindow(date, zone);
      // Keyset pages of family ids feed `concurrency` workers, each planning one chunk per transaction, so the
      // database works on one chunk while Node composes the next.
      let after = 0;
      let exhausted = false;
      const nextChunk = async (): Promise<number[]> => {
        if (exhausted) return [];
        const chunk = await db
          .select({ id: families.id })
          .from(families)
          .where(and(eq(families.timezone, zone), gt(families.id, after)))
          .orderBy(asc(families.id))
          .limit(chunkSize);
        if (chunk.length < chunkSize) exhausted = true;
        after = chunk[chunk.length - 1]?.id ?? after;
        return chunk.map((c) => c.id);
      };
      let paging: Promise<unknown> = Promise.resolve();
      const worker = async () => {
        for (;;) {
          // Pages are taken one at a time (the keyset cursor is shared).
          const taken = paging.then(nextChunk);
          paging = taken.catch(() => undefined);
          const ids = await taken;
          if (ids.length === 0) return;
          const done = await planSummaryChunk(ids, date, now, window);
          summaries += done.summaries;
          expired += done.expired;
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      summariesDone.add(`${zone}|${date}`);
    }
    return { summaries, expired };
  }

  // ---------------------------------------------------------------- task reminders

  async function planTaskReminders(zone: string, now: Date): Promise<number> {
    const from = new Date(now.getTime() - grace);
    const to = new Date(now.getTime() + horizon);
    // A reminder is at most one day (plus a DST hour) before its due time.
    const bounds = localBoundsOf(from, new Date(to.getTime() + 25 * 60 * MINUTE), zone);
    const rows = await db
      .select()
      .from(tasks)
      .where(
        and(
          inZone(db, tasks.familyId, zone),
          eq(tasks.status, 'open'),
          eq(tasks.sendSmsReminder, true),
          isNull(tasks.transportKind),
          gte(tasks.dueDate, bounds.from),
          lte(tasks.dueDate, bounds.to),
        ),
      );
    const due = rows.flatMap((task) => {
      if (!task.dueDate) return [];
      const frequency = asFrequency(task.reminderFrequency);
      const at = taskReminderInstant(task.dueDate, frequency, zone);
      return at >= from && at <= to && isNew(`${zone}|tasks`, at, task.updatedAt)
        ? [{ task, dueDate: task.dueDate, frequency, at }]
        : [];
    });
    if (due.length === 0) {
      offered.set(`${zone}|tasks`, to.getTime());
      return 0;
    }
    const audience = await loadAudience(
      db,
      due.map((d) => d.task.familyId),
    );
    const today = instantToLocal(now, zone).slice(0, 10);
    const messages: OutboundMessage[] = [];
    for (const { task, dueDate, frequency, at } of due) {
      const family = audience.families.get(task.familyId);
      if (!family) continue;
      const dueAt = localToInstant(dueDate, zone);
      for (const member of membersOf(audience, family.id, [...task.assignedToIds, task.assignedTo])) {
        messages.push({
          ...taskReminderMessage({
            channel: channelFor(family, member),
            publicUrl,
            familyName: family.name,
            title: task.title,
            due: dueDate,
            today,
          }),
          familyId: family.id,
          familyMemberId: member.id,
          dedupeKey: `task:${task.id}:reminder:${member.id}:${dueDate}:${frequency}`,
          now,
          sendAfter: at,
          // Never after the due time (an "at due date" reminder gets a quarter of an hour).
          expiresAt: new Date(Math.max(dueAt.getTime(), at.getTime() + 15 * MINUTE)),
        });
      }
    }
    const created = (await enqueueMany(db, messages, policyFactsOf(audience))).created;
    offered.set(`${zone}|tasks`, to.getTime());
    return created;
  }

  // ---------------------------------------------------------------- event, pickup and drop-off reminders

  async function planEventReminders(zone: string, now: Date): Promise<{ events: number; transport: number }> {
    const from = new Date(now.getTime() - grace);
    const to = new Date(now.getTime() + horizon);
    // Occurrences running at some point from now to the end of the horizon plus the longest lead time (a
    // drop-off up to 3 h before the start); a pickup is before the end, so events that began up to
    // PICKUP_LOOKBACK_MINUTES earlier are read too.
    const bounds = localBoundsOf(from, new Date(to.getTime() + MAX_LEAD_MINUTES * MINUTE), zone);
    const occurrences = await loadOccurrences(
      db,
      inZone(db, events.familyId, zone),
      bounds.from,
      bounds.to,
      PICKUP_LOOKBACK_MINUTES,
      expandCached,
    );
    type Planned = {
      occurrence: Occurrence;
      kind: 'event' | 'pickup' | 'dropoff';
      at: Date;
      target: Date;
      memberIds: (string | number | null)[];
    };
    const planned: Planned[] = [];
    const inWindow = (at: Date) => at >= from && at <= to;
    const fresh = (at: Date, e: { updatedAt: Date }) =>
      inWindow(at) && isNew(`${zone}|events`, at, e.updatedAt);
    for (const occurrence of occurrences) {
      const e = occurrence.event;
      if (e.isAllDay) continue; // no time of day to remind before; the daily summary lists them
      const startAt = localToInstant(occurrence.start, zone);
      const remindAt = new Date(startAt.getTime() - EVENT_REMINDER_MINUTES * MINUTE);
      if (e.alertMembers.length > 0 && fresh(remindAt, e)) {
        planned.push({ occurrence, kind: 'event', at: remindAt, target: startAt, memberIds: e.alertMembers });
      }
      if (e.hasDropoff && e.dropoffAssignedTo !== null) {
        const at = minutesBefore(occurrence.start, e.dropoffMinutesBefore, zone);
        if (fresh(at, e))
          planned.push({
            occurrence,
            kind: 'dropoff',
            at,
            target: startAt,
            memberIds: [e.dropoffAssignedTo],
          });
      }
      if (e.hasPickup && e.pickupAssignedTo !== null) {
        const at = minutesBefore(occurrence.end, e.pickupMinutesBefore, zone);
        const endAt = localToInstant(occurrence.end, zone);
        if (fresh(at, e))
          planned.push({ occurrence, kind: 'pickup', at, target: endAt, memberIds: [e.pickupAssignedTo] });
      }
    }
    if (planned.length === 0) {
      offered.set(`${zone}|events`, to.getTime());
      return { events: 0, transport: 0 };
    }
    const audience = await loadAudience(
      db,
      planned.map((p) => p.occurrence.event.familyId),
    );
    const today = instantToLocal(now, zone).slice(0, 10);
    const messages: OutboundMessage[] = [];
    for (const p of planned) {
      const e = p.occurrence.event;
      const family = audience.families.get(e.familyId);
      if (!family) continue;
      for (const member of membersOf(audience, family.id, p.memberIds)) {
        const channel = channelFor(family, member);
        const content =
          p.kind === 'event'
            ? eventReminderMessage({
                channel,
                publicUrl,
                familyName: family.name,
                title: e.title,
                start: p.occurrence.start,
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
                at: p.kind === 'pickup' ? p.occurrence.end : p.occurrence.start,
                location: e.location,
                forWhom: namesText(membersOf(audience, family.id, e.attendees).map((m) => m.name)),
                today,
              });
        messages.push({
          ...content,
          familyId: family.id,
          familyMemberId: member.id,
          dedupeKey: `event:${e.id}:${p.kind}:${p.occurrence.start}:${member.id}`,
          now,
          sendAfter: p.at,
          expiresAt: p.target,
        });
      }
    }
    const written = await enqueueMany(db, messages, policyFactsOf(audience));
    offered.set(`${zone}|events`, to.getTime());
    const transport = messages.filter((m) => m.kind !== 'event_reminder').length;
    // `created` counts both kinds; split it in proportion only for the log (exact when nothing was a duplicate).
    return {
      events: Math.max(0, written.created - transport),
      transport: Math.min(transport, written.created),
    };
  }

  // ---------------------------------------------------------------- bookkeeping

  /** Cancels pending reminders (due within the horizon) of events that were deleted since they were planned. */
  async function cancelOrphans(now: Date): Promise<number> {
    const rows = await db
      .select({ familyId: notifications.familyId, dedupeKey: notifications.dedupeKey })
      .from(notifications)
      .where(
        and(
          eq(notifications.status, 'pending'),
          lte(notifications.sendAfter, new Date(now.getTime() + horizon)),
          inArray(notifications.kind, EVENT_KINDS),
          sql`not exists (select 1 from ${events} where ${events.id} = split_part(${notifications.dedupeKey}, ':', 2)::int)`,
        ),
      );
    let cancelled = 0;
    for (const row of rows) {
      const prefix = row.dedupeKey.split(':').slice(0, 2).join(':') + ':';
      cancelled += await cancelPending(
        db,
        row.familyId,
        [prefix],
        'Event deleted before the reminder was sent',
        now,
      );
    }
    return cancelled;
  }

  /** Copies send times of reminders and summaries that went out to `tasks.last_reminder_sent` and the summary log. */
  async function recordSent(now: Date): Promise<void> {
    const since = recordedSince;
    recordedSince = now;
    // Bounds the (status, send_after) index range: nothing due more than a day before is still being sent.
    const dueSince = new Date(since.getTime() - 24 * 60 * MINUTE);
    await db.execute(sql`
      update ${tasks} set last_reminder_sent = n.sent_at
      from ${notifications} n
      where n.status = 'sent' and n.send_after >= ${dueSince} and n.kind = 'task_reminder' and n.sent_at >= ${since}
        and ${tasks.id} = split_part(n.dedupe_key, ':', 2)::int
        and (${tasks.lastReminderSent} is null or ${tasks.lastReminderSent} < n.sent_at)`);
    await db.execute(sql`
      update ${dailySummaryLog} set sent_at = n.sent_at
      from ${notifications} n
      where n.status = 'sent' and n.send_after >= ${dueSince} and n.kind = 'daily_summary' and n.sent_at >= ${since}
        and ${dailySummaryLog.sentAt} is null
        and n.dedupe_key = 'summary:' || ${dailySummaryLog.familyMemberId} || ':' || ${dailySummaryLog.summaryDate}`);
  }

  async function tick(): Promise<PlanResult> {
    const now = clock.now();
    const result: PlanResult = {
      summaries: 0,
      summariesExpired: 0,
      taskReminders: 0,
      eventReminders: 0,
      transportReminders: 0,
      cancelled: 0,
    };
    await recordSent(now);
    result.cancelled = await cancelOrphans(now);
    const summary = await planDailySummaries();
    result.summaries = summary.summaries;
    result.summariesExpired = summary.expired;
    for (const zone of await zones()) {
      result.taskReminders += await planTaskReminders(zone, now);
      const planned = await planEventReminders(zone, now);
      result.eventReminders += planned.events;
      result.transportReminders += planned.transport;
    }
    previousTick = now.getTime();
    return result;
  }

  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const loop = () => {
    if (stopped) return;
    running = tick()
      .then((r) => {
        if (Object.values(r).some((n) => n > 0)) options.logger?.info(r, 'reminders planned');
      })
      .catch((error: unknown) => options.logger?.error({ err: error }, 'reminder planning failed'))
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(loop, intervalMs);
      });
  };

  return {
    tick,
    planDailySummaries,
    start() {
      if (timer || running || stopped) return;
      loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** The summary's items for one member (`occurrences` and `openTasks` are the member's family's): their events (organiser or attendee), transport, tasks due and overdue. */
function summaryFor(
  audience: Audience,
  family: FamilyFacts,
  member: MemberFacts,
  date: string,
  occurrences: readonly Occurrence[],
  openTasks: readonly {
    familyId: number;
    title: string;
    dueDate: string | null;
    assignedTo: number | null;
    assignedToIds: string[];
  }[],
  dayStart: string,
  publicUrl: string,
): SummaryInput {
  const mine = String(member.id);
  const ofFamily = occurrences.filter((o) => o.event.familyId === family.id);
  const transport: SummaryTransport[] = [];
  for (const o of ofFamily) {
    const e = o.event;
    const forWhom = namesText(membersOf(audience, family.id, e.attendees).map((m) => m.name));
    if (e.hasDropoff && e.dropoffAssignedTo === member.id && o.start.slice(0, 10) === date) {
      transport.push({ kind: 'dropoff', at: o.start, title: e.title, location: e.location, forWhom });
    }
    if (e.hasPickup && e.pickupAssignedTo === member.id && o.end.slice(0, 10) === date) {
      transport.push({ kind: 'pickup', at: o.end, title: e.title, location: e.location, forWhom });
    }
  }
  const tasksOfMember = openTasks.filter(
    (t) => t.familyId === family.id && (t.assignedToIds.includes(mine) || t.assignedTo === member.id),
  );
  return {
    familyPhrase: familyPhrase(family.name),
    memberName: member.name,
    date,
    events: ofFamily
      .filter((o) => o.event.organizerId === member.id || o.event.attendees.includes(mine))
      .map((o) => ({
        // A multi-day event that began earlier shows as all day.
        start: o.start < dayStart ? dayStart : o.start,
        allDay: o.event.isAllDay || o.start < dayStart,
        title: o.event.title,
        location: o.event.location,
      })),
    tasksDue: tasksOfMember
      .filter((t) => t.dueDate !== null && t.dueDate >= dayStart)
      .map((t) => ({ title: t.title, due: t.dueDate ?? dayStart })),
    overdue: tasksOfMember
      .filter((t) => t.dueDate !== null && t.dueDate < dayStart)
      .map((t) => ({ title: t.title, due: t.dueDate ?? dayStart })),
    transport,
    link: publicLink(publicUrl, '/calendar'),
  };
}
