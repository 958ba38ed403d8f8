import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attendeeBadges,
  headerText,
  HOUR_ORDER,
  hourLabel,
  layoutDayColumn,
  matchesMemberFilter,
  itemsByDate,
  monthCellItems,
  monthGrid,
  occursOn,
  parseView,
  shiftDate,
  splitAllDay,
  visibleRange,
  weekDates,
  weekRangeText,
} from './layout.ts';
import { eventEnd, isMultiDay } from './event-span.ts';

const ev = (id: number, start: string, end: string | null) => ({ id, start_date: start, end_date: end });

describe('views and navigation', () => {
  it('accepts only month, week and day', () => {
    expect(['week', 'day', 'month', 'year', null, ''].map(parseView)).toEqual([
      'week',
      'day',
      'month',
      'month',
      'month',
      'month',
    ]);
  });

  it('moves by a month (clamping the day), a week or a day', () => {
    expect(shiftDate('month', '2027-01-31', 1)).toBe('2027-02-28');
    expect(shiftDate('month', '2026-11-22', -1)).toBe('2026-10-22');
    expect(shiftDate('week', '2026-11-22', 1)).toBe('2026-11-29');
    expect(shiftDate('day', '2026-12-31', 1)).toBe('2027-01-01');
  });

  it('writes the three header texts', () => {
    expect(headerText('month', '2026-11-22')).toBe('Month View • November 2026');
    expect(headerText('week', '2026-11-22')).toBe('Week View');
    expect(headerText('day', '2026-11-22')).toBe('Day View • Sunday, November 22, 2026');
    expect(weekRangeText('2026-11-25')).toBe('Nov 22 – Nov 28, 2026');
  });
});

describe('month grid', () => {
  it('has 7 columns from Sunday and whole weeks covering the month', () => {
    const weeks = monthGrid('2026-11-22');
    expect(weeks).toHaveLength(5);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0]?.[0]).toEqual({ date: '2026-11-01', inMonth: true });
    expect(weeks[4]?.[6]).toEqual({ date: '2026-12-05', inMonth: false });
  });

  it('leads with the previous month’s days and can need 6 rows', () => {
    const weeks = monthGrid('2026-08-10'); // 1 August 2026 is a Saturday
    expect(weeks).toHaveLength(6);
    expect(weeks[0]?.slice(0, 6).every((c) => !c.inMonth)).toBe(true);
    expect(weeks[0]?.[6]).toEqual({ date: '2026-08-01', inMonth: true });
  });

  it('asks the API for exactly the visible days', () => {
    expect(visibleRange('month', '2026-11-22')).toEqual({ start: '2026-11-01', end: '2026-12-05' });
    expect(visibleRange('week', '2026-11-25')).toEqual({ start: '2026-11-22', end: '2026-11-28' });
    expect(visibleRange('day', '2026-11-25')).toEqual({ start: '2026-11-25', end: '2026-11-25' });
    expect(weekDates('2026-11-28')[0]).toBe('2026-11-22');
  });

  it('shows 3 events then +N more, and 3 initials then +N', () => {
    expect(monthCellItems([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3], more: 2 });
    expect(monthCellItems([1, 2])).toEqual({ shown: [1, 2], more: 0 });
    expect(attendeeBadges(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b', 'c'], extra: 1 });
  });

  it('puts a multi-day occurrence on every day it overlaps, and not on the day it ends at midnight', () => {
    const trip = ev(1, '2026-11-20T12:00:00', '2026-11-23T00:00:00');
    expect(['2026-11-19', '2026-11-20', '2026-11-22', '2026-11-23'].map((d) => occursOn(trip, d))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe('itemsByDate', () => {
  const grid = monthGrid('2026-11-15')
    .flat()
    .map((c) => c.date); // Sun 1 Nov … Sat 5 Dec
  /** The rule it replaces: every item tested against every day, then ordered all-day first, then by start. */
  const timed = (id: number, start: string, end: string | null, allDay = false) => ({
    ...ev(id, start, end),
    is_all_day: allDay,
  });
  const naive = (items: ReturnType<typeof timed>[], day: string) =>
    items
      .filter((item) => occursOn(item, day))
      .sort(
        (a, b) => Number(b.is_all_day) - Number(a.is_all_day) || a.start_date.localeCompare(b.start_date),
      );

  it('gives each day of the grid what occursOn gives it, in the same order, for any items', () => {
    // Starts from 3 days before the grid to 3 days after, lasting 0 minutes to 5 days, some all-day.
    const item = fc
      .record({
        id: fc.integer({ min: 1, max: 1000 }),
        startMinute: fc.integer({ min: -3 * 1440, max: 38 * 1440 }),
        minutes: fc.oneof(fc.constant(0), fc.constant(1440), fc.integer({ min: 1, max: 5 * 1440 })),
        allDay: fc.boolean(),
        noEnd: fc.boolean(),
      })
      .map(({ id, startMinute, minutes, allDay, noEnd }) => {
        const at = (m: number) => new Date(Date.UTC(2026, 10, 1) + m * 60_000).toISOString().slice(0, 19);
        return timed(id, at(startMinute), noEnd ? null : at(startMinute + minutes), allDay);
      });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), (items) => {
        const byDate = itemsByDate(items, grid);
        expect([...byDate.keys()]).toEqual(grid);
        for (const day of grid) expect(byDate.get(day)).toEqual(naive(items, day));
      }),
    );
  });

  it('puts a trip on each day it overlaps and an item before the grid only on the days it reaches', () => {
    const trip = timed(1, '2026-11-20T12:00:00', '2026-11-23T00:00:00');
    const before = timed(2, '2026-10-30T09:00:00', '2026-11-02T10:00:00');
    const byDate = itemsByDate([trip, before], grid);
    expect(grid.filter((d) => byDate.get(d)?.includes(trip))).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(grid.filter((d) => byDate.get(d)?.includes(before))).toEqual(['2026-11-01', '2026-11-02']);
    expect(itemsByDate([trip], []).size).toBe(0);
  });
});

describe('hours', () => {
  it('orders 24 hours from 6 AM with 0–5 at the end, labelled 12 AM to 11 PM', () => {
    expect(HOUR_ORDER).toEqual([
      6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0, 1, 2, 3, 4, 5,
    ]);
    expect(HOUR_ORDER.map(hourLabel).slice(0, 1)).toEqual(['6 AM']);
    expect([0, 11, 12, 23].map(hourLabel)).toEqual(['12 AM', '11 AM', '12 PM', '11 PM']);
  });
});

describe('day column layout', () => {
  it('places events 64 px an hour from 6 AM; early-morning hours at the bottom', () => {
    const [a] = layoutDayColumn('2026-11-23', [ev(1, '2026-11-23T08:30:00', '2026-11-23T10:00:00')]);
    expect(a).toMatchObject({ top: 160, height: 96, column: 0, columns: 1 });
    const [b] = layoutDayColumn('2026-11-23', [ev(2, '2026-11-23T05:00:00', '2026-11-23T06:00:00')]);
    expect(b).toMatchObject({ top: 23 * 64, height: 64 });
  });

  it('puts overlapping events side by side in equal columns, reusing free columns', () => {
    const placed = layoutDayColumn('2026-11-23', [
      ev(1, '2026-11-23T09:00:00', '2026-11-23T11:00:00'),
      ev(2, '2026-11-23T09:30:00', '2026-11-23T10:00:00'),
      ev(3, '2026-11-23T10:00:00', '2026-11-23T10:30:00'),
      ev(4, '2026-11-23T12:00:00', '2026-11-23T13:00:00'),
    ]);
    expect(placed.map((p) => [p.item.id, p.column, p.columns])).toEqual([
      [1, 0, 2],
      [2, 1, 2],
      [3, 1, 2],
      [4, 0, 1],
    ]);
  });

  it('clips an evening event at midnight', () => {
    const [p] = layoutDayColumn('2026-11-23', [ev(1, '2026-11-23T23:00:00', '2026-11-24T01:00:00')]);
    expect(p).toMatchObject({ top: 17 * 64, height: 64 });
  });
});

describe('filter and spans', () => {
  it('matches by organizer or attendee; an empty filter shows everything', () => {
    const e = { organizer_id: 1, attendees: ['3', '4'] };
    expect(matchesMemberFilter(e, new Set())).toBe(true);
    expect(matchesMemberFilter(e, new Set([1]))).toBe(true);
    expect(matchesMemberFilter(e, new Set([4]))).toBe(true);
    expect(matchesMemberFilter(e, new Set([2]))).toBe(false);
  });

  it('computes ends and the multi-day rule (SPEC §9)', () => {
    const timed = {
      start_date: '2026-11-23T16:00:00',
      end_date: null,
      duration_minutes: 90,
      is_all_day: false,
    };
    expect(eventEnd(timed)).toBe('2026-11-23T17:30:00');
    expect(eventEnd({ ...timed, is_all_day: true })).toBe('2026-11-24T00:00:00');
    expect(isMultiDay(timed)).toBe(false);
    expect(isMultiDay({ ...timed, end_date: '2026-11-24T10:00:00' })).toBe(true);
    expect(isMultiDay({ ...timed, is_all_day: true })).toBe(true);
    const { allDay, timed: t } = splitAllDay([
      { ...timed, is_multi_day: isMultiDay(timed) },
      { ...timed, is_all_day: true, is_multi_day: true },
    ]);
    expect([allDay.length, t.length]).toEqual([1, 1]);
  });
});
