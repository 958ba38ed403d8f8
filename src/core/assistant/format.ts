import { MAX_SMS_SEGMENTS, countSmsSegments } from '../notifications/sms-segments.ts';
import { addLocalDays, localDateOf, localWeekday } from '../time/local-time.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Short SMS time of a local date-time: '4pm', '4:30pm', '12pm', '12:15am'. */
export function formatTime(local: string): string {
  const hour = Number(local.slice(11, 13));
  const minute = local.slice(14, 16);
  const suffix = hour < 12 ? 'am' : 'pm';
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return minute === '00' ? `${h12}${suffix}` : `${h12}:${minute}${suffix}`;
}

/** A time range on one day: '4-5:30pm', '11am-12pm', '9:15-10am'. */
export function formatTimeRange(start: string, end: string): string {
  const a = formatTime(start);
  const b = formatTime(end);
  const sameHalf = a.slice(-2) === b.slice(-2) && localDateOf(start) === localDateOf(end);
  return sameHalf ? `${a.slice(0, -2)}-${b}` : `${a}-${b}`;
}

/** 'Tue Dec 1' for a `YYYY-MM-DD` (or the date part of a local date-time). */
export function formatDate(local: string): string {
  const date = localDateOf(local);
  return `${WEEKDAYS[localWeekday(date)]} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
}

/** 'today', 'tomorrow' or 'Tue Dec 1' relative to `today` (`YYYY-MM-DD`). */
export function relativeDay(date: string, today: string): string {
  if (date === today) return 'today';
  if (date === addLocalDays(today, 1)) return 'tomorrow';
  return formatDate(date);
}

/** 'Today (Mon Nov 30)', 'Tomorrow (Tue Dec 1)' or 'Sat Dec 5': a heading for a day's answer. */
export function dayHeading(date: string, today: string): string {
  const rel = relativeDay(date, today);
  if (rel === 'today') return `Today (${formatDate(date)})`;
  if (rel === 'tomorrow') return `Tomorrow (${formatDate(date)})`;
  return rel;
}

/** True when `text` fits the SMS budget (at most 3 segments, SPEC-independent: issue 9 "concise"). */
export function fitsSms(text: string): boolean {
  return countSmsSegments(text).segments <= MAX_SMS_SEGMENTS;
}

/**
 * `head` followed by as many of `items` (joined with '; ') as fit in 3 SMS segments, then '.', or
 * ' +N more.' when some had to be left out. Items are never cut in the middle.
 */
export function fitList(head: string, items: readonly string[]): string {
  for (let n = items.length; n >= 0; n -= 1) {
    const shown = items.slice(0, n).join('; ');
    const rest = items.length - n;
    const sep = shown === '' ? '' : ' ';
    const text =
      rest === 0
        ? `${head}${sep}${shown}.`
        : `${head}${sep}${shown}${shown === '' ? '' : ';'} +${rest} more.`;
    if (fitsSms(text) || n === 0) return text;
  }
  return head;
}

/** 'Maya', 'Maya and Leo', 'Ana, Maya and Leo'. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Stand-in: no paging yet. */
export function smsPages(text: string): string[] {
  return [text];
}

/** Stand-in. */
export function toGsm7(text: string): { text: string; dropped: boolean } {
  return { text, dropped: false };
}
