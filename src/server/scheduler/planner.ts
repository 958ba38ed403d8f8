import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { REMINDER_FREQUENCIES, type ReminderFrequency } from '../../core/contracts/tasks.ts';
import {
  DAILY_SUMMARY_LOCAL_TIME,
  dailySummaryWindow,
  taskReminderInstant,
} from '../../core/reminders/reminder-times.ts';
import { expandEvents, isSeries, type Occurrence } from '../../core/recurrence/occurrences.ts';
import type { SummaryInput, SummaryTransport } from '../../core/reminders/summary.ts';
import { addLocalDays, instantToLocal, localToInstant } from '../../core/time/local-time.ts';
import type { Db } from '../db/client.ts';
import { eventColumns, type EventRow } from '../db/event-members.ts';
import { type EngineRow, loadWindowRows, toEngineRow } from '../db/event-occurrences.ts';
import { events } from '../db/schema/events.ts';
import { families } from '../db/schema/families.ts';
import { dailySummaryLog, notifications } from '../db/schema/notifications.ts';
import { tasks } from '../db/schema/tasks.ts';
import { assignedToIds, taskColumns, type TaskRow } from '../db/task-assignees.ts';
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
import { gapSentence } from '../../core/driving/words.ts';
import { coverageByFamily } from '../driving/service.ts';
import { planEveningAlerts } from '../driving/evening-alerts.ts';
import { cancelPending } from './hooks.ts';
import {
  dailySummaryMessage,
  eventReminderMessage,
  taskReminderMessage,
  transportMessage,
} from './messages.ts';
import { type EventReminder, NEVER, reminderSchedule, RETRY_MINUTES } from './event-reminders.ts';

/** A pino-style logger (Fastify's `app.log` fits). */
export interface PlannerLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
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
  /** Pending reminders of events deleted outside the events service (e.g. with their family) cancelled. */
  cancelled: number;
  /**
   * Event and task rows that could not be planned (a row the occurrence engine could not expand, or one whose
   * planning threw): each is logged at warn with its family and row id, and the others were planned. A row
   * that fails in both the reminder and the summary step counts twice.
   */
  failedRows: number;
  /** Families whose daily summary could not be planned (logged at error with the family id), the others' were. */
  failedFamilies: number;
  /** Issue 27: evening SMS about tomorrow's uncovered pickups enqueued. */
  drivingAlerts: number;
}

/** What the daily-summary step planned (see `PlanResult`). */
export interface SummaryResult {
  summaries: number;
  expired: number;
  failedRows: number;
  failedFamilies: number;
}

export interface Planner {
  /**
   * One planning round at `clock.now()`: bookkeeping, task and event reminders, then summaries. Idempotent.
   * A broken row or family is logged, counted and skipped (`failedRows`, `failedFamilies`); an error of a
   * whole step (the database gone) does not stop the other step, and is thrown once both have run.
   */
  tick(): Promise<PlanResult>;
  /** Only the daily-summary step of `tick`, optionally for one zone (the bench times each zone alone). */
  planDailySummaries(onlyZone?: string): Promise<SummaryResult>;
  /**
   * Starts planning every `intervalMs` (real-time timers): reminders and summaries on two loops of their own,
   * so a slow or failing summary step never delays a reminder. Idempotent.
   */
  start(): void;
  /** Stops both loops and waits for the rounds in progress to finish. */
  stop(): Promise<void>;
}

/** Why a summary planned after its window is recorded as expired (issue 8: "let it expire and record why"). */
export const LATE_SUMMARY_REASON =
  'No server was planning between 7:30 and 10:00 local time; the summary expired instead of arriving late';

const MINUTE = 60_000;
/** How long a DONE answering an SMS task reminder completes its task, from the reminder's send time (issue 27). */
const TASK_REPLY_MINUTES = 24 * 60;
const EVENT_KINDS = ['event_reminder', 'pickup_reminder', 'dropoff_reminder'];
/** Rows read (and cursors written) per query by the reminder sweep. */
const PAGE = 2000;

/** What planning one page of reminder rows did: messages written, each row's new cursor, rows that failed. */
interface Planned {
  created: number;
  next: Map<number, Date>;
  failedRows: number;
}

const asFrequency = (value: string): ReminderFrequency =>
  (REMINDER_FREQUENCIES as readonly string[]).includes(value)
    ? (value as ReminderFrequency)
    : '30_minutes_before'; // narrowed by includes

/** Tasks whose cursor is not computed and that can carry a reminder: `tasks_reminder_unplanned_idx`'s predicate. */
const taskUnplanned = sql`${tasks.nextReminderAt} is null and ${tasks.status} = 'open' and ${tasks.sendSmsReminder} and ${tasks.transportKind} is null and ${tasks.dueDate} is not null`;
/** Events whose cursor is not computed and that can carry a reminder: `events_reminder_unplanned_idx`'s predicate. */
const eventUnplanned = sql`${events.nextReminderAt} is null and ${events.isAllDay} = false and (${events.hasAlertMembers} or ${events.hasPickup} or ${events.hasDropoff})`;

/**
 * The reminder planner (ARCHITECTURE.md "Notifications"). Each tick:
 * - per time zone whose local time has passed 7:30, the daily summary for each member with
 *   `daily_summary_enabled`, claimed through the unique `daily_summary_log (family_member_id, summary_date)`
 *   row in the same transaction as its outbox row, so any number of processes, restarts and late ticks
 *   produce exactly one per member per local date;
 * - across all families at once, task reminders, event reminders (30 min before, occurrences of series
 *   included) and pickup / drop-off reminders whose time falls in [now − grace, now + horizon], each with a
 *   dedupe key that names its cause (the outbox ignores a key it already has).
 * Work per tick is what is due (issue 8): each task and event row carries `next_reminder_at`, the instant its
 * next reminder is due, indexed; a tick reads the rows whose instant is within the horizon, plans them, and
 * moves their cursor past it. A row's cursor is computed the first tick after the row was written (a trigger
 * sets it back to NULL on every change, and the NULL rows that can carry a reminder have a partial index), so
 * a series is expanded only when it changes or one of its reminders falls due. Shared by every process
 * through the database: a second process or a restart re-reads nothing already planned.
 */
export function createPlanner(options: PlannerOptions): Planner {
  const { db, clock, publicUrl } = options;
  const intervalMs = options.intervalMs ?? MINUTE;
  const horizon = (options.horizonMinutes ?? 15) * MINUTE;
  const grace = (options.graceMinutes ?? 10) * MINUTE;
  const chunkSize = options.chunkSize ?? 2000;
  const concurrency = Math.max(1, options.concurrency ?? 2);
  /** `zone|date` whose summaries this process already planned (a restart plans again: dedupe makes it a no-op). */
  const summariesDone = new Set<string>();
  /** `zone|date` whose evening driving alerts this process already planned (issue 27). */
  const alertsDone = new Set<string>();
  /** Sent rows older than this were already copied to `last_reminder_sent` / `daily_summary_log.sent_at`. */
  let recordedSince = new Date(clock.now().getTime() - 24 * 60 * MINUTE);

  async function zones(): Promise<string[]> {
    const rows = await db.selectDistinct({ timezone: families.timezone }).from(families);
    return rows.map((r) => r.timezone);
  }

  // ---------------------------------------------------------------- daily summary

  const log = options.logger;
  const noSummaries = (): SummaryResult => ({ summaries: 0, expired: 0, failedRows: 0, failedFamilies: 0 });

  /**
   * The daily summaries of the families `familyIds` (all in `zone`) for their local `date`, in one
   * transaction. The day's occurrences come from the occurrence engine; rows it cannot expand are left out of
   * the summary, logged at warn and counted.
   * @throws whatever the database or the composition throws (the caller isolates families).
   */
  async function planSummaryChunk(
    familyIds: number[],
    zone: string,
    date: string,
    now: Date,
    window: { sendAt: Date; expiresAt: Date },
  ): Promise<SummaryResult> {
    return db.transaction(async (tx) => {
      const audience = await loadAudience(tx, familyIds);
      const wanting = [...audience.members.values()].filter((m) => m.dailySummaryEnabled);
      if (wanting.length === 0) return noSummaries();
      // The claim: whoever inserts the log row composes the summary; others (another process, a second
      // tick) find the row there and do nothing. A concurrent insert waits for our commit, then skips.
      const claimed = await tx
        .insert(dailySummaryLog)
        .values(wanting.map((m) => ({ familyId: m.familyId, familyMemberId: m.id, summaryDate: date })))
        .onConflictDoNothing({ target: [dailySummaryLog.familyMemberId, dailySummaryLog.summaryDate] })
        .returning({ memberId: dailySummaryLog.familyMemberId });
      if (claimed.length === 0) return noSummaries();
      const members = claimed
        .map((c) => audience.members.get(c.memberId))
        .filter((m): m is MemberFacts => m !== undefined);
      const ids = [...new Set(members.map((m) => m.familyId))];
      const dayStart = `${date}T00:00:00`;
      const dayEnd = `${addLocalDays(date, 1)}T00:00:00`;
      // One after the other: a transaction is one connection (node-postgres queues parallel queries anyway).
      const rows = await loadWindowRows(tx, inArray(events.familyId, ids), date, addLocalDays(date, 1));
      const openTasks = await tx
        .select({
          familyId: tasks.familyId,
          title: tasks.title,
          dueDate: tasks.dueDate,
          assignedTo: tasks.assignedTo,
          assignedToIds,
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
      const occurrencesOf = new Map<number, Occurrence<EngineRow>[]>();
      let failedRows = 0;
      for (const [familyId, ofFamily] of groupBy(rows, (r) => r.row.familyId)) {
        const day = expandEvents(ofFamily, { from: dayStart, to: dayEnd }, zone);
        occurrencesOf.set(familyId, day.occurrences);
        for (const f of day.failures) {
          failedRows += 1;
          log?.warn(
            { familyId, eventId: f.event.id, reason: f.reason, date },
            'event left out of the daily summary: the occurrence engine could not expand it',
          );
        }
      }
      const tasksOf = groupBy(openTasks, (t) => t.familyId);
      // Issue 27: the day's pickups and drop-offs with no driver open a parent's summary.
      const coverage = await coverageByFamily(
        tx,
        inArray(events.familyId, ids),
        zone,
        date,
        dayEnd.slice(0, 10),
      );
      const gapsOf = (familyId: number): string[] => {
        const nameOf = (id: number) => {
          const m = audience.members.get(id);
          return m && m.familyId === familyId ? m.name : undefined;
        };
        return (coverage.get(familyId)?.issues ?? [])
          .filter((i) => i.type === 'no_driver')
          .map((i) => gapSentence(i.leg, nameOf));
      };
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
        if (member.role === 'parent') input.gaps = gapsOf(family.id);
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
      return { summaries: written.created, expired, failedRows, failedFamilies: 0 };
    });
  }

  /**
   * `planSummaryChunk`, isolating families: when a chunk fails (a row or a composition that throws), it is
   * planned again family by family, so only the broken family is skipped (logged at error and counted); its
   * transaction was rolled back, so nothing of it was claimed.
   */
  async function planSummaryChunkIsolated(
    familyIds: number[],
    zone: string,
    date: string,
    now: Date,
    window: { sendAt: Date; expiresAt: Date },
  ): Promise<SummaryResult> {
    try {
      return await planSummaryChunk(familyIds, zone, date, now, window);
    } catch (error) {
      if (familyIds.length === 1) {
        log?.error({ err: error, familyId: familyIds[0], date }, 'daily summary could not be planned');
        return { ...noSummaries(), failedFamilies: 1 };
      }
      log?.warn(
        { err: error, families: familyIds.length, date },
        'daily summary chunk failed: retrying family by family',
      );
      const total = noSummaries();
      for (const id of familyIds) {
        const done = await planSummaryChunkIsolated([id], zone, date, now, window);
        total.summaries += done.summaries;
        total.expired += done.expired;
        total.failedRows += done.failedRows;
        total.failedFamilies += done.failedFamilies;
      }
      return total;
    }
  }

  async function planDailySummaries(onlyZone?: string): Promise<SummaryResult> {
    const now = clock.now();
    const total = noSummaries();
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
          const done = await planSummaryChunkIsolated(ids, zone, date, now, window);
          total.summaries += done.summaries;
          total.expired += done.expired;
          total.failedRows += done.failedRows;
          total.failedFamilies += done.failedFamilies;
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      summariesDone.add(`${zone}|${date}`);
    }
    return total;
  }

  // ---------------------------------------------------------------- reminders by due time

  /**
   * Reads, page by page, the rows whose reminders are due by `to` (`next_reminder_at <= to`, the
   * `*_next_reminder_at_idx` range) and then the rows whose cursor is not computed yet (NULL, by the
   * `*_reminder_unplanned_idx` partial index), with their family's zone and row version, handing each page to
   * `plan`, which enqueues and returns the new cursors; those are written only where the row is still the
   * version that was read (`xmin`), so a concurrent edit (which sets the cursor back to NULL) wins. Pages are
   * planned through `planIsolated`, so a broken row never stops the others.
   */
  async function sweep<Row extends { id: number; familyId: number }>(
    table: typeof tasks | typeof events,
    unplanned: SQL,
    to: Date,
    read: (where: SQL) => Promise<{ row: Row; zone: string; version: string }[]>,
    plan: (page: { row: Row; zone: string }[]) => Promise<Planned>,
  ): Promise<{ created: number; failedRows: number }> {
    let created = 0;
    let failedRows = 0;
    const kind = table === tasks ? 'task' : 'event';
    const run = async (where: (after: number) => SQL) => {
      for (let after = 0; ;) {
        const page = await read(where(after));
        if (page.length === 0) return;
        const planned = await planIsolated(page, plan, kind, to);
        created += planned.created;
        failedRows += planned.failedRows;
        await advance(
          table,
          page.map((p) => ({ id: p.row.id, version: p.version, next: planned.next.get(p.row.id) ?? NEVER })),
        );
        if (page.length < PAGE) return;
        after = page[page.length - 1]?.row.id ?? after;
      }
    };
    // Due rows leave the range once advanced; the id cursor only guards against a row that could not be.
    await run((after) => and(lte(table.nextReminderAt, to), gt(table.id, after)) ?? sql`false`);
    await run((after) => and(unplanned, gt(table.id, after)) ?? sql`false`);
    return { created, failedRows };
  }

  /**
   * `plan` on a page of rows, isolating what breaks: when the page throws (composing a message, reading the
   * audience...), each family's rows are planned alone, then each row of a family that still throws; a row
   * that throws on its own is skipped, logged at warn with its family and row id, counted, and its cursor moves
   * `RETRY_MINUTES` past `to`, so it does not hold up its page every tick. Planning twice is harmless: the
   * outbox ignores a dedupe key it already has.
   */
  async function planIsolated<Row extends { id: number; familyId: number }>(
    part: { row: Row; zone: string }[],
    plan: (page: { row: Row; zone: string }[]) => Promise<Planned>,
    kind: 'task' | 'event',
    to: Date,
  ): Promise<Planned> {
    try {
      return await plan(part);
    } catch (error) {
      const [only] = part;
      if (part.length === 1 && only) {
        const { familyId, id } = only.row;
        log?.warn({ err: error, familyId, [`${kind}Id`]: id }, `${kind} reminders could not be planned`);
        return {
          created: 0,
          next: new Map([[id, new Date(to.getTime() + RETRY_MINUTES * MINUTE)]]),
          failedRows: 1,
        };
      }
      const families = [...groupBy(part, (p) => p.row.familyId).values()];
      const total: Planned = { created: 0, next: new Map(), failedRows: 0 };
      for (const piece of families.length > 1 ? families : part.map((p) => [p])) {
        const planned = await planIsolated(piece, plan, kind, to);
        total.created += planned.created;
        total.failedRows += planned.failedRows;
        for (const [id, at] of planned.next) total.next.set(id, at);
      }
      return total;
    }
  }

  /** Writes `next_reminder_at` where the row is still at `version` (its `xmin` when it was read). */
  async function advance(
    table: typeof tasks | typeof events,
    rows: readonly { id: number; version: string; next: Date }[],
  ): Promise<void> {
    for (let i = 0; i < rows.length; i += PAGE) {
      const values = rows
        .slice(i, i + PAGE)
        .map((r) => sql`(${r.id}::int, ${r.version}::text, ${r.next.toISOString()}::timestamptz)`);
      await db.execute(sql`
        update ${table} set next_reminder_at = v.next
        from (values ${sql.join(values, sql`, `)}) as v(id, version, next)
        where ${table}.id = v.id and ${table}.xmin = v.version::xid`);
    }
  }

  async function planTaskReminders(now: Date): Promise<{ created: number; failedRows: number }> {
    const from = new Date(now.getTime() - grace);
    const to = new Date(now.getTime() + horizon);
    const read = async (where: SQL) =>
      db
        .select({ row: taskColumns, zone: families.timezone, version: sql<string>`${tasks}.xmin::text` })
        .from(tasks)
        .innerJoin(families, eq(families.id, tasks.familyId))
        .where(where)
        .orderBy(asc(tasks.id))
        .limit(PAGE);
    const plan = async (page: { row: TaskRow; zone: string }[]): Promise<Planned> => {
      const next = new Map<number, Date>();
      const due: { task: TaskRow; zone: string; dueDate: string; frequency: ReminderFrequency; at: Date }[] =
        [];
      for (const { row: task, zone } of page) {
        // Only an open, reminding, non-transport task with a due date has a reminder (the unplanned index's rule).
        if (task.status !== 'open' || !task.sendSmsReminder || task.transportKind !== null || !task.dueDate)
          continue;
        const frequency = asFrequency(task.reminderFrequency);
        const at = taskReminderInstant(task.dueDate, frequency, zone);
        if (at > to) next.set(task.id, at);
        else if (at >= from) due.push({ task, zone, dueDate: task.dueDate, frequency, at });
      }
      if (due.length === 0) return { created: 0, next, failedRows: 0 };
      const audience = await loadAudience(
        db,
        due.map((d) => d.task.familyId),
      );
      const messages: OutboundMessage[] = [];
      for (const { task, zone, dueDate, frequency, at } of due) {
        const family = audience.families.get(task.familyId);
        if (!family) continue;
        const dueAt = localToInstant(dueDate, zone);
        const today = instantToLocal(now, zone).slice(0, 10);
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
            // A DONE answering it completes the task, for a day after it is due to be sent (issue 27 part 3).
            replyActions: [
              {
                action: 'complete_task',
                taskId: task.id,
                expiresAt: new Date(at.getTime() + TASK_REPLY_MINUTES * MINUTE),
              },
            ],
            // Never after the due time (an "at due date" reminder gets a quarter of an hour).
            expiresAt: new Date(Math.max(dueAt.getTime(), at.getTime() + 15 * MINUTE)),
          });
        }
      }
      const written = await enqueueMany(db, messages, policyFactsOf(audience));
      return { created: written.created, next, failedRows: 0 };
    };
    return sweep(tasks, taskUnplanned, to, read, plan);
  }

  async function planEventReminders(
    now: Date,
  ): Promise<{ events: number; transport: number; failedRows: number }> {
    const from = new Date(now.getTime() - grace);
    const to = new Date(now.getTime() + horizon);
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
    const swept = await sweep(events, eventUnplanned, to, read, plan);
    return { events: Math.max(0, swept.created - transport), transport, failedRows: swept.failedRows };
  }

  // ---------------------------------------------------------------- bookkeeping

  /**
   * Cancels pending event, pickup and drop-off reminders due within the horizon whose event row is gone by a path
   * that does not cancel them itself (the events service and the ICS import do, in their transactions; SQL by
   * hand does not).
   * Two indexed reads in proportion to what is due: the `(status, send_after)` range of the planning window
   * [now − grace, now + horizon] (the kind is not indexed, so a wider range would read every pending daily
   * summary of the morning too), then those events by primary key. A reminder still pending more than `grace`
   * after its time (the dispatcher was down) is not looked at again: deletions should cancel in their own
   * transaction, as the events service does.
   */
  async function cancelOrphans(now: Date): Promise<number> {
    const rows = await db
      .select({ familyId: notifications.familyId, dedupeKey: notifications.dedupeKey })
      .from(notifications)
      .where(
        and(
          eq(notifications.status, 'pending'),
          gte(notifications.sendAfter, new Date(now.getTime() - grace)),
          lte(notifications.sendAfter, new Date(now.getTime() + horizon)),
          inArray(notifications.kind, EVENT_KINDS),
        ),
      );
    if (rows.length === 0) return 0;
    const eventIdOf = (key: string) => Number(key.split(':')[1]);
    const ids = [...new Set(rows.map((r) => eventIdOf(r.dedupeKey)))];
    const found = await db.select({ id: events.id }).from(events).where(inArray(events.id, ids));
    const existing = new Set(found.map((r) => r.id));
    const gone = new Map<string, { familyId: number; prefix: string }>();
    for (const row of rows) {
      const id = eventIdOf(row.dedupeKey);
      if (!existing.has(id))
        gone.set(`${row.familyId}|${id}`, { familyId: row.familyId, prefix: `event:${id}:` });
    }
    let cancelled = 0;
    for (const { familyId, prefix } of gone.values()) {
      cancelled += await cancelPending(
        db,
        familyId,
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

  /** The reminder step of a tick: bookkeeping, then task and event reminders. */
  async function planReminders(
    now: Date,
  ): Promise<Omit<PlanResult, 'summaries' | 'summariesExpired' | 'failedFamilies' | 'drivingAlerts'>> {
    await recordSent(now);
    const cancelled = await cancelOrphans(now);
    const taskPlanned = await planTaskReminders(now);
    const eventPlanned = await planEventReminders(now);
    return {
      taskReminders: taskPlanned.created,
      eventReminders: eventPlanned.events,
      transportReminders: eventPlanned.transport,
      cancelled,
      failedRows: taskPlanned.failedRows + eventPlanned.failedRows,
    };
  }

  async function tick(): Promise<PlanResult> {
    const now = clock.now();
    const errors: unknown[] = [];
    // Reminders first, and each step on its own: a failing summary step never costs a reminder, nor the reverse.
    const reminders = await planReminders(now).catch((error: unknown) => {
      errors.push(error);
      return null;
    });
    const summary = await planDailySummaries().catch((error: unknown) => {
      errors.push(error);
      return null;
    });
    const drivingAlerts = await planEveningAlerts(db, now, publicUrl, alertsDone).catch((error: unknown) => {
      errors.push(error);
      return 0;
    });
    if (errors.length > 0) throw new AggregateError(errors, `${errors.length} planning step(s) failed`);
    return {
      drivingAlerts,
      summaries: summary?.summaries ?? 0,
      summariesExpired: summary?.expired ?? 0,
      taskReminders: reminders?.taskReminders ?? 0,
      eventReminders: reminders?.eventReminders ?? 0,
      transportReminders: reminders?.transportReminders ?? 0,
      cancelled: reminders?.cancelled ?? 0,
      failedRows: (reminders?.failedRows ?? 0) + (summary?.failedRows ?? 0),
      failedFamilies: summary?.failedFamilies ?? 0,
    };
  }

  let stopped = false;
  /** Runs `step` now and then `intervalMs` after each round ends, logging what it did, until `stop`. */
  const repeating = (what: string, step: () => Promise<object>) => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let running: Promise<unknown> | null = null;
    const round = () => {
      if (stopped) return;
      running = step()
        .then((r) => {
          if (Object.values(r).some((n) => typeof n === 'number' && n > 0)) log?.info(r, `${what} planned`);
        })
        .catch((error: unknown) => log?.error({ err: error }, `${what} planning failed`))
        .finally(() => {
          running = null;
          if (!stopped) timer = setTimeout(round, intervalMs);
        });
    };
    return {
      start() {
        if (!timer && !running) round();
      },
      async stop() {
        if (timer) clearTimeout(timer);
        await running;
      },
    };
  };
  const loops = [
    repeating('reminders', () => planReminders(clock.now())),
    repeating('daily summaries', () => planDailySummaries()),
    repeating('evening driving alerts', async () => ({
      drivingAlerts: await planEveningAlerts(db, clock.now(), publicUrl, alertsDone),
    })),
  ];

  return {
    tick,
    planDailySummaries,
    start() {
      if (stopped) return;
      for (const loop of loops) loop.start();
    },
    async stop() {
      stopped = true;
      await Promise.all(loops.map((loop) => loop.stop()));
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

/**
 * The summary's items for one member (`occurrences`, the engine's occurrences of the family's day in its zone,
 * and `openTasks` are the member's family's): their events (organiser or attendee), transport, tasks due and
 * overdue. All-day events are DATEs: the same day in any zone.
 */
function summaryFor(
  audience: Audience,
  family: FamilyFacts,
  member: MemberFacts,
  date: string,
  occurrences: readonly Occurrence<EngineRow>[],
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
  const ofFamily = occurrences.filter((o) => o.event.row.familyId === family.id);
  const transport: SummaryTransport[] = [];
  for (const o of ofFamily) {
    const e = o.event.row;
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
      .filter((o) => o.event.row.organizerId === member.id || o.event.row.attendees.includes(mine))
      .map((o) => ({
        // A multi-day event that began earlier shows as all day.
        start: o.start < dayStart ? dayStart : o.start,
        allDay: o.event.allDay || o.start < dayStart,
        title: o.event.row.title,
        location: o.event.row.location,
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
