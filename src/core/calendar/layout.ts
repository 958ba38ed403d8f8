import { format, parseISO } from 'date-fns';
import { addLocalDays, localDateOf, localMinutesBetween } from '../time/local-time.ts';
import { viewDates, type CalendarView } from './range.ts';

/**
 * Pure layout rules of the Calendar screen (SPEC §2 Calendar screen, §9). Dates are family-local
 * `YYYY-MM-DD`; times local `YYYY-MM-DDTHH:mm:00`. No zone is involved: the calendar shows wall-clock time.
 */

/** SPEC §9: at most 3 events in a month cell, then '+N more'; 3 attendee initials, then '+N'. */
export const MONTH_CELL_MAX_EVENTS = 3;
export const MAX_ATTENDEE_INITIALS = 3;
/** SPEC §9 day grid: 24 rows from 6 AM, 64 px an hour, scroll area at most 640 px. */
export const HOUR_HEIGHT_PX = 64;
export const GRID_MAX_HEIGHT_PX = 640;
export const FIRST_HOUR = 6;

/** SPEC §9: the 24 hours ordered from 6 AM, with 0–5 at the end: [6, 7, …, 23, 0, 1, …, 5]. */
export const HOUR_ORDER: readonly number[] = Array.from({ length: 24 }, (_, i) => (i + FIRST_HOUR) % 24);

/** '12 AM', '1 AM', … '11 AM', '12 PM', '1 PM', … '11 PM' (SPEC §9 hour labels). */
export function hourLabel(hour: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** Two-digit hour as the form and the `hour` query parameter use it ('06'). */
export function hourValue(hour: number): string {
  return String(hour).padStart(2, '0');
}

/**
 * Previous (-1) / next (+1) by the view's unit: one month (day clamped, Jan 31 → Feb 28), week (on a phone
 * its 3 days), day, or the agenda's 14 days.
 */
export function shiftDate(view: CalendarView, date: string, direction: 1 | -1, phone = false): string {
  if (view === 'month') {
    // Number work on one UTC clock (it runs at every month switch, issue 23), clamped like date-fns' addMonths.
    const [year, month, day] = [date.slice(0, 4), date.slice(5, 7), date.slice(8, 10)].map(Number) as [
      number,
      number,
      number,
    ];
    const last = new Date(Date.UTC(year, month + direction, 0)).getUTCDate();
    return new Date(Date.UTC(year, month - 1 + direction, Math.min(day, last))).toISOString().slice(0, 10);
  }
  return addLocalDays(date, viewDates(view, date, phone).length * direction);
}

/**
 * SPEC §2 header: 'Month View • November 2026', 'Week View', 'Day View • Sunday, November 22, 2026'; the agenda
 * (issue 22) reads 'Agenda'.
 */
export function headerText(view: CalendarView, date: string): string {
  // The month's title from the text (it is read at every month switch, issue 23), as date-fns' 'MMMM yyyy'.
  if (view === 'month') return `Month View • ${monthName(date)} ${date.slice(0, 4)}`;
  if (view === 'week') return 'Week View';
  if (view === 'agenda') return 'Agenda';
  return `Day View • ${format(parseISO(date), 'EEEE, MMMM d, yyyy')}`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The English name of a `YYYY-MM-DD…`'s month ('December'). */
function monthName(date: string): string {
  return MONTH_NAMES[Number(date.slice(5, 7)) - 1] ?? '';
}

/**
 * 'Dec 1' for a `YYYY-MM-DD…` (date-fns' 'MMM d' in English), from the text alone: chips name their days at
 * every month switch (issue 23), so no date is parsed.
 */
export function shortDayName(date: string): string {
  return `${monthName(date).slice(0, 3)} ${String(Number(date.slice(8, 10)))}`;
}

/** The sub-heading under 'Week View' and 'Agenda': the first and last of `dates`, 'Nov 22 – Nov 28, 2026'. */
export function rangeText(dates: readonly string[]): string {
  const first = parseISO(dates[0] ?? '');
  const last = parseISO(dates.at(-1) ?? '');
  return `${format(first, 'MMM d')} – ${format(last, 'MMM d, yyyy')}`;
}

/**
 * A short clock time for chips, so the title keeps the room (issue 22): '7a', '7:45a', '12p' for a local
 * `YYYY-MM-DDTHH:mm…`.
 */
export function shortTime(local: string): string {
  const hour = Number(local.slice(11, 13));
  const minute = local.slice(14, 16);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${String(h12)}${minute === '00' ? '' : `:${minute}`}${hour < 12 ? 'a' : 'p'}`;
}

const DAY_NAME = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const dayNames = new Map<string, string>();

/**
 * A day in words, 'Tuesday, December 1' (date-fns' 'EEEE, MMMM d', in English like the rest of the app) for a
 * `YYYY-MM-DD`: one shared formatter, each date named once (issue 23: the month view names its 42 days at
 * every switch).
 */
export function longDayName(date: string): string {
  let name = dayNames.get(date);
  if (name === undefined) {
    name = DAY_NAME.format(new Date(`${date}T00:00:00Z`));
    dayNames.set(date, name);
  }
  return name;
}

/** True when the occurrence overlaps the local day `date` ([00:00, next 00:00)). */
export function occursOn(item: { start_date: string; end_date: string | null }, date: string): boolean {
  const dayStart = `${date}T00:00:00`;
  const dayEnd = `${addLocalDays(date, 1)}T00:00:00`;
  const end = item.end_date ?? item.start_date;
  return item.start_date < dayEnd && (end > dayStart || item.start_date >= dayStart);
}

/**
 * The items of each day in `dates` (consecutive ascending `YYYY-MM-DD`, e.g. a month grid's cells), by the same
 * rule as `occursOn`, each day's list ordered all-day first, then by start time. One pass over `items` that
 * visits only the days an item spans, instead of testing every item against every day (42 × 300 tests for a
 * busy month), comparing text only: the month view's switch cost (issues 14 and 23).
 * @returns a map from every date in `dates` to its items (an empty array when none).
 */
export function itemsByDate<T extends { start_date: string; end_date: string | null; is_all_day: boolean }>(
  items: readonly T[],
  dates: readonly string[],
): Map<string, T[]> {
  const lists = dates.map((): T[] => []);
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (first !== undefined && last !== undefined) {
    // The days' bounds as text, once (issue 23: no date parsing per item and day, only string comparisons).
    const dayStarts = dates.map((d) => `${d}T00:00:00`);
    dayStarts.push(`${addLocalDays(last, 1)}T00:00:00`);
    const index = new Map(dates.map((d, i) => [d, i]));
    for (const item of items) {
      const startDay = localDateOf(item.start_date);
      if (startDay > last) continue;
      const end = item.end_date ?? item.start_date;
      // Days are contiguous: the first day it misses (`occursOn`'s rule) ends its span.
      for (let i = startDay < first ? 0 : (index.get(startDay) ?? dates.length); i < dates.length; i += 1) {
        const dayStart = dayStarts[i] ?? '';
        if (!(item.start_date < (dayStarts[i + 1] ?? '') && (end > dayStart || item.start_date >= dayStart)))
          break;
        lists[i]?.push(item);
      }
    }
  }
  for (const list of lists) {
    list.sort(
      (a, b) =>
        Number(b.is_all_day) - Number(a.is_all_day) ||
        (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : 0),
    );
  }
  return new Map(dates.map((d, i) => [d, lists[i] ?? []]));
}

/** Up to `MAX_ATTENDEE_INITIALS` attendees and the '+N' count for the rest. */
export function attendeeBadges<T>(
  attendees: readonly T[],
  max = MAX_ATTENDEE_INITIALS,
): { shown: T[]; extra: number } {
  return { shown: attendees.slice(0, max), extra: Math.max(0, attendees.length - max) };
}

/**
 * SPEC §4 member filter: an empty selection shows everything; otherwise an event matches when its
 * organizer or one of its attendees is selected.
 */
export function matchesMemberFilter(
  item: { organizer_id: number | null; attendees: readonly string[] },
  selected: ReadonlySet<number>,
): boolean {
  if (selected.size === 0) return true;
  if (item.organizer_id !== null && selected.has(item.organizer_id)) return true;
  return item.attendees.some((id) => selected.has(Number(id)));
}

/**
 * Splits a day's occurrences into the All Day band (multi-day or all-day, SPEC §9, as the API's
 * `is_multi_day` says) and timed events.
 */
export function splitAllDay<T extends { is_multi_day: boolean }>(
  items: readonly T[],
): { allDay: T[]; timed: T[] } {
  const allDay: T[] = [];
  const timed: T[] = [];
  for (const item of items) (item.is_multi_day ? allDay : timed).push(item);
  return { allDay, timed };
}

/** Minutes from the top of the day grid (6 AM) to a local time on `date`; hours 0–5 sit at the bottom. */
export function gridOffsetMinutes(date: string, time: string): number {
  const minutes = localMinutesBetween(`${date}T00:00:00`, time);
  const hour = Math.floor(minutes / 60);
  return hour >= FIRST_HOUR ? minutes - FIRST_HOUR * 60 : minutes + (24 - FIRST_HOUR) * 60;
}

/** A timed event placed in a day column. */
export interface PlacedEvent<T> {
  item: T;
  /** Pixels from the top of the grid. */
  top: number;
  /** Pixels tall (at least a quarter hour, so a short event stays clickable). */
  height: number;
  /** Column index within its overlap group, and the group's column count (equal widths). */
  column: number;
  columns: number;
  /** Which overlap group of the day it belongs to (0, 1, … from the top). */
  group: number;
}

/**
 * Places a day's timed events on the grid: position from the start (6 AM at the top), height from the
 * length clipped to the section it starts in (6 AM–midnight, or midnight–6 AM at the bottom). Events that
 * overlap in time share their group's width in equal columns, each in the first free column.
 */
export function layoutDayColumn<T extends { start_date: string; end_date: string | null; id: number }>(
  date: string,
  items: readonly T[],
): PlacedEvent<T>[] {
  const boxes = items
    .filter((i) => localDateOf(i.start_date) === date)
    .map((item) => {
      const top = gridOffsetMinutes(date, item.start_date);
      const sectionEnd = top < (24 - FIRST_HOUR) * 60 ? (24 - FIRST_HOUR) * 60 : 24 * 60;
      const length = item.end_date ? localMinutesBetween(item.start_date, item.end_date) : 60;
      const bottom = Math.min(sectionEnd, top + Math.max(15, length));
      return { item, top, bottom };
    })
    .sort((a, b) => a.top - b.top || b.bottom - a.bottom || a.item.id - b.item.id);

  const placed: PlacedEvent<T>[] = [];
  let group: Array<{ box: (typeof boxes)[number]; column: number }> = [];
  let groupEnd = -1;
  let groupIndex = 0;
  const flush = () => {
    if (group.length === 0) return;
    const columns = Math.max(1, ...group.map((g) => g.column + 1));
    for (const g of group) {
      placed.push({
        item: g.box.item,
        top: (g.box.top * HOUR_HEIGHT_PX) / 60,
        height: ((g.box.bottom - g.box.top) * HOUR_HEIGHT_PX) / 60,
        column: g.column,
        columns,
        group: groupIndex,
      });
    }
    group = [];
    groupEnd = -1;
    groupIndex += 1;
  };
  for (const box of boxes) {
    if (group.length > 0 && box.top >= groupEnd) flush();
    const columnEnds: number[] = [];
    for (const g of group) columnEnds[g.column] = Math.max(columnEnds[g.column] ?? -1, g.box.bottom);
    let column = 0;
    while (columnEnds[column] !== undefined && (columnEnds[column] ?? 0) > box.top) column += 1;
    group.push({ box, column });
    groupEnd = Math.max(groupEnd, box.bottom);
  }
  flush();
  return placed;
}

/**
 * Issue 46: an overlap group of up to this many columns is always drawn side by side in equal widths (SPEC §2),
 * however narrow the day column; a wider group keeps `MIN_EVENT_WIDTH_PX` a column or this many less one
 * beside its '+N' tile.
 */
export const ALWAYS_SIDE_BY_SIDE = 4;
/** Issue 22: the narrowest an event of a group wider than `ALWAYS_SIDE_BY_SIDE` is drawn (px); past that, '+N'. */
export const MIN_EVENT_WIDTH_PX = 72;
/** Width of the '+N' tile that stands for the events of an overlap group that do not fit (px). */
export const OVERFLOW_TILE_PX = 32;

/** The '+N' tile of an overlap group: where it sits, how many it hides, and the whole group for its list. */
export interface OverflowTile<T> {
  group: number;
  /** Pixels from the top of the grid and tall: the span of the hidden events. */
  top: number;
  height: number;
  hidden: number;
  /** Every event of the group, in start order: what the tile's list shows. */
  items: T[];
}

/**
 * Overlaps (SPEC §2, issues 22 and 46): a group of up to `ALWAYS_SIDE_BY_SIDE` columns is drawn whole, side by
 * side. A wider group is too, as long as each event gets `MIN_EVENT_WIDTH_PX` of a day column `columnWidthPx`
 * wide; otherwise it keeps as many columns as fit beside an `OVERFLOW_TILE_PX` '+N' tile (at least
 * `ALWAYS_SIDE_BY_SIDE` − 1) and hides the rest behind that tile. Shown events of such a group get `columns` =
 * how many are shown and `narrowed` (the tile takes the right edge).
 */
export function limitColumns<T>(
  placed: readonly PlacedEvent<T>[],
  columnWidthPx: number,
): { shown: Array<PlacedEvent<T> & { narrowed: boolean }>; overflow: OverflowTile<T>[] } {
  const fits = Math.max(ALWAYS_SIDE_BY_SIDE, Math.floor(columnWidthPx / MIN_EVENT_WIDTH_PX));
  const keep = Math.max(
    ALWAYS_SIDE_BY_SIDE - 1,
    Math.floor((columnWidthPx - OVERFLOW_TILE_PX) / MIN_EVENT_WIDTH_PX),
  );
  const groups = new Map<number, PlacedEvent<T>[]>();
  for (const p of placed) {
    const list = groups.get(p.group);
    if (list) list.push(p);
    else groups.set(p.group, [p]);
  }
  const shown: Array<PlacedEvent<T> & { narrowed: boolean }> = [];
  const overflow: OverflowTile<T>[] = [];
  for (const [group, members] of groups) {
    const columns = members[0]?.columns ?? 1;
    if (columns <= fits) {
      for (const p of members) shown.push({ ...p, narrowed: false });
      continue;
    }
    const hidden = members.filter((p) => p.column >= keep);
    for (const p of members) if (p.column < keep) shown.push({ ...p, columns: keep, narrowed: true });
    const top = Math.min(...hidden.map((p) => p.top));
    const bottom = Math.max(...hidden.map((p) => p.top + p.height));
    overflow.push({
      group,
      top,
      height: bottom - top,
      hidden: hidden.length,
      items: [...members].sort((a, b) => a.top - b.top || a.column - b.column).map((p) => p.item),
    });
  }
  return { shown, overflow };
}

/** The last local day an occurrence covers, by `occursOn`'s rule (an end at midnight ends the day before). */
export function lastDayOf(item: { start_date: string; end_date: string | null }): string {
  const end = item.end_date;
  if (end === null || end <= item.start_date) return localDateOf(item.start_date);
  return end.endsWith('T00:00:00') ? addLocalDays(localDateOf(end), -1) : localDateOf(end);
}

/** A multi-day or all-day event drawn as one bar across the days it covers within a row of days. */
export interface SpanBar<T> {
  item: T;
  /** Index of its first day in the row, and how many days it spans there. */
  start: number;
  span: number;
  /** Which line of the row it sits on (0 = top), the first one free across all its days. */
  lane: number;
  /** It began before the row's first day / goes on after its last day (drawn with an open end). */
  continuesBefore: boolean;
  continuesAfter: boolean;
}

/**
 * Issue 22: multi-day and all-day events as one bar per row of days (`dates`: consecutive `YYYY-MM-DD`, a week
 * row or a week view's days), each on the first lane free across its days. Earlier starts come first, then
 * longer bars, then start time and id, so the layout does not depend on the order of `items`. Items that do
 * not touch the row are left out.
 */
export function layoutSpanBars<T extends { id: number; start_date: string; end_date: string | null }>(
  items: readonly T[],
  dates: readonly string[],
): SpanBar<T>[] {
  const first = dates[0];
  const last = dates.at(-1);
  if (first === undefined || last === undefined) return [];
  const index = (day: string) =>
    Math.round(localMinutesBetween(`${first}T00:00:00`, `${day}T00:00:00`) / 1440);
  const bars: SpanBar<T>[] = [];
  for (const item of items) {
    const from = localDateOf(item.start_date);
    const to = lastDayOf(item);
    if (to < first || from > last) continue;
    const start = Math.max(0, index(from));
    const end = Math.min(dates.length - 1, index(to));
    bars.push({
      item,
      start,
      span: end - start + 1,
      lane: 0,
      continuesBefore: from < first,
      continuesAfter: to > last,
    });
  }
  bars.sort(
    (a, b) =>
      a.start - b.start ||
      b.span - a.span ||
      a.item.start_date.localeCompare(b.item.start_date) ||
      a.item.id - b.item.id,
  );
  const laneEnds: number[] = [];
  for (const bar of bars) {
    let lane = 0;
    while ((laneEnds[lane] ?? -1) >= bar.start) lane += 1;
    bar.lane = lane;
    laneEnds[lane] = bar.start + bar.span - 1;
  }
  return bars;
}

/** One week row of the month view: bars, the other events in the lines left free, and each day's '+N more'. */
export interface MonthWeekLayout<T> {
  /** Bars on the first `max` lanes (the others are counted in `more`). */
  bars: SpanBar<T>[];
  /** The day's other events: `day` index 0–6, `line` 0…max-1 (a line no bar uses that day). */
  chips: Array<{ item: T; day: number; line: number }>;
  /** Per day: how many of its events are not drawn (SPEC §9 '+N more'). */
  more: number[];
}

/**
 * Lays out one week row of the month view (issue 22 with SPEC §9): `days[i]` is the list of events of
 * `dates[i]` (as `itemsByDate` gives it). Multi-day and all-day events (`is_multi_day`) become bars
 * (`layoutSpanBars`); a day's other events fill, in order, the first of its `max` lines no bar takes; what is
 * left of a day counts in its '+N more', so a day never shows more than `max` events.
 */
export function layoutMonthWeek<
  T extends { id: number; start_date: string; end_date: string | null; is_multi_day: boolean },
>(
  dates: readonly string[],
  days: readonly (readonly T[])[],
  max = MONTH_CELL_MAX_EVENTS,
): MonthWeekLayout<T> {
  const spanning = new Set<T>();
  for (const list of days) for (const item of list) if (item.is_multi_day) spanning.add(item);
  const allBars = layoutSpanBars([...spanning], dates);
  const bars = allBars.filter((b) => b.lane < max);
  const chips: MonthWeekLayout<T>['chips'] = [];
  const more = days.map((list, day) => {
    const taken = new Set(bars.filter((b) => b.start <= day && day < b.start + b.span).map((b) => b.lane));
    let line = 0;
    let drawn = taken.size;
    for (const item of list) {
      if (item.is_multi_day) continue;
      while (taken.has(line)) line += 1;
      if (line >= max) break;
      chips.push({ item, day, line });
      line += 1;
      drawn += 1;
    }
    return list.length - drawn;
  });
  return { bars, chips, more };
}

/** '7:45 AM' for a local `YYYY-MM-DDTHH:mm…` (string work only: it runs for every chip of a busy month). */
export function clockTime(local: string): string {
  const hour = Number(local.slice(11, 13));
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${String(h12)}:${local.slice(14, 16)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * When an occurrence happens, in words for its accessible name, its hover text and the agenda: 'All day',
 * 'All day, Nov 19 – Nov 22' (the exclusive end read back as the last day), '7:45 AM – 8:15 AM', or
 * 'Nov 28, 8:00 AM – Nov 29, 4:00 PM' for a timed event over several days.
 */
export function whenText(item: { start_date: string; end_date: string | null; is_all_day: boolean }): string {
  const day = shortDayName;
  const first = localDateOf(item.start_date);
  const last = lastDayOf(item);
  if (item.is_all_day) return first === last ? 'All day' : `All day, ${day(first)} – ${day(last)}`;
  const end = item.end_date;
  if (end === null || end === item.start_date) return clockTime(item.start_date);
  if (first === last) return `${clockTime(item.start_date)} – ${clockTime(end)}`;
  return `${day(first)}, ${clockTime(item.start_date)} – ${day(localDateOf(end))}, ${clockTime(end)}`;
}
