import ICAL from 'ical.js';
import { type EngineEvent, type RDate, refusal } from '../recurrence/occurrences.ts';
import { type WorkBudget, WorkBudgetSpent } from '../recurrence/rule.ts';
import {
  addLocalDays,
  addLocalMinutes,
  formatLocalParts,
  instantToLocal,
  localDateOf,
  localMinutesBetween,
  localToInstant,
  parseLocal,
} from '../time/local-time.ts';
import { hasControlCharacter } from '../text/clean.ts';
import { FAMILYHUB_BLOCK_MARKER, icsLine, type IcsMember } from './model.ts';
import { type IcsRepair, repairEvent } from './repair.ts';
import { ZoneResolver } from './zones.ts';

/** The longest timed event kept as a duration (the events contract: 10080 minutes = 7 days); longer ones keep DTEND. */
const MAX_TIMED_MINUTES = 10080;
/** Length of a timed VEVENT with neither DTEND nor DURATION (SPEC §9 "default event duration 60 minutes"). */
const DEFAULT_MINUTES = 60;

/**
 * A DATE or DATE-TIME value as the file wrote it: its wall-clock and the zone it is in.
 * `wall` is `YYYY-MM-DDTHH:mm:00` (a DATE: `YYYY-MM-DDT00:00:00`); `zone` is an IANA zone ('UTC' for a `Z`
 * value), or null for a floating value or a DATE.
 */
export interface IcsMoment {
  wall: string;
  isDate: boolean;
  zone: string | null;
}

/**
 * One VEVENT mapped to our model (RFC 5545 time model, issue 18). Times are wall-clock `YYYY-MM-DDTHH:mm:00` in the
 * event's own zone `timezone` (null = floating, read in the family's zone); an all-day event's are DATEs written
 * `YYYY-MM-DDT00:00:00`.
 */
export interface ParsedIcsEvent {
  uid: string;
  /**
   * For an overridden occurrence (RECURRENCE-ID): the start of the occurrence it replaces, in its series' terms
   * when the series is in the same file (see `inSeriesTerms`), else in the RECURRENCE-ID's own terms; the importer
   * re-reads `recurrenceRef` against a series already stored.
   */
  recurrenceId: string | null;
  /** RECURRENCE-ID as written, for matching an override to a series that is not in the file. */
  recurrenceRef: IcsMoment | null;
  /** STATUS:CANCELLED. A cancelled occurrence becomes an EXDATE of its series; a cancelled event is skipped. */
  cancelled: boolean;
  title: string;
  description: string | null;
  startDate: string;
  /** Set for all-day events of more than one day (exclusive end DATE) and timed events longer than 7 days. */
  endDate: string | null;
  /** Wall-clock length in minutes when `endDate` is null (0: a zero-length event; all-day: 1440). */
  durationMinutes: number;
  isAllDay: boolean;
  /** IANA zone (TZID) of a timed event, 'UTC' for UTC times; null = floating (and for all-day events). */
  timezone: string | null;
  location: string | null;
  organizerId: number | null;
  attendees: string[];
  /** RRULE value (no `RRULE:`) as RFC 5545 writes it (UNTIL in UTC for a zoned DTSTART, a DATE for a DATE one). */
  rrule: string | null;
  /** EXDATEs in the series' terms (same value type and zone as `startDate`), sorted. */
  exdates: string[];
  /** RDATEs (DATE, DATE-TIME or PERIOD) in the series' terms, sorted by start. */
  rdates: RDate[];
  /**
   * What the VEVENT holds that FamilyHub has no field for (`extraOf`): content lines kept for a CalDAV client and
   * given back unchanged in its object (issue 40); null when nothing.
   */
  extra: string | null;
}

/** A VEVENT that could not be imported, with the reason shown in the import report. */
export interface SkippedIcsEvent {
  uid: string | null;
  title: string | null;
  reason: string;
}

export interface ParsedIcs {
  events: ParsedIcsEvent[];
  skipped: SkippedIcsEvent[];
  /** Things that were read with a fallback (a guessed time zone, a second RRULE ignored…). */
  warnings: string[];
}

/** Thrown for a file that is not iCalendar at all (the route answers 400 with the message). */
export class IcsFormatError extends Error {}

/** A VEVENT that cannot be imported; the message is the report's reason. */
class RefusedEvent extends Error {}

/** FNV-1a, for a stable UID of a VEVENT that has none (so re-importing the same file still updates). */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** A guessed or repaired time zone, with where it was first used and how often (one report line per zone). */
interface ZoneNote {
  title: string;
  property: string;
  events: Set<string>;
}

interface Reader {
  familyZone: string;
  zones: ZoneResolver;
  warnings: Set<string>;
  /** Zone report lines (ZoneResolver's words) with the events that used them; written out at the end. */
  zoneNotes: Map<string, ZoneNote>;
  /** The title of the VEVENT being read, for report lines. */
  title: string;
}

/** What a parent reads for a property in the import report. */
const PROPERTY_WORDS: Record<string, string> = {
  DTSTART: 'start (DTSTART)',
  DTEND: 'end (DTEND)',
  'RECURRENCE-ID': 'changed occurrence (RECURRENCE-ID)',
  RRULE: 'repeat rule (RRULE)',
  EXDATE: 'skipped date (EXDATE)',
  RDATE: 'extra date (RDATE)',
};

/** The report line for one repair of `repairEvent`, naming the event, the property and the value. */
function repairLine(title: string, repair: IcsRepair): string {
  const what = PROPERTY_WORDS[repair.property] ?? repair.property;
  const value = `"${repair.value.slice(0, 60)}"`;
  switch (repair.kind) {
    case 'empty':
      return repair.property === 'RRULE'
        ? `"${title}": its ${what} was empty, so it was imported as a single event`
        : `"${title}": an empty ${what} was left out`;
    case 'unreadable':
      return `"${title}": the ${what} ${value} is not a date, so it was left out; the rest of the event was imported`;
    case 'not-a-real-date':
      return `"${title}": the ${what} ${value} is not a real date, so it was left out; the rest of the event was imported`;
    case 'date-without-value-type':
      return `"${title}": the ${what} ${value} is a date written without VALUE=DATE; it was read as that whole day`;
  }
}

/** Records a zone report line for the current event (see `zoneLines`). */
function noteZone(r: Reader, warning: string, property: string): void {
  const note = r.zoneNotes.get(warning) ?? { title: r.title, property, events: new Set<string>() };
  note.events.add(r.title);
  r.zoneNotes.set(warning, note);
}

/** One line per guessed or repaired zone: what it was read as, the first event that used it, and how many. */
function zoneLines(notes: ReadonlyMap<string, ZoneNote>): string[] {
  return [...notes].map(([warning, note]) => {
    const others = note.events.size - 1;
    const what = PROPERTY_WORDS[note.property] ?? note.property;
    const more = others > 0 ? ` and ${others} other event${others === 1 ? '' : 's'}` : '';
    return `${warning}, in the ${what} of "${note.title}"${more}`;
  });
}

/**
 * Reads an ICAL.Time with the TZID parameter of its property.
 * @throws RefusedEvent for an impossible date (Feb 30) or a zone that cannot be resolved.
 */
function readMoment(
  t: ICAL.Time,
  tzid: string | null,
  name: string,
  r: Reader,
  fallback?: FallbackZone,
): IcsMoment {
  const wall = formatLocalParts({ year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute });
  if (!parseLocal(wall))
    throw new RefusedEvent(
      `${name} ${t.toString()} is not a real date (events are never moved to another day)`,
    );
  if (t.isDate) return { wall, isDate: true, zone: null };
  if (t.zone === ICAL.Timezone.utcTimezone) return { wall, isDate: false, zone: 'UTC' };
  if (tzid === null) return { wall, isDate: false, zone: null };
  const resolved = r.zones.resolve(tzid, t.year);
  if ('refusal' in resolved) {
    if (!fallback) throw new RefusedEvent(resolved.refusal);
    // An EXDATE, RDATE or RECURRENCE-ID in an unknown zone: read in the event's own zone (for an all-day
    // event the day is all that counts, so nothing is guessed and nothing is said).
    if (!fallback.isAllDay)
      noteZone(r, `Time zone "${tzid}" is not known: its times were read in the event's own time zone`, name);
    return { wall, isDate: false, zone: fallback.zone };
  }
  if (resolved.warning) noteZone(r, resolved.warning, name);
  return { wall, isDate: false, zone: resolved.zone };
}

/**
 * The zone an EXDATE, RDATE or RECURRENCE-ID is read in when its own TZID is unknown: the event's own (its
 * DTSTART's) zone. Repeated dates name occurrences of the series, which all run in that zone.
 */
interface FallbackZone {
  zone: string | null;
  isAllDay: boolean;
}

/**
 * Refuses a property that names a day that does not exist: ical.js silently moves 2026-02-30 to 2026-03-02, so
 * the values are checked as written (jCal text, `YYYY-MM-DD…`; a PERIOD is a [start, end] pair).
 * @throws RefusedEvent naming the property and the value.
 */
function checkWrittenDates(prop: ICAL.Property, label: string): void {
  const values: unknown[] = prop.jCal.slice(3);
  for (const value of values.flat()) {
    if (typeof value !== 'string') continue;
    const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
    if (m?.[1] && !parseLocal(`${m[1]}T${m[2] ?? '00'}:${m[3] ?? '00'}`))
      throw new RefusedEvent(`${label} ${value} is not a real date (events are never moved to another day)`);
  }
}

function tzidOf(prop: ICAL.Property): string | null {
  const tzid = prop.getParameter('tzid');
  return typeof tzid === 'string' && tzid.trim() !== '' ? tzid.trim() : null;
}

/** The value of a DTSTART / DTEND / RECURRENCE-ID property, or null when absent. */
function propMoment(
  vevent: ICAL.Component,
  name: string,
  r: Reader,
  fallback?: FallbackZone,
): IcsMoment | null {
  const prop = vevent.getFirstProperty(name);
  if (!prop) return null;
  const label = name.toUpperCase();
  checkWrittenDates(prop, label);
  // A bare date without VALUE=DATE (seen in Google exports) is parsed by ical.js as a broken date-time.
  const raw: unknown = prop.jCal[3];
  const bare = typeof raw === 'string' ? /^(\d{4}-\d{2}-\d{2})(?:T::)?$/.exec(raw) : null;
  if (bare?.[1]) {
    if (!parseLocal(`${bare[1]}T00:00`)) throw new RefusedEvent(`${label} ${bare[1]} is not a real date`);
    return { wall: `${bare[1]}T00:00:00`, isDate: true, zone: null };
  }
  const value = prop.getFirstValue();
  if (!(value instanceof ICAL.Time)) throw new RefusedEvent(`${label} is not a date`);
  return readMoment(value, tzidOf(prop), label, r, fallback);
}

/**
 * A moment as wall-clock in `zone` (null: floating, read in `familyZone`). A floating moment keeps its wall-clock
 * (RFC 5545 §3.3.5: floating times are the same wall-clock wherever they are read); a DATE stays its midnight.
 */
function wallIn(m: IcsMoment, zone: string | null, familyZone: string): string {
  if (m.isDate || m.zone === null || m.zone === zone) return m.wall;
  return instantToLocal(localToInstant(m.wall, m.zone), zone ?? familyZone);
}

/** What `inSeriesTerms` needs of a series: its start, zone and value type. */
export interface SeriesTerms {
  startDate: string;
  isAllDay: boolean;
  timezone: string | null;
}

/**
 * An EXDATE, RDATE or RECURRENCE-ID in the series' own terms, so it matches the series' occurrences by instant
 * whatever value type or zone it was written in (RFC 5545 §3.8.4.4, §3.8.5.1–2):
 * - a DATE series: the DATE, written `YYYY-MM-DDT00:00:00` (a DATE-TIME, as Exchange writes for all-day series,
 *   gives the day it names in its own zone);
 * - a timed series: the wall-clock in the series' zone (a UTC or other-zone value is converted at its instant; a
 *   floating value keeps its wall-clock); a DATE names that day at the series' start time.
 * @param familyZone the zone a floating series is read in.
 */
export function inSeriesTerms(m: IcsMoment, series: SeriesTerms, familyZone: string): string {
  if (series.isAllDay) return `${localDateOf(m.wall)}T00:00:00`;
  if (m.isDate) return `${localDateOf(m.wall)}T${series.startDate.slice(11)}`;
  return wallIn(m, series.timezone, familyZone);
}

function text(vevent: ICAL.Component, name: string, max: number): string | null {
  const v = vevent.getFirstPropertyValue(name);
  if (typeof v !== 'string') return null;
  const trimmed = v.trim();
  return trimmed === '' ? null : trimmed.slice(0, max);
}

/** DESCRIPTION without the transport block our own feed appends (see FAMILYHUB_BLOCK_MARKER). */
function cleanDescription(d: string | null): string | null {
  if (d === null) return null;
  const at = d.indexOf(FAMILYHUB_BLOCK_MARKER);
  const kept = (at >= 0 ? d.slice(0, at) : d).trim();
  return kept === '' ? null : kept.slice(0, 5000);
}

function memberIdByName(members: readonly IcsMember[], prop: ICAL.Property | null): number | null {
  if (!prop) return null;
  const cn = prop.getParameter('cn');
  if (typeof cn !== 'string') return null;
  const wanted = cn.trim().toLowerCase();
  return members.find((m) => m.name.trim().toLowerCase() === wanted)?.id ?? null;
}

/** DURATION in minutes (RFC 5545 §3.3.6; weeks and days are nominal, so counted as wall-clock days). */
function durationMinutes(vevent: ICAL.Component): number | null {
  const duration = vevent.getFirstPropertyValue('duration');
  if (!(duration instanceof ICAL.Duration)) return null;
  const minutes = Math.round(duration.toSeconds() / 60);
  if (minutes < 0) throw new RefusedEvent('Its DURATION is negative');
  return minutes;
}

interface Timing {
  startDate: string;
  endDate: string | null;
  durationMinutes: number;
  isAllDay: boolean;
  timezone: string | null;
}

/**
 * DTSTART / DTEND / DURATION as our columns: an all-day event's exclusive end DATE (RFC 5545 §3.6.1; one day when
 * missing or not after the start); a timed event's length from DTEND (read at its instant in DTSTART's zone) or
 * DURATION, 0 when they say so (zero-length), 60 when both are missing (SPEC §9).
 * @throws RefusedEvent for two DTSTARTs, none, or an end before the start.
 */
function readTiming(vevent: ICAL.Component, r: Reader): Timing {
  const starts = vevent.getAllProperties('dtstart').length;
  if (starts === 0) throw new RefusedEvent('No start time (DTSTART)');
  if (starts > 1) throw new RefusedEvent('It has two start times (DTSTART), so its time is ambiguous');
  const start = propMoment(vevent, 'dtstart', r);
  if (!start) throw new RefusedEvent('No start time (DTSTART)');
  const end = propMoment(vevent, 'dtend', r);
  const length = end ? null : durationMinutes(vevent);
  if (start.isDate) {
    const day = localDateOf(start.wall);
    const endDay = end
      ? localDateOf(end.wall)
      : length !== null
        ? addLocalDays(day, Math.round(length / 1440))
        : addLocalDays(day, 1);
    const multi = endDay > addLocalDays(day, 1);
    return {
      startDate: start.wall,
      endDate: multi ? `${endDay}T00:00:00` : null,
      durationMinutes: 1440,
      isAllDay: true,
      timezone: null,
    };
  }
  const zone = start.zone;
  let span = DEFAULT_MINUTES;
  let endWall: string | null = null;
  if (end) {
    endWall = end.isDate ? end.wall : wallIn(end, zone, r.familyZone);
    span = localMinutesBetween(start.wall, endWall);
    if (span < 0) throw new RefusedEvent('Its end (DTEND) is before its start');
  } else if (length !== null) {
    span = length;
    endWall = addLocalMinutes(start.wall, length);
  }
  const long = span > MAX_TIMED_MINUTES;
  return {
    startDate: start.wall,
    endDate: long ? endWall : null,
    durationMinutes: long ? MAX_TIMED_MINUTES : span,
    isAllDay: false,
    timezone: zone,
  };
}

/**
 * The RRULE with UNTIL in the value type RFC 5545 §3.3.10 requires: a DATE for a DATE series, UTC for a zoned
 * series, floating for a floating one. Files that mix them are read as python-dateutil reads them: a DATE UNTIL
 * of a timed series is the start of that day in the series' zone, a DATE-TIME UNTIL of a DATE series is the date
 * it names (Exchange writes `UNTIL=20200916T230000Z` for all-day series), a floating one is in the series' zone.
 * Other parts are kept as written.
 */
function rfcUntil(rrule: string, timing: Timing): string {
  return rrule
    .split(';')
    .map((part) => {
      const m = /^UNTIL=(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/i.exec(part);
      if (!m) return part;
      if (timing.isAllDay) return `UNTIL=${m[1]}${m[2]}${m[3]}`;
      const utc = m[7] === 'Z';
      const zone = timing.timezone;
      if (utc || zone === null) return m[4] ? part : `UNTIL=${m[1]}${m[2]}${m[3]}T000000`;
      const wall = `${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:00`;
      if (!parseLocal(wall)) return part; // refused with the rule's own reason
      const at = instantToLocal(localToInstant(wall, zone), 'UTC');
      return `UNTIL=${at.replaceAll('-', '').replaceAll(':', '').slice(0, 13)}${m[6] ?? '00'}Z`;
    })
    .join(';');
}

/** Every value of the EXDATE or RDATE properties, as moments (a PERIOD also gives its end). */
function dateList(
  vevent: ICAL.Component,
  name: 'exdate' | 'rdate',
  r: Reader,
  fallback: FallbackZone,
): Array<{ start: IcsMoment; end: IcsMoment | null }> {
  const out: Array<{ start: IcsMoment; end: IcsMoment | null }> = [];
  for (const prop of vevent.getAllProperties(name)) {
    const tzid = tzidOf(prop);
    const label = name.toUpperCase();
    // Values that are not real dates were left out by repairEvent; this is the last guard.
    checkWrittenDates(prop, label);
    for (const v of prop.getValues()) {
      if (v instanceof ICAL.Time) out.push({ start: readMoment(v, tzid, label, r, fallback), end: null });
      else if (v instanceof ICAL.Period)
        out.push({
          start: readMoment(v.start, tzid, label, r, fallback),
          end: readMoment(v.getEnd(), tzid, label, r, fallback),
        });
      else throw new RefusedEvent(`An ${label} value is not a date`);
    }
  }
  return out;
}

function readEvent(vevent: ICAL.Component, members: readonly IcsMember[], r: Reader): ParsedIcsEvent {
  const summary = text(vevent, 'summary', 200);
  const title = summary === null ? '(No title)' : icsLine(summary).trim() || '(No title)';
  r.title = title;
  const timing = readTiming(vevent, r);
  const uid = text(vevent, 'uid', 1000);
  // RFC 5545 §3.8.4.7: a UID is a persistent identifier; one with a control character is hostile (ICS injection).
  if (uid !== null && hasControlCharacter(uid)) throw new RefusedEvent('Its UID contains control characters');
  const ownZone: FallbackZone = { zone: timing.timezone, isAllDay: timing.isAllDay };
  const recurrence = propMoment(vevent, 'recurrence-id', r, ownZone);
  const rrules = vevent.getAllProperties('rrule');
  let rrule: string | null = null;
  let exdates: string[] = [];
  let rdates: RDate[] = [];
  if (!recurrence) {
    if (rrules.length > 1)
      r.warnings.add(`"${title}": only the first of its ${rrules.length} RRULEs was imported`);
    const recur = rrules[0]?.getFirstValue();
    if (rrules.length > 0 && !(recur instanceof ICAL.Recur))
      throw new RefusedEvent('Unreadable repeat rule (RRULE)');
    rrule = recur ? rfcUntil(recur.toString(), timing) : null;
    const rd = dateList(vevent, 'rdate', r, ownZone).map(({ start, end }) => ({
      start: inSeriesTerms(start, timing, r.familyZone),
      end: end ? inSeriesTerms(end, timing, r.familyZone) : null,
    }));
    rdates = [...new Map(rd.map((d) => [d.start, d])).values()].sort((a, b) =>
      a.start.localeCompare(b.start),
    );
    if (rrule !== null || rdates.length > 0)
      exdates = [
        ...new Set(
          dateList(vevent, 'exdate', r, ownZone).map((d) => inSeriesTerms(d.start, timing, r.familyZone)),
        ),
      ].sort();
  }
  if (vevent.getFirstProperty('recurrence-id')?.getParameter('range'))
    r.warnings.add(
      `"${title}": a change to "this and all following" occurrences (RANGE=THISANDFUTURE) was read as a change to one occurrence`,
    );
  const attendees = vevent
    .getAllProperties('attendee')
    .map((p) => memberIdByName(members, p))
    .filter((id): id is number => id !== null)
    .map(String);
  const status = vevent.getFirstPropertyValue('status');
  return {
    uid:
      uid ?? `generated-${fnv1a(`${title}|${timing.startDate}|${timing.timezone ?? ''}`)}@import.familyhub`,
    recurrenceId: recurrence ? wallIn(recurrence, recurrence.zone, r.familyZone) : null,
    recurrenceRef: recurrence,
    cancelled: typeof status === 'string' && status.toUpperCase() === 'CANCELLED',
    title,
    description: cleanDescription(text(vevent, 'description', 20000)),
    ...timing,
    location: text(vevent, 'location', 300),
    organizerId: memberIdByName(members, vevent.getFirstProperty('organizer')),
    attendees: [...new Set(attendees)],
    rrule,
    exdates,
    rdates,
    extra: extraOf(vevent, members),
  };
}

/**
 * The properties FamilyHub reads into its own fields or writes itself (export.ts), so never kept as they came:
 * RFC 5545 §3.8 names. ATTENDEE is kept when it names no member (a coach, a grandparent), and STATUS unless it
 * cancels.
 */
const MAPPED_PROPERTIES = new Set([
  'uid',
  'dtstamp',
  'dtstart',
  'dtend',
  'duration',
  'rrule',
  'rdate',
  'exdate',
  'recurrence-id',
  'summary',
  'description',
  'location',
  'organizer',
  'created',
  'last-modified',
]);

/**
 * The content lines of `component`'s properties and subcomponents (VALARM…) that FamilyHub has no field for
 * (not in `mapped`, by default a VEVENT's), in the order written (issue 40: "kept and given back unchanged"); null
 * when there are none. A member's ATTENDEE line is FamilyHub's (its attendee list); another's is kept.
 */
export function extraOf(
  component: ICAL.Component,
  members: readonly IcsMember[],
  mapped: ReadonlySet<string> = MAPPED_PROPERTIES,
): string | null {
  const lines: string[] = [];
  for (const prop of component.getAllProperties()) {
    const name = prop.name.toLowerCase();
    if (mapped.has(name)) continue;
    if (name === 'attendee' && memberIdByName(members, prop) !== null) continue;
    if (name === 'status' && String(prop.getFirstValue()).toUpperCase() === 'CANCELLED') continue;
    lines.push(prop.toICALString());
  }
  for (const sub of component.getAllSubcomponents()) lines.push(sub.toString());
  return lines.length > 0 ? lines.join('\r\n') : null;
}

/**
 * The engine's view of parsed events (src/core/recurrence/occurrences.ts), ids 1…n in order: overrides are linked
 * to the series of their UID, and a cancelled occurrence becomes an EXDATE of its series (as the importer stores
 * them); a cancelled event without a series and a second event with the same UID are left out. For tests and
 * previews that expand a file without storing it.
 */
export function toEngineEvents(
  events: readonly ParsedIcsEvent[],
): Array<EngineEvent & { parsed: ParsedIcsEvent }> {
  const out = events.map((e, i) => ({
    ...engineEventOf(e),
    id: i + 1,
    // A cancelled occurrence is added to its series' EXDATEs below: a copy, not the parsed list.
    exdates: [...e.exdates],
    recurrenceId: e.recurrenceId,
    parsed: e,
  }));
  const seriesByUid = new Map<string, (typeof out)[number]>();
  for (const x of out)
    if (
      x.recurrenceId === null &&
      (x.rrule !== null || x.rdates.length > 0) &&
      !seriesByUid.has(x.parsed.uid)
    )
      seriesByUid.set(x.parsed.uid, x);
  const kept: typeof out = [];
  const seen = new Set<string>();
  for (const x of out) {
    // As the importer: a second VEVENT with a UID already read is skipped ("Duplicate UID in the file").
    if (x.recurrenceId === null) {
      if (seen.has(x.parsed.uid)) continue;
      seen.add(x.parsed.uid);
    }
    const series = x.recurrenceId !== null ? seriesByUid.get(x.parsed.uid) : undefined;
    if (series && x.recurrenceId !== null) {
      if (x.parsed.cancelled) series.exdates.push(x.recurrenceId);
      else kept.push({ ...x, parentId: series.id });
    } else if (!x.parsed.cancelled) kept.push(x);
  }
  return kept;
}

/** The engine's view of one parsed event on its own (for `refusal`: no id, no series). */
function engineEventOf(e: ParsedIcsEvent): EngineEvent {
  return {
    id: 0,
    start: e.startDate,
    end: e.endDate,
    durationMinutes: e.durationMinutes,
    allDay: e.isAllDay,
    zone: e.isAllDay ? null : e.timezone,
    rrule: e.rrule,
    exdates: e.exdates,
    rdates: e.rdates,
    parentId: null,
    recurrenceId: null,
  };
}

/** One VCALENDAR of a file: its VTIMEZONE and VEVENT blocks as text (CRLF), in file order. */
interface CalendarBlocks {
  zones: string[];
  events: Array<{ text: string; complete: boolean }>;
}

/**
 * The VCALENDARs of a cleaned text (CRLF lines, no blank lines) with their VTIMEZONE and VEVENT blocks, found
 * line by line: each block is then read on its own, so one broken line costs one event, never the file, and the
 * reader can pause between events. A VEVENT the file ends inside is returned with `complete: false`.
 */
function scanCalendars(cleaned: string): CalendarBlocks[] {
  const calendars: CalendarBlocks[] = [];
  let calendar: CalendarBlocks | null = null;
  let block: { kind: 'VEVENT' | 'VTIMEZONE'; lines: string[] } | null = null;
  const close = (complete: boolean) => {
    if (!block || !calendar) return;
    const text = block.lines.join('\r\n');
    if (block.kind === 'VEVENT') calendar.events.push({ text, complete });
    else if (complete) calendar.zones.push(text);
    block = null;
  };
  for (const line of cleaned.split('\r\n')) {
    // Continuation lines start with a space (RFC 5545 §3.1), so BEGIN/END lines are matched whole.
    const tag = line.trimEnd().toUpperCase();
    if (block) {
      if (tag === `END:${block.kind}`) {
        block.lines.push(line);
        close(true);
        continue;
      }
      if (tag !== 'BEGIN:VCALENDAR' && tag !== `BEGIN:${block.kind}`) {
        block.lines.push(line);
        continue;
      }
      close(false); // a block the file never ended; the line starts something new
    }
    if (tag === 'BEGIN:VCALENDAR') {
      calendar = { zones: [], events: [] };
      calendars.push(calendar);
    } else if (calendar && (tag === 'BEGIN:VEVENT' || tag === 'BEGIN:VTIMEZONE')) {
      block = { kind: tag === 'BEGIN:VEVENT' ? 'VEVENT' : 'VTIMEZONE', lines: [line] };
    }
  }
  close(false);
  return calendars;
}

/** The UID and SUMMARY of a VEVENT block that could not be parsed, for its line in the report. */
function blockNames(block: string): { uid: string | null; title: string | null } {
  return {
    uid: /^UID[^:\r\n]*:(.*)$/im.exec(block)?.[1]?.trim().slice(0, 1000) ?? null,
    title: /^SUMMARY[^:\r\n]*:(.*)$/im.exec(block)?.[1]?.trim().slice(0, 200) ?? null,
  };
}

/**
 * The report's reason for an event ical.js could not read, in plain words with the line it stumbled on (ical.js
 * quotes it in its message, e.g. `invalid line (no token ";" or ":") "FOO"`), never the library's own sentence.
 */
function unreadableReason(error: Error): string {
  const quoted = /"([^"]{0,60})/.exec(error.message)?.[1];
  const part = /^invalid (\w+) value/i.exec(error.message)?.[1];
  if (quoted === undefined) return 'This event could not be read as iCalendar';
  if (part) return `This event could not be read: its ${part} value "${quoted}" is not valid iCalendar`;
  return `This event could not be read: "${quoted}" is not valid iCalendar`;
}

/** The reason given to each event left unread once a request's work budget is spent. */
const WORK_BUDGET_REASON =
  'Not imported: this file needs more work to read than one import may do. Import it in smaller parts.';

function skip(vevent: ICAL.Component, reason: string): SkippedIcsEvent {
  const uid = vevent.getFirstPropertyValue('uid');
  const summary = vevent.getFirstPropertyValue('summary');
  return {
    uid: typeof uid === 'string' ? uid : null,
    title: typeof summary === 'string' ? summary.slice(0, 200) : null,
    reason,
  };
}

/** The VTIMEZONEs of one calendar that ical.js can read, by their TZID (unreadable ones are left out). */
function readZones(blocks: readonly string[]): Map<string, ICAL.Component> {
  const zones = new Map<string, ICAL.Component>();
  for (const block of blocks) {
    try {
      const zone = new ICAL.Component(ICAL.parse(block) as ICAL.Component['jCal']); // one component: a jCal array
      const tzid = zone.getFirstPropertyValue('tzid');
      if (typeof tzid === 'string') zones.set(tzid.trim(), zone);
    } catch {
      // ical.js throws plain Errors (ParserError); an event in that zone is then refused with the reason.
    }
  }
  return zones;
}

/**
 * Reads one VEVENT block: repairs (repair.ts), parse, our model, and `refusal` (charged to `work`).
 * @returns the event with its repair report lines, or the skipped entry with its reason.
 * @throws WorkBudgetSpent when the request's budget is spent.
 */
function readBlock(
  block: string,
  members: readonly IcsMember[],
  r: Reader,
  work: WorkBudget | undefined,
): { event: ParsedIcsEvent; repairs: string[] } | { skipped: SkippedIcsEvent } {
  const repaired = repairEvent(block);
  let vevent: ICAL.Component;
  try {
    vevent = new ICAL.Component(ICAL.parse(repaired.text) as ICAL.Component['jCal']); // one component: a jCal array
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    return { skipped: { ...blockNames(block), reason: unreadableReason(error) } }; // ical.js ParserError
  }
  try {
    const e = readEvent(vevent, members, r);
    const reason = refusal(engineEventOf(e), r.familyZone, work);
    if (reason) return { skipped: skip(vevent, reason) };
    return { event: e, repairs: repaired.repairs.map((x) => repairLine(e.title, x)) };
  } catch (error) {
    if (error instanceof RefusedEvent) return { skipped: skip(vevent, error.message) };
    if (error instanceof WorkBudgetSpent) throw error;
    // ical.js reads values lazily and throws plain Errors for unreadable ones (`invalid date-time value`).
    if (error instanceof Error) return { skipped: skip(vevent, unreadableReason(error)) };
    throw error;
  }
}

/**
 * Reads an .ics text (RFC 5545; tolerant of CRLF/LF, a BOM, blank lines) into events that keep their own zone,
 * one VEVENT at a time, pausing (`yield`) after each so that a server can give other requests their turn
 * between events (issue 39). `parseIcs` runs it to the end in one go.
 *
 * Each VEVENT is read on its own. What can be repaired is repaired and reported in `warnings` (repair.ts, and
 * `UTC+01`-style zones in zones.ts); one that cannot be read, or that `refusal` (src/core/recurrence/
 * occurrences.ts) refuses (a year outside 1900–2200, FREQ below DAILY, more than MAX_OCCURRENCES_PER_YEAR a year,
 * an unknown zone, Feb 30, two DTSTARTs…), is listed in `skipped` with the reason and the rest still import; the
 * overrides of a refused series are skipped with it. Overrides (RECURRENCE-ID) are returned alongside their
 * series, with `recurrenceId` in the series' terms. docs/ics.md lists every repair and refusal.
 * @param familyZone IANA zone of the family (families.timezone): floating events are checked in it.
 * @param members the family's members, to match ORGANIZER / ATTENDEE common names (CN) to member ids.
 * @param work the request's shared expansion budget: once it is spent, every event not yet read is skipped with
 *   `WORK_BUDGET_REASON`.
 * @throws IcsFormatError when the text holds no VCALENDAR at all.
 */
export function* readIcs(
  textIn: string,
  familyZone: string,
  members: readonly IcsMember[],
  work?: WorkBudget,
): Generator<void, ParsedIcs, void> {
  // A BOM and blank lines are common in the wild (hand-edited files, concatenated feeds); RFC 5545 has neither.
  const cleaned = textIn
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .join('\r\n');
  if (!/BEGIN:VCALENDAR/i.test(cleaned)) throw new IcsFormatError('This is not an iCalendar (.ics) file');
  const calendars = scanCalendars(cleaned);
  const warnings = new Set<string>();
  const zoneNotes = new Map<string, ZoneNote>();
  const skipped: SkippedIcsEvent[] = [];
  const events: ParsedIcsEvent[] = [];
  let spent = false;
  for (const calendar of calendars) {
    const r: Reader = {
      familyZone,
      zones: new ZoneResolver(readZones(calendar.zones)),
      warnings,
      zoneNotes,
      title: '',
    };
    for (const { text, complete } of calendar.events) {
      if (!complete) {
        skipped.push({ ...blockNames(text), reason: 'The file ends in the middle of this event' });
        continue;
      }
      if (!spent) {
        try {
          work?.spend();
          work?.check();
          const read = readBlock(text, members, r, work);
          if ('skipped' in read) skipped.push(read.skipped);
          else {
            events.push(read.event);
            for (const line of read.repairs) warnings.add(line);
          }
          yield;
          continue;
        } catch (error) {
          if (!(error instanceof WorkBudgetSpent)) throw error;
          spent = true;
        }
      }
      skipped.push({ ...blockNames(text), reason: WORK_BUDGET_REASON });
    }
  }
  return {
    events: linkOverrides(events, skipped, familyZone),
    skipped,
    warnings: [...zoneLines(zoneNotes), ...warnings],
  };
}

/**
 * `readIcs` run to the end without pausing: for callers with small texts (tests, the web client's preview).
 * Same parameters, result and errors.
 */
export function parseIcs(
  textIn: string,
  familyZone: string,
  members: readonly IcsMember[],
  work?: WorkBudget,
): ParsedIcs {
  const reader = readIcs(textIn, familyZone, members, work);
  for (;;) {
    const step = reader.next();
    if (step.done) return step.value;
  }
}

/**
 * Puts each override's RECURRENCE-ID in its series' terms when the series is in the file, and skips the overrides
 * of a series that was refused (they would otherwise be imported as one-off events).
 */
function linkOverrides(
  events: ParsedIcsEvent[],
  skipped: SkippedIcsEvent[],
  familyZone: string,
): ParsedIcsEvent[] {
  const series = new Map<string, ParsedIcsEvent>();
  for (const e of events) if (e.recurrenceRef === null && !series.has(e.uid)) series.set(e.uid, e);
  const refused = new Set(skipped.map((s) => s.uid));
  const out: ParsedIcsEvent[] = [];
  for (const e of events) {
    if (e.recurrenceRef === null) {
      out.push(e);
      continue;
    }
    const parent = series.get(e.uid);
    if (!parent && refused.has(e.uid)) {
      skipped.push({ uid: e.uid, title: e.title, reason: 'Its repeating event was refused' });
      continue;
    }
    out.push(parent ? { ...e, recurrenceId: inSeriesTerms(e.recurrenceRef, parent, familyZone) } : e);
  }
  return out;
}
