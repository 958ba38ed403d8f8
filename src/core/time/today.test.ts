import { describe, expect, it } from 'vitest';
import { todayIn } from './today.ts';

describe('todayIn (the family\'s "today", issue 18)', () => {
  it('is the date in the family zone, whatever the device zone', () => {
    const now = new Date('2026-11-30T23:30:00Z');
    expect(todayIn('Europe/Berlin', now)).toBe('2026-12-01');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-11-30');
    expect(todayIn('UTC', now)).toBe('2026-11-30');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-11-30T10:00:00Z'))).toBe('2026-12-01');
  });

  it('changes at local midnight, across a DST change (Berlin, 2026-03-29)', () => {
    expect(todayIn('Europe/Berlin', new Date('2026-03-28T22:59:00Z'))).toBe('2026-03-28');
    expect(todayIn('Europe/Berlin', new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    // After the spring-forward, midnight is 22:00 UTC.
    expect(todayIn('Europe/Berlin', new Date('2026-03-29T21:59:00Z'))).toBe('2026-03-29');
    expect(todayIn('Europe/Berlin', new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
  });

  it('throws on a zone the runtime does not know', () => {
    expect(() => todayIn('Mars/Olympus', new Date('2026-11-30T12:00:00Z'))).toThrow(RangeError);
  });
});
