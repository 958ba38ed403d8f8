/**
 * Retry timing for the notification dispatcher: capped exponential backoff with jitter
 * (AWS Architecture Blog, "Exponential Backoff and Jitter", the "equal jitter" variant: half the delay is
 * fixed so retries never bunch at zero, half is random so many failing messages do not retry in lockstep).
 */

export interface BackoffPolicy {
  /** Delay before the first retry, in milliseconds (before jitter). */
  baseMs: number;
  /** Upper bound on any delay, in milliseconds. */
  maxMs: number;
  /** Total send attempts before a message is marked failed (the first try counts). */
  maxAttempts: number;
}

/** 30 s, 1 min, 2 min, … capped at 1 h; 8 attempts span roughly 2 hours. */
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 30_000, maxMs: 60 * 60_000, maxAttempts: 8 };

/**
 * Milliseconds to wait after failed attempt number `attempt` (1-based) before trying again.
 * `random` returns a number in [0, 1); inject a fixed one in tests.
 * @throws RangeError when `attempt` is not a positive integer.
 */
export function retryDelayMs(
  attempt: number,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  if (!Number.isInteger(attempt) || attempt < 1)
    throw new RangeError(`attempt must be a positive integer, got ${attempt}`);
  // 2 ** 40 already exceeds any sane cap; clamping the exponent keeps the maths finite.
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(attempt - 1, 40));
  const half = ceiling / 2;
  return Math.round(half + random() * half);
}

/** True when a message that has had `attempts` tries may be tried again under `policy`. */
export function mayRetry(attempts: number, policy: BackoffPolicy = DEFAULT_BACKOFF): boolean {
  return attempts < policy.maxAttempts;
}
