import { localDateOf, localWeekday, parseLocal } from '../time/local-time.ts';

/*
 * The recurrence patterns of SPEC §5/§9 and their RFC 5545 RRULE text. Pure string work, no `rrule` library,
 * so that the web bundle can use the labels and descriptions without the expansion code.
 */

/** SPEC §5 recurrence patterns. */
export const RECURRENCE_PATTERNS = ['daily', 'workday', 'weekly', 'monthly_date', 'monthly_day'] as const;
export type RecurrencePattern = (typeof RECURRENCE_PATTERNS)[number];

/** SPEC §9 labels, in the order the form lists them. */
export const RECURRENCE_LABELS: Record<RecurrencePattern, string> = {
  daily: 'Daily',
  workday: 'Weekdays Only (Mon-Fri)',
  weekly: 'Weekly (Same Day)',
  monthly_date: 'Monthly (Same Date)',
  monthly_day: 'Monthly (Same Day of Week)',
};

const BYDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th'] as const;

/** Which week of its month a date falls in: day 1–7 → 1, 8–14 → 2, … 29–31 → 5 (the "nth weekday"). */
export function nthWeekdayOfMonth(date: string): number {
  return Math.ceil(Number(date.slice(8, 10)) / 7);
}

/**
 * The RFC 5545 RRULE value (without the `RRULE:` prefix) for a SPEC pattern starting at `start`.
 *
 * - daily → `FREQ=DAILY`; workday → `FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR`; weekly → `FREQ=WEEKLY;BYDAY=<start's day>`;
 *   monthly_date → `FREQ=MONTHLY;BYMONTHDAY=<start's day>` (months without that day are skipped, per RFC 5545);
 *   monthly_day → `FREQ=MONTHLY;BYDAY=<n><day>` with n = 1–5 from the start (`nthWeekdayOfMonth`), so months
 *   without a 5th such weekday are skipped.
 * - `endDate` (`YYYY-MM-DD`, inclusive) becomes `UNTIL=<endDate>T235959`. UNTIL is a floating local time,
 *   like DTSTART: the whole rule is wall-clock time in the family's zone.
 *
 * @param start local `YYYY-MM-DDTHH:mm:00`
 * @throws RangeError on an unreal start.
 */
export function buildRrule(pattern: RecurrencePattern, start: string, endDate: string | null): string {
  if (!parseLocal(start)) throw new RangeError(`not a local date-time: ${start}`);
  const date = localDateOf(start);
  const day = BYDAY[localWeekday(date)];
  const parts: string[] = [];
  switch (pattern) {
    case 'daily':
      parts.push('FREQ=DAILY');
      break;
    case 'workday':
      parts.push('FREQ=WEEKLY', 'BYDAY=MO,TU,WE,TH,FR');
      break;
    case 'weekly':
      parts.push('FREQ=WEEKLY', `BYDAY=${day}`);
      break;
    case 'monthly_date':
      parts.push('FREQ=MONTHLY', `BYMONTHDAY=${Number(date.slice(8, 10))}`);
      break;
    case 'monthly_day':
      parts.push('FREQ=MONTHLY', `BYDAY=${nthWeekdayOfMonth(date)}${day}`);
      break;
  }
  if (endDate) parts.push(`UNTIL=${endDate.replaceAll('-', '')}T235959`);
  return parts.join(';');
}

/**
 * Replaces (or removes, with null) the UNTIL of an RRULE value. Used by "this and following": the old
 * series ends the minute before the chosen occurrence.
 * @param until local `YYYY-MM-DDTHH:mm:ss`-like text, or null for no end.
 */
export function withUntil(rrule: string, until: string | null): string {
  const kept = rrule.split(';').filter((p) => !p.startsWith('UNTIL=') && !p.startsWith('COUNT='));
  if (until) kept.push(`UNTIL=${until.replaceAll('-', '').replaceAll(':', '').slice(0, 15)}`);
  return kept.join(';');
}

/** The human sentence for a pattern at a start, e.g. 'Monthly on the 2nd Tuesday'. */
export function describeRecurrence(pattern: RecurrencePattern, start: string): string {
  const date = localDateOf(start);
  const weekday = WEEKDAY_NAMES[localWeekday(date)];
  switch (pattern) {
    case 'daily':
      return 'Every day';
    case 'workday':
      return 'Every weekday (Mon-Fri)';
    case 'weekly':
      return `Every ${weekday}`;
    case 'monthly_date':
      return `Monthly on day ${Number(date.slice(8, 10))}`;
    case 'monthly_day':
      return `Monthly on the ${ORDINALS[nthWeekdayOfMonth(date) - 1]} ${weekday}`;
  }
}

/**
 * The last local start a series can have, or null when it has no UNTIL (runs forever).
 * Lets a query skip series that ended before a range.
 */
export function seriesUntil(rrule: string): string | null {
  const m = /(?:^|;)UNTIL=(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?/.exec(rrule);
  if (!m) return null;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '23'}:${m[5] ?? '59'}:00`;
}
