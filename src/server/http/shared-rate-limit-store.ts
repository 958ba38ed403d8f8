import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/types.ts';
import { rateLimitCounters } from '../db/schema/rate-limits.ts';
import type { Clock } from '../context.ts';

/** What @fastify/rate-limit's store hands back per counted request. */
interface Counted {
  /** Requests counted in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/**
 * Counts one request of `bucket` in its fixed window of `windowMs` milliseconds (`floor(now / window) ×
 * window`): one UPSERT into `rate_limit_counters`; a bucket's first request of a window also deletes its rows of
 * earlier windows. Runs on `db`, which may be a request's open transaction (the count then commits with it).
 * @returns the window's count, this request included, and the milliseconds left in the window
 */
export async function countInWindow(
  db: DbOrTx,
  bucket: string,
  windowMs: number,
  at: Date,
): Promise<Counted> {
  const now = at.getTime();
  const start = Math.floor(now / windowMs) * windowMs;
  const windowStart = new Date(start);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ bucket, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  const current = row?.count ?? 1;
  if (current === 1) {
    await db
      .delete(rateLimitCounters)
      .where(and(eq(rateLimitCounters.bucket, bucket), lt(rateLimitCounters.windowStart, windowStart)));
  }
  return { current, ttl: start + windowMs - now };
}

/**
 * How many times each of `buckets` was counted in its current fixed window of `windowMs` milliseconds (as
 * `countInWindow` places windows), without counting: one indexed read for all of them. For a check that counts
 * only failures (the CalDAV sign-in, ADR 044), made before the attempt.
 * @returns the count per bucket (0 for a bucket not counted in this window), and the milliseconds left in the
 *   window.
 */
export async function countsInWindow(
  db: DbOrTx,
  buckets: readonly string[],
  windowMs: number,
  at: Date,
): Promise<{ counts: Map<string, number>; ttl: number }> {
  const now = at.getTime();
  const start = Math.floor(now / windowMs) * windowMs;
  const rows =
    buckets.length === 0
      ? []
      : await db
          .select({ bucket: rateLimitCounters.bucket, count: rateLimitCounters.count })
          .from(rateLimitCounters)
          .where(
            and(
              inArray(rateLimitCounters.bucket, [...buckets]),
              eq(rateLimitCounters.windowStart, new Date(start)),
            ),
          );
  const counts = new Map(buckets.map((bucket) => [bucket, 0]));
  for (const row of rows) counts.set(row.bucket, row.count);
  return { counts, ttl: start + windowMs - now };
}

/**
 * A @fastify/rate-limit store (its `store` option) that counts in PostgreSQL, so every app process shares each
 * limit (ADR 010): `countInWindow` per counted request, by bucket (the limiter's key). Fixed windows allow at most twice the limit across a window boundary, as any fixed-window
 * counter does (OWASP's guidance asks for a limit, not a sliding one).
 *
 * @param db the app database; used outside any family scope (the table holds no family rows)
 * @returns the store class the plugin instantiates (`new Store(options)`; `child` per route)
 * @throws (through the plugin's callback) the database's error when it is unavailable: the request is
 *   answered as other database failures are (503), never let through uncounted.
 */
export function sharedRateLimitStore(db: Db, clock: Clock) {
  return class SharedRateLimitStore {
    /** The window (ms) of the limiter this store counts for, as the plugin configures it. */
    private readonly windowMs: number;
    constructor(options: object = {}) {
      const window = 'timeWindow' in options ? options.timeWindow : undefined;
      this.windowMs = typeof window === 'number' ? window : 60_000;
    }

    /** The plugin passes the window as a third argument at run time (its type declaration omits it). */
    incr(
      key: string,
      callback: (error: Error | null, result?: Counted) => void,
      windowMs = this.windowMs,
    ): void {
      countInWindow(db, key, windowMs, clock.now()).then(
        (counted) => callback(null, counted),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: object): SharedRateLimitStore {
      return new SharedRateLimitStore(options);
    }
  };
}
