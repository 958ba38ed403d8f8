import { addMonths, format, parseISO } from 'date-fns';
import { addLocalDays, localDateOf, localMinutesBetween, localWeekday } from '../time/local-time.ts';

/**
 * Pure layout rules of the Calendar screen (SPEC §2 Calendar screen, §9). Dates are family-local
 * `YYYY-MM-DD`; times local `YYYY-MM-DDTHH:mm:00`. No zone is involved: the calendar shows wall-clock time.
 */

export const CALENDAR_VIEWS = ['month', 'week', 'day'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** SPEC §9: at most 3 events in a month cell, then '+N more'; 3 attendee initials, then '+N'. */
export const MONTH_CELL_MAX_EVENTS = 3;
export const MAX_ATTENDEE_INITIALS = 3;
/** SPEC §9 day grid: 24 rows from 6 AM, 64 px an hour, scroll area at most 640 px. */
export const HOUR_HEIGHT_PX = 64;
export const GRID_MAX_HEIGHT_PX = 640;
export const FIRST_HOUR = 6;

/** The view named by the `view` query parameter; anything but month, week or day is month. */
export function parseView(value: string | null | undefined): CalendarView {
  return value === 'week' || value === 'day' || value === 'month' ? value : 'month';
}

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

/** Sunday on or before `date` (SPEC §9: weeks start Sunday). */
export function startOfWeekDate(date: string): string {
  return addLocalDays(date, -localWeekday(date));
}

/** The 7 dates Sunday…Saturday of the week holding `date`. */
export function weekDates(date: string): string[] {
  const sunday = startOfWeekDate(date);
  return Array.from({ length: 7 }, (_, i) => addLocalDays(sunday, i));
}

/** A month-grid cell. */
export interface MonthCell {
  date: string;
  inMonth: boolean;
}

/**
 * The month grid for the month holding `date`: whole weeks of 7 columns from Sunday, covering the month
 * (4 to 6 rows), with the neighbouring months' days marked `inMonth: false`.
 */
export function monthGrid(date: string): MonthCell[][] {
  const month = date.slice(0, 7);
  const first = `${month}-01`;
  const lastOfMonth = addLocalDays(`${addLocalDays(first, 32).slice(0, 7)}-01`, -1);
  const weeks: MonthCell[][] = [];
  for (let sunday = startOfWeekDate(first); sunday <= lastOfMonth; sunday = addLocalDays(sunday, 7)) {
    weeks.push(
      Array.from({ length: 7 }, (_, i) => {
        const d = addLocalDays(sunday, i);
        return { date: d, inMonth: d.slice(0, 7) === month };
      }),
    );
  }
  return weeks;
}

/** The inclusive day range a view shows (what `GET /api/events?start=&end=` is asked for). */
export function visibleRange(view: CalendarView, date: string): { start: string; end: string } {
  if (view === 'day') return { start: date, end: date };
  if (view === 'week') {
    const days = weekDates(date);
    return { start: days[0] ?? date, end: days[6] ?? date };
  }
  const weeks = monthGrid(date);
  return { start: weeks[0]?.[0]?.date ?? date, end: weeks.at(-1)?.[6]?.date ?? date };
}

/**
 * Previous (-1) / next (+1) by the view's unit: one month (day clamped, Jan 31 → Feb 28), week or day.
 */
export function shiftDate(view: CalendarView, date: string, direction: 1 | -1): string {
  if (view === 'day') return addLocalDays(date, direction);
  if (view === 'week') return addLocalDays(date, 7 * direction);
  return format(addMonths(parseISO(date), direction), 'yyyy-MM-dd');
}

/** SPEC §2 header: 'Month View • November 2026', 'Week View', 'Day View • Sunday, November 22, 2026'. */
export function headerText(view: CalendarView, date: string): string {
  const d = parseISO(date);
  if (view === 'month') return `Month View • ${format(d, 'MMMM yyyy')}`;
  if (view === 'week') return 'Week View';
  return `Day View • ${format(d, 'EEEE, MMMM d, yyyy')}`;
}

/** The sub-heading under 'Week View': 'Nov 22 – Nov 28, 2026'. */
export function weekRangeText(date: string): string {
  const days = weekDates(date);
  const first = parseISO(days[0] ?? date);
  const last = parseISO(days[6] ?? date);
  return `${format(first, 'MMM d')} – ${format(last, 'MMM d, yyyy')}`;
}

/** True when the occurrence overlaps the local day `date` ([00:00, next 00:00)). */
export function occursOn(item: { start_date: string; end_date: string | null }, date: string): boolean {
  const dayStart = `${date}T00:00:00`;
  const dayEnd = `${addLocalDays(date, 1)}T00:00:00`;
  const end = item.end_date ?? item.start_date;
  return item.start_date < dayEnd && (end > dayStart || item.start_date >= dayStart);
}

/**
 * The items of each day in `dates` (ascending `YYYY-MM-DD`, e.g. a month grid's cells), by the same rule as
 * `occursOn`, each day's list ordered all-day first, then by start time. One pass over `items` that visits
 * only the days an item spans, instead of testing every item against every day (42 × 300 tests for a busy
 * month): the month view's switch cost (issue 14).
 * @returns a map from every date in `dates` to its items (an empty array when none).
 */
export function itemsByDate<T extends { start_date: string; end_date: string | null; is_all_day: boolean }>(
  items: readonly T[],
  dates: readonly string[],
): Map<string, T[]> {
  const byDate = new Map<string, T[]>(dates.map((d) => [d, []]));
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (first === undefined || last === undefined) return byDate;
  for (const item of items) {
    const startDay = localDateOf(item.start_date);
    for (let day = startDay < first ? first : startDay; day <= last; day = addLocalDays(day, 1)) {
      if (!occursOn(item, day)) break; // days are contiguous: the first day it misses ends its span
      byDate.get(day)?.push(item);
    }
  }
  for (const list of byDate.values()) {
    list.sort(
      (a, b) => Number(b.is_all_day) - Number(a.is_all_day) || a.start_date.localeCompare(b.start_date),
    );
  }
  return byDate;
}

/** The first `MONTH_CELL_MAX_EVENTS` items of a cell and how many more there are ('+N more'). */
export function monthCellItems<T>(
  items: readonly T[],
  max = MONTH_CELL_MAX_EVENTS,
): { shown: T[]; more: number } {
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
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
  const flush = () => {
    const columns = Math.max(1, ...group.map((g) => g.column + 1));
    for (const g of group) {
      placed.push({
        item: g.box.item,
        top: (g.box.top * HOUR_HEIGHT_PX) / 60,
        height: ((g.box.bottom - g.box.top) * HOUR_HEIGHT_PX) / 60,
        column: g.column,
        columns,
      });
    }
    group = [];
    groupEnd = -1;
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
