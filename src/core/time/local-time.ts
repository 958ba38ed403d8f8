/**
 * Local wall-clock timestamps (ARCHITECTURE.md "Data"): text `YYYY-MM-DDTHH:mm:00` in the family's IANA zone,
 * no offset. Arithmetic on them is wall-clock arithmetic ("floating" time in RFC 5545 terms): 08:00 plus one
 * day is 08:00 the next day whatever the daylight-saving rules say. Only `localToInstant` / `instantToLocal`
 * involve a zone.
 *
 * Internally a wall-clock time is carried as a JavaScript Date whose UTC fields ARE the wall-clock fields
 * ("floating Date"). This is the representation the `rrule` library expands without a TZID, which is what
 * keeps a weekly 08:00 at 08:00 across DST changes.
 */

/** `YYYY-MM-DDTHH:mm` with optional `:ss` (seconds are accepted and dropped). */
export const LOCAL_DATETIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
/** `YYYY-MM-DD`. */
export const LOCAL_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A local date-time's fields; `month` is 1–12. */
export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Parses `YYYY-MM-DDTHH:mm[:ss]` (`LOCAL_DATETIME_PATTERN`) and checks that it names a real calendar date and
 * time in the proleptic Gregorian calendar, years 0100–9999 (as JavaScript's Date reads them).
 * Read character by character rather than with the pattern: the occurrence engine calls this several times per
 * occurrence, and the regular expression and its match array were a tenth of `GET /api/events`' CPU.
 * @returns the fields, or null when the text is malformed or names no real date (2026-02-30).
 */
export function parseLocal(text: string): LocalParts | null {
  const length = text.length;
  if (length !== 16 && length !== 19) return null;
  if (text.charCodeAt(4) !== DASH || text.charCodeAt(7) !== DASH || text.charCodeAt(10) !== LETTER_T)
    return null;
  if (text.charCodeAt(13) !== COLON || (length === 19 && text.charCodeAt(16) !== COLON)) return null;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = length === 19 ? digitsAt(text, 17, 2) : 0;
  // digitsAt answers -1 for a non-digit, which every range check below refuses.
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return null;
  // Date.UTC reads years 0–99 as 1900–1999, so they never named a real date here.
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day, hour, minute };
}

const DASH = 45;
const COLON = 58;
const LETTER_T = 84;
const ZERO = 48;

/** The non-negative integer of `count` ASCII digits at `at`, or -1 when one of them is not a digit. */
function digitsAt(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** Days in `month` (1–12) of `year`, Gregorian leap years. */
function daysInMonth(year: number, month: number): number {
  if (month !== 2) return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}

/** True when `text` is a real `YYYY-MM-DD` date. */
export function isLocalDate(text: string): boolean {
  return LOCAL_DATE_PATTERN.test(text) && parseLocal(`${text}T00:00`) !== null;
}

/**
 * Normalises a local date-time to the stored form `YYYY-MM-DDTHH:mm:00`.
 * @throws RangeError when the text is not a real local date-time (callers validate first).
 */
export function normalizeLocal(text: string): string {
  const parts = parseLocal(text);
  if (!parts) throw new RangeError(`not a local date-time: ${text}`);
  return formatLocalParts(parts);
}

/** Formats fields as `YYYY-MM-DDTHH:mm:00`. */
export function formatLocalParts(p: LocalParts): string {
  return `${String(p.year).padStart(4, '0')}-${pad2(p.month)}-${pad2(p.day)}T${pad2(p.hour)}:${pad2(p.minute)}:00`;
}

/**
 * The floating Date for a local date-time (UTC fields = wall-clock fields).
 * @throws RangeError on malformed text.
 */
export function localToFloating(text: string): Date {
  const p = parseLocal(text);
  if (!p) throw new RangeError(`not a local date-time: ${text}`);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute));
}

/** The local text `YYYY-MM-DDTHH:mm:00` of a floating Date (seconds dropped). */
export function floatingToLocal(date: Date): string {
  return formatLocalParts({
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
  });
}

/** Wall-clock addition: `addLocalMinutes('2026-03-07T08:00:00', 1440)` is `'2026-03-08T08:00:00'` in any zone. */
export function addLocalMinutes(text: string, minutes: number): string {
  return floatingToLocal(new Date(localToFloating(text).getTime() + minutes * 60_000));
}

/** Wall-clock difference `b - a` in minutes (ignores DST: 08:00 to 08:00 next day is always 1440). */
export function localMinutesBetween(a: string, b: string): number {
  return Math.round((localToFloating(b).getTime() - localToFloating(a).getTime()) / 60_000);
}

/** Adds whole days to `YYYY-MM-DD`. */
export function addLocalDays(date: string, days: number): string {
  return addLocalMinutes(`${date}T00:00`, days * 1440).slice(0, 10);
}

/** The `YYYY-MM-DD` part of a local date-time. */
export function localDateOf(text: string): string {
  return text.slice(0, 10);
}

/**
 * The instant a local wall-clock time names in `timeZone`. A time inside a spring-forward gap (02:30 on the
 * day clocks jump 02:00→03:00) is read with the offset before the gap, so it lands at 03:30 (RFC 5545 §3.3.5);
 * an ambiguous time in the fall-back hour is read as the first (daylight) one. Fast on the days when the zone's
 * offset does not change (see `steadyOffset`), exact on the others.
 * @throws RangeError on malformed text or a zone the runtime does not know.
 */
export function localToInstant(text: string, timeZone: string): Date {
  const p = parseLocal(text);
  if (!p) throw new RangeError(`not a local date-time: ${text}`);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  if (p.year >= STEADY_FROM_YEAR && p.year <= STEADY_TO_YEAR) {
    const day = Date.UTC(p.year, p.month - 1, p.day);
    const offset = localDayOffset(day, timeZone);
    if (offset !== null) return new Date(asUtc - offset);
  }
  return new Date(exactInstant(asUtc, timeZone));
}

/** The zone's offset through the local day starting at `day` (floating ms), or null when it changes that day. */
function localDayOffset(day: number, timeZone: string): number | null {
  return steadyOffset('L', timeZone, day, () => {
    const a = day - exactInstant(day, timeZone);
    return a === day + DAY_MS - exactInstant(day + DAY_MS, timeZone) ? a : null;
  });
}

/** `localToInstant` the slow, exact way, for wall-clock fields given as UTC milliseconds (a floating time). */
function exactInstant(asUtc: number, timeZone: string): number {
  const wanted = floatingToLocal(new Date(asUtc));
  // The offsets half a day either side cover any one transition; try each and keep those that read back.
  const before = offsetMs(asUtc - 12 * 3_600_000, timeZone);
  const after = offsetMs(asUtc + 12 * 3_600_000, timeZone);
  const fits = [asUtc - before, asUtc - after]
    .filter((t) => exactLocal(t, timeZone) === wanted)
    .sort((a, b) => a - b);
  // Ambiguous: the earlier instant (first occurrence); in a gap: the offset in force before the gap.
  return fits[0] ?? asUtc - before;
}

const DAY_MS = 86_400_000;
/** Years the steady-day cache serves (ISO text of other years is not `YYYY-…`); others take the exact path. */
const STEADY_FROM_YEAR = 1000;
const STEADY_TO_YEAR = 9000;
/**
 * Zone offsets of whole days, per kind of day (`L`: a local day, `U`: a UTC day), zone and day (its midnight as
 * UTC milliseconds) → ms east of UTC, or null when the offset changes that day. Nested maps, not one map with
 * text keys: building the key text was a visible share of `GET /api/events`.
 */
const steadyOffsets = {
  L: new Map<string, Map<number, number | null>>(),
  U: new Map<string, Map<number, number | null>>(),
};
/** Entries remembered at most (a few years of days for a few hundred zones). */
const STEADY_OFFSETS_CACHE = 100_000;
let steadyOffsetsSize = 0;

/** The cached offset of one whole day (local `L` or UTC `U`) in `timeZone`, computed by `compute` on a miss. */
function steadyOffset(
  kind: 'L' | 'U',
  timeZone: string,
  day: number,
  compute: () => number | null,
): number | null {
  let days = steadyOffsets[kind].get(timeZone);
  let offset = days?.get(day);
  if (offset === undefined) {
    offset = compute();
    if (steadyOffsetsSize >= STEADY_OFFSETS_CACHE) {
      steadyOffsets.L.clear();
      steadyOffsets.U.clear();
      steadyOffsetsSize = 0;
      days = undefined;
    }
    if (!days) {
      days = new Map();
      steadyOffsets[kind].set(timeZone, days);
    }
    days.set(day, offset);
    steadyOffsetsSize++;
  }
  return offset;
}

/** The zone's UTC offset at an instant, in milliseconds (east positive). */
function offsetMs(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = new Date(0);
  asUtc.setUTCFullYear(w.year, w.month - 1, w.day);
  asUtc.setUTCHours(w.hour, w.minute, w.second);
  return asUtc.getTime() - instant;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall-clock fields of an instant in a zone, to the second, from the runtime's time zone data (Intl, ECMA-402).
 * Intl rather than @date-fns/tz here: TZDate 1.x gets zones with sub-minute offsets wrong (Africa/Monrovia was
 * UTC−0:44:30 until 1972; it answers +0:44).
 */
function wallClock(ms: number, timeZone: string): LocalParts & { second: number } {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (formatters.size >= KNOWN_ZONES_CACHE) formatters.clear();
    formatters.set(timeZone, format);
  }
  const f: Record<string, number> = {};
  for (const part of format.formatToParts(ms)) if (part.type !== 'literal') f[part.type] = Number(part.value);
  return {
    year: f.year ?? 0,
    month: f.month ?? 1,
    day: f.day ?? 1,
    hour: f.hour ?? 0,
    minute: f.minute ?? 0,
    second: f.second ?? 0,
  };
}

const knownZones = new Map<string, boolean>();
/** Distinct names remembered at most (names come from imported files too). */
const KNOWN_ZONES_CACHE = 1000;

/** True when `zone` is an IANA zone name this runtime knows (Intl), e.g. `Europe/Berlin`; at most 64 characters. */
export function isKnownZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = zone.length <= 64;
    } catch {
      known = false;
    }
    if (knownZones.size >= KNOWN_ZONES_CACHE) knownZones.clear();
    knownZones.set(zone, known);
  }
  return known;
}

/**
 * The local wall-clock text `YYYY-MM-DDTHH:mm:00` of an instant in `timeZone`. Fast on the (UTC) days when the
 * zone's offset does not change, exact on the others.
 * @throws RangeError when `timeZone` is not a zone the runtime knows (`isKnownZone`).
 */
export function instantToLocal(instant: Date, timeZone: string): string {
  if (!isKnownZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const ms = instant.getTime();
  const year = instant.getUTCFullYear();
  if (year >= STEADY_FROM_YEAR && year <= STEADY_TO_YEAR) {
    const day = Math.floor(ms / DAY_MS) * DAY_MS;
    const offset = steadyOffset('U', timeZone, day, () => {
      const a = floatingOf(exactLocal(day, timeZone)) - day;
      return a === floatingOf(exactLocal(day + DAY_MS, timeZone)) - day - DAY_MS ? a : null;
    });
    if (offset !== null) return `${new Date(ms + offset).toISOString().slice(0, 16)}:00`;
  }
  return exactLocal(ms, timeZone);
}

/**
 * The wall-clock time a local date-time shows in `timeZone` once read as an instant there:
 * `instantToLocal(localToInstant(text, timeZone), timeZone)`, i.e. `text` itself (as `YYYY-MM-DDTHH:mm:00`) except
 * in a spring-forward gap, where it moves later by the gap (RFC 5545 §3.3.5). Without the round trip on the days
 * the zone's offset does not change (the occurrence engine places every floating occurrence this way).
 * @throws RangeError on malformed text or a zone the runtime does not know.
 */
export function wallClockIn(text: string, timeZone: string): string {
  const p = parseLocal(text);
  if (p && p.year >= STEADY_FROM_YEAR && p.year <= STEADY_TO_YEAR && isKnownZone(timeZone)) {
    const day = Date.UTC(p.year, p.month - 1, p.day);
    const offset = localDayOffset(day, timeZone);
    // Whole minutes only: with a sub-minute offset (local mean time, before 1972) the round trip drops seconds.
    if (offset !== null && offset % 60_000 === 0)
      return text.length === 19 && text.endsWith(':00') ? text : formatLocalParts(p);
  }
  return instantToLocal(localToInstant(text, timeZone), timeZone);
}

/** A local date-time read in a zone: its instant, and the wall-clock time it shows there (see `placeLocal`). */
export interface ZonedLocal {
  instant: Date;
  /** `wallClockIn(text, timeZone)`: the text itself as `YYYY-MM-DDTHH:mm:00`, moved later in a spring-forward gap. */
  wallClock: string;
}

/**
 * `localToInstant(text, timeZone)` and `wallClockIn(text, timeZone)` together, from one parse of `text` and one
 * look-up of the day's offset (the occurrence engine places every occurrence's start and end this way).
 * @throws RangeError on malformed text or a zone the runtime does not know.
 */
export function placeLocal(text: string, timeZone: string): ZonedLocal {
  const p = parseLocal(text);
  if (!p) throw new RangeError(`not a local date-time: ${text}`);
  if (p.year >= STEADY_FROM_YEAR && p.year <= STEADY_TO_YEAR && isKnownZone(timeZone)) {
    const day = Date.UTC(p.year, p.month - 1, p.day);
    const offset = localDayOffset(day, timeZone);
    if (offset !== null) {
      const instant = new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - offset);
      // As `wallClockIn`: whole-minute offsets only, else the round trip.
      const wallClock =
        offset % 60_000 !== 0
          ? instantToLocal(instant, timeZone)
          : text.length === 19 && text.endsWith(':00')
            ? text
            : formatLocalParts(p);
      return { instant, wallClock };
    }
  }
  const instant = localToInstant(text, timeZone);
  return { instant, wallClock: instantToLocal(instant, timeZone) };
}

/** `instantToLocal` the slow, exact way (the zone must be known). */
function exactLocal(ms: number, timeZone: string): string {
  return formatLocalParts(wallClock(ms, timeZone));
}

/** Wall-clock text as milliseconds of a floating clock (UTC fields = wall-clock fields). */
function floatingOf(local: string): number {
  return Date.parse(`${local.slice(0, 16)}:00Z`);
}

/** Day of week of a `YYYY-MM-DD` (0 = Sunday … 6 = Saturday), zone-free. */
export function localWeekday(date: string): number {
  return localToFloating(`${date}T00:00`).getUTCDay();
}
