import { describe, expect, it } from 'vitest';
import {
  addLocalMinutes,
  instantToLocal,
  isLocalDate,
  localMinutesBetween,
  localToInstant,
  normalizeLocal,
  parseLocal,
} from './local-time.ts';

describe('local wall-clock time', () => {
  it('parses and normalises, refusing unreal dates', () => {
    expect(normalizeLocal('2026-11-22T08:05:59')).toBe('2026-11-22T08:05:00');
    expect(parseLocal('2026-02-29T10:00')).toBeNull();
    expect(parseLocal('2026-11-22T24:00')).toBeNull();
    expect(parseLocal('2026-11-22 10:00')).toBeNull();
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2027-02-29')).toBe(false);
  });

  it('does wall-clock arithmetic across DST', () => {
    expect(addLocalMinutes('2026-03-07T08:00:00', 1440)).toBe('2026-03-08T08:00:00');
    expect(localMinutesBetween('2026-03-07T08:00:00', '2026-03-08T08:00:00')).toBe(1440);
  });

  it('converts to instants in the zone, reading gap times with the offset before the gap', () => {
    expect(localToInstant('2026-03-07T08:00:00', 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-07T16:00:00.000Z',
    );
    expect(localToInstant('2026-03-08T08:00:00', 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-08T15:00:00.000Z',
    );
    expect(localToInstant('2026-03-08T02:30:00', 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-08T10:30:00.000Z',
    );
    expect(localToInstant('2026-04-05T02:30:00', 'Australia/Sydney').toISOString()).toBe(
      '2026-04-04T15:30:00.000Z',
    );
    expect(instantToLocal(new Date('2026-11-22T16:00:00Z'), 'Europe/London')).toBe('2026-11-22T16:00:00');
  });
});
