import { addLocalMinutes, localDateOf, localMinutesBetween } from '../time/local-time.ts';

/** The fields that decide how long an event lasts. */
export interface EventTiming {
  start_date: string;
  end_date: string | null;
  duration_minutes: number;
  is_all_day: boolean;
}

/**
 * The local end of an event (`YYYY-MM-DDTHH:mm:00`, wall-clock):
 * - with an `end_date`: that end (a multi-day event; no duration);
 * - all-day without an end: midnight after the start day;
 * - otherwise start plus `duration_minutes` (SPEC §9 default 60 when missing).
 */
export function eventEnd(e: EventTiming): string {
  if (e.end_date) return e.end_date;
  if (e.is_all_day) return `${addLocalMinutes(`${localDateOf(e.start_date)}T00:00:00`, 1440)}`;
  return addLocalMinutes(e.start_date, e.duration_minutes > 0 ? e.duration_minutes : 60);
}

/** Wall-clock length in minutes (an occurrence of a series keeps the original's length, days included). */
export function eventSpanMinutes(e: EventTiming): number {
  return Math.max(0, localMinutesBetween(e.start_date, eventEnd(e)));
}

/**
 * SPEC §9: an event is multi-day if flagged all-day or if its end date falls on a different day than its start.
 * Such events sit in the week/day views' All Day band.
 */
export function isMultiDay(e: EventTiming): boolean {
  return e.is_all_day || (e.end_date !== null && localDateOf(e.end_date) !== localDateOf(e.start_date));
}
