import { describe, expect, it } from 'vitest';
import { calendarDateOf, calendarReturnState } from './calendar-return.ts';

describe('the calendar date carried in history state', () => {
  it('reads back the date it was given', () => {
    expect(calendarDateOf(calendarReturnState('2026-12-10'))).toBe('2026-12-10');
  });

  it('reads nothing from a state without one (a link, a reload, another screen)', () => {
    for (const state of [null, undefined, 'calendarDate', 42, {}, { other: '2026-12-10' }]) {
      expect(calendarDateOf(state)).toBeNull();
    }
  });

  it('reads nothing from a state whose date is not a valid YYYY-MM-DD', () => {
    for (const calendarDate of ['2026-02-30', '10/12/2026', '2026-12-10T09:00:00', 20261210, null]) {
      expect(calendarDateOf({ calendarDate })).toBeNull();
    }
  });
});
