import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, mayRetry, retryDelayMs } from './backoff.ts';

const policy = { baseMs: 1000, maxMs: 10_000, maxAttempts: 4 };

describe('retryDelayMs', () => {
  it('doubles per attempt between half and all of the ceiling', () => {
    expect(retryDelayMs(1, policy, () => 0)).toBe(500);
    expect(retryDelayMs(1, policy, () => 0.999999)).toBe(1000);
    expect(retryDelayMs(2, policy, () => 0)).toBe(1000);
    expect(retryDelayMs(3, policy, () => 0.5)).toBe(3000);
  });

  it('never exceeds the cap, however many attempts', () => {
    expect(retryDelayMs(5, policy, () => 0.999999)).toBe(10_000);
    expect(retryDelayMs(1000, policy, () => 0.999999)).toBe(10_000);
  });

  it('spreads retries with jitter', () => {
    const delays = new Set(Array.from({ length: 20 }, () => retryDelayMs(4, DEFAULT_BACKOFF)));
    expect(delays.size).toBeGreaterThan(1);
  });

  it('rejects attempt numbers below 1', () => {
    expect(() => retryDelayMs(0, policy)).toThrow(RangeError);
    expect(() => retryDelayMs(1.5, policy)).toThrow(RangeError);
  });
});

describe('mayRetry', () => {
  it('allows retries until maxAttempts tries were made', () => {
    expect(mayRetry(3, policy)).toBe(true);
    expect(mayRetry(4, policy)).toBe(false);
  });
});
