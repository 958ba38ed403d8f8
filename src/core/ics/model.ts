import type { RDate } from '../recurrence/occurrences.ts';
import { withOnlyLineFeeds, withoutControlCharacters } from '../text/clean.ts';

/**
 * The event fields the iCalendar mapping reads and writes (a subset of SPEC §3 Event, camelCase like the
 * Drizzle row). Times are wall-clock text `YYYY-MM-DDTHH:mm:00` in the event's own zone `timezone` (null =
 * floating); an all-day event's are DATEs written `YYYY-MM-DDT00:00:00` (src/server/db/schema/events.ts).
 */
export interface IcsEventRecord {
  id: number;
  title: string;
  description: string | null;
  startDate: string;
  endDate: string | null;
  durationMinutes: number;
  isAllDay: boolean;
  /** IANA zone (TZID) of a timed event; null = floating. */
  timezone: string | null;
  location: string | null;
  organizerId: number | null;
  attendees: string[];
  hasPickup: boolean;
  pickupAssignedTo: number | null;
  pickupMinutesBefore: number;
  hasDropoff: boolean;
  dropoffAssignedTo: number | null;
  dropoffMinutesBefore: number;
  rrule: string | null;
  exdates: string[];
  /** RDATEs of a series, in the same terms as `startDate`. */
  rdates: RDate[];
  parentEventId: number | null;
  recurrenceId: string | null;
  sourceUid: string | null;
  /** Content lines a CalDAV client wrote that FamilyHub has no field for (issue 40), given back in the object. */
  davExtra?: string | null;
  /**
   * For an occurrence expanded into an instance of its own (CalDAV `C:expand`, RFC 4791 §9.6.5): its
   * RECURRENCE-ID, in the instance's terms (wall-clock UTC for a timed one, a DATE for an all-day one).
   */
  instanceOf?: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A family member as the feed names them (CN) and as import matches ORGANIZER/ATTENDEE names back. */
export interface IcsMember {
  id: number;
  name: string;
  email: string | null;
}

/**
 * The line that starts the block the feed appends to DESCRIPTION (drop-off / pickup). Import drops it and
 * everything after, so exporting and re-importing does not grow the description.
 */
export const FAMILYHUB_BLOCK_MARKER = '-- FamilyHub --';

/** UID of an event that was created in FamilyHub (not imported): `event-<id>@<host>`; stable for its life. */
export function ownUid(id: number, host: string): string {
  return `event-${id}@${host}`;
}

/** The event id of an `ownUid` for this host, or null for any other UID. */
export function parseOwnUid(uid: string, host: string): number | null {
  const m = /^event-([1-9][0-9]{0,9})@(.+)$/.exec(uid);
  if (!m || m[2] !== host) return null;
  const id = Number(m[1]);
  return id <= 2_147_483_647 ? id : null;
}

/** A single-line value (names, titles, locations, UIDs, CN parameters): every control character becomes a space. */
export function icsLine(value: string): string {
  return withoutControlCharacters(value);
}

/** A multi-line value (DESCRIPTION): CR LF and bare CR become LF (written `\\n` by ical.js), other controls a space. */
export function icsMultiline(value: string): string {
  return withOnlyLineFeeds(value);
}
