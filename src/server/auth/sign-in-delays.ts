import type { Clock } from '../http/context.ts';

/**
 * Failed sign-ins one (account, address) may make before it has to wait: 4. Enough for a person who mistypes
 * or tries their usual passwords; the per-minute limits still apply on top.
 */
export const FREE_SIGN_IN_FAILURES = 4;

/** The longest wait: 15 minutes (OWASP ASVS 5.0 V6.3.1 suggests slowing, not locking, repeated failures). */
const MAX_DELAY_MS = 15 * 60_000;

/** Entries kept in memory before the ones that no longer delay anything are dropped. */
const PRUNE_AT = 10_000;

interface Failures {
  count: number;
  /** Epoch ms before which this (account, address) may not try again. */
  until: number;
}

/** The 429 message while a (account, address) pair waits. */
export function signInDelayMessage(seconds: number): string {
  return `Too many failed sign-ins from here. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
}

/**
 * Growing delays for sign-in per (account, address) (issue 20 item 7): after `FREE_SIGN_IN_FAILURES` failed
 * sign-ins from one address for one account, each further failure makes that pair wait twice as long
 * (1 s, 2 s, 4 s … up to 15 min) before its next attempt; a success clears the pair. Another address — the
 * owner's own — is never delayed by a stranger's failures, so nobody can lock an owner out.
 * Counts live in this process's memory, like the rate limits (docs/scaling.md), and follow `clock`.
 */
export class SignInDelays {
  private readonly failures = new Map<string, Failures>();

  constructor(private readonly clock: Clock) {}

  /** Whole seconds `key` must still wait before its next attempt; 0 when it may try now. */
  waitSeconds(key: string): number {
    const entry = this.failures.get(key);
    const left = entry ? entry.until - this.clock.now().getTime() : 0;
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /** Records a failed sign-in for `key` (its next delay doubles once past the free failures). */
  failed(key: string): void {
    const now = this.clock.now().getTime();
    if (this.failures.size >= PRUNE_AT) this.prune(now);
    const count = (this.failures.get(key)?.count ?? 0) + 1;
    const over = count - FREE_SIGN_IN_FAILURES;
    const delay = over > 0 ? Math.min(MAX_DELAY_MS, 1000 * 2 ** (over - 1)) : 0;
    this.failures.set(key, { count, until: now + delay });
  }

  /** A successful sign-in: `key` starts afresh. */
  succeeded(key: string): void {
    this.failures.delete(key);
  }

  /** Drops pairs that have waited out their delay for longer than the longest delay. */
  private prune(now: number): void {
    for (const [key, entry] of this.failures) if (entry.until + MAX_DELAY_MS < now) this.failures.delete(key);
  }
}
