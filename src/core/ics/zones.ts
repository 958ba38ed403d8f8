import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import { findIana, WINDOWS_TO_IANA_MAP } from 'windows-iana';
import { isKnownZone } from '../time/local-time.ts';

/**
 * TZID → IANA zone for imported events (issue 18: imported events keep their source zone).
 *
 * RFC 5545 §3.2.19 lets a TZID be any text, defined by a VTIMEZONE in the same file (§3.6.5). In practice:
 * - an IANA name (`Europe/Berlin`, also with a leading `/` or a vendor prefix `/mozilla.org/…/Europe/Berlin`): kept;
 * - a Windows zone id (Exchange, Outlook: `W. Europe Standard Time`, `tzone://Microsoft/Pacific Standard Time`):
 *   mapped by CLDR's windowsZones table (npm `windows-iana`), an exact mapping, no warning;
 * - a custom TZID with a VTIMEZONE (`tzone://Microsoft/Custom`, `GMT +0100 (Standard) / GMT +0200 (Daylight)`):
 *   the IANA zone whose UTC offsets and transitions equal the VTIMEZONE's for the event's year and the next, to
 *   the hour; the guess is reported;
 * - a Windows display name without a VTIMEZONE (`(UTC-05:00) Eastern Time (US & Canada)`): the Windows zone its
 *   name spells, or a city it lists whose standard offset is the one in the name; the guess is reported;
 * - a fixed UTC offset written as a name (`UTC+01`, `UTC-05:00`, `GMT+1`, seen in Thunderbird and hand-made files;
 *   issue 39): that offset, as `Etc/GMT∓h` for whole hours (the IANA names' sign is inverted) or, for a
 *   half-hour offset, a zone that keeps it all year; reported;
 * - anything else: not resolved, and the event is refused (never read as family time).
 */

/** A TZID read as an IANA zone, with the report line when the zone was guessed. */
export type ZoneResolution = { zone: string; warning: string | null } | { refusal: string };

const DAY = 86_400_000;

/** IANA zones to match a VTIMEZONE against: CLDR's primary zone of each Windows zone first, then the rest. */
const CANDIDATES: readonly string[] = (() => {
  const primary = WINDOWS_TO_IANA_MAP.filter((m) => m.territory === '001').flatMap((m) => m.iana.slice(0, 1));
  const all = [...primary, ...Intl.supportedValuesOf('timeZone'), 'UTC'];
  return [...new Set(all)].filter(isKnownZone);
})();

/** UTC offset of an IANA zone at an instant, in minutes (east positive). */
function ianaOffset(zone: string, instant: number): number {
  return -new TZDate(instant, zone).getTimezoneOffset();
}

/** An instant's UTC fields as an ICAL.Time without a zone (what `Timezone.utcOffset` reads as local time). */
function wallTime(instant: number): ICAL.Time {
  const d = new Date(instant);
  return ICAL.Time.fromData({
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: 0,
    isDate: false,
  });
}

/**
 * UTC offset a VTIMEZONE gives at an instant, in minutes (east positive), or null in the hour a fall-back repeats
 * (where the local time read back is ambiguous). ical.js only answers "offset at a local time" (its UTC-to-zone
 * conversion is an hour off at transitions), so the local time is found by fixed point: local = instant + offset.
 */
function vtimezoneOffset(tz: ICAL.Timezone, instant: number): number | null {
  let offset = tz.utcOffset(wallTime(instant));
  for (let i = 0; i < 3; i++) {
    const next = tz.utcOffset(wallTime(instant + offset * 1000));
    if (next === offset) return offset / 60;
    offset = next;
  }
  return null;
}

/** The zone names a TZID text spells: itself, and its `/`-separated tails (`/mozilla.org/x/Europe/Berlin`). */
function ianaSpellings(tzid: string): string[] {
  const segments = tzid.split('/').filter((s) => s !== '');
  const out = [tzid];
  for (let n = Math.min(3, segments.length); n >= 1; n--) out.push(segments.slice(-n).join('/'));
  return out;
}

/** The Windows zone id in a TZID (`tzone://Microsoft/Pacific Standard Time` → `Pacific Standard Time`). */
function windowsZone(tzid: string): string | null {
  const name = tzid.replace(/^tzone:\/\/Microsoft\//i, '');
  return findIana(name)[0] ?? null;
}

interface DisplayName {
  /** The standard offset the name states, in minutes, or null when it states none. */
  offset: number | null;
  /** The text after the offset: `Eastern Time (US & Canada)`, `Canberra, Melbourne, Sydney`. */
  label: string;
}

/** Reads a Windows display name: `(UTC-05:00) Eastern Time (US & Canada)`, `(GMT+10:00) Canberra, …`. */
function displayName(tzid: string): DisplayName {
  const m = /^\((?:UTC|GMT)\s*(?:([+-])(\d{1,2}):?(\d{2})?)?\)\s*(.*)$/i.exec(tzid.trim());
  if (!m) return { offset: null, label: tzid.trim() };
  const offset = m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? '0')) : 0;
  return { offset, label: m[4] ?? '' };
}

/** The zones a display name hints at, best first: the Windows zone it spells, then zones of the cities it lists. */
function hintedZones(tzid: string, year: number): string[] {
  const { offset, label } = displayName(tzid);
  const hints: string[] = [];
  const spelled = label.replace(/\([^)]*\)/g, '').trim();
  const windows = windowsZone(spelled.replace(/ Time$/i, ' Standard Time')) ?? windowsZone(spelled);
  if (windows) hints.push(windows);
  const cities = label
    .split(/[,&()/]/)
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t.length > 2);
  for (const zone of CANDIDATES) {
    const city = zone.split('/').at(-1)?.replaceAll('_', ' ').toLowerCase();
    if (city && cities.includes(city)) hints.push(zone);
  }
  if (offset === null) return hints;
  // The offset in a display name is the zone's standard (winter) offset.
  const standard = (zone: string) =>
    Math.min(ianaOffset(zone, Date.UTC(year, 0, 15)), ianaOffset(zone, Date.UTC(year, 6, 15)));
  return hints.filter((zone) => standard(zone) === offset);
}

/**
 * The IANA zones whose offsets equal the VTIMEZONE's through `year` and `year + 1`: sampled weekly at 12:00 UTC,
 * daily in a week where the VTIMEZONE's offset changes, and hourly on the day it changes (so transitions match
 * to the hour). Zones sharing no offset at four quarter days are ruled out first.
 */
function matchingZones(tz: ICAL.Timezone, year: number, preferred: readonly string[]): string[] {
  const from = Date.UTC(year, 0, 1, 12);
  const order = [...new Set([...preferred, ...CANDIDATES])];
  const quarters = [0, 90, 181, 273].map((d) => ({
    at: from + d * DAY,
    offset: vtimezoneOffset(tz, from + d * DAY),
  }));
  const candidates = order.filter((zone) =>
    quarters.every((q) => q.offset === null || ianaOffset(zone, q.at) === q.offset),
  );
  if (candidates.length === 0) return [];
  const days = Math.round((Date.UTC(year + 2, 0, 1, 12) - from) / DAY);
  const samples: Array<{ at: number; offset: number }> = [];
  const sample = (at: number): number | null => {
    const offset = vtimezoneOffset(tz, at);
    if (offset !== null) samples.push({ at, offset });
    return offset;
  };
  // Weekly; where the offset changed since the last week, daily in between, and hourly on the day it changed.
  let previous: number | null = null;
  for (let d = 0; d < days; d += 7) {
    const offset = sample(from + d * DAY);
    if (previous !== null && offset !== null && offset !== previous) {
      let before: number | null = previous;
      for (let k = d - 6; k < d; k++) {
        const o = sample(from + k * DAY);
        if (o !== null && o !== before)
          for (let h = 1; h < 24; h++) sample(from + (k - 1) * DAY + h * 3_600_000);
        if (o !== null) before = o;
      }
      if (before !== offset) for (let h = 1; h < 24; h++) sample(from + (d - 1) * DAY + h * 3_600_000);
    }
    if (offset !== null) previous = offset;
  }
  return candidates.filter((zone) => samples.every((s) => ianaOffset(zone, s.at) === s.offset));
}

/** The offset in minutes (east positive) a TZID such as `UTC+01`, `UTC-05:30`, `GMT+1` or `UTC +0100` names. */
function offsetName(tzid: string): number | null {
  const m = /^(?:UTC|GMT)\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?$/i.exec(tzid.trim());
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? '0');
  if (minutes > 14 * 60 || Number(m[3] ?? '0') >= 60) return null;
  return (m[1] === '-' ? -1 : 1) * minutes;
}

/** `+01:00`, `-05:30`: an offset in minutes as people write it after "UTC". */
function offsetText(minutes: number): string {
  const size = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(size / 60)).padStart(2, '0')}:${String(size % 60).padStart(2, '0')}`;
}

/**
 * The IANA zone that keeps a fixed offset: `Etc/GMT-1` for +01:00 (POSIX-style names invert the sign), else
 * the first zone that has that offset in every quarter of `year` and the next (no DST), or null.
 */
function fixedOffsetZone(minutes: number, year: number): string | null {
  if (minutes % 60 === 0 && minutes >= -12 * 60) {
    const hours = -minutes / 60;
    return hours === 0 ? 'Etc/UTC' : `Etc/GMT${hours > 0 ? '+' : ''}${hours}`;
  }
  const samples = [year, year + 1].flatMap((y) => [0, 3, 6, 9].map((m) => Date.UTC(y, m, 15)));
  return CANDIDATES.find((zone) => samples.every((at) => ianaOffset(zone, at) === minutes)) ?? null;
}

/** Resolves the TZIDs of one file; results are cached per TZID and year. */
export class ZoneResolver {
  private readonly cache = new Map<string, ZoneResolution>();

  /** @param vtimezones the file's VTIMEZONE components by their TZID. */
  constructor(private readonly vtimezones: ReadonlyMap<string, ICAL.Component>) {}

  /**
   * The IANA zone a TZID names for an event starting in `year` (see the module comment for the rules).
   * @returns `{zone, warning}` (warning set when the zone was guessed) or `{refusal}` with the reason.
   */
  resolve(tzid: string, year: number): ZoneResolution {
    const key = `${tzid}|${year}`;
    let found = this.cache.get(key);
    if (!found) {
      found = this.lookUp(tzid, year);
      this.cache.set(key, found);
    }
    return found;
  }

  private lookUp(tzid: string, year: number): ZoneResolution {
    const iana = ianaSpellings(tzid).find(isKnownZone);
    if (iana) return { zone: iana, warning: null };
    const windows = windowsZone(tzid);
    if (windows) return { zone: windows, warning: null };
    const hints = hintedZones(tzid, year);
    const component = this.vtimezones.get(tzid);
    const offset = offsetName(tzid);
    const fixed = offset === null ? null : fixedOffsetZone(offset, year);
    const named: ZoneResolution | null =
      offset !== null && fixed !== null
        ? {
            zone: fixed,
            warning: `Time zone "${tzid}" was read as the fixed offset UTC${offsetText(offset)} (${fixed})`,
          }
        : null;
    if (component) {
      let matches: string[] = [];
      try {
        matches = matchingZones(new ICAL.Timezone({ component, tzid }), year, [
          ...(fixed ? [fixed] : []),
          ...hints,
        ]);
      } catch {
        // ical.js throws plain Errors
        return named ?? { refusal: `Time zone "${tzid}": its VTIMEZONE could not be read` };
      }
      const zone = matches[0];
      if (zone === fixed && named) return named;
      if (!zone)
        return (
          named ?? { refusal: `Time zone "${tzid}": its VTIMEZONE matches no known time zone in ${year}` }
        );
      return {
        zone,
        warning: `Time zone "${tzid}" was not a known name: its times were read as ${zone} (same offsets and changes in ${year}–${year + 1})`,
      };
    }
    if (named) return named;
    const zone = hints[0];
    if (zone)
      return { zone, warning: `Time zone "${tzid}" was not a known name: its times were read as ${zone}` };
    return { refusal: `Unknown time zone "${tzid}" (no VTIMEZONE describes it)` };
  }
}
