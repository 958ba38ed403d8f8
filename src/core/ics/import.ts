import ICAL from 'ical.js';
import { expandSeries } from '../recurrence/recurrence.ts';
import {
  addLocalDays,
  formatLocalParts,
  instantToLocal,
  localDateOf,
  localMinutesBetween,
  localToInstant,
  parseLocal,
} from '../time/local-time.ts';
import { FAMILYHUB_BLOCK_MARKER, type IcsMember } from './model.ts';

/** The longest timed event kept as a duration (SPEC §9 / the events contract: 10080 minutes = 7 days). */
const MAX_TIMED_MINUTES = 10080;
/** Wall-clock length given to a timed VEVENT without DTEND/DURATION or with an end before its start (SPEC §9). */
const DEFAULT_MINUTES = 60;

/** One VEVENT mapped to our model. Times are local wall-clock `YYYY-MM-DDTHH:mm:00` in the family's zone. */
export interface ParsedIcsEvent {
  uid: string;
  /** For an overridden occurrence (RECURRENCE-ID): the local start of the occurrence it replaces. */
  recurrenceId: string | null;
  /** STATUS:CANCELLED. A cancelled occurrence becomes an EXDATE of its series; a cancelled event is skipped. */
  cancelled: boolean;
  title: string;
  description: string | null;
  startDate: string;
  endDate: string | null;
  durationMinutes: number;
  isAllDay: boolean;
  location: string | null;
  organizerId: number | null;
  attendees: string[];
  /** RRULE value (no `RRULE:`), UNTIL as floating local time like src/core/recurrence/patterns.ts writes it. */
  rrule: string | null;
  exdates: string[];
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
  /** Things that were read with a fallback (an unknown time zone read as family time, a second RRULE ignored…). */
  warnings: string[];
}

/** Thrown for a file that is not iCalendar at all (the route answers 400 with the message). */
export class IcsFormatError extends Error {}

function isIanaZone(tzid: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tzid });
    return true;
  } catch {
    return false;
  }
}

/** FNV-1a, for a stable UID of a VEVENT that has none (so re-importing the same file still updates). */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * A converted DATE or DATE-TIME. For a time, `sourceDay` is the day the value names in its own zone (UTC, the
 * TZID's zone, or the family zone for floating / unknown zones), which RRULE's BYxxx parts are read in.
 */
type Converted = { kind: 'date'; day: string } | { kind: 'time'; local: string; sourceDay: string };

interface Reader {
  familyZone: string;
  warnings: Set<string>;
}

/**
 * An ICAL.Time as family-local time: DATE values stay days; UTC and zoned values are moved to the family zone
 * (the VTIMEZONE in the file when there is one, else the TZID as an IANA name); floating values, and zones we
 * cannot resolve, are read as family wall-clock time (with a warning for the latter).
 * @throws Error for an impossible date (the VEVENT is then skipped).
 */
function convert(t: ICAL.Time, tzid: string | null, r: Reader): Converted {
  const wall = formatLocalParts({ year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute });
  if (!parseLocal(wall)) throw new Error(`Invalid date ${t.toString()}`);
  if (t.isDate) return { kind: 'date', day: localDateOf(wall) };
  const zone = t.zone;
  if (zone === ICAL.Timezone.utcTimezone || zone?.tzid === 'UTC' || zone?.tzid === 'Z') {
    const instant = new Date(Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute));
    return { kind: 'time', local: instantToLocal(instant, r.familyZone), sourceDay: localDateOf(wall) };
  }
  if (tzid) {
    if (zone && zone !== ICAL.Timezone.localTimezone && zone.tzid !== 'floating') {
      try {
        const unix = t.toUnixTime();
        if (Number.isFinite(unix))
          return {
            kind: 'time',
            local: instantToLocal(new Date(unix * 1000), r.familyZone),
            sourceDay: localDateOf(wall),
          };
      } catch {
        // A VTIMEZONE ical.js cannot evaluate: fall back to the TZID as an IANA name below.
      }
    }
    const name = tzid.replace(/^\//, '');
    if (isIanaZone(name))
      return {
        kind: 'time',
        local: instantToLocal(localToInstant(wall, name), r.familyZone),
        sourceDay: localDateOf(wall),
      };
    r.warnings.add(`Unknown time zone "${tzid}": its times were read as ${r.familyZone} time`);
  }
  return { kind: 'time', local: wall, sourceDay: localDateOf(wall) };
}

function propTime(vevent: ICAL.Component, name: string, r: Reader): Converted | null {
  const prop = vevent.getFirstProperty(name);
  if (!prop) return null;
  // A bare date without VALUE=DATE (seen in Google exports) is parsed by ical.js as a broken date-time.
  const raw: unknown = prop.jCal[3];
  const bare = typeof raw === 'string' ? /^(\d{4}-\d{2}-\d{2})(?:T::)?$/.exec(raw) : null;
  if (bare?.[1]) {
    if (!parseLocal(`${bare[1]}T00:00`)) throw new Error(`${name.toUpperCase()} is not a valid date`);
    return { kind: 'date', day: bare[1] };
  }
  const value = prop.getFirstValue();
  if (!(value instanceof ICAL.Time)) throw new Error(`${name.toUpperCase()} is not a date`);
  const tzid = prop.getParameter('tzid');
  return convert(value, typeof tzid === 'string' ? tzid : null, r);
}

function asLocal(c: Converted): string {
  return c.kind === 'date' ? `${c.day}T00:00:00` : c.local;
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

/** RRULE value with UNTIL moved to family-local floating time (all-day: the end of that day). */
function importRrule(recur: ICAL.Recur, allDay: boolean, r: Reader): string {
  const parts = recur
    .toString()
    .split(';')
    .filter((p) => p !== '' && !p.startsWith('UNTIL='));
  if (recur.until) {
    const until = convert(recur.until, recur.until.zone?.tzid ?? null, r);
    const local =
      until.kind === 'date' || allDay
        ? `${until.kind === 'date' ? until.day : localDateOf(until.local)}T23:59:59`
        : until.local;
    const compact = local.replaceAll('-', '').replaceAll(':', '');
    parts.push(`UNTIL=${until.kind === 'date' || allDay ? compact : `${compact.slice(0, 13)}59`}`);
  }
  return parts.join(';');
}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
/** Parts that pick days by a calendar frame a day shift does not map exactly (a month, a year, a week number). */
const FRAMED_PARTS = ['BYMONTH', 'BYYEARDAY', 'BYWEEKNO', 'BYSETPOS'] as const;

function shiftWeekday(day: string, offset: number): string {
  const i = WEEKDAYS.indexOf(day as (typeof WEEKDAYS)[number]);
  if (i < 0) throw new Error(`Unreadable weekday ${day} in the repeat rule`);
  return WEEKDAYS[(((i + offset) % 7) + 7) % 7] ?? day;
}

/**
 * Moves the day-picking parts of an RRULE by `offset` days, for a series whose DTSTART changed day when it was
 * converted from its own zone to the family zone (Tokyo Monday 08:00 is Sunday 15:00 in Los Angeles).
 * RFC 5545 §3.3.10 evaluates BYxxx parts in DTSTART's zone, but the family's series are expanded in the family
 * zone, so the parts are shifted like DTSTART was:
 * - BYDAY weekdays (ordinals kept) and WKST, so WEEKLY/DAILY rules, INTERVAL weeks included, map exactly;
 * - BYMONTHDAY values, and the implicit day of a MONTHLY rule without BYDAY/BYMONTHDAY (made explicit), with
 *   a day pushed past the month's edge written from the other end (1 − 1 day → −1, the last day).
 * Where a shifted rule cannot name exactly the same days (BYDAY ordinals in a MONTHLY/YEARLY rule, days 29–31,
 * month-edge wraps under BYMONTH, BYYEARDAY/BYWEEKNO/BYSETPOS, a YEARLY date across the end of February), the
 * closest rule is kept and a warning names the event.
 * @param rrule RRULE value (no `RRULE:`), as `importRrule` returns it.
 * @param offset family-zone start day minus source-zone start day, in days (−2…2 for real zones).
 * @param sourceDay / familyDay DTSTART's day (`YYYY-MM-DD`) in its own zone / in the family zone.
 */
function shiftRuleDays(
  rrule: string,
  offset: number,
  sourceDay: string,
  familyDay: string,
  title: string,
  r: Reader,
): string {
  if (offset === 0) return rrule;
  const parts = new Map<string, string>();
  for (const part of rrule.split(';')) {
    const at = part.indexOf('=');
    parts.set(part.slice(0, at).toUpperCase(), part.slice(at + 1));
  }
  const freq = parts.get('FREQ');
  const framed = FRAMED_PARTS.some((name) => parts.has(name));
  let exact = !framed;
  const byday = parts.get('BYDAY');
  if (byday) {
    const days = byday.split(',').map((value) => {
      const m = /^([+-]?\d{1,2})?([A-Z]{2})$/.exec(value.toUpperCase());
      if (!m?.[2]) throw new Error(`Unreadable weekday ${value} in the repeat rule`);
      if (m[1] && (freq === 'MONTHLY' || freq === 'YEARLY')) exact = false;
      return `${m[1] ?? ''}${shiftWeekday(m[2], offset)}`;
    });
    parts.set('BYDAY', days.join(','));
  }
  if (parts.has('WKST') || (byday && freq === 'WEEKLY' && Number(parts.get('INTERVAL') ?? '1') > 1))
    parts.set('WKST', shiftWeekday(parts.get('WKST') ?? 'MO', offset));
  let monthdays = parts.get('BYMONTHDAY');
  if (!monthdays && !byday && freq === 'MONTHLY' && !framed)
    monthdays = String(Number(sourceDay.slice(8, 10)));
  if (monthdays) {
    const wraps = !parts.has('BYMONTH') && (freq === 'MONTHLY' || freq === 'YEARLY');
    const shifted = monthdays.split(',').map((value) => {
      const n = Number(value);
      const m = n + offset;
      if (n > 0 && m >= 1) {
        if (Math.max(n, m) > 28) exact = false;
        return m > 31 ? m - 31 : m; // the 31st + 1 day: the closest rule is the 1st
      }
      if (n < 0 && m <= -1) {
        if (Math.min(n, m) < -28) exact = false;
        return m < -31 ? m + 31 : m;
      }
      if (!wraps) exact = false;
      return n > 0 ? m - 1 : m + 1; // past the month's edge: counted from its other end
    });
    parts.set('BYMONTHDAY', shifted.join(','));
  }
  // A YEARLY date taken from DTSTART maps exactly unless the shift crosses the end of February (leap days).
  const days = [sourceDay, familyDay];
  const leapEdge =
    days.some((d) => d.slice(5) === '02-29') ||
    (sourceDay.slice(5, 7) !== familyDay.slice(5, 7) && days.some((d) => d.slice(5, 7) === '02'));
  if (freq === 'YEARLY' && !byday && !monthdays && leapEdge) exact = false;
  if (!exact)
    r.warnings.add(
      `"${title}": its repeat rule was moved ${Math.abs(offset)} day${Math.abs(offset) === 1 ? '' : 's'} to the family's time zone; check occurrences near month ends`,
    );
  return [...parts].map(([name, value]) => `${name}=${value}`).join(';');
}

function memberIdByName(members: readonly IcsMember[], prop: ICAL.Property | null): number | null {
  if (!prop) return null;
  const cn = prop.getParameter('cn');
  if (typeof cn !== 'string') return null;
  const wanted = cn.trim().toLowerCase();
  return members.find((m) => m.name.trim().toLowerCase() === wanted)?.id ?? null;
}

function readEvent(vevent: ICAL.Component, members: readonly IcsMember[], r: Reader): ParsedIcsEvent {
  const start = propTime(vevent, 'dtstart', r);
  if (!start) throw new Error('No start time (DTSTART)');
  let end = propTime(vevent, 'dtend', r);
  const duration = vevent.getFirstPropertyValue('duration');
  if (!end && duration instanceof ICAL.Duration) {
    const seconds = duration.toSeconds();
    if (seconds > 0) {
      end =
        start.kind === 'date'
          ? { kind: 'date', day: addLocalDays(start.day, Math.max(1, Math.round(seconds / 86400))) }
          : {
              kind: 'time',
              local: addMinutes(start.local, Math.round(seconds / 60)),
              sourceDay: start.sourceDay,
            };
    }
  }
  let isAllDay = start.kind === 'date';
  let startDate = asLocal(start);
  let endDate: string | null = null;
  let durationMinutes = DEFAULT_MINUTES;
  const endLocal = end ? asLocal(end) : null;
  if (isAllDay) {
    const endDay =
      endLocal && endLocal > startDate ? ceilDay(endLocal) : addLocalDays(localDateOf(startDate), 1);
    durationMinutes = 1440;
    if (endDay !== addLocalDays(localDateOf(startDate), 1)) endDate = `${endDay}T00:00:00`;
  } else {
    const span = endLocal ? localMinutesBetween(startDate, endLocal) : 0;
    if (span > MAX_TIMED_MINUTES && endLocal) {
      // Longer than a timed event may be: shown (and exported) as whole days, like SPEC §9 multi-day events.
      isAllDay = true;
      startDate = `${localDateOf(startDate)}T00:00:00`;
      endDate = `${ceilDay(endLocal)}T00:00:00`;
      durationMinutes = 1440;
    } else if (span > 0) {
      durationMinutes = span;
    }
  }

  const uid = text(vevent, 'uid', 1000);
  const title = text(vevent, 'summary', 200) ?? '(No title)';
  const recurrence = propTime(vevent, 'recurrence-id', r);
  const rrules = vevent.getAllProperties('rrule');
  let rrule: string | null = null;
  const exdates: string[] = [];
  if (rrules.length > 0 && !recurrence) {
    if (rrules.length > 1)
      r.warnings.add(`"${title}": only the first of its ${rrules.length} RRULEs was imported`);
    const recur = rrules[0]?.getFirstValue();
    if (!(recur instanceof ICAL.Recur)) throw new Error('Unreadable repeat rule (RRULE)');
    rrule = importRrule(recur, isAllDay, r);
    if (start.kind === 'time' && !isAllDay) {
      const offset =
        localMinutesBetween(`${start.sourceDay}T00:00`, `${localDateOf(startDate)}T00:00`) / 1440;
      rrule = shiftRuleDays(rrule, offset, start.sourceDay, localDateOf(startDate), title, r);
    }
    try {
      expandSeries({ start: startDate, rrule }, startDate, addMinutes(startDate, 1));
    } catch {
      throw new Error(`Unsupported repeat rule (RRULE:${recur.toString()})`);
    }
    for (const prop of vevent.getAllProperties('exdate')) {
      const tzid = prop.getParameter('tzid');
      for (const v of prop.getValues()) {
        if (!(v instanceof ICAL.Time)) continue;
        const c = convert(v, typeof tzid === 'string' ? tzid : null, r);
        exdates.push(isAllDay ? `${c.kind === 'date' ? c.day : localDateOf(c.local)}T00:00:00` : asLocal(c));
      }
    }
    if (vevent.getAllProperties('rdate').length > 0) {
      r.warnings.add(`"${title}": extra dates (RDATE) are not supported and were left out`);
    }
  }
  const attendees = vevent
    .getAllProperties('attendee')
    .map((p) => memberIdByName(members, p))
    .filter((id): id is number => id !== null)
    .map(String);
  const status = vevent.getFirstPropertyValue('status');
  return {
    uid: uid ?? `generated-${fnv1a(`${title}|${startDate}|${endLocal ?? ''}`)}@import.familyhub`,
    recurrenceId: recurrence ? asLocal(recurrence) : null,
    cancelled: typeof status === 'string' && status.toUpperCase() === 'CANCELLED',
    title,
    description: cleanDescription(text(vevent, 'description', 20000)),
    startDate,
    endDate,
    durationMinutes,
    isAllDay,
    location: text(vevent, 'location', 300),
    organizerId: memberIdByName(members, vevent.getFirstProperty('organizer')),
    attendees: [...new Set(attendees)],
    rrule,
    exdates: [...new Set(exdates)].sort(),
  };
}

function addMinutes(local: string, minutes: number): string {
  const p = parseLocal(local);
  if (!p) throw new Error(`Invalid date ${local}`);
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute + minutes));
  return instantToLocal(d, 'UTC');
}

/** The first day starting at or after a local time (an exclusive end day). */
function ceilDay(local: string): string {
  return local.slice(11, 16) === '00:00' ? localDateOf(local) : addLocalDays(localDateOf(local), 1);
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

/**
 * Parses an .ics text (RFC 5545; tolerant of CRLF/LF, a BOM, blank lines) into events in the family's zone.
 * Each VEVENT is read on its own: one that cannot be read is listed in `skipped` with the reason and the
 * rest still import. Overrides (RECURRENCE-ID) are returned alongside their series, matched later by UID.
 * @param familyZone IANA zone of the family (families.timezone).
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
  const r: Reader = { familyZone, warnings: new Set() };
  const events: ParsedIcsEvent[] = [];
  const skipped: SkippedIcsEvent[] = [];
  let roots: unknown[];
  try {
    const jcal: unknown = ICAL.parse(cleaned);
    roots = (Array.isArray(jcal) && Array.isArray(jcal[0]) ? jcal : [jcal]) as unknown[]; // one VCALENDAR is a jCal array, several are an array of them
  } catch (error) {
    // One broken line makes ical.js reject the whole file: read each VEVENT on its own instead, so the
    // good ones still import and the broken ones are reported.
    r.warnings.add(
      `The file is not valid iCalendar (${(error as Error).message}); events were read one by one`,
    ); // ical.js throws Error (ParserError)
    roots = salvage(cleaned, skipped);
  }
  for (const root of roots) {
    const calendar = new ICAL.Component(root as ICAL.Component['jCal']); // checked above: a parsed jCal component
    for (const vevent of calendar.getAllSubcomponents('vevent')) {
      try {
        events.push(readEvent(vevent, members, r));
      } catch (error) {
        const uid = vevent.getFirstPropertyValue('uid');
        const summary = vevent.getFirstPropertyValue('summary');
        skipped.push({
          uid: typeof uid === 'string' ? uid : null,
          title: typeof summary === 'string' ? summary.slice(0, 200) : null,
          reason: error instanceof Error ? error.message : 'Unreadable event',
        });
      }
    }
  }
  return { events, skipped, warnings: [...r.warnings] };
}
