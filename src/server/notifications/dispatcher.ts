import { and, asc, eq, inArray, isNull, lte, or, gt, sql } from 'drizzle-orm';
import {
  DEFAULT_BACKOFF,
  mayRetry,
  retryDelayMs,
  type BackoffPolicy,
} from '../../core/notifications/backoff.ts';
import { startOf } from '../../core/text/shorten.ts';
import type { Db } from '../db/types.ts';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { familyMembers, sessions } from '../db/schema/families.ts';
import { notifications } from '../db/schema/notifications.ts';
import { pushSubscriptions } from '../db/schema/push.ts';
import type { ChangeFeed, Clock } from '../context.ts';
import { LINK_TOKEN_PLACEHOLDER, liveLinkToken } from './link-tokens.ts';
import type { ChannelProviders } from './providers/from-config.ts';
import { createLogProvider } from './providers/log.ts';
import { ProviderError, type OutgoingMessage, type PushTarget } from './providers/provider.ts';

/** A pino-style logger (Fastify's `app.log` fits). */
export interface DispatcherLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface DispatcherOptions {
  db: Db;
  clock: Clock;
  providers: ChannelProviders;
  /** How long a claim holds a row, in ms. A process that dies mid-send loses its claims after this. Default 5 min. */
  leaseMs?: number;
  /** Rows claimed per round. Default 50. */
  batchSize?: number;
  /** Sends in flight at once within a round. Default 4. */
  concurrency?: number;
  /**
   * The longest an idle loop sleeps, in ms (real time). Default 60 s. An idle loop sleeps until the outbox's
   * next due time (a later send, a retry, an expiry, a lease running out) or until `nudge`; this bounds what a
   * missed nudge can cost (a change message lost while the LISTEN connection was down, a clock that jumped).
   */
  maxIdleMs?: number;
  /**
   * The shortest pause between two rounds that claimed less than a batch, in ms (real time). Default 1 s. A
   * row that is due but was not claimed is held by another dispatcher's claim: it is looked at again after
   * this pause, not in a tight loop.
   */
  minPauseMs?: number;
  backoff?: BackoffPolicy;
  /**
   * The key secret links are derived with (`link-tokens.ts` `linkSecret(config)`, ADR 014). Without it a
   * message carrying a link (`link_ref`) is not sent: it fails with `LINK_GONE_REASON`.
   */
  linkSecret?: Buffer;
  /** Jitter source in [0, 1); tests fix it. */
  random?: () => number;
  logger?: DispatcherLogger;
}

/** What one `dispatchOnce` round did. */
export interface DispatchSummary {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
  expired: number;
  /** Claims handed back unsent because the dispatcher is stopping. */
  released: number;
}

export interface Dispatcher {
  /** One round: expire stale rows, claim due ones, send them, record outcomes. Safe to run in many processes. */
  dispatchOnce(): Promise<DispatchSummary>;
  /**
   * Starts the loop (real-time timers): a round, then, when the round did not fill a batch, sleep until the
   * outbox's next due time (at most `maxIdleMs`, at least `minPauseMs`) or until `nudge`. Idempotent.
   */
  start(): void;
  /**
   * Says the outbox changed (a row committed: a new message, a retry, a cancellation, possibly by another
   * process): a sleeping loop runs a round now, a loop in a round runs another one after it. Cheap; call it
   * for every change message of kind `message` (`wakeOnOutboxChanges`).
   */
  nudge(): void;
  /**
   * Graceful shutdown: stops claiming, lets sends already in flight finish and be recorded, hands unstarted
   * claims back (pending, attempt not counted), then closes the providers.
   */
  stop(): Promise<void>;
}

type Row = typeof notifications.$inferSelect;

const EXPIRED_REASON = 'Expired before it could be delivered';
/** Why a message with a secret link was not sent: the link no longer opens anything (ADR 014). */
export const LINK_GONE_REASON =
  'Not sent: its link no longer works (replaced by a newer one, used, cancelled, or the link secret changed)';

/**
 * The app path a push notification's click opens (issue 41): the event (`/add-event/{id}`) or task
 * (`/add-task/{id}`) it is about, the driving page for a driving alert, else the calendar.
 */
export function appPathOf(row: Pick<Row, 'sourceKind' | 'sourceId'>): string {
  if (row.sourceId === null) return '/';
  switch (row.sourceKind) {
    case 'event':
    case 'pickup':
    case 'dropoff':
    case 'event_alert':
      return `/add-event/${row.sourceId}`;
    case 'task':
      return `/add-task/${row.sourceId}`;
    case 'driving_gaps':
      return '/driving';
    default:
      return '/';
  }
}

/**
 * The outbox dispatcher (ARCHITECTURE.md "Notifications"), one per server process.
 *
 * Claiming: in one transaction, `SELECT … FOR UPDATE SKIP LOCKED` picks due rows (pending with
 * `send_after <= now`, or `sending` whose lease `locked_until` has passed, i.e. a claim left by a process that
 * died), then marks them `sending` with a fresh lease and counts the attempt. SKIP LOCKED lets any number of
 * dispatchers share the table without taking the same row. Every later write is fenced on
 * `status = 'sending' AND locked_until = <our lease>`, so a dispatcher whose lease ran out cannot overwrite
 * the outcome recorded by the one that took over.
 *
 * Delivery is at-least-once at the provider boundary: a process killed after the provider accepted a message
 * but before recording it will send it again after the lease (SMTP Message-ID stays the same so mail systems
 * can spot it). Every other path sends exactly once.
 *
 * Times written to the table come from `clock`, so tests drive expiry, backoff and leases by hand.
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { db, clock, providers } = options;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const batchSize = options.batchSize ?? 50;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const maxIdleMs = options.maxIdleMs ?? 60_000;
  const minPauseMs = Math.min(options.minPauseMs ?? 1000, maxIdleMs);
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const random = options.random ?? Math.random;
  const logger = options.logger;
  const pushProvider = providers.push ?? createLogProvider('push');

  let stopping = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  /** Set by `nudge`, cleared when a round starts: a change that came during a round is not slept through. */
  let nudged = false;

  /** Marks rows whose expiry passed before they could go out (including abandoned claims). */
  async function expireStale(now: Date): Promise<number> {
    const expired = await db
      .update(notifications)
      .set({ status: 'expired', statusReason: EXPIRED_REASON, lockedUntil: null, updatedAt: now })
      .where(
        and(
          lte(notifications.expiresAt, now),
          or(
            eq(notifications.status, 'pending'),
            and(eq(notifications.status, 'sending'), lte(notifications.lockedUntil, now)),
          ),
        ),
      )
      .returning({ id: notifications.id });
    return expired.length;
  }

  async function claim(now: Date, lease: Date): Promise<Row[]> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            or(
              and(eq(notifications.status, 'pending'), lte(notifications.sendAfter, now)),
              and(eq(notifications.status, 'sending'), lte(notifications.lockedUntil, now)),
            ),
            or(isNull(notifications.expiresAt), gt(notifications.expiresAt, now)),
          ),
        )
        .orderBy(asc(notifications.sendAfter), asc(notifications.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(notifications)
        .set({
          status: 'sending',
          lockedUntil: lease,
          attempts: sql`${notifications.attempts} + 1`,
          updatedAt: now,
        })
        .where(
          inArray(
            notifications.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  /** Writes `values` to a row we still hold; false when our lease was lost to another dispatcher. */
  async function record(
    row: Row,
    lease: Date,
    values: PgUpdateSetSource<typeof notifications>,
  ): Promise<boolean> {
    const updated = await db
      .update(notifications)
      .set(values)
      .where(
        and(
          eq(notifications.id, row.id),
          eq(notifications.status, 'sending'),
          eq(notifications.lockedUntil, lease),
        ),
      )
      .returning({ id: notifications.id });
    if (updated.length === 0)
      logger?.warn({ notificationId: row.id }, 'notification lease lost before the outcome was recorded');
    return updated.length > 0;
  }

  async function deliver(row: Row, lease: Date, summary: DispatchSummary): Promise<void> {
    if (stopping) {
      // Hand the claim back untouched: the attempt did not happen.
      const released = await record(row, lease, {
        status: 'pending',
        lockedUntil: null,
        attempts: sql`${notifications.attempts} - 1`,
        updatedAt: clock.now(),
      });
      if (released) summary.released += 1;
      return;
    }
    if (row.expiresAt && row.expiresAt.getTime() <= clock.now().getTime()) {
      // Its time passed while it waited in this round (claims only take unexpired rows): never send late.
      const ok = await record(row, lease, {
        status: 'expired',
        statusReason: EXPIRED_REASON,
        lockedUntil: null,
        updatedAt: clock.now(),
      });
      if (ok) summary.expired += 1;
      return;
    }
    let { body, html } = row;
    if (row.linkRef !== null) {
      // The link is rendered now, from its ref (ADR 014): the stored row never held the token.
      const token = options.linkSecret ? await liveLinkToken(db, options.linkSecret, row.linkRef) : null;
      if (token === null) {
        const ok = await record(row, lease, {
          status: 'failed',
          statusReason: LINK_GONE_REASON,
          lockedUntil: null,
          updatedAt: clock.now(),
        });
        if (ok) summary.failed += 1;
        logger?.warn({ notificationId: row.id }, 'notification link no longer works; not sent');
        return;
      }
      body = body.replaceAll(LINK_TOKEN_PLACEHOLDER, token);
      html = html?.replaceAll(LINK_TOKEN_PLACEHOLDER, token) ?? null;
    }
    const channel = row.channel === 'sms' ? 'sms' : row.channel === 'push' ? 'push' : 'email';
    const provider = channel === 'push' ? pushProvider : channel === 'sms' ? providers.sms : providers.email;
    const message: OutgoingMessage = {
      id: row.id,
      channel,
      recipient: row.recipient,
      subject: row.subject,
      body,
      html,
      dedupeKey: row.dedupeKey,
      expiresAt: row.expiresAt,
      ...(channel === 'push' ? await pushTargetOf(row) : {}),
    };
    try {
      const result = await provider.send(message, clock.now());
      const now = clock.now();
      if (message.push && row.pushSubscriptionId !== null) {
        await db
          .update(pushSubscriptions)
          .set({ lastSuccessAt: now })
          .where(eq(pushSubscriptions.id, row.pushSubscriptionId));
      }
      const ok = await record(row, lease, {
        status: 'sent',
        sentAt: now,
        providerMessageId: result.providerMessageId.slice(0, 100),
        statusReason: result.note ?? null,
        lastError: null,
        lockedUntil: null,
        updatedAt: now,
      });
      if (ok) summary.sent += 1;
    } catch (error) {
      const now = clock.now();
      const providerError = error instanceof ProviderError ? error : new ProviderError(String(error), false);
      const lastError = startOf(providerError.message, 1000);
      if (providerError.options.optedOut && row.familyMemberId !== null) {
        // The carrier says the member replied STOP: remember it so policy suppresses their next texts.
        await db
          .update(familyMembers)
          .set({ smsOptedOut: true })
          .where(and(eq(familyMembers.id, row.familyMemberId), eq(familyMembers.familyId, row.familyId)));
      }
      if (providerError.options.subscriptionGone && row.pushSubscriptionId !== null) {
        // RFC 8030 §7.3: the push service no longer knows this subscription; its other messages fail too.
        await db
          .delete(pushSubscriptions)
          .where(
            and(
              eq(pushSubscriptions.id, row.pushSubscriptionId),
              eq(pushSubscriptions.familyId, row.familyId),
            ),
          );
      }
      if (providerError.permanent || !mayRetry(row.attempts, backoff)) {
        const ok = await record(row, lease, {
          status: 'failed',
          statusReason: providerError.permanent
            ? 'Permanent provider error'
            : `Gave up after ${row.attempts} attempts`,
          lastError,
          lockedUntil: null,
          updatedAt: now,
        });
        if (ok) summary.failed += 1;
        logger?.warn({ notificationId: row.id, error: lastError }, 'notification failed');
        return;
      }
      const delay = Math.max(
        retryDelayMs(row.attempts, backoff, random),
        providerError.options.retryAfterMs ?? 0,
      );
      const ok = await record(row, lease, {
        status: 'pending',
        sendAfter: new Date(now.getTime() + delay),
        lastError,
        lockedUntil: null,
        updatedAt: now,
      });
      if (ok) summary.retried += 1;
    }
  }

  /**
   * For a `push` row: its device's subscription and what the notification does (issue 41). The tag names the
   * cause (`{source_kind}:{source_id}:{occurrence}`), so a re-sent reminder replaces the shown one; urgency is
   * `high` for a reminder whose moment (`expires_at`) is within the hour. No `push` when the device is gone or
   * its session has ended.
   */
  async function pushTargetOf(row: Row): Promise<{ push?: PushTarget }> {
    if (row.pushSubscriptionId === null) return {};
    // The device's session must still be live: an expired one's devices are deleted only when it is pruned.
    const now = clock.now();
    const [found] = await db
      .select({ device: pushSubscriptions })
      .from(pushSubscriptions)
      .innerJoin(
        sessions,
        and(
          eq(sessions.sid, pushSubscriptions.sessionSid),
          gt(sessions.expire, now),
          gt(sessions.absoluteExpire, now),
        ),
      )
      .where(
        and(eq(pushSubscriptions.id, row.pushSubscriptionId), eq(pushSubscriptions.familyId, row.familyId)),
      );
    if (!found) return {};
    const { device } = found;
    const reminder = ['event', 'pickup', 'dropoff', 'task'].includes(row.sourceKind);
    const soon = row.expiresAt !== null && row.expiresAt.getTime() - now.getTime() <= 60 * 60_000;
    return {
      push: {
        endpoint: device.endpoint,
        p256dh: device.p256dh,
        auth: device.auth,
        url: appPathOf(row),
        tag: `${row.sourceKind}:${row.sourceId ?? ''}:${row.sourceOccurrence ?? ''}`,
        urgency: reminder && soon ? 'high' : 'normal',
      },
    };
  }

  async function dispatchOnce(): Promise<DispatchSummary> {
    const summary: DispatchSummary = { claimed: 0, sent: 0, retried: 0, failed: 0, expired: 0, released: 0 };
    if (stopping) return summary;
    const now = clock.now();
    summary.expired = await expireStale(now);
    const lease = new Date(now.getTime() + leaseMs);
    const rows = await claim(now, lease);
    summary.claimed = rows.length;
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const row = rows[next++];
        if (row) await deliver(row, lease, summary);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, worker));
    return summary;
  }

  /**
   * The earliest time the outbox holds work for a dispatcher: a pending row's `send_after`, a pending or
   * claimed row's `expires_at`, a claim's `locked_until`. Null when no row is pending or sending.
   */
  async function nextDueAt(): Promise<Date | null> {
    const [next] = await db
      .select({
        at: sql<Date | string | null>`min(least(
          case when ${notifications.status} = 'pending' then ${notifications.sendAfter} end,
          ${notifications.expiresAt},
          case when ${notifications.status} = 'sending' then ${notifications.lockedUntil} end))`,
      })
      .from(notifications)
      .where(inArray(notifications.status, ['pending', 'sending']));
    // node-postgres parses timestamptz into a Date; an aggregate over PGlite may come back as text.
    return next?.at == null ? null : new Date(next.at);
  }

  /** How long an idle loop sleeps (ms): until the next due time, within [minPauseMs, maxIdleMs]. */
  async function idleDelay(): Promise<number> {
    const next = await nextDueAt();
    if (!next) return maxIdleMs;
    return Math.min(maxIdleMs, Math.max(minPauseMs, next.getTime() - clock.now().getTime()));
  }

  async function run(): Promise<void> {
    while (!stopping) {
      nudged = false;
      let delay = 0;
      try {
        const summary = await dispatchOnce();
        if (summary.claimed < batchSize) delay = await idleDelay();
      } catch (error) {
        logger?.error({ err: error }, 'notification dispatch round failed');
        delay = minPauseMs;
      }
      if (delay > 0 && !nudged && !stopping) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
  }

  return {
    dispatchOnce,
    start() {
      if (loop || stopping) return;
      loop = run();
    },
    nudge() {
      nudged = true;
      wake?.();
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      wake?.();
      await loop;
      await Promise.all([providers.email.close(), providers.sms.close(), pushProvider.close()]);
    },
  };
}

/**
 * Wakes `dispatcher` whenever the outbox changes: on every committed change of kind `message` (the
 * `notifications` table's trigger, migration 0014, any process on the same PostgreSQL) and on a `resync`
 * (the LISTEN connection came back: changes may have been missed). So a message enqueued now goes out now,
 * and an idle dispatcher makes no round until something is due (ADR 030).
 * @returns the unsubscribe function
 */
export function wakeOnOutboxChanges(
  changes: Pick<ChangeFeed, 'subscribeAll'>,
  dispatcher: Dispatcher,
): () => void {
  return changes.subscribeAll((event) => {
    if (event.type === 'resync' || event.kind === 'message') dispatcher.nudge();
  });
}
