import ICAL from 'ical.js';
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';
import { spanMinutes } from '../recurrence/occurrences.ts';
import {
  addLocalDays,
  addLocalMinutes,
  instantToLocal,
  localDateOf,
  localToInstant,
  parseLocal,
} from '../time/local-time.ts';
import {
  FAMILYHUB_BLOCK_MARKER,
  type IcsEventRecord,
  type IcsMember,
  icsLine,
  icsMultiline,
  ownUid,
} from './model.ts';

/** REFRESH-INTERVAL / X-PUBLISHED-TTL of the feed: how often calendar apps should poll (seconds). */
export const FEED_REFRESH_SECONDS = 900;

/** What one feed is built from. Event times are in each event's own terms (see IcsEventRecord). */
export interface FeedInput {
  /** Calendar name (X-WR-CALNAME), e.g. 'Smith Family'. */
  name: string;
  /** The family's IANA zone: X-WR-TIMEZONE, and the zone floating times are meant in. */
  timeZone: string;
  /** Host part of UIDs for events that were not imported (`event-<id>@<host>`). */
  host: string;
  /** DTSTAMP of every VEVENT (the feed's build instant would make every poll differ, so callers pass the newest updated_at). */
  stamp: Date;
  members: readonly IcsMember[];
  /** Series rows, one-off rows and override rows (overrides need their series in the same list). */
  events: readonly IcsEventRecord[];
}

/**
 * TEXT escaping (RFC 5545 §3.3.11) of a single-line value, for properties ical.js writes as-is because it does not
 * know their type (NAME of RFC 7986, X-WR-CALNAME).
 */
function escapedText(value: string): string {
  return icsLine(value).replace(/[\\;,]/g, (c) => `\\${c}`);
}

/** How a value is written: a DATE, or a DATE-TIME in an IANA zone ('UTC': with `Z`), or floating (null). */
type ValueKind = { date: true } | { date: false; zone: string | null };

function kindOf(e: Pick<IcsEventRecord, 'isAllDay' | 'timezone'>): ValueKind {
  return e.isAllDay ? { date: true } : { date: false, zone: e.timezone };
}

/**
 * A stored wall-clock value as an ICAL.Time of the given kind (RFC 5545 §3.3.4–5: DATE, DATE-TIME floating,
 * UTC, or local with TZID; the TZID parameter is set by `timeProperty`).
 * @throws RangeError for text that is not a real local date-time.
 */
function icalTime(wall: string, kind: ValueKind): ICAL.Time {
  const p = parseLocal(wall);
  if (!p) throw new RangeError(`not a local date-time: ${wall}`);
  const fields = { year: p.year, month: p.month, day: p.day };
  if (kind.date) return ICAL.Time.fromData({ ...fields, isDate: true });
  const time = { ...fields, hour: p.hour, minute: p.minute, second: 0, isDate: false };
  return kind.zone === 'UTC' ? ICAL.Time.fromData(time, ICAL.Timezone.utcTimezone) : ICAL.Time.fromData(time);
}

/** A DTSTART / DTEND / EXDATE / RDATE / RECURRENCE-ID property with its TZID (none for DATE, UTC or floating). */
function timeProperty(name: string, value: ICAL.Time | ICAL.Period, kind: ValueKind): ICAL.Property {
  const prop = new ICAL.Property(name);
  prop.setValue(value);
  if (!kind.date && kind.zone !== null && kind.zone !== 'UTC') prop.setParameter('tzid', kind.zone);
  return prop;
}

/**
 * The stored RRULE as RFC 5545 §3.3.10 wants UNTIL: a DATE for a DATE series, UTC for a zoned one, floating for a
 * floating one. Rules made in the app store UNTIL as floating wall-clock (src/core/recurrence/patterns.ts), so
 * those are converted from the series' zone; a UTC UNTIL of a floating series is read in the family's zone.
 */
function exportRrule(rrule: string, kind: ValueKind, familyZone: string): string {
  return rrule
    .split(';')
    .filter((part) => part !== '')
    .map((part) => {
      const m = /^UNTIL=(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/i.exec(part);
      if (!m) return part;
      if (kind.date) return `UNTIL=${m[1]}${m[2]}${m[3]}`;
      const wall = `${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '23'}:${m[5] ?? '59'}:00`;
      const seconds = m[6] ?? '59';
      const utc = m[7] === 'Z';
      if (kind.zone === null) {
        const local = utc ? instantToLocal(localToInstant(wall, 'UTC'), familyZone) : wall;
        return `UNTIL=${compact(local)}${seconds}`;
      }
      const instant = utc ? localToInstant(wall, 'UTC') : localToInstant(wall, kind.zone);
      // Seconds: keep a stored 23:59:59 (end of day) inclusive after the minute-precision conversion.
      return `UNTIL=${compact(instantToLocal(instant, 'UTC'))}${seconds}Z`;
    })
    .join(';');
}

/** `YYYYMMDDTHHmm` of a wall-clock text (the caller appends the seconds). */
function compact(wall: string): string {
  return wall.replaceAll('-', '').replaceAll(':', '').slice(0, 13);
}

/** The exclusive end of one occurrence: DTEND (all-day: a DATE after the start; zero-length events stay so). */
function endOf(e: IcsEventRecord): string {
  if (e.isAllDay) {
    const day = localDateOf(e.startDate);
    const end = e.endDate ? localDateOf(e.endDate) : addLocalDays(day, 1);
    return `${end > day ? end : addLocalDays(day, 1)}T00:00:00`;
  }
  const span = spanMinutes({
    id: e.id,
    start: e.startDate,
    end: e.endDate,
    durationMinutes: e.durationMinutes,
    allDay: false,
    zone: e.timezone,
    rrule: null,
    exdates: [],
    rdates: [],
    parentId: null,
    recurrenceId: null,
  });
  return addLocalMinutes(e.startDate, span);
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

function utcTime(d: Date): ICAL.Time {
  return ICAL.Time.fromJSDate(new Date(Math.floor(d.getTime() / 1000) * 1000), true);
}

/** ORGANIZER / ATTENDEE: the member's name as CN; a member without e-mail gets a reserved `.invalid` address. */
function person(name: 'organizer' | 'attendee', m: IcsMember, host: string): ICAL.Property {
  const prop = new ICAL.Property(name);
  prop.setValue(`mailto:${m.email ?? `member-${m.id}@${host}.invalid`}`);
  prop.setParameter('cn', icsLine(m.name));
  if (name === 'attendee') prop.setParameter('rsvp', 'FALSE');
  return prop;
}

/** One row as a VEVENT; `series` is the series of an override. */
function vevent(
  e: IcsEventRecord,
  series: IcsEventRecord | undefined,
  input: FeedInput,
  names: Map<number, string>,
): ICAL.Component {
  const uidOf = (row: IcsEventRecord) => row.sourceUid ?? ownUid(row.id, input.host);
  const kind = kindOf(e);
  const v = new ICAL.Component('vevent');
  v.addPropertyWithValue('uid', icsLine(series ? uidOf(series) : uidOf(e)));
  v.addPropertyWithValue('dtstamp', utcTime(input.stamp));
  v.addProperty(timeProperty('dtstart', icalTime(e.startDate, kind), kind));
  v.addProperty(timeProperty('dtend', icalTime(endOf(e), kind), kind));
  if (e.instanceOf !== undefined) {
    v.addProperty(timeProperty('recurrence-id', icalTime(e.instanceOf, kind), kind));
  } else if (series && e.recurrenceId !== null) {
    const seriesKind = kindOf(series);
    v.addProperty(timeProperty('recurrence-id', icalTime(e.recurrenceId, seriesKind), seriesKind));
  } else {
    if (e.rrule !== null)
      v.addPropertyWithValue('rrule', ICAL.Recur.fromString(exportRrule(e.rrule, kind, input.timeZone)));
    for (const r of e.rdates) {
      const value =
        r.end !== null
          ? ICAL.Period.fromData({ start: icalTime(r.start, kind), end: icalTime(r.end, kind) })
          : icalTime(r.start, kind);
      v.addProperty(timeProperty('rdate', value, kind));
    }
    if (e.rrule !== null || e.rdates.length > 0)
      for (const d of e.exdates) v.addProperty(timeProperty('exdate', icalTime(d, kind), kind));
  }
  v.addPropertyWithValue('summary', icsLine(e.title));
  const description = describe(e, names);
  if (description) v.addPropertyWithValue('description', icsMultiline(description));
  if (e.location) v.addPropertyWithValue('location', icsLine(e.location));
  const member = (id: number) => input.members.find((m) => m.id === id);
  const organizer = e.organizerId !== null ? member(e.organizerId) : undefined;
  if (organizer) v.addProperty(person('organizer', organizer, input.host));
  for (const id of e.attendees) {
    const m = member(Number(id));
    if (m) v.addProperty(person('attendee', m, input.host));
  }
  v.addPropertyWithValue('created', utcTime(e.createdAt));
  v.addPropertyWithValue('last-modified', utcTime(e.updatedAt));
  if (e.davExtra) addExtra(v, e.davExtra);
  return v;
}

/**
 * Adds what a CalDAV client wrote and FamilyHub has no field for (`davExtra`: content lines of properties and
 * whole subcomponents such as VALARM, see `extraOf` in import.ts) to a component we built, unchanged.
 */
function addExtra(component: ICAL.Component, extra: string): void {
  const name = component.name.toUpperCase();
  const holder = new ICAL.Component(ICAL.parse(`BEGIN:${name}\r\n${extra}\r\nEND:${name}`) as unknown[]);
  // Copies: adding a property to another component takes it out of the holder's list.
  for (const prop of [...holder.getAllProperties()]) component.addProperty(prop);
  for (const sub of [...holder.getAllSubcomponents()]) component.addSubcomponent(sub);
}

/**
 * The VTIMEZONE of an IANA zone, with our TZID: the library names an alias by its canonical zone (`US/Pacific` →
 * `America/Los_Angeles`), and a VTIMEZONE must carry the TZID the events use (RFC 5545 §3.6.5).
 */
function vtimezone(zone: string): string {
  const cached = vtimezones.get(zone);
  if (cached !== undefined) return cached;
  const block = tzlib_get_ical_block(zone, false);
  const text = (Array.isArray(block) ? (block[0] ?? '') : block).replace(/^TZID:.*$/m, `TZID:${zone}`);
  vtimezones.set(zone, text);
  return text;
}

/**
 * The library's VTIMEZONE texts, by zone, built once each: they are fixed for the library's version, and building
 * one costs ≈ 0.3 ms (a CalDAV sync of 5,000 objects asked for 5,000 of them). Only zones the library knows are
 * asked for, so this holds at most its ≈ 600 zones.
 */
const vtimezones = new Map<string, string>();

/** The zones timezones-ical-library knows, read on first use (building its list costs ≈ 1 ms). */
let knownZones: Set<string> | undefined;

/** Whether timezones-ical-library has a VTIMEZONE for `zone`. */
function libraryKnows(zone: string): boolean {
  if (!knownZones) {
    const list = tzlib_get_timezones(false);
    knownZones = new Set(Array.isArray(list) ? list : []);
  }
  return knownZones.has(zone);
}

/**
 * Builds an RFC 5545 VCALENDAR for a family's events, each in its own terms (issue 18):
 * - a timed event as DTSTART/DTEND;TZID=<its zone> with one VTIMEZONE per zone used (timezones-ical-library;
 *   the family's zone always), a UTC event with `Z` times, a floating event as floating times, an all-day event as
 *   DATE values with an exclusive DTEND (RFC 5545 §3.6.1); a zero-length event has DTEND = DTSTART;
 * - a series as RRULE (UNTIL in UTC, a DATE for a DATE series) plus RDATE (a PERIOD when it has its own end) and
 *   EXDATE in the value type of DTSTART; each override as its own VEVENT with the series' UID and a RECURRENCE-ID in
 *   the series' value type (a DATE for a DATE series) (§3.8.4.4);
 * - stable UIDs: the imported source UID when there is one, else `event-<id>@<host>`;
 * - ORGANIZER / ATTENDEE with the members' names (CN), pickups and drop-offs in DESCRIPTION;
 * - every user text without control characters (`icsLine` / `icsMultiline`), TEXT-escaped and folded at 75
 *   octets (ical.js; NAME and X-WR-CALNAME escaped here), so no name, title or imported UID adds a line (issue 20).
 * Nothing is expanded here: calendar apps expand the rules. Output is deterministic for the same input (no
 * wall-clock reads), so ETags are stable.
 * @throws RangeError when a stored time is not a real local date-time (rows are checked before they are stored).
 */
export function buildFeed(input: FeedInput): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', '-//FamilyHub//Calendar//EN');
  calendar.addPropertyWithValue('name', escapedText(input.name));
  calendar.addPropertyWithValue('x-wr-calname', escapedText(input.name));
  calendar.addPropertyWithValue('x-wr-timezone', input.timeZone);
  const refresh = new ICAL.Property('refresh-interval');
  refresh.setValue(ICAL.Duration.fromSeconds(FEED_REFRESH_SECONDS));
  calendar.addProperty(refresh);
  calendar.addPropertyWithValue('x-published-ttl', `PT${FEED_REFRESH_SECONDS / 60}M`);
  return withEvents(calendar, input, new Set([input.timeZone]));
}

/**
 * One calendar object resource of a CalDAV collection (RFC 4791 §4.1): a VCALENDAR holding one event's
 * VEVENTs (the series or one-off, then its overrides, all with its UID) and the VTIMEZONEs they use, written as
 * `buildFeed` writes them, without the feed's calendar-level properties (name, refresh interval). `name` is
 * not used. Deterministic for the same input, as `buildFeed`.
 * @throws RangeError as `buildFeed`.
 */
export function buildCalendarObject(input: FeedInput): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', '-//FamilyHub//Calendar//EN');
  return withEvents(calendar, input, new Set());
}

/** `calendar` with `input`'s events as VEVENTs and a VTIMEZONE for each zone they (and `zones`) use, as text. */
function withEvents(calendar: ICAL.Component, input: FeedInput, zones: Set<string>): string {
  const names = new Map(input.members.map((m) => [m.id, m.name]));
  const byId = new Map(input.events.map((e) => [e.id, e]));
  for (const e of input.events) {
    const series = e.parentEventId !== null ? byId.get(e.parentEventId) : undefined;
    if (e.parentEventId !== null && (!series || e.recurrenceId === null)) continue;
    if (series && series.rrule === null && series.rdates.length === 0) continue;
    if (!e.isAllDay && e.timezone !== null) zones.add(e.timezone);
    calendar.addSubcomponent(vevent(e, series, input, names));
  }
  const text = calendar.toString();
  const blocks = [...zones]
    .sort()
    // A zone the library does not know: the TZID alone (an IANA name) still resolves in every major client.
    .filter((zone) => zone !== 'UTC' && libraryKnows(zone))
    .map((zone) => vtimezone(zone));
  if (blocks.length === 0) return `${text}\r\n`;
  const at = text.includes('BEGIN:VEVENT') ? text.indexOf('BEGIN:VEVENT') : text.indexOf('END:VCALENDAR');
  return `${text.slice(0, at)}${blocks.join('\r\n')}\r\n${text.slice(at)}\r\n`;
}
