import { describe, expect, it } from 'vitest';
import { AGENDA_DAYS, calendarAddress, shownDates } from './range.ts';

describe('calendarAddress (what the calendar opens on, issue 23: shared with the early fetch)', () => {
  it('takes the view and a valid date from the address', () => {
    const params = new URLSearchParams({ view: 'week', date: '2026-12-03' });
    expect(calendarAddress(params, false)).toEqual({ view: 'week', requested: '2026-12-03' });
  });

  it('opens on the agenda on a phone and the month otherwise; an invalid date is no date', () => {
    const params = new URLSearchParams({ view: 'year', date: '2026-02-30' });
    expect(calendarAddress(params, true)).toEqual({ view: 'agenda', requested: null });
    expect(calendarAddress(new URLSearchParams(), false)).toEqual({ view: 'month', requested: null });
  });
});

describe('shownDates (the days the calendar fetches)', () => {
  it("is the month grid's whole weeks for a month", () => {
    const dates = shownDates('month', '2026-11-23', false);
    expect([dates[0], dates.at(-1), dates.length]).toEqual(['2026-11-01', '2026-12-05', 35]);
  });

  it('lists the agenda from its date, growing with "Show more days"', () => {
    expect(shownDates('agenda', '2026-11-23', true)).toHaveLength(AGENDA_DAYS);
    expect(shownDates('agenda', '2026-11-23', true, 28).at(-1)).toBe('2026-12-20');
  });

  it('is three days from the date for a week on a phone, Sunday to Saturday otherwise', () => {
    expect(shownDates('week', '2026-11-25', true)).toEqual(['2026-11-25', '2026-11-26', '2026-11-27']);
    expect(shownDates('week', '2026-11-25', false)[0]).toBe('2026-11-22');
  });
});
