import { calendarAddress, PHONE_MAX_WIDTH_PX, shownDates } from '../../../core/calendar/range.ts';
import { todayIn } from '../../../core/time/today.ts';
import { browserTimeZone } from '../../platform/device-zone.ts';
import { drivingPath } from '../../common/driving/api.ts';
import { MEMBERS_PATH } from '../../common/members.ts';
import { occurrencesPath } from './api.ts';

/** SPEC §2's phone layout as a media query: below 768 px the calendar opens on the agenda. */
export const PHONE_QUERY = `(max-width: ${String(PHONE_MAX_WIDTH_PX)}px)`;
/** Where this device remembers the family's time zone (from the last session read), for the next opening. */
const ZONE_STORAGE_KEY = 'familyhub.family-zone';

/** Remembers the family's IANA zone on this device, so the next opening computes "today" as the calendar will. */
export function rememberFamilyZone(zone: string): void {
  try {
    localStorage.setItem(ZONE_STORAGE_KEY, zone);
  } catch {
    // storage blocked: the next opening guesses with the device's zone
  }
}

/**
 * Issue 23's early fetch: the GET paths the calendar will ask for when it opens at `url` (its address) at the
 * instant `now` on a screen that is a phone or not: the family members, and the shown days' events and
 * driving issues, by the calendar's own rules (`calendarAddress`, `shownDates`, the paths of ./api.ts). "Today"
 * is read in `familyZone` when the page was told it (the server's `familyhub-zone` tag, ADR 023), else in the
 * zone remembered from the last session, else the device's (as the calendar does until the session is read);
 * when that guess is wrong (the family moved zones, a first visit from abroad) the calendar asks for its own
 * range and the guess goes unused. None when the zone is unknown to the runtime.
 */
export function calendarOpeningPaths(
  url: URL,
  now: Date,
  phone: boolean,
  familyZone: string | null = null,
): string[] {
  let zone = familyZone;
  if (zone === null) {
    try {
      zone = localStorage.getItem(ZONE_STORAGE_KEY);
    } catch {
      // storage blocked: the device's zone
    }
  }
  let today: string;
  try {
    today = todayIn(zone ?? browserTimeZone(), now);
  } catch {
    return []; // a zone this runtime does not know
  }
  const { view, requested } = calendarAddress(url.searchParams, phone);
  const dates = shownDates(view, requested ?? today, phone);
  const range = { start: dates[0] ?? today, end: dates.at(-1) ?? today };
  return [MEMBERS_PATH, occurrencesPath(range), drivingPath(range)];
}
