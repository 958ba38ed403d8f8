import ICAL from 'ical.js';
import { type EngineEvent, type RDate, refusal } from '../recurrence/occurrences.ts';
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

interface Reader {
  familyZone: string;
  zones: ZoneResolver;
  warnings: Set<string>;
}

/**
 * Reads an ICAL.Time with the TZID parameter of its property.
 * @throws RefusedEvent for an impossible date (Feb 30) or a zone that cannot be resolved.
 */
function readMoment(t: ICAL.Time, tzid: string | null, name: string, r: Reader): IcsMoment {
  const wall = formatLocalParts({ year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute });
  if (!parseLocal(wall))
    throw new RefusedEvent(
      `${name} ${t.toString()} is not a real date (events are never moved to another day)`,
    );
  if (t.isDate) return { wall, isDate: true, zone: null };
  if (t.zone === ICAL.Timezone.utcTimezone) return { wall, isDate: false, zone: 'UTC' };
  if (tzid === null) return { wall, isDate: false, zone: null };
  const resolved = r.zones.resolve(tzid, t.year);
  if ('refusal' in resolved) throw new RefusedEvent(resolved.refusal);
  if (resolved.warning) r.warnings.add(resolved.warning);
  return { wall, isDate: false, zone: resolved.zone };
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
function propMoment(vevent: ICAL.Component, name: string, r: Reader): IcsMoment | null {
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
  return readMoment(value, tzidOf(prop), label, r);
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
): Array<{ start: IcsMoment; end: IcsMoment | null }> {
  const out: Array<{ start: IcsMoment; end: IcsMoment | null }> = [];
  for (const prop of vevent.getAllProperties(name)) {
    const tzid = tzidOf(prop);
    const label = name.toUpperCase();
    checkWrittenDates(prop, label);
    for (const v of prop.getValues()) {
      if (v instanceof ICAL.Time) out.push({ start: readMoment(v, tzid, label, r), end: null });
      else if (v instanceof ICAL.Period)
        out.push({ start: readMoment(v.start, tzid, label, r), end: readMoment(v.getEnd(), tzid, label, r) });
      else throw new RefusedEvent(`An ${label} value is not a date`);
    }
  }
  return out;
}

function readEvent(vevent: ICAL.Component, members: readonly IcsMember[], r: Reader): ParsedIcsEvent {
  const timing = readTiming(vevent, r);
  const uid = text(vevent, 'uid', 1000);
  // RFC 5545 §3.8.4.7: a UID is a persistent identifier; one with a control character is hostile (ICS injection).
  if (uid !== null && hasControlCharacter(uid)) throw new RefusedEvent('Its UID contains control characters');
  const summary = text(vevent, 'summary', 200);
  const title = summary === null ? '(No title)' : icsLine(summary).trim() || '(No title)';
  const recurrence = propMoment(vevent, 'recurrence-id', r);
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
    const rd = dateList(vevent, 'rdate', r).map(({ start, end }) => ({
      start: inSeriesTerms(start, timing, r.familyZone),
      end: end ? inSeriesTerms(end, timing, r.familyZone) : null,
    }));
    rdates = [...new Map(rd.map((d) => [d.start, d])).values()].sort((a, b) =>
      a.start.localeCompare(b.start),
    );
    if (rrule !== null || rdates.length > 0)
      exdates = [
        ...new Set(dateList(vevent, 'exdate', r).map((d) => inSeriesTerms(d.start, timing, r.familyZone))),
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
  };
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

/** Each VEVENT block parsed on its own inside a VCALENDAR with the file's readable VTIMEZONEs. */
function salvage(cleaned: string, skipped: SkippedIcsEvent[]): unknown[] {
  const blocks = (name: string) =>
    cleaned.match(new RegExp(`^BEGIN:${name}\\r\\n[\\s\\S]*?^END:${name}$`, 'gim')) ?? [];
  const zones = blocks('VTIMEZONE').filter((z) => {
    try {
      ICAL.parse(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${z}\r\nEND:VCALENDAR`);
      return true;
    } catch {
      return false;
    }
  });
  const header = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${zones.join('\r\n')}${zones.length > 0 ? '\r\n' : ''}`;
  const roots: unknown[] = [];
  for (const block of blocks('VEVENT')) {
    try {
      roots.push(ICAL.parse(`${header}${block}\r\nEND:VCALENDAR`));
    } catch (error) {
      const uid = /^UID:(.*)$/im.exec(block)?.[1]?.trim() ?? null;
      const title = /^SUMMARY[^:]*:(.*)$/im.exec(block)?.[1]?.trim().slice(0, 200) ?? null;
      skipped.push({ uid, title, reason: `Unreadable event: ${(error as Error).message}` }); // ical.js ParserError
    }
  }
  if (roots.length === 0 && skipped.length === 0)
    throw new IcsFormatError('The file could not be read as iCalendar');
  return roots;
}

function skip(vevent: ICAL.Component, reason: string): SkippedIcsEvent {
  const uid = vevent.getFirstPropertyValue('uid');
  const summary = vevent.getFirstPropertyValue('summary');
  return {
    uid: typeof uid === 'string' ? uid : null,
    title: typeof summary === 'string' ? summary.slice(0, 200) : null,
    reason,
  };
}

/**
 * Parses an .ics text (RFC 5545; tolerant of CRLF/LF, a BOM, blank lines) into events that keep their own zone.
 * Each VEVENT is read on its own: one that cannot be read, or that `refusal` (src/core/recurrence/occurrences.ts)
 * refuses (a year outside 1900–2200, FREQ below DAILY, an unknown zone, Feb 30, two DTSTARTs…), is listed in
 * `skipped` with the reason and the rest still import; the overrides of a refused series are skipped with it.
 * Overrides (RECURRENCE-ID) are returned alongside their series, with `recurrenceId` in the series' terms.
 * @param familyZone IANA zone of the family (families.timezone): floating events are checked in it.
 * @param members the family's members, to match ORGANIZER / ATTENDEE common names (CN) to member ids.
 * @throws IcsFormatError when the text holds no VCALENDAR at all.
 */
export function parseIcs(textIn: string, familyZone: string, members: readonly IcsMember[]): ParsedIcs {
  // A BOM and blank lines are common in the wild (hand-edited files, concatenated feeds); RFC 5545 has neither.
  const cleaned = textIn
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .join('\r\n');
  if (!/BEGIN:VCALENDAR/i.test(cleaned)) throw new IcsFormatError('This is not an iCalendar (.ics) file');
  const warnings = new Set<string>();
  const skipped: SkippedIcsEvent[] = [];
  let roots: unknown[];
  try {
    const jcal: unknown = ICAL.parse(cleaned);
    roots = (Array.isArray(jcal) && Array.isArray(jcal[0]) ? jcal : [jcal]) as unknown[]; // one VCALENDAR is a jCal array, several are an array of them
  } catch (error) {
    // One broken line makes ical.js reject the whole file: read each VEVENT on its own instead, so the
    // good ones still import and the broken ones are reported.
    warnings.add(
      `The file is not valid iCalendar (${(error as Error).message}); events were read one by one`,
    ); // ical.js throws Error (ParserError)
    roots = salvage(cleaned, skipped);
  }
  const events: ParsedIcsEvent[] = [];
  for (const root of roots) {
    const calendar = new ICAL.Component(root as ICAL.Component['jCal']); // checked above: a parsed jCal component
    const vtimezones = new Map<string, ICAL.Component>();
    for (const z of calendar.getAllSubcomponents('vtimezone')) {
      const tzid = z.getFirstPropertyValue('tzid');
      if (typeof tzid === 'string') vtimezones.set(tzid.trim(), z);
    }
    const r: Reader = { familyZone, zones: new ZoneResolver(vtimezones), warnings };
    for (const vevent of calendar.getAllSubcomponents('vevent')) {
      try {
        const e = readEvent(vevent, members, r);
        const reason = refusal(engineEventOf(e), familyZone);
        if (reason) skipped.push(skip(vevent, reason));
        else events.push(e);
      } catch (error) {
        if (error instanceof RefusedEvent) skipped.push(skip(vevent, error.message));
        // ical.js reads values lazily and throws plain Errors for unreadable ones (`invalid date-time value`).
        else if (error instanceof Error) skipped.push(skip(vevent, `Unreadable event: ${error.message}`));
        else throw error;
      }
    }
  }
  return { events: linkOverrides(events, skipped, familyZone), skipped, warnings: [...warnings] };
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
