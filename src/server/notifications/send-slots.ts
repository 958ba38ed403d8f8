import { and, eq, lt, max } from 'drizzle-orm';
import type { Db } from '../db/types.ts';
import { rateLimitCounters } from '../db/schema/rate-limits.ts';

/** Hands out send times for a sending number, shared by whoever holds the same store. */
export interface SendSlots {
  /**
   * Reserves the next free slot for `key` (a sending number) on a grid of `intervalMs`, never earlier than
   * now: resolves with the slot's time (epoch ms), at or after which the caller may send.
   */
  reserve(key: string, intervalMs: number): Promise<number>;
}

/**
 * Send slots kept in PostgreSQL (ADR 010), so that the carrier's pace per sending number (a US long code: one
 * message a second) holds across every app process: slot n of a number is the row
 * (`sms-pace:<number>`, n × interval) of `rate_limit_counters`, and its primary key lets exactly one sender
 * claim it. A sender takes the first slot after the latest claimed one (or now's, when that is past),
 * moving on when another process claimed it first; claiming one deletes the number's slots older than a minute.
 *
 * @param db a database handle outside any family scope (the dispatcher's system handle)
 * @throws the database's error when it is unavailable (the dispatcher retries the message later)
 */
export function sharedSendSlots(db: Db): SendSlots {
  return {
    async reserve(key, intervalMs) {
      const bucket = `sms-pace:${key}`;
      const [latest] = await db
        .select({ at: max(rateLimitCounters.windowStart) })
        .from(rateLimitCounters)
        .where(eq(rateLimitCounters.bucket, bucket));
      const now = Date.now();
      let n = Math.floor(now / intervalMs);
      if (latest?.at) n = Math.max(n, Math.round(new Date(latest.at).getTime() / intervalMs) + 1);
      for (;;) {
        const slot = Math.round(n * intervalMs);
        const claimed = await db
          .insert(rateLimitCounters)
          .values({ bucket, windowStart: new Date(slot), count: 1 })
          .onConflictDoNothing()
          .returning({ count: rateLimitCounters.count });
        if (claimed.length > 0) {
          await db
            .delete(rateLimitCounters)
            .where(
              and(
                eq(rateLimitCounters.bucket, bucket),
                lt(rateLimitCounters.windowStart, new Date(now - 60_000)),
              ),
            );
          return slot;
        }
        n += 1;
      }
    },
  };
}
