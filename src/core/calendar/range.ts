import { addLocalDays, isLocalDate, localWeekday } from '../time/local-time.ts';

/**
 * Which days the Calendar screen shows (SPEC §2, §9; issue 22), apart from how it draws them (./layout.ts): the
 * view and date it opens on, and the days of a view. Family-local `YYYY-MM-DD` dates; no zone, no date library,
 * so that the app's entry can compute the opening range before the calendar's code has loaded (issue 23's
 * early fetch, src/web/features/calendar/opening-data.ts).
 */

export const CALENDAR_VIEWS = ['month', 'week', 'day', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** Issue 22: below this width (px) the calendar opens on the agenda and the week view shows 3 days. */
export const PHONE_MAX_WIDTH_PX = 767;
/** Days the week view shows on a phone (issue 22: three days with titles rather than seven without). */
export const PHONE_WEEK_DAYS = 3;
/** Days the agenda lists at a time, from its date (today when it opens). */
export const AGENDA_DAYS = 14;

/** The view named by the `view` query parameter, or null when it names none (absent or unknown). */
export function viewFromQuery(value: string | null | undefined): CalendarView | null {
  return (CALENDAR_VIEWS as readonly (string | null | undefined)[]).includes(value)
    ? (value as CalendarView) // checked by the includes() just above
    : null;
}

/** The view named by the `view` query parameter; anything but month, week, day or agenda is month. */
export function parseView(value: string | null | undefined): CalendarView {
  return viewFromQuery(value) ?? 'month';
}

/** The view the calendar opens on without a `view` parameter: the agenda on a phone, else the month. */
export function defaultView(phone: boolean): CalendarView {
  return phone ? 'agenda' : 'month';
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
  // Day numbers on one UTC clock (issue 23: it runs twice a month switch), no local-time parsing per cell.
  const firstMs = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, 1);
  const first = new Date(firstMs);
  const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const lead = first.getUTCDay();
  const rows = Math.ceil((lead + days) / 7);
  const weeks: MonthCell[][] = [];
  for (let row = 0; row < rows; row += 1) {
    weeks.push(
      Array.from({ length: 7 }, (_, i) => {
        const d = new Date(firstMs + (row * 7 + i - lead) * 86_400_000).toISOString().slice(0, 10);
        return { date: d, inMonth: d.slice(0, 7) === month };
      }),
    );
  }
  return weeks;
}

/** `count` consecutive dates from `date`. */
export function datesFrom(date: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addLocalDays(date, i));
}

/**
 * The days a week, day or agenda view lists: the week Sunday…Saturday (on a phone `PHONE_WEEK_DAYS` days from
 * `date`), the day itself, or `AGENDA_DAYS` days from `date`. The month view's days are `monthGrid`'s.
 */
export function viewDates(view: CalendarView, date: string, phone = false): string[] {
  if (view === 'day') return [date];
  if (view === 'week') return phone ? datesFrom(date, PHONE_WEEK_DAYS) : weekDates(date);
  if (view === 'agenda') return datesFrom(date, AGENDA_DAYS);
  return monthGrid(date)
    .flat()
    .map((cell) => cell.date);
}

/**
 * The days the calendar shows and fetches for `view` at `date`: `viewDates`, except that the agenda lists
 * `agendaDays` days (it grows with "Show more days").
 */
export function shownDates(
  view: CalendarView,
  date: string,
  phone: boolean,
  agendaDays = AGENDA_DAYS,
): string[] {
  return view === 'agenda' ? datesFrom(date, agendaDays) : viewDates(view, date, phone);
}

/**
 * What the calendar opens on from its address: the `view` parameter's view, else the default for the screen
 * (`phone`: narrower than `PHONE_MAX_WIDTH_PX`), and the `date` parameter when it is a valid `YYYY-MM-DD`,
 * else null (then today in the family's zone).
 */
export function calendarAddress(
  params: URLSearchParams,
  phone: boolean,
): { view: CalendarView; requested: string | null } {
  const requested = params.get('date');
  return {
    view: viewFromQuery(params.get('view')) ?? defaultView(phone),
    requested: requested && isLocalDate(requested) ? requested : null,
  };
}
