import { instantToLocal, localDateOf } from './local-time.ts';

/**
 * The date `YYYY-MM-DD` it is at the instant `now` in the IANA zone `timeZone` (issue 18: the calendar's "today"
 * is the family's date, read in `families.timezone`, not the device's). At 23:30 UTC on Nov 30 it is Dec 1 in
 * Berlin and still Nov 30 in Los Angeles.
 * @throws RangeError when `timeZone` is not a zone the runtime knows.
 */
export function todayIn(timeZone: string, now: Date): string {
  return localDateOf(instantToLocal(now, timeZone));
}
