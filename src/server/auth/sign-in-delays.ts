import { eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/types.ts';
import { signInFailures } from '../db/schema/rate-limits.ts';
import type { Clock } from '../context.ts';

/**
 * Failed sign-ins one (account, address) may make before it has to wait: 4. Enough for a person who mistypes
 * or tries their usual passwords; the per-minute limits still apply on top.
 */
export const FREE_SIGN_IN_FAILURES = 4;

/** The longest wait: 15 minutes (OWASP ASVS 5.0 V6.3.1 suggests slowing, not locking, repeated failures). */
const MAX_DELAY_MS = 15 * 60_000;

/** The 429 message while a (account, address) pair waits. */
export function signInDelayMessage(seconds: number): string {
  return `Too many failed sign-ins from here. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
}

/**
 * The wait after the `failures`-th failed sign-in of a pair, in ms: none for the first
 * `FREE_SIGN_IN_FAILURES`, then 1 s, 2 s, 4 s … doubling up to 15 minutes.
 */
export function signInDelayMs(failures: number): number {
  const over = failures - FREE_SIGN_IN_FAILURES;
  return over > 0 ? Math.min(MAX_DELAY_MS, 1000 * 2 ** Math.min(over - 1, 30)) : 0;
}

/**
 * Growing delays for sign-in per (account, address) (issue 20 item 7): after `FREE_SIGN_IN_FAILURES` failed
 * sign-ins from one address for one account, each further failure makes that pair wait twice as long
 * (1 s, 2 s, 4 s … up to 15 min) before its next attempt; a success clears the pair. Another address — the
 * owner's own — is never delayed by a stranger's failures, so nobody can lock an owner out.
 *
 * The counts live in PostgreSQL (`sign_in_failures`), so every app process sees the same delays (ADR 010's
 * rule for shared limits); times follow `clock`. A pair that has waited out its delay for longer than the
 * longest delay starts afresh: such rows are deleted as failures are recorded.
 */
export class SignInDelays {
  constructor(
    private readonly db: DbOrTx,
    private readonly clock: Clock,
  ) {}

  /** Whole seconds `pair` must still wait before its next attempt; 0 when it may try now. */
  async waitSeconds(pair: string): Promise<number> {
    const [row] = await this.db
      .select({ waitUntil: signInFailures.waitUntil })
      .from(signInFailures)
      .where(eq(signInFailures.pair, pair));
    const left = row ? row.waitUntil.getTime() - this.clock.now().getTime() : 0;
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /**
   * Records a failed sign-in for `pair` (its next delay doubles once past the free failures): one UPSERT,
   * atomic per pair, so failures counted by several processes at once all count.
   */
  async failed(pair: string): Promise<void> {
    const now = this.clock.now();
    // Pairs (this one included) that waited out their delay longer than the longest delay start afresh.
    await this.db
      .delete(signInFailures)
      .where(lt(signInFailures.waitUntil, new Date(now.getTime() - MAX_DELAY_MS)));
    const [row] = await this.db
      .insert(signInFailures)
      .values({ pair, failures: 1, waitUntil: now })
      .onConflictDoUpdate({
        target: signInFailures.pair,
        set: { failures: sql`${signInFailures.failures} + 1` },
      })
      .returning({ failures: signInFailures.failures });
    const delay = signInDelayMs(row?.failures ?? 1);
    await this.db
      .update(signInFailures)
      .set({ waitUntil: new Date(now.getTime() + delay) })
      .where(eq(signInFailures.pair, pair));
  }

  /** A successful sign-in: `pair` starts afresh. */
  async succeeded(pair: string): Promise<void> {
    await this.db.delete(signInFailures).where(eq(signInFailures.pair, pair));
  }
}
