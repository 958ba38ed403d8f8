import { describe, expect, it } from 'vitest';
import { resultDate } from './search-dialog.tsx';

describe('resultDate', () => {
  it("names a date of this year by weekday, month and day, read as the family's calendar day", () => {
    expect(resultDate('2026-12-01', '2026-11-22')).toBe('Tue, Dec 1');
    // The first and last days of a year stay on their day whatever the device's zone.
    expect(resultDate('2026-01-01', '2026-11-22')).toBe('Thu, Jan 1');
    expect(resultDate('2026-12-31', '2026-11-22')).toBe('Thu, Dec 31');
  });

  it('adds the year to a date of another year', () => {
    expect(resultDate('2027-12-01', '2026-11-22')).toBe('Wed, Dec 1, 2027');
    expect(resultDate('2025-03-09', '2026-11-22')).toBe('Sun, Mar 9, 2025');
  });
});
