import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attendeeBadges,
  headerText,
  shortDayName,
  HOUR_ORDER,
  hourLabel,
  layoutDayColumn,
  matchesMemberFilter,
  itemsByDate,
  occursOn,
  shiftDate,
  splitAllDay,
  rangeText,
  layoutMonthWeek,
  MONTH_CELL_MAX_EVENTS,
  layoutSpanBars,
  lastDayOf,
  limitColumns,
  longDayName,
  shortTime,
  whenText,
  clockTime,
} from './layout.ts';
import { monthGrid, parseView, weekDates, defaultView, viewDates, viewFromQuery } from './range.ts';
import { eventEnd, isMultiDay } from './event-span.ts';
import { addLocalDays } from '../time/local-time.ts';
import { addMonths, format, parseISO } from 'date-fns';

const ev = (id: number, start: string, end: string | null) => ({ id, start_date: start, end_date: end });

describe('views and navigation', () => {
  it('accepts only month, week, day and agenda', () => {
    expect(['week', 'day', 'month', 'agenda', 'year', null, ''].map(parseView)).toEqual([
      'week',
      'day',
      'month',
      'agenda',
      'month',
      'month',
      'month',
    ]);
    expect(['agenda', 'year', null].map(viewFromQuery)).toEqual(['agenda', null, null]);
  });

  it('opens on the agenda on a phone and on the month otherwise (issue 22)', () => {
    expect(defaultView(true)).toBe('agenda');
    expect(defaultView(false)).toBe('month');
  });

  it('shows 3 days from the date in a phone week, 14 in the agenda, and moves by as many', () => {
    expect(viewDates('week', '2026-11-25', true)).toEqual(['2026-11-25', '2026-11-26', '2026-11-27']);
    expect(viewDates('week', '2026-11-30', true)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
    expect(shiftDate('week', '2026-11-25', 1, true)).toBe('2026-11-28');
    expect(shiftDate('week', '2026-11-25', -1, true)).toBe('2026-11-22');
    expect([viewDates('agenda', '2026-12-25')[0], viewDates('agenda', '2026-12-25').at(-1)]).toEqual([
      '2026-12-25',
      '2027-01-07',
    ]);
    expect(shiftDate('agenda', '2026-12-25', 1)).toBe('2027-01-08');
  });

  it('moves by a month (clamping the day), a week or a day', () => {
    expect(shiftDate('month', '2027-01-31', 1)).toBe('2027-02-28');
    const day = fc.date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true });
    fc.assert(
      fc.property(day, fc.constantFrom(1 as const, -1 as const), (d, direction) => {
        const date = d.toISOString().slice(0, 10);
        expect(shiftDate('month', date, direction)).toBe(
          format(addMonths(parseISO(date), direction), 'yyyy-MM-dd'),
        );
      }),
    );
    expect(shiftDate('month', '2026-11-22', -1)).toBe('2026-10-22');
    expect(shiftDate('week', '2026-11-22', 1)).toBe('2026-11-29');
    expect(shiftDate('day', '2026-12-31', 1)).toBe('2027-01-01');
  });

  it('writes the header texts', () => {
    expect(headerText('month', '2026-11-22')).toBe('Month View • November 2026');
    expect(headerText('week', '2026-11-22')).toBe('Week View');
    expect(headerText('day', '2026-11-22')).toBe('Day View • Sunday, November 22, 2026');
    expect(headerText('agenda', '2026-11-22')).toBe('Agenda');
    expect(rangeText(weekDates('2026-11-25'))).toBe('Nov 22 – Nov 28, 2026');
  });

  it('says when an occurrence happens', () => {
    const at = (start: string, end: string | null, allDay = false) => ({
      start_date: start,
      end_date: end,
      is_all_day: allDay,
    });
    expect(clockTime('2026-11-22T00:05:00')).toBe('12:05 AM');
    expect(whenText(at('2026-11-22T07:45:00', '2026-11-22T08:15:00'))).toBe('7:45 AM – 8:15 AM');
    expect(whenText(at('2026-11-22T00:00:00', '2026-11-23T00:00:00', true))).toBe('All day');
    expect(whenText(at('2026-11-22T00:00:00', null, true))).toBe('All day');
    expect(whenText(at('2026-11-19T00:00:00', '2026-11-23T00:00:00', true))).toBe('All day, Nov 19 – Nov 22');
    expect(whenText(at('2026-11-28T08:00:00', '2026-11-29T16:00:00'))).toBe(
      'Nov 28, 8:00 AM – Nov 29, 4:00 PM',
    );
    expect(whenText(at('2026-11-28T23:00:00', '2026-11-29T00:00:00'))).toBe('11:00 PM – 12:00 AM');
  });

  it('writes short chip times', () => {
    expect(['07:00', '07:45', '12:00', '00:30', '23:15'].map((t) => shortTime(`2026-11-22T${t}:00`))).toEqual(
      ['7a', '7:45a', '12p', '12:30a', '11:15p'],
    );
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
    const ends = (dates: string[]) => [dates[0], dates.at(-1)];
    expect(ends(viewDates('month', '2026-11-22'))).toEqual(['2026-11-01', '2026-12-05']);
    expect(ends(viewDates('week', '2026-11-25'))).toEqual(['2026-11-22', '2026-11-28']);
    expect(viewDates('day', '2026-11-25')).toEqual(['2026-11-25']);
    expect(weekDates('2026-11-28')[0]).toBe('2026-11-22');
  });

  it('gives every month whole weeks from the Sunday on or before the 1st to the Saturday after its last day', () => {
    const day = fc.date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true });
    fc.assert(
      fc.property(day, (d) => {
        const date = d.toISOString().slice(0, 10);
        const first = `${date.slice(0, 7)}-01`;
        const last = addLocalDays(`${addLocalDays(first, 32).slice(0, 7)}-01`, -1);
        const cells = monthGrid(date).flat();
        const start = cells[0]?.date ?? '';
        expect(cells.map((c) => c.date)).toEqual(
          Array.from({ length: cells.length }, (_, i) => addLocalDays(start, i)),
        );
        expect(new Date(`${start}T00:00Z`).getUTCDay()).toBe(0);
        expect(start <= first && addLocalDays(start, 7) > first).toBe(true);
        const end = cells.at(-1)?.date ?? '';
        expect(end >= last && addLocalDays(end, -7) < last).toBe(true);
        expect(cells.every((c) => c.inMonth === (c.date.slice(0, 7) === date.slice(0, 7)))).toBe(true);
      }),
    );
  });

  it('names a day as date-fns does (EEEE, MMMM d), without date-fns', () => {
    expect(longDayName('2026-12-01')).toBe('Tuesday, December 1');
    const day = fc.date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true });
    fc.assert(
      fc.property(day, (d) => {
        const date = d.toISOString().slice(0, 10);
        expect(longDayName(date)).toBe(format(parseISO(date), 'EEEE, MMMM d'));
      }),
    );
  });

  it('names a month and a short day as date-fns does (MMMM yyyy, MMM d), without date-fns', () => {
    expect(shortDayName('2026-09-07')).toBe('Sep 7');
    const day = fc.date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true });
    fc.assert(
      fc.property(day, (d) => {
        const date = d.toISOString().slice(0, 10);
        expect(headerText('month', date)).toBe(`Month View • ${format(parseISO(date), 'MMMM yyyy')}`);
        expect(shortDayName(date)).toBe(format(parseISO(date), 'MMM d'));
        expect(shortDayName(`${date}T13:45:00`)).toBe(format(parseISO(date), 'MMM d'));
      }),
    );
  });

  it('shows 3 initials then +N', () => {
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

  const six = Array.from({ length: 6 }, (_, i) =>
    ev(i + 1, `2026-11-23T16:${String(i * 5).padStart(2, '0')}:00`, '2026-11-23T17:30:00'),
  );

  it('keeps overlapping events side by side while each gets 72 px', () => {
    const placed = layoutDayColumn('2026-11-23', six);
    const { shown, overflow } = limitColumns(placed, 6 * 72);
    expect(shown.map((p) => [p.item.id, p.column, p.columns, p.narrowed])).toEqual(
      six.map((e, i) => [e.id, i, 6, false]),
    );
    expect(overflow).toEqual([]);
  });

  it('always draws up to four overlapping events side by side, however narrow the column (issue 46)', () => {
    const four = layoutDayColumn('2026-11-23', six.slice(0, 4));
    for (const width of [90, 128]) {
      const { shown, overflow } = limitColumns(four, width);
      expect(shown.map((p) => [p.item.id, p.column, p.columns, p.narrowed])).toEqual(
        six.slice(0, 4).map((e, i) => [e.id, i, 4, false]),
      );
      expect(overflow).toEqual([]);
    }
  });

  it('past four, keeps what fits (at least three) beside a +N tile that lists the whole group', () => {
    const placed = layoutDayColumn('2026-11-23', [
      ...six,
      ev(9, '2026-11-23T19:00:00', '2026-11-23T20:00:00'),
    ]);
    // 128 px: three stay beside the 32 px tile, three hide behind '+3'.
    const { shown, overflow } = limitColumns(placed, 128);
    expect(shown.map((p) => [p.item.id, p.columns, p.narrowed])).toEqual([
      [1, 3, true],
      [2, 3, true],
      [3, 3, true],
      [9, 1, false],
    ]);
    expect(overflow).toHaveLength(1);
    expect(overflow[0]).toMatchObject({ hidden: 3, top: 10 * 64 + (15 * 64) / 60, group: 0 });
    expect(overflow[0]?.items.map((i) => i.id)).toEqual([1, 2, 3, 4, 5, 6]);
    // 330 px: four fit beside the tile.
    expect(limitColumns(placed, 330).shown.filter((p) => p.narrowed)).toHaveLength(4);
  });

  it('in a phone column (90 px) keeps three of six beside the tile', () => {
    const { shown, overflow } = limitColumns(layoutDayColumn('2026-11-23', six), 90);
    expect(shown.map((p) => [p.item.id, p.columns, p.narrowed])).toEqual([
      [1, 3, true],
      [2, 3, true],
      [3, 3, true],
    ]);
    expect(overflow[0]).toMatchObject({ hidden: 3 });
  });

  it('never draws more than fits, and every event is either drawn or behind a tile', () => {
    const event = fc
      .tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 16 }))
      .map(([q, len]) => [q, len] as const);
    fc.assert(
      fc.property(fc.array(event, { maxLength: 25 }), fc.integer({ min: 40, max: 900 }), (spec, width) => {
        const items = spec.map(([q, len], i) => {
          const start = `2026-11-23T${String(6 + Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}:00`;
          const end = `2026-11-23T${String(Math.min(23, 6 + Math.floor((q + len) / 4))).padStart(2, '0')}:${String(((q + len) % 4) * 15).padStart(2, '0')}:00`;
          return ev(i + 1, start, end < start ? start : end);
        });
        const { shown, overflow } = limitColumns(layoutDayColumn('2026-11-23', items), width);
        const hidden = overflow.reduce((n, t) => n + t.hidden, 0);
        expect(shown.length + hidden).toBe(items.length);
        for (const p of shown) {
          const room = width - (p.narrowed ? 32 : 0);
          expect(p.narrowed || overflow.every((t) => t.group !== p.group)).toBe(true);
          expect(p.column).toBeLessThan(p.columns);
          expect(room / p.columns >= 72 || p.columns <= 4).toBe(true);
        }
      }),
    );
  });
});

const span = (id: number, start: string, end: string | null, multi = true) => ({
  id,
  start_date: start,
  end_date: end,
  is_multi_day: multi,
});

describe('bars for multi-day and all-day events (issue 22)', () => {
  const week = weekDates('2026-11-22'); // Sun 22 … Sat 28

  it('ends a bar the day before an end at midnight (all-day DTEND is exclusive)', () => {
    expect(lastDayOf(span(1, '2026-11-19T00:00:00', '2026-11-23T00:00:00'))).toBe('2026-11-22');
    expect(lastDayOf(span(1, '2026-11-28T08:00:00', '2026-11-29T16:00:00'))).toBe('2026-11-29');
    expect(lastDayOf(span(1, '2026-11-28T00:00:00', null))).toBe('2026-11-28');
  });

  it('draws one bar per row, open-ended where it goes on, on the first free lane', () => {
    const bars = layoutSpanBars(
      [
        span(3, '2026-11-26T00:00:00', '2026-11-27T00:00:00'), // Thu, all day
        span(1, '2026-11-19T00:00:00', '2026-11-24T00:00:00'), // Thu 19 – Mon 23
        span(2, '2026-11-23T09:00:00', '2026-12-01T12:00:00'), // Mon 23 – Tue 1 Dec, timed
        span(4, '2026-11-01T00:00:00', '2026-11-02T00:00:00'), // another week
      ],
      week,
    );
    expect(
      bars.map((b) => [b.item.id, b.start, b.span, b.lane, b.continuesBefore, b.continuesAfter]),
    ).toEqual([
      [1, 0, 2, 0, true, false],
      [2, 1, 6, 1, false, true],
      [3, 4, 1, 0, false, false],
    ]);
  });

  it('month week: at most 3 lines a day, bars first, the rest as +N more', () => {
    const trip = span(1, '2026-11-22T00:00:00', '2026-11-25T00:00:00'); // Sun–Tue
    const timed = (id: number, day: string, hour: number) =>
      span(
        id,
        `${day}T${String(hour).padStart(2, '0')}:00:00`,
        `${day}T${String(hour + 1).padStart(2, '0')}:00:00`,
        false,
      );
    const items = [
      trip,
      timed(2, '2026-11-23', 8),
      timed(3, '2026-11-23', 9),
      timed(4, '2026-11-23', 10),
      timed(5, '2026-11-26', 8),
    ];
    const byDay = itemsByDate(
      items.map((i) => ({ ...i, is_all_day: i.is_multi_day })),
      week,
    );
    const layout = layoutMonthWeek(
      week,
      week.map((d) => byDay.get(d) ?? []),
    );
    expect(layout.bars.map((b) => [b.item.id, b.start, b.span, b.lane])).toEqual([[1, 0, 3, 0]]);
    expect(layout.chips.map((c) => [c.item.id, c.day, c.line])).toEqual([
      [2, 1, 1],
      [3, 1, 2],
      [5, 4, 0],
    ]);
    expect(layout.more).toEqual([0, 1, 0, 0, 0, 0, 0]);
  });

  it('counts every event of a day as drawn or in +N more, each on its own line, for any items (screen and paper)', () => {
    const item = fc
      .tuple(
        fc.integer({ min: -3, max: 9 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 23 }),
        fc.boolean(),
      )
      .map(([d, len, h, multi]) => ({ d, len: multi ? len : 0, h, multi }));
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), (spec) => {
        const items = spec.map((s, i) => {
          const day = addLocalDays('2026-11-22', s.d);
          const start = `${day}T${String(s.h).padStart(2, '0')}:00:00`;
          const end = s.multi
            ? `${addLocalDays(day, s.len + 1)}T00:00:00`
            : `${day}T${String(s.h).padStart(2, '0')}:30:00`;
          return { id: i + 1, start_date: start, end_date: end, is_multi_day: s.multi, is_all_day: s.multi };
        });
        const byDay = itemsByDate(items, week);
        const days = week.map((d) => byDay.get(d) ?? []);
        // The screen's 3 lines, and paper's unbounded ones (month-view.tsx while printing: no '+N more').
        for (const max of [MONTH_CELL_MAX_EVENTS, Number.POSITIVE_INFINITY]) {
          const layout = layoutMonthWeek(week, days, max);
          days.forEach((list, day) => {
            const bars = layout.bars.filter((b) => b.start <= day && day < b.start + b.span);
            const chips = layout.chips.filter((c) => c.day === day);
            expect(bars.length + chips.length + (layout.more[day] ?? 0)).toBe(list.length);
            expect(bars.length + chips.length).toBeLessThanOrEqual(max);
            if (max === Number.POSITIVE_INFINITY) expect(layout.more[day]).toBe(0);
            const lines = [...bars.map((b) => b.lane), ...chips.map((c) => c.line)];
            expect(new Set(lines).size).toBe(lines.length);
          });
        }
      }),
    );
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
