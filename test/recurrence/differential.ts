import {
  addLocalDays,
  addLocalMinutes,
  instantToLocal,
  localDateOf,
  localToInstant,
  localWeekday,
} from '../../src/core/time/local-time.ts';
import {
  expandEvents,
  type EngineEvent,
  type Occurrence,
  type RDate,
} from '../../src/core/recurrence/occurrences.ts';

/**
 * Test and bench support for the differential test of the occurrence engine (occurrences.property.test.ts,
 * bench/recurrence/run.ts): a seeded generator of events over the RRULE grammar, the VCALENDAR text of a case,
 * and the comparison of `expandEvents` with python3-recurring-ical-events' answer (test/oracles/
 * ical-oracle.py, driven by ical-oracle-process.ts there). Pure: no I/O.
 */

/** Zones a generated event runs in (null = floating). */
export const EVENT_ZONES = [
  'America/Los_Angeles',
  'Europe/Berlin',
  'Australia/Sydney',
  'Asia/Kolkata',
  'UTC',
  null,
] as const;
/** Zones a generated family lives in; always a different one from the event's. */
const FAMILY_ZONES = ['America/Los_Angeles', 'Europe/Berlin', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** The days of 2026 on which the zones change their UTC offset (tzdata): spring forward, fall back. */
const DST_CHANGES_2026: Record<string, string[]> = {
  'America/Los_Angeles': ['2026-03-08', '2026-11-01'],
  'Europe/Berlin': ['2026-03-29', '2026-10-25'],
  'Australia/Sydney': ['2026-04-05', '2026-10-04'],
};

/** A small deterministic PRNG (mulberry32), so that a seed names the same cases on every machine. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  }
  /** `n` distinct items (fewer when the list is shorter), in the list's order. */
  some<T>(items: readonly T[], n: number): T[] {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(n, items.length)) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen]
      .sort((a, b) => a - b)
      .flatMap((i) => {
        const item = items[i];
        return item === undefined ? [] : [item];
      });
  }
}

/** One generated case: a series (and maybe an override) seen by a family over a window of its wall clock. */
export interface DiffCase {
  index: number;
  series: EngineEvent;
  override: EngineEvent | null;
  familyZone: string;
  /** Family wall-clock window `from <= t < to`. */
  from: string;
  to: string;
  /** An all-day override's RECURRENCE-ID is written as a date-time (as Exchange does) instead of a DATE. */
  dateTimeRecurrenceId: boolean;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The UTC `YYYYMMDDTHHMMSSZ` of a wall-clock time in `zone`. */
function utcCompact(local: string, zone: string): string {
  return `${localToInstant(local, zone).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** `YYYYMMDDTHHMMSS` (or `YYYYMMDD` with `date`) of wall-clock text. */
function compact(local: string, date = false): string {
  const text = local.slice(0, 19).replace(/[-:]/g, '');
  return date ? text.slice(0, 8) : text;
}

/**
 * True when the wall-clock time occurs twice in `zone` (the fall-back hour). pytz, under the oracle, reads such
 * a DTSTART/DTEND/RDATE as the second instant and RFC 5545 §3.3.5 as the first; generated property values avoid
 * them (rule instances that land there are handled in the comparison).
 */
function ambiguous(local: string, zone: string): boolean {
  const at = localToInstant(local, zone).getTime();
  return instantToLocal(new Date(at + 3_600_000), zone) === local;
}

/**
 * An end that the oracle can read: not in the fall-back hour (see `ambiguous`), and not before the start as
 * instants (a start in a spring-forward gap, 02:30, is 03:30 daylight time, so an end at 03:00 would come first;
 * recurring_ical_events asserts against it, the engine makes such an event zero-length).
 */
function usableEnd(start: string, end: string, zone: string): string {
  let e = end;
  while (ambiguous(e, zone) || localToInstant(e, zone) < localToInstant(start, zone))
    e = addLocalMinutes(e, 60);
  return e;
}

/** A random RRULE over the RFC 5545 §3.3.10 grammar, valid for the frequency (no COUNT/UNTIL). */
function randomRule(r: Random, allDay: boolean): string {
  const freq = r.pick(['DAILY', 'DAILY', 'WEEKLY', 'WEEKLY', 'MONTHLY', 'MONTHLY', 'YEARLY', 'YEARLY']);
  const parts = [`FREQ=${freq}`];
  const interval = r.chance(0.3) ? r.int(2, 4) : 1;
  const days = (n: number) => r.some(WEEKDAYS, n).join(',');
  // Either all numbered or all plain: python-dateutil intersects a mixed list (BYDAY=TH,4SU matches nothing),
  // where RFC 5545 §3.3.10's BYDAY list is a union of the days each value names.
  const ordinalDays = (n: number, max: number) => {
    const numbered = r.chance(0.6);
    return r
      .some(WEEKDAYS, n)
      .map((d) => (numbered ? `${r.pick([1, 2, 3, 4, -1, -2, max])}${d}` : d))
      .join(',');
  };
  const monthDays = () =>
    r.some([1, 2, 5, 10, 15, 28, 29, 30, 31, -1, -2, -5, -10], r.int(1, 3)).map(String).join(',');
  const months = () => r.some([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], r.int(1, 4)).map(String).join(',');
  let setposBase = false;
  if (freq === 'DAILY') {
    if (r.chance(0.4)) parts.push(`BYDAY=${days(r.int(1, 5))}`);
    if (r.chance(0.2)) parts.push(`BYMONTH=${months()}`);
    if (r.chance(0.2)) parts.push(`BYMONTHDAY=${monthDays()}`);
  } else if (freq === 'WEEKLY') {
    if (r.chance(0.7)) {
      parts.push(`BYDAY=${days(r.int(1, 4))}`);
      setposBase = true;
    }
    if (r.chance(0.15)) parts.push(`BYMONTH=${months()}`);
  } else if (freq === 'MONTHLY') {
    const kind = r.int(0, 3);
    if (kind === 0) parts.push(`BYDAY=${ordinalDays(r.int(1, 2), 5)}`);
    if (kind === 1) parts.push(`BYMONTHDAY=${monthDays()}`);
    if (kind === 2) parts.push(`BYDAY=${days(r.int(2, 5))}`, `BYMONTHDAY=${monthDays()}`);
    if (kind !== 3) setposBase = true;
    if (r.chance(0.2)) parts.push(`BYMONTH=${months()}`);
  } else {
    const kind = r.int(0, 5);
    if (kind === 0) parts.push(`BYMONTH=${months()}`, `BYDAY=${ordinalDays(r.int(1, 2), 5)}`);
    if (kind === 1) parts.push(`BYDAY=${ordinalDays(1, 53)}`);
    if (kind === 2) {
      const week = r.pick([1, 2, 10, 20, 26, 52, 53, -1, -2]);
      parts.push(`BYWEEKNO=${week}`);
      if (r.chance(0.6)) parts.push(`BYDAY=${days(r.int(1, 3))}`);
    }
    if (kind === 3) {
      parts.push(
        `BYYEARDAY=${r.some([1, 2, 7, 32, 60, 100, 200, 365, 366, -1, -7, -100], r.int(1, 5)).join(',')}`,
      );
      // BYYEARDAY limited by other parts (rrule-temporal gets these wrong; rule.ts filters after it).
      const limit = r.int(0, 3);
      if (limit === 1) parts.push(`BYDAY=${r.chance(0.5) ? days(r.int(1, 3)) : ordinalDays(1, 53)}`);
      if (limit === 2) parts.push(`BYMONTHDAY=${monthDays()}`);
      if (limit === 3) parts.push(`BYMONTH=${months()}`, `BYDAY=${days(r.int(1, 4))}`);
    }
    if (kind === 4) {
      parts.push(`BYMONTHDAY=${monthDays()}`);
      if (r.chance(0.5)) parts.push(`BYMONTH=${months()}`);
    }
    if (kind !== 5 && !(kind === 3 && parts.length > 2)) setposBase = true;
    if (kind === 5 && r.chance(0.5)) parts.push(`BYMONTH=${months()}`);
  }
  if (!allDay && r.chance(0.15)) {
    parts.push(`BYHOUR=${r.some([0, 1, 2, 3, 8, 12, 17, 23], r.int(1, 2)).join(',')}`);
    if (r.chance(0.5)) parts.push(`BYMINUTE=${r.some([0, 15, 30, 45], r.int(1, 2)).join(',')}`);
    setposBase = true;
  }
  // BYWEEKNO: INTERVAL=1 and no BYSETPOS. python-dateutil builds each year's set from that calendar year's days
  // only, so a week that crosses the year's end is cut when the next year is not iterated (INTERVAL=3 with
  // BYWEEKNO=-1 stops at Dec 31) and BYSETPOS counts only the in-year days; RFC 5545 §3.3.10 numbers whole
  // ISO 8601 weeks ("as defined in [ISO.8601.2004]"). occurrences.test.ts checks such a week by hand.
  const weekno = parts.some((p) => p.startsWith('BYWEEKNO'));
  if (interval > 1 && !weekno) parts.splice(1, 0, `INTERVAL=${interval}`);
  if (setposBase && !weekno && r.chance(0.25))
    parts.push(`BYSETPOS=${r.pick(['1', '-1', '2', '1,-1', '3'])}`);
  // WKST with BYWEEKNO: only MO. python-dateutil numbers the weeks of other WKSTs inconsistently at the year's
  // end (WKST=SA: it puts Fri 2026-01-02 in a week 53 of 2025 but not Mon 2025-12-29 of the same week, and 2025
  // has 52 such weeks by RFC 5545 §3.3.10: "Week number one of the calendar year is the first week that contains
  // at least four (4) days in that calendar year"). occurrences.test.ts checks WKST=SA by hand.
  if (weekno) {
    if (r.chance(0.4)) parts.push('WKST=MO');
  } else if (freq === 'WEEKLY' && r.chance(0.4)) parts.push(`WKST=${r.pick(['MO', 'SU', 'TU', 'SA'])}`);
  return parts.join(';');
}

/**
 * A WEEKLY rule with BYSETPOS starts on its week's first day (WKST). python-dateutil, under the oracle, takes the
 * first week's set from DTSTART on (`wdayset` starts at DTSTART's day), so BYSETPOS=2 of TU,FR from a Thursday
 * finds no second day in that week; RFC 5545 §3.3.10 applies BYSETPOS to "the set of recurrence instances" of
 * the whole interval (the week from WKST), and only then drops those before DTSTART. The engine's answer for a
 * mid-week DTSTART is checked by hand in occurrences.test.ts.
 */
function weekStartForSetpos(date: string, rule: string): string {
  if (!/FREQ=WEEKLY/.test(rule) || !/BYSETPOS=/.test(rule)) return date;
  const wkst = WEEKDAYS.indexOf(/WKST=(\w\w)/.exec(rule)?.[1] ?? 'MO');
  // WEEKDAYS starts on Monday; localWeekday counts from Sunday.
  const back = (localWeekday(date) - ((wkst + 1) % 7) + 7) % 7;
  return addLocalDays(date, -back);
}

/** A wall-clock time near the DST changes of 2025–2027 most of the time, anywhere in those years otherwise. */
function randomDate(r: Random): string {
  const year = r.int(2025, 2027);
  const month = r.chance(0.7) ? r.pick([3, 4, 10, 11]) : r.int(1, 12);
  const day = r.int(1, 28);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * The case with `index` of `seed`. Every case is a series of one frequency from DAILY up, with DTSTART in one of
 * EVENT_ZONES (or all-day), an end (COUNT, UNTIL or none), maybe EXDATEs, RDATEs (date-time and PERIOD) and an
 * override moving one occurrence, seen by a family in another zone over a window that mostly crosses a DST change.
 */
export function generateCase(seed: number, index: number): DiffCase {
  const r = new Random((seed * 1_000_003 + index * 7_919) >>> 0);
  const allDay = r.chance(0.15);
  const zone = allDay ? null : r.pick(EVENT_ZONES);
  const familyZone = r.pick(FAMILY_ZONES.filter((z) => z !== zone));
  let rule = randomRule(r, allDay);
  // One case in five starts in the week before one of the 2026 DST changes of its zone, between 00:00 and 03:59:
  // the daily and weekly instances then land in the skipped and the repeated hour.
  const changes = DST_CHANGES_2026[zone ?? familyZone] ?? [];
  const nearChange = changes.length > 0 && r.chance(0.2);
  const date = weekStartForSetpos(
    nearChange ? addLocalDays(r.pick(changes), -r.int(0, 6)) : randomDate(r),
    rule,
  );
  const hour = nearChange || r.chance(0.3) ? r.int(0, 3) : r.int(0, 23);
  let start = allDay ? `${date}T00:00:00` : `${date}T${pad(hour)}:${pad(r.pick([0, 15, 30, 45]))}:00`;
  const effectiveZone = zone ?? familyZone;
  if (!allDay && ambiguous(start, effectiveZone)) start = `${date}T12:00:00`;
  const minutes = allDay ? 1440 * r.int(1, 3) : r.chance(0.15) ? 0 : r.pick([15, 30, 60, 90, 120, 180, 600]);
  const end = allDay
    ? addLocalMinutes(start, minutes)
    : usableEnd(start, addLocalMinutes(start, minutes), effectiveZone);

  const ending = r.int(0, 2);
  if (ending === 0) rule += `;COUNT=${r.chance(0.5) ? r.int(1, 6) : r.int(1, 30)}`;
  if (ending === 1) {
    // UNTIL not before DTSTART: RFC 5545 §3.8.5.3 leaves the set of an unsynchronized DTSTART undefined; the
    // oracle then drops DTSTART, the engine shows it alone (occurrences.test.ts).
    const untilLocal = addLocalMinutes(start, 1440 * r.int(0, 400) + r.int(0, 600));
    rule += `;UNTIL=${allDay ? compact(untilLocal, true) : zone === null ? compact(untilLocal) : utcCompact(untilLocal, zone)}`;
  }

  // Mostly near DTSTART (so that COUNT rules are seen to their end), else anywhere in 2025–2027.
  const fromDate = r.chance(ending === 0 ? 0.9 : 0.6)
    ? addLocalDays(date, r.int(-5, ending === 0 ? 20 : 60))
    : randomDate(r);
  const from = `${fromDate}T00:00:00`;
  const to = `${addLocalDays(fromDate, r.int(1, 45))}T00:00:00`;

  const series: EngineEvent = {
    id: 1,
    start,
    end,
    durationMinutes: minutes,
    allDay,
    zone,
    rrule: rule,
    exdates: [],
    rdates: [],
    parentId: null,
    recurrenceId: null,
  };
  const base = baseStarts(series, familyZone, from, to);
  // The instances around the window, with one more for a COUNT rule: the oracle's extra instance (see the test)
  // must not coincide with an RDATE or share an override's day either.
  const oneMore = {
    ...series,
    rrule: rule.replace(/COUNT=(\d+)/, (_, n: string) => `COUNT=${Number(n) + 1}`),
  };
  const around = baseStarts(
    oneMore,
    familyZone,
    addLocalMinutes(from, -2 * 1440),
    addLocalMinutes(to, 2 * 1440),
  );
  // An RDATE on a rule instance is one occurrence (RFC 5545 §3.8.5.2), but the oracle may keep both (it compares
  // them before its DST correction): RDATEs are kept off the instances.
  const taken = new Set(around);

  const exdates = r.chance(0.3) ? r.some(base, r.int(1, 2)) : [];
  const rdates: RDate[] = [];
  if (r.chance(0.3)) {
    for (let i = r.int(1, 2); i > 0; i--) {
      const day = addLocalDays(fromDate, r.int(-2, 40));
      const rStart = allDay ? `${day}T00:00:00` : `${day}T${pad(r.int(0, 23))}:${r.pick(['07', '37'])}:00`;
      if (taken.has(rStart) || (!allDay && ambiguous(rStart, effectiveZone))) continue;
      taken.add(rStart);
      const period = !allDay && r.chance(0.4);
      const rEnd = period
        ? usableEnd(rStart, addLocalMinutes(rStart, r.pick([0, 20, 200])), effectiveZone)
        : null;
      rdates.push({ start: rStart, end: rEnd });
    }
  }
  const withExtras: EngineEvent = { ...series, exdates, rdates };

  let override: EngineEvent | null = null;
  const kept = base.filter((s) => !exdates.includes(s));
  // Only an occurrence alone on its day (no other instance, no RDATE): recurring_ical_events matches an override
  // by its RECURRENCE-ID's date, and would take out whichever instance of that day it saw last.
  const all = [...around, ...rdates.map((d) => d.start)];
  const alone = kept.filter((s) => all.filter((t) => localDateOf(t) === localDateOf(s)).length === 1);
  if (alone.length > 0 && r.chance(0.35)) {
    const recurrenceId = r.pick(alone);
    const shift = allDay ? 1440 * r.int(-2, 2) : r.pick([-1500, -90, 60, 120, 2880]);
    let oStart = addLocalMinutes(recurrenceId, shift);
    if (!allDay && ambiguous(oStart, effectiveZone)) oStart = addLocalMinutes(oStart, 120);
    const oMinutes = allDay ? 1440 : r.pick([0, 45, minutes]);
    const oEnd = allDay
      ? addLocalMinutes(oStart, oMinutes)
      : usableEnd(oStart, addLocalMinutes(oStart, oMinutes), effectiveZone);
    override = {
      id: 2,
      start: oStart,
      end: oEnd,
      durationMinutes: oMinutes,
      allDay,
      zone,
      rrule: null,
      exdates: [],
      rdates: [],
      parentId: 1,
      recurrenceId,
    };
  }
  // Exchange writes a date-time RECURRENCE-ID for an all-day series; half the all-day overrides do the same.
  const dateTimeRecurrenceId = allDay && override !== null && r.chance(0.5);
  return { index, series: withExtras, override, familyZone, from, to, dateTimeRecurrenceId };
}

/** Occurrence starts (series terms) of the bare series in and around the window, to pick EXDATEs and overrides. */
function baseStarts(series: EngineEvent, familyZone: string, from: string, to: string): string[] {
  const { occurrences } = expandEvents([series], { from, to }, familyZone);
  return occurrences.flatMap((o) => (o.occurrenceId === null ? [] : [o.occurrenceId]));
}

/** A DATE-TIME or DATE property line for wall-clock values of an event, comma-separated (RFC 5545 §3.3.5). */
function prop(name: string, values: readonly string[], e: EngineEvent): string {
  if (e.allDay) return `${name};VALUE=DATE:${values.map((v) => compact(v, true)).join(',')}`;
  const text = values.map((v) => compact(v)).join(',');
  return e.zone === null ? `${name}:${text}` : `${name};TZID=${e.zone}:${text}`;
}

/** An RDATE PERIOD line (RFC 5545 §3.8.5.2): explicit start and end. */
function periodProp(d: RDate, e: EngineEvent): string {
  const value = `${compact(d.start)}/${compact(d.end ?? d.start)}`;
  return e.zone === null ? `RDATE;VALUE=PERIOD:${value}` : `RDATE;VALUE=PERIOD;TZID=${e.zone}:${value}`;
}

/**
 * For the oracle only: a rule with neither COUNT nor UNTIL gets an UNTIL three days after the window (in the form
 * RFC 5545 §3.3.10 requires for the DTSTART's type). It changes nothing in the window, and stops python-dateutil,
 * which otherwise walks to the year 9999 looking for the next instance of a rule that matches rarely or never.
 */
function boundedRule(rule: string, e: EngineEvent, c: DiffCase): string {
  if (/(?:^|;)(?:COUNT|UNTIL)=/.test(rule)) return rule;
  const end = addLocalMinutes(c.to, 3 * 1440);
  if (e.allDay) return `${rule};UNTIL=${compact(end, true)}`;
  if (e.zone === null) return `${rule};UNTIL=${compact(end)}`;
  return `${rule};UNTIL=${utcCompact(end, c.familyZone)}`;
}

function eventLines(e: EngineEvent, uid: string, c: DiffCase, periodsAsEvents: boolean): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z'];
  lines.push(prop('DTSTART', [e.start], e));
  lines.push(prop('DTEND', [e.end ?? addLocalMinutes(e.start, e.durationMinutes)], e));
  if (e.recurrenceId !== null) {
    // An all-day series' override: RECURRENCE-ID as a DATE, or as a date-time the way Exchange writes it.
    lines.push(
      c.dateTimeRecurrenceId
        ? `RECURRENCE-ID:${compact(e.recurrenceId)}`
        : prop('RECURRENCE-ID', [e.recurrenceId], e),
    );
  }
  if (e.rrule !== null) lines.push(`RRULE:${periodsAsEvents ? boundedRule(e.rrule, e, c) : e.rrule}`);
  if (e.exdates.length > 0) lines.push(prop('EXDATE', e.exdates, e));
  for (const d of e.rdates) {
    if (d.end === null) lines.push(prop('RDATE', [d.start], e));
    else if (!periodsAsEvents) lines.push(periodProp(d, e));
  }
  lines.push('END:VEVENT');
  return lines;
}

/**
 * The VCALENDAR text of a case (RFC 5545). With `forOracle`, RDATE PERIODs (which recurring_ical_events 2.0.1
 * cannot read: it treats the (start, end) tuple as a date) are written as events of their own with that start
 * and end instead, which is what a PERIOD means (RFC 5545 §3.8.5.2); nothing else differs.
 */
export function caseCalendar(c: DiffCase, forOracle = false): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//FamilyHub//differential//EN'];
  lines.push(...eventLines(c.series, 'series', c, forOracle));
  if (c.override) lines.push(...eventLines(c.override, 'series', c, forOracle));
  if (forOracle) {
    c.series.rdates.forEach((d, i) => {
      if (d.end === null) return;
      const one: EngineEvent = {
        ...c.series,
        start: d.start,
        end: d.end,
        rrule: null,
        rdates: [],
        exdates: [],
      };
      lines.push(...eventLines(one, `period-${i}`, c, true));
    });
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

/** What the oracle process answers for a case (see ical-oracle.py). */
export interface OracleAnswer {
  occurrences: Array<{
    start: string;
    end: string;
    local: string | null;
    ambiguous: boolean;
    startFirst: string | null;
  }>;
  countPlusOne: boolean;
  lastRuleInstance: string | null;
}

/** The request the oracle process takes for a case. */
export function oracleRequest(c: DiffCase): object {
  const count = /(?:^|;)COUNT=/.test(c.series.rrule ?? '');
  return {
    ics: caseCalendar(c, true),
    familyZone: c.familyZone,
    from: c.from,
    to: c.to,
    countRule: count ? { rrule: c.series.rrule, dtstart: c.series.start } : null,
  };
}

/** Counts of the oracle deviations a comparison corrected, so that a test can show they happen. */
export interface Adjustments {
  /** Cases where the oracle's COUNT+1-th instance (DTSTART not a rule instance) was taken out. */
  countPlusOne: number;
  /** Occurrences at an ambiguous wall-clock time read as the first instant (RFC 5545 §3.3.5). */
  ambiguousFirst: number;
}

/** A span in the oracle's terms: UTC instants for a zoned timed event, instants of the family's wall clock for a
 * floating one, dates for all-day. */
export type Span = string;

function iso(d: Date): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

/** Our occurrences of the case in the oracle's terms (`start/end`), sorted. */
export function ourSpans(c: DiffCase, occurrences: readonly Occurrence[]): Span[] {
  return occurrences
    .map((o) =>
      c.series.allDay ? `${localDateOf(o.start)}/${localDateOf(o.end)}` : `${iso(o.startAt)}/${iso(o.endAt)}`,
    )
    .sort();
}

/**
 * The oracle's occurrences in the same terms, with its two documented deviations from RFC 5545 corrected
 * (see occurrences.property.test.ts): the extra COUNT instance, and pytz's second reading of an ambiguous time.
 */
export function oracleSpans(c: DiffCase, answer: OracleAnswer, adjustments: Adjustments): Span[] {
  let list = answer.occurrences;
  if (answer.countPlusOne && answer.lastRuleInstance !== null) {
    const last = answer.lastRuleInstance;
    const at = list.findIndex((o) =>
      c.series.allDay ? o.start === localDateOf(last) : o.local?.slice(0, 16) === last.slice(0, 16),
    );
    if (at >= 0) {
      list = list.filter((_, i) => i !== at);
      adjustments.countPlusOne++;
    }
  }
  return list
    .map((o) => {
      if (c.series.allDay) return `${o.start}/${o.end}`;
      if (c.series.zone === null)
        return `${iso(localToInstant(o.start, c.familyZone))}/${iso(localToInstant(o.end, c.familyZone))}`;
      if (o.ambiguous && o.startFirst !== null) {
        adjustments.ambiguousFirst++;
        const shift = Date.parse(o.startFirst) - Date.parse(o.start);
        return `${o.startFirst}/${iso(new Date(Date.parse(o.end) + shift))}`;
      }
      return `${o.start}/${o.end}`;
    })
    .sort();
}

/** The text printed for a case that disagrees: enough to reproduce it by hand. */
export function describeCase(c: DiffCase, ours: Span[], theirs: Span[], seed: number): string {
  return [
    `case ${c.index} of seed ${seed}: family zone ${c.familyZone}, window ${c.from} … ${c.to}`,
    caseCalendar(c),
    `engine: ${JSON.stringify(ours)}`,
    `oracle: ${JSON.stringify(theirs)}`,
  ].join('\n');
}
