import type { Db } from '../db/types.ts';
import type { Clock } from '../context.ts';
import { planEveningAlerts } from './jobs/evening-alerts.ts';
import { cancelOrphans, recordSent } from './jobs/cleanup.ts';
import { planDailySummaries, type SummaryResult } from './jobs/daily-summary.ts';
import { planEventReminders } from './jobs/event-reminders.ts';
import { type JobContext, MINUTE, type PlannerLogger, type PlanningWindow } from './jobs/shared.ts';
import { planTaskReminders } from './jobs/task-reminders.ts';
import { planTransportTasks } from './jobs/transport-tasks.ts';

export { LATE_SUMMARY_REASON, type SummaryResult } from './jobs/daily-summary.ts';
export type { PlannerLogger } from './jobs/shared.ts';

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
  /** Issue 46: transport tasks made, changed or deleted by the day's pass (`jobs/transport-tasks.ts`). */
  transportTasks: number;
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

/**
 * The reminder planner (ARCHITECTURE.md "Notifications"): the tick loop over the planning jobs in `jobs/`.
 * Each tick:
 * - per time zone whose local time has passed 7:30, the daily summary for each member with
 *   `daily_summary_enabled`, claimed through the unique `daily_summary_log (family_member_id, summary_date)`
 *   row in the same transaction as its outbox row, so any number of processes, restarts and late ticks
 *   produce exactly one per member per local date;
 * - across all families at once, task reminders, event reminders (30 min before, occurrences of series
 *   included) and pickup / drop-off reminders whose time falls in [now − grace, now + horizon], each with a
 *   dedupe key that names its cause (the outbox ignores a key it already has);
 * - the evening SMS about tomorrow's uncovered pickups (`jobs/evening-alerts.ts`), and the cleanup
 *   (`jobs/cleanup.ts`: sent times recorded, reminders of events deleted by hand cancelled);
 * - per time zone, once per family day, the transport tasks of the occurrences of the next 7 days
 *   (`jobs/transport-tasks.ts`, issue 46).
 * Work per tick is what is due (issue 8): each task and event row carries `next_reminder_at`, the instant its
 * next reminder is due, indexed; a tick reads the rows whose instant is within the horizon, plans them, and
 * moves their cursor past it. A row's cursor is computed the first tick after the row was written (a trigger
 * sets it back to NULL on every change, and the NULL rows that can carry a reminder have a partial index), so
 * a series is expanded only when it changes or one of its reminders falls due. Shared by every process
 * through the database: a second process or a restart re-reads nothing already planned.
 */
export function createPlanner(options: PlannerOptions): Planner {
  const { db, clock, publicUrl } = options;
  const log = options.logger;
  const ctx: JobContext = { db, publicUrl, logger: log };
  const intervalMs = options.intervalMs ?? MINUTE;
  const horizon = (options.horizonMinutes ?? 15) * MINUTE;
  const grace = (options.graceMinutes ?? 10) * MINUTE;
  const summaryCtx = { ...ctx, chunkSize: options.chunkSize ?? 2000, concurrency: options.concurrency ?? 2 };
  /** `zone|date` whose summaries this process already planned (a restart plans again: dedupe makes it a no-op). */
  const summariesDone = new Set<string>();
  /** `zone|date` whose evening driving alerts this process already planned (issue 27). */
  const alertsDone = new Set<string>();
  /** `zone|date` whose transport tasks this process already brought in step (issue 46). */
  const transportDone = new Set<string>();
  /** Sent rows older than this were already copied to `last_reminder_sent` / `daily_summary_log.sent_at`. */
  let recordedSince = new Date(clock.now().getTime() - 24 * 60 * MINUTE);

  const planDailySummariesNow = (onlyZone?: string) =>
    planDailySummaries(summaryCtx, clock.now(), summariesDone, onlyZone);

  /** The reminder step of a tick: cleanup, then task and event reminders. */
  async function planReminders(
    now: Date,
  ): Promise<
    Omit<PlanResult, 'summaries' | 'summariesExpired' | 'failedFamilies' | 'drivingAlerts' | 'transportTasks'>
  > {
    const since = recordedSince;
    recordedSince = now;
    await recordSent(db, since);
    const window: PlanningWindow = {
      now,
      from: new Date(now.getTime() - grace),
      to: new Date(now.getTime() + horizon),
    };
    const cancelled = await cancelOrphans(db, window);
    const taskPlanned = await planTaskReminders(ctx, window);
    const eventPlanned = await planEventReminders(ctx, window);
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
    const summary = await planDailySummariesNow().catch((error: unknown) => {
      errors.push(error);
      return null;
    });
    const drivingAlerts = await planEveningAlerts(db, now, publicUrl, alertsDone).catch((error: unknown) => {
      errors.push(error);
      return 0;
    });
    const transportTasks = await planTransportTasks(db, now, transportDone, log).catch((error: unknown) => {
      errors.push(error);
      return 0;
    });
    if (errors.length > 0) throw new AggregateError(errors, `${errors.length} planning step(s) failed`);
    return {
      drivingAlerts,
      transportTasks,
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
    repeating('daily summaries', () => planDailySummariesNow()),
    repeating('evening driving alerts', async () => ({
      drivingAlerts: await planEveningAlerts(db, clock.now(), publicUrl, alertsDone),
    })),
    repeating('transport tasks', async () => ({
      transportTasks: await planTransportTasks(db, clock.now(), transportDone, log),
    })),
  ];

  return {
    tick,
    planDailySummaries: planDailySummariesNow,
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
