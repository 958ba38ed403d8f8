import { TZDate } from '@date-fns/tz';
import ical from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { eventEnd, isMultiDay } from '../calendar/event-span.ts';
import { addLocalDays, localDateOf, localToInstant, parseLocal } from '../time/local-time.ts';
import { FAMILYHUB_BLOCK_MARKER, type IcsEventRecord, type IcsMember, ownUid } from './model.ts';

/** REFRESH-INTERVAL / X-PUBLISHED-TTL of the feed: how often calendar apps should poll (seconds). */
export const FEED_REFRESH_SECONDS = 900;

/** What one feed is built from. All event times are local wall-clock text in `timeZone`. */
export interface FeedInput {
  /** Calendar name (X-WR-CALNAME), e.g. 'Smith Family'. */
  name: string;
  /** The family's IANA zone; every timed DTSTART/DTEND carries TZID=<zone> and one VTIMEZONE describes it. */
  timeZone: string;
  /** Host part of UIDs for events that were not imported (`event-<id>@<host>`). */
  host: string;
  /** DTSTAMP of every VEVENT (the feed's build instant would make every poll differ, so callers pass the newest updated_at). */
  stamp: Date;
  members: readonly IcsMember[];
  /** Series rows, one-off rows and override rows (overrides need their series in the same list). */
  events: readonly IcsEventRecord[];
}

/** A local `YYYY-MM-DDTHH:mm:00` as a zoned date ical-generator formats in `timeZone` (its wall-clock parts). */
function zoned(local: string, timeZone: string): TZDate {
  const p = parseLocal(local);
  if (!p) throw new RangeError(`not a local date-time: ${local}`);
  return new TZDate(p.year, p.month - 1, p.day, p.hour, p.minute, 0, timeZone);
}

/** `YYYYMMDDTHHmmss` (floating), `YYYYMMDD` (date) or `YYYYMMDDTHHmmssZ` (UTC) of a local time. */
function icsLocal(local: string): string {
  return local.replaceAll('-', '').replaceAll(':', '').slice(0, 15);
}

/**
 * RFC 5545 §3.3.10: with a zoned DTSTART, UNTIL must be UTC; with a DATE DTSTART it must be a DATE. Our
 * stored rule keeps UNTIL as floating local time (src/core/recurrence/patterns.ts), so it is rewritten here.
 */
function exportRrule(rrule: string, timeZone: string, allDay: boolean): string {
  return rrule
    .split(';')
    .filter((part) => part !== '')
    .map((part) => {
      const m = /^UNTIL=(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(part);
      if (!m) return part;
      const day = `${m[1]}-${m[2]}-${m[3]}`;
      if (allDay) return `UNTIL=${m[1]}${m[2]}${m[3]}`;
      const local = `${day}T${m[4] ?? '23'}:${m[5] ?? '59'}:00`;
      const utc = localToInstant(local, timeZone).toISOString();
      // Seconds: keep a stored 23:59:59 (end of day) inclusive after the minute-precision conversion.
      return `UNTIL=${utc.slice(0, 4)}${utc.slice(5, 7)}${utc.slice(8, 10)}T${utc.slice(11, 13)}${utc.slice(14, 16)}${m[6] ?? '59'}Z`;
    })
    .join(';');
}

/** The exclusive end day (DTEND;VALUE=DATE) of an event shown as whole days. */
function endDay(e: IcsEventRecord): string {
  const end = eventEnd(timingOf(e));
  const day = localDateOf(end);
  const startDay = localDateOf(e.startDate);
  const exclusive = end.slice(11, 16) === '00:00' ? day : addLocalDays(day, 1);
  return exclusive > startDay ? exclusive : addLocalDays(startDay, 1);
}

function timingOf(e: IcsEventRecord) {
  return {
    start_date: e.startDate,
    end_date: e.endDate,
    duration_minutes: e.durationMinutes,
    is_all_day: e.isAllDay,
  };
}

/** The description with the transport block (who drops off / picks up) appended after a marker line. */
function describe(e: IcsEventRecord, names: Map<number, string>): string | null {
  const lines: string[] = [];
  if (e.hasDropoff && e.dropoffAssignedTo !== null) {
    lines.push(
      `Drop-off: ${names.get(e.dropoffAssignedTo) ?? 'someone'} (${e.dropoffMinutesBefore} min before the start)`,
    );
  }
  if (e.hasPickup && e.pickupAssignedTo !== null) {
    lines.push(
      `Pickup: ${names.get(e.pickupAssignedTo) ?? 'someone'} (${e.pickupMinutesBefore} min before the end)`,
    );
  }
  if (lines.length === 0) return e.description;
  return [e.description ?? '', FAMILYHUB_BLOCK_MARKER, ...lines].join('\n').replace(/^\n/, '');
}

/**
 * Builds an RFC 5545 VCALENDAR for a family's events:
 * - one VTIMEZONE for the family zone (RRULE-based observances from timezones-ical-library);
 * - timed events as DTSTART/DTEND;TZID=<zone>; all-day and multi-day events (SPEC §9 `isMultiDay`) as DATE
 *   values with an exclusive DTEND (RFC 5545 §3.6.1);
 * - a series as RRULE (UNTIL in UTC, or DATE for all-day) plus EXDATE; each override as its own VEVENT with
 *   the series' UID and RECURRENCE-ID (§3.8.4.4);
 * - stable UIDs: the imported source UID when there is one, else `event-<id>@<host>`;
 * - ORGANIZER / ATTENDEE with the members' names (CN), pickups and drop-offs in DESCRIPTION.
 * Output is deterministic for the same input (no wall-clock reads), so ETags are stable.
 */
export function buildFeed(input: FeedInput): string {
  const { timeZone } = input;
  const names = new Map(input.members.map((m) => [m.id, m.name]));
  const byId = new Map(input.events.map((e) => [e.id, e]));
  // No calendar-level zone: ical-generator would then write DTSTAMP/CREATED/LAST-MODIFIED as zone-local
  // times without 'Z', which RFC 5545 §3.8.7 forbids. Each event carries TZID instead and the VTIMEZONE is
  // inserted below.
  const calendar = ical({
    name: input.name,
    prodId: { company: 'FamilyHub', product: 'Calendar', language: 'EN' },
    ttl: FEED_REFRESH_SECONDS,
    x: [{ key: 'X-WR-TIMEZONE', value: timeZone }],
  });
  const member = (id: number) => {
    const m = input.members.find((x) => x.id === id);
    // ATTENDEE/ORGANIZER values are cal-addresses; a member without e-mail gets a reserved .invalid one.
    return m ? { name: m.name, email: m.email ?? `member-${m.id}@${input.host}.invalid` } : null;
  };
  for (const e of input.events) {
    const parent = e.parentEventId !== null ? byId.get(e.parentEventId) : undefined;
    if (e.parentEventId !== null && (!parent || parent.rrule === null || e.recurrenceId === null)) continue;
    const uidOf = (row: IcsEventRecord) => row.sourceUid ?? ownUid(row.id, input.host);
    const allDay = isMultiDay(timingOf(e));
    const organizer = e.organizerId !== null ? member(e.organizerId) : null;
    const attendees = e.attendees
      .map((id) => member(Number(id)))
      .filter((a): a is { name: string; email: string } => a !== null)
      .map((a) => ({ ...a, rsvp: false }));
    const event = calendar.createEvent({
      id: parent ? uidOf(parent) : uidOf(e),
      stamp: input.stamp,
      start: allDay ? zoned(`${localDateOf(e.startDate)}T00:00:00`, timeZone) : zoned(e.startDate, timeZone),
      end: allDay ? zoned(`${endDay(e)}T00:00:00`, timeZone) : zoned(eventEnd(timingOf(e)), timeZone),
      allDay,
      timezone: timeZone,
      summary: e.title,
      description: describe(e, names),
      location: e.location,
      organizer,
      attendees,
      lastModified: e.updatedAt,
      created: e.createdAt,
    });
    if (parent && e.recurrenceId !== null) {
      const parentAllDay = isMultiDay(timingOf(parent));
      event.recurrenceId(
        parentAllDay
          ? zoned(`${localDateOf(e.recurrenceId)}T00:00:00`, timeZone)
          : zoned(e.recurrenceId, timeZone),
      );
    } else if (e.rrule !== null) {
      const lines = [`RRULE:${exportRrule(e.rrule, timeZone, allDay)}`];
      if (e.exdates.length > 0) {
        lines.push(
          allDay
            ? `EXDATE;VALUE=DATE:${e.exdates.map((d) => icsLocal(d).slice(0, 8)).join(',')}`
            : `EXDATE;TZID=${timeZone}:${e.exdates.map(icsLocal).join(',')}`,
        );
      }
      event.repeating(lines.join('\n'));
    }
  }
  const text = calendar.toString();
  const vtimezone = tzlib_get_ical_block(timeZone)[0];
  // A zone the library does not know: the TZID alone (an IANA name) still resolves in every major client.
  if (!vtimezone) return text;
  const at = text.includes('BEGIN:VEVENT') ? text.indexOf('BEGIN:VEVENT') : text.indexOf('END:VCALENDAR');
  return `${text.slice(0, at)}${vtimezone}\r\n${text.slice(at)}`;
}
