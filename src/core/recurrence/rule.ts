import { RRuleTemporal } from 'rrule-temporal';
import { addLocalDays, instantToLocal, localDateOf, localWeekday, parseLocal } from '../time/local-time.ts';

/**
 * RRULE values (RFC 5545 §3.3.10) as FamilyHub accepts and expands them. The expansion itself is done by
 * `rrule-temporal` (chosen by measurement: docs/decisions/004-rrule-library.md); this module decides what is
 * accepted, makes the parts RFC 5545 leaves to DTSTART explicit, and keeps the cost bounded by the window asked
 * for rather than by the distance to DTSTART.
 *
 * All times here are wall-clock (floating) text `YYYY-MM-DDTHH:mm:00` in the series' own zone; the zone is only
 * needed to read a UTC `UNTIL`. Callers convert to instants (src/core/recurrence/occurrences.ts).
 */

/** A rule or series FamilyHub will not expand, with the reason shown to people (import report, 400 message). */
export class RecurrenceError extends Error {
  override name = 'RecurrenceError';
}

/** Earliest and latest DTSTART year accepted (issue 18: outside this range a series is refused). */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;
/**
 * Longest repeat rule (RRULE value) a stored event may have: 1,000 characters (issue 42: every occurrence in
 * `GET /api/events` carries its series' rule). A real rule is under 100; a longer one is refused by `refusal`.
 */
export const RRULE_MAX_LENGTH = 1000;

/** Occurrences one expansion may return (per series, per window) before it gives up. */
export const EXPANSION_BUDGET = 20_000;
/** Occurrences one expansion may step through in all, before the window included (a COUNT rule from far back). */
const WALK_BUDGET = 150_000;
/**
 * The most occurrences a series may have in any one year, as its own parts bound them (`occurrencesPerYear`):
 * a rule past it is refused before it is expanded (issue 39). It equals `EXPANSION_BUDGET`, so a year's window
 * of any accepted rule fits one expansion; a family's busiest real series (every school day, or hourly) is far
 * below it.
 */
export const MAX_OCCURRENCES_PER_YEAR = EXPANSION_BUDGET;

/** Thrown when a `WorkBudget` is spent: the request has done all the expansion work it may. */
export class WorkBudgetSpent extends RecurrenceError {
  override name = 'WorkBudgetSpent';
}

/**
 * The expansion work one request may do, shared by every series it reads (issue 39: a budget per request, not
 * per event, so that forty expensive rules cost what one may). Counts occurrences stepped through and watches a
 * deadline on a clock the caller passes in (this module reads no clock of its own).
 */
export class WorkBudget {
  private spent = 0;
  private readonly deadline: number;

  /**
   * @param steps occurrences (and other unit steps) the request may step through in all
   * @param milliseconds wall time the request's expansion work may take, from now
   * @param now a monotonic clock in milliseconds (`performance.now` on the server)
   */
  constructor(
    private readonly steps: number,
    milliseconds: number,
    private readonly now: () => number,
  ) {
    this.deadline = now() + milliseconds;
  }

  /**
   * Counts `n` steps, and reads the clock every 1,024 steps.
   * @throws WorkBudgetSpent when the steps or the time are used up.
   */
  spend(n = 1): void {
    const before = this.spent;
    this.spent += n;
    if (this.spent > this.steps) throw new WorkBudgetSpent('The file needs more work than one import may do');
    if (before >> 10 !== this.spent >> 10) this.check();
  }

  /** @throws WorkBudgetSpent when the deadline has passed. */
  check(): void {
    if (this.now() > this.deadline)
      throw new WorkBudgetSpent('The file takes longer to read than one import may');
  }
}

const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
type Frequency = (typeof FREQUENCIES)[number];
const SUB_DAILY = ['SECONDLY', 'MINUTELY', 'HOURLY'];
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
const PART_NAMES = new Set([
  'FREQ',
  'INTERVAL',
  'COUNT',
  'UNTIL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'BYYEARDAY',
  'BYWEEKNO',
  'BYSETPOS',
  'BYHOUR',
  'BYMINUTE',
  'BYSECOND',
  'WKST',
]);

/** 0 = SU … 6 = SA for a two-letter weekday (as `Date.getUTCDay`), -1 for anything else. */
function weekdayIndex(day: string): number {
  return WEEKDAYS.findIndex((d) => d === day);
}

/** An RRULE value split into its parts (names upper-cased), checked against RFC 5545 §3.3.10. */
export interface Rule {
  freq: Frequency;
  interval: number;
  count: number | null;
  /** UNTIL as written (`YYYYMMDD`, `YYYYMMDDTHHMMSS` or `…Z`), or null. */
  until: string | null;
  parts: Map<string, string>;
}

function intList(name: string, value: string, min: number, max: number, signed: boolean): number[] {
  const values = value.split(',').map((v) => {
    if (!/^[+-]?\d{1,3}$/.test(v))
      throw new RecurrenceError(`The repeat rule's ${name} is not a number list`);
    const n = Number(v);
    const size = Math.abs(n);
    if (size < min || size > max || (n < 0 && !signed) || (signed && n === 0))
      throw new RecurrenceError(`The repeat rule's ${name} value ${v} is out of range`);
    return n;
  });
  return values;
}

/**
 * Parses and checks an RRULE value (without the `RRULE:` prefix).
 * Refused, each with its reason: anything but FREQ=DAILY/WEEKLY/MONTHLY/YEARLY (repeats more often than daily,
 * RSCALE calendars), unknown or repeated parts, COUNT with UNTIL, values out of range, seconds other than 0, and
 * the combinations RFC 5545 §3.3.10 forbids (BYDAY ordinals outside MONTHLY/YEARLY, BYWEEKNO outside YEARLY,
 * BYYEARDAY with DAILY/WEEKLY/MONTHLY, BYMONTHDAY with WEEKLY, BYSETPOS alone).
 * @throws RecurrenceError with a sentence a person can act on.
 */
export function parseRule(text: string): Rule {
  const parts = new Map<string, string>();
  for (const raw of text
    .trim()
    .replace(/^RRULE:/i, '')
    .split(';')) {
    if (raw === '') continue;
    const at = raw.indexOf('=');
    const name = (at > 0 ? raw.slice(0, at) : raw).toUpperCase();
    const value = at > 0 ? raw.slice(at + 1).toUpperCase() : '';
    if (name === 'RSCALE' || name === 'SKIP')
      throw new RecurrenceError('Repeat rules in other calendar systems (RSCALE) are not supported');
    if (!PART_NAMES.has(name) || value === '')
      throw new RecurrenceError(`The repeat rule has an unknown part "${raw.slice(0, 40)}"`);
    if (parts.has(name)) throw new RecurrenceError(`The repeat rule names ${name} twice`);
    parts.set(name, value);
  }
  const freqText = parts.get('FREQ');
  if (!freqText) throw new RecurrenceError('The repeat rule has no FREQ');
  if (SUB_DAILY.includes(freqText))
    throw new RecurrenceError(`Repeats more often than daily (FREQ=${freqText}) are not supported`);
  if (!(FREQUENCIES as readonly string[]).includes(freqText))
    throw new RecurrenceError(`The repeat rule's FREQ=${freqText.slice(0, 20)} is not valid`);
  // Checked against FREQUENCIES just above.
  const freq = freqText as Frequency;
  const interval = parts.has('INTERVAL')
    ? intList('INTERVAL', parts.get('INTERVAL') ?? '', 1, 999, false)
    : [1];
  if (interval.length !== 1) throw new RecurrenceError("The repeat rule's INTERVAL is not one number");
  const countText = parts.get('COUNT');
  let count: number | null = null;
  if (countText !== undefined) {
    if (!/^\d{1,12}$/.test(countText) || Number(countText) < 1)
      throw new RecurrenceError("The repeat rule's COUNT is not a positive number");
    count = Number(countText);
  }
  const until = parts.get('UNTIL') ?? null;
  if (until !== null && !/^\d{8}(T\d{6}Z?)?$/.test(until))
    throw new RecurrenceError("The repeat rule's UNTIL is not a date");
  if (count !== null && until !== null)
    throw new RecurrenceError('The repeat rule has both COUNT and UNTIL (RFC 5545 allows one)');

  const byday = parts.get('BYDAY');
  if (byday !== undefined) {
    for (const v of byday.split(',')) {
      const m = /^([+-]?\d{1,2})?(SU|MO|TU|WE|TH|FR|SA)$/.exec(v);
      if (!m) throw new RecurrenceError(`The repeat rule's BYDAY value ${v.slice(0, 10)} is not a weekday`);
      if (m[1] !== undefined) {
        const n = Math.abs(Number(m[1]));
        if (n < 1 || n > 53) throw new RecurrenceError(`The repeat rule's BYDAY value ${v} is out of range`);
        if (freq !== 'MONTHLY' && freq !== 'YEARLY')
          throw new RecurrenceError(`A numbered weekday (BYDAY=${v}) needs FREQ=MONTHLY or YEARLY`);
        if (freq === 'YEARLY' && parts.has('BYWEEKNO'))
          throw new RecurrenceError(`A numbered weekday (BYDAY=${v}) cannot go with BYWEEKNO`);
        if (n === 53 && parts.has('BYSETPOS'))
          throw new RecurrenceError(`The 53rd weekday of a year (BYDAY=${v}) cannot go with BYSETPOS`);
      }
    }
  }
  const checks: Array<[string, number, number, boolean]> = [
    ['BYMONTHDAY', 1, 31, true],
    ['BYMONTH', 1, 12, false],
    ['BYYEARDAY', 1, 366, true],
    ['BYWEEKNO', 1, 53, true],
    ['BYSETPOS', 1, 366, true],
    ['BYHOUR', 0, 23, false],
    ['BYMINUTE', 0, 59, false],
  ];
  for (const [name, min, max, signed] of checks) {
    const value = parts.get(name);
    if (value !== undefined) intList(name, value, min, max, signed);
  }
  const seconds = parts.get('BYSECOND');
  if (seconds !== undefined && seconds.split(',').some((v) => Number(v) !== 0 || !/^\d{1,2}$/.test(v)))
    throw new RecurrenceError('Repeats at seconds other than :00 (BYSECOND) are not supported');
  const wkst = parts.get('WKST');
  if (wkst !== undefined && !(WEEKDAYS as readonly string[]).includes(wkst))
    throw new RecurrenceError(`The repeat rule's WKST=${wkst.slice(0, 10)} is not a weekday`);
  if (parts.has('BYWEEKNO') && freq !== 'YEARLY')
    throw new RecurrenceError('BYWEEKNO needs FREQ=YEARLY (RFC 5545)');
  if (parts.has('BYYEARDAY') && freq !== 'YEARLY')
    throw new RecurrenceError('BYYEARDAY needs FREQ=YEARLY (RFC 5545)');
  if (parts.has('BYMONTHDAY') && freq === 'WEEKLY')
    throw new RecurrenceError('BYMONTHDAY cannot go with FREQ=WEEKLY (RFC 5545)');
  if (parts.has('BYYEARDAY') && (parts.has('BYDAY') || parts.has('BYMONTHDAY'))) {
    // rrule-temporal gets these wrong; ordinalCheck applies the parts as limits afterwards, which is right only
    // without BYSETPOS (positions are taken before), BYWEEKNO, and numbered weekdays counted within BYMONTH.
    if (parts.has('BYSETPOS') || parts.has('BYWEEKNO'))
      throw new RecurrenceError('BYYEARDAY with BYDAY or BYMONTHDAY cannot go with BYSETPOS or BYWEEKNO');
    if (parts.has('BYMONTH') && /\d/.test(parts.get('BYDAY') ?? ''))
      throw new RecurrenceError('A numbered weekday cannot go with both BYYEARDAY and BYMONTH');
  }
  if (parts.has('BYSETPOS') && ![...parts.keys()].some((k) => k.startsWith('BY') && k !== 'BYSETPOS'))
    throw new RecurrenceError('BYSETPOS needs another BYxxx part (RFC 5545)');
  return { freq, interval: interval[0] ?? 1, count, until, parts };
}

/**
 * An upper bound on the occurrences `rule` can have in any one calendar year, read from its parts alone (RFC 5545
 * §3.3.10): the days its FREQ and BYxxx parts can name in a year, times the BYHOUR × BYMINUTE times of each day
 * (one time when they are left to DTSTART), at most BYSETPOS per period, and DTSTART. A period that straddles New Year (a
 * week, a BYWEEKNO year) is counted once more. Never below the true count (held to expansion by
 * rule.property.test.ts); used to refuse a rule before expanding it.
 */
export function occurrencesPerYear(rule: Rule): number {
  const list = (name: string) => rule.parts.get(name)?.split(',') ?? null;
  const size = (name: string) => list(name)?.length ?? null;
  const months = Math.min(12, size('BYMONTH') ?? 12);
  const byday = list('BYDAY');
  /** Days a BYDAY list can name: a plain weekday `plain` times, a numbered one `numbered` times. */
  const weekdays = (plain: number, numbered = 1) =>
    byday === null ? null : byday.reduce((sum, d) => sum + (/\d/.test(d) ? numbered : plain), 0);
  const bounds: Array<number | null> = [];
  let periods: number;
  switch (rule.freq) {
    case 'DAILY':
      periods = Math.ceil(366 / rule.interval);
      bounds.push(periods, months * 31, weekdays(53));
      if (size('BYMONTHDAY') !== null) bounds.push((size('BYMONTHDAY') ?? 0) * months);
      break;
    case 'WEEKLY':
      periods = Math.ceil(53 / rule.interval) + 1;
      bounds.push(periods * (byday?.length ?? 1), months * 31);
      break;
    case 'MONTHLY': {
      periods = Math.min(Math.ceil(12 / rule.interval), months);
      // Without BYDAY or BYMONTHDAY, DTSTART's day of the month (RFC 5545 §3.3.10). With both, their sum: an
      // upper bound whichever way an expander combines them.
      const named = [size('BYMONTHDAY'), weekdays(5)].filter((n): n is number => n !== null);
      bounds.push(periods * Math.min(31, named.length === 0 ? 1 : named.reduce((a, b) => a + b, 0)));
      break;
    }
    case 'YEARLY': {
      // A BYWEEKNO year reaches a few days into the next calendar year: two periods can share one year.
      periods = size('BYWEEKNO') !== null ? 2 : 1;
      // The days each day part names on its own; several are summed, an upper bound whether an expander
      // intersects them (RFC 5545) or unites them. Without any, DTSTART's day of each BYMONTH month.
      const named = [
        size('BYYEARDAY'),
        size('BYWEEKNO') === null ? null : (size('BYWEEKNO') ?? 0) * 7,
        size('BYMONTHDAY') === null ? null : (size('BYMONTHDAY') ?? 0) * months,
        rule.parts.has('BYMONTH') ? weekdays(5 * months, months) : weekdays(53),
      ].filter((n): n is number => n !== null);
      const perYear = named.length === 0 ? (size('BYMONTH') ?? 1) : named.reduce((a, b) => a + b, 0);
      bounds.push(periods * Math.min(366, perYear));
      break;
    }
  }
  const days = Math.min(366, ...bounds.filter((n): n is number => n !== null));
  const total = days * (size('BYHOUR') ?? 1) * (size('BYMINUTE') ?? 1);
  const positions = size('BYSETPOS');
  // DTSTART is an occurrence even when the rule does not name it (RFC 5545 §3.8.5.3).
  return (positions === null ? total : Math.min(total, periods * positions)) + 1;
}

/**
 * Refuses a rule whose own parts say it makes more than `MAX_OCCURRENCES_PER_YEAR` occurrences a year, before
 * anything is expanded (issue 39: a minute-by-minute YEARLY rule cost seconds per event to find "too many").
 * @throws RecurrenceError naming the count.
 */
export function checkRuleSize(rule: Rule): void {
  const perYear = occurrencesPerYear(rule);
  if (perYear > MAX_OCCURRENCES_PER_YEAR)
    throw new RecurrenceError(
      `The repeat rule makes up to ${perYear.toLocaleString('en-US')} occurrences a year; at most ${MAX_OCCURRENCES_PER_YEAR.toLocaleString('en-US')} are allowed`,
    );
}

/**
 * The parts RFC 5545 §3.3.10 takes from DTSTART when a rule leaves them out, written into the rule, so that the
 * rule means the same from any other DTSTART (which lets expansion start near the window):
 * BYHOUR/BYMINUTE/BYSECOND always; WEEKLY: BYDAY; MONTHLY without BYDAY/BYMONTHDAY: BYMONTHDAY; YEARLY without
 * BYWEEKNO/BYYEARDAY/BYMONTHDAY/BYDAY: BYMONTH (if absent) and BYMONTHDAY. YEARLY with BYWEEKNO alone is read
 * as every day of those weeks, as python-dateutil and libical do.
 */
function explicitParts(rule: Rule, dtstart: string): Map<string, string> {
  const parts = new Map(rule.parts);
  const p = parseLocal(dtstart);
  if (!p) throw new RecurrenceError(`The start ${dtstart} is not a real date and time`);
  if (!parts.has('BYHOUR')) parts.set('BYHOUR', String(p.hour));
  if (!parts.has('BYMINUTE')) parts.set('BYMINUTE', String(p.minute));
  parts.set('BYSECOND', '0');
  const has = (...names: string[]) => names.some((n) => parts.has(n));
  if (rule.freq === 'WEEKLY' && !has('BYDAY'))
    parts.set('BYDAY', WEEKDAYS[localWeekday(localDateOf(dtstart))] ?? 'MO');
  if (rule.freq === 'MONTHLY' && !has('BYDAY', 'BYMONTHDAY')) parts.set('BYMONTHDAY', String(p.day));
  if (rule.freq === 'YEARLY') {
    if (!has('BYWEEKNO', 'BYYEARDAY', 'BYMONTHDAY', 'BYDAY')) {
      if (!has('BYMONTH')) parts.set('BYMONTH', String(p.month));
      parts.set('BYMONTHDAY', String(p.day));
    } else if (has('BYWEEKNO') && !has('BYDAY', 'BYMONTHDAY', 'BYYEARDAY')) {
      parts.set('BYDAY', 'MO,TU,WE,TH,FR,SA,SU');
    }
  }
  return parts;
}

/** UNTIL as wall-clock time in the series' zone: a UTC `…Z` value is converted, a DATE is the start of that day. */
function untilLocal(until: string, zone: string): string {
  const date = `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}`;
  if (!parseLocal(`${date}T00:00`))
    throw new RecurrenceError(`The repeat rule's UNTIL ${until} is not a real date`);
  // A DATE UNTIL on a DATE-TIME series (RFC 5545 wants a DATE-TIME there) is read as that day's start, as
  // python-dateutil reads it; on a DATE series every occurrence is at 00:00, so the day is included.
  if (until.length === 8) return `${date}T00:00:00`;
  const time = `${until.slice(9, 11)}:${until.slice(11, 13)}:${until.slice(13, 15)}`;
  if (!parseLocal(`${date}T${time.slice(0, 5)}`))
    throw new RecurrenceError(`The repeat rule's UNTIL ${until} is not a real time`);
  if (!until.endsWith('Z')) return `${date}T${time}`;
  const instant = new Date(`${date}T${time}Z`);
  return `${instantToLocal(instant, zone).slice(0, 16)}:${time.slice(6, 8)}`;
}

/** Days from `a` to `b` (`YYYY-MM-DD`), wall-clock. */
function daysBetween(a: string, b: string): number {
  return Math.round(
    (Date.UTC(+b.slice(0, 4), +b.slice(5, 7) - 1, +b.slice(8, 10)) -
      Date.UTC(+a.slice(0, 4), +a.slice(5, 7) - 1, +a.slice(8, 10))) /
      86_400_000,
  );
}

/**
 * A later DTSTART for the same rule, at the start of a period (day, WKST week, month, year) that is a whole
 * number of INTERVALs after the original's and begins at least one period before `target`; null when the
 * original is already that close. Only valid for rules without COUNT whose implicit parts are explicit.
 */
function anchorNear(rule: Rule, parts: Map<string, string>, dtstart: string, target: string): string | null {
  const startDay = localDateOf(dtstart);
  const n = rule.interval;
  let anchor: string;
  if (rule.freq === 'DAILY') {
    const k = Math.floor(daysBetween(startDay, target) / n) * n;
    anchor = addLocalDays(startDay, k);
  } else if (rule.freq === 'WEEKLY') {
    const wkst = weekdayIndex(parts.get('WKST') ?? 'MO');
    const weekStart = addLocalDays(startDay, -((localWeekday(startDay) - wkst + 7) % 7));
    const k = Math.floor(daysBetween(weekStart, target) / (7 * n)) * n;
    anchor = addLocalDays(weekStart, 7 * k);
  } else if (rule.freq === 'MONTHLY') {
    const months =
      (+target.slice(0, 4) - +startDay.slice(0, 4)) * 12 + (+target.slice(5, 7) - +startDay.slice(5, 7));
    const k = Math.floor(months / n) * n;
    const index = +startDay.slice(0, 4) * 12 + (+startDay.slice(5, 7) - 1) + k;
    anchor = `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
  } else {
    // A year's BYWEEKNO weeks reach a few days into the next year: start a whole year earlier.
    const years = +target.slice(0, 4) - 1 - +startDay.slice(0, 4);
    const k = Math.floor(years / n) * n;
    anchor = `${String(+startDay.slice(0, 4) + k).padStart(4, '0')}-01-01`;
  }
  const local = `${anchor}T00:00:00`;
  return local > dtstart ? local : null;
}

/**
 * A check rrule-temporal 2.2 needs after it for two YEARLY shapes, per RFC 5545 §3.3.10:
 * - numbered weekdays without BYMONTH (`BYDAY=53SA`): it counts the 53rd Saturday of a year that has only 52 on
 *   into the next year (2027's "53rd Saturday" is 2028-01-01), but "+53MO" is the 53rd Monday *of the year*, so
 *   an instance is kept only when it really is the nth (or nth-last) such weekday of its year (parseRule refuses
 *   ±53 with BYSETPOS, where dropping a candidate would shift the positions);
 * - BYYEARDAY with BYDAY or BYMONTHDAY (`BYYEARDAY=-1;BYDAY=SA`): it ignores BYDAY (or, when numbered,
 *   BYYEARDAY) and unites BYMONTHDAY with BYYEARDAY, so every BYxxx part is applied here as a limit on the day (BYYEARDAY, BYMONTH, BYMONTHDAY, BYDAY; a numbered weekday
 *   as the nth of its year), which is how python-dateutil reads these rules. parseRule refuses the shapes where
 *   filtering afterwards would be wrong (with BYSETPOS or BYWEEKNO, or a numbered weekday with BYMONTH).
 * Other rules: always true.
 */
function ordinalCheck(rule: Rule, parts: Map<string, string>): (floatingMsValue: number) => boolean {
  const byday = parts.get('BYDAY');
  if (rule.freq !== 'YEARLY') return () => true;
  const yearDays = parts.has('BYYEARDAY');
  if (!yearDays && (byday === undefined || parts.has('BYMONTH') || !/\d/.test(byday))) return () => true;
  const wanted = new Map<number, Array<number | null>>();
  for (const v of byday?.split(',') ?? ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA']) {
    const m = /^([+-]?\d{1,2})?(SU|MO|TU|WE|TH|FR|SA)$/.exec(v);
    if (!m?.[2]) continue;
    const day = weekdayIndex(m[2]);
    wanted.set(day, [...(wanted.get(day) ?? []), m[1] === undefined ? null : Number(m[1])]);
  }
  const list = (name: string) => parts.get(name)?.split(',').map(Number) ?? null;
  const byYearDay = list('BYYEARDAY');
  const byMonth = list('BYMONTH');
  const byMonthDay = list('BYMONTHDAY');
  const dayCount = (year: number, month: number) =>
    Math.round((Date.UTC(year, month + 1, 1) - Date.UTC(year, month, 1)) / 86_400_000);
  return (ms) => {
    const d = new Date(ms);
    const year = d.getUTCFullYear();
    const dayOfYear =
      Math.round((ms - Date.UTC(year, 0, 1, d.getUTCHours(), d.getUTCMinutes())) / 86_400_000) + 1;
    const yearLength = Math.round((Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000);
    const nth = Math.ceil(dayOfYear / 7);
    const nthLast = -Math.ceil((yearLength - dayOfYear + 1) / 7);
    const ordinals = wanted.get(d.getUTCDay()) ?? (yearDays ? [] : [null]);
    if (!ordinals.some((n) => n === null || n === nth || n === nthLast)) return false;
    if (!yearDays) return true;
    const monthDay = d.getUTCDate();
    const monthLength = dayCount(year, d.getUTCMonth());
    return (
      (byYearDay ?? []).some((n) => n === dayOfYear || n === dayOfYear - yearLength - 1) &&
      (byMonth === null || byMonth.includes(d.getUTCMonth() + 1)) &&
      (byMonthDay === null || byMonthDay.some((n) => n === monthDay || n === monthDay - monthLength - 1))
    );
  };
}

const SIMPLE_PARTS = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYHOUR', 'BYMINUTE', 'BYSECOND', 'WKST']);

/**
 * True for the rules most series have — DAILY or WEEKLY with at most INTERVAL, plain weekdays (BYDAY without
 * numbers), times of day (BYHOUR/BYMINUTE) and WKST — which `walkSimple` expands directly, about ten times
 * faster than rrule-temporal (bench/recurrence). Everything else goes to rrule-temporal. Both are held to the
 * same oracle by occurrences.property.test.ts.
 */
function simpleRule(rule: Rule, parts: Map<string, string>): boolean {
  if (rule.freq !== 'DAILY' && rule.freq !== 'WEEKLY') return false;
  for (const name of parts.keys()) if (!SIMPLE_PARTS.has(name)) return false;
  return !/\d/.test(parts.get('BYDAY') ?? '');
}

/**
 * Walks a `simpleRule` from `first` (DTSTART, or a later start in the same phase from `anchorNear`): every
 * INTERVAL-th day (DAILY) or WKST week (WEEKLY), the listed weekdays of it (all days for DAILY without BYDAY),
 * at each BYHOUR × BYMINUTE time, in order (RFC 5545 §3.3.10), calling `visit` with each start as floating
 * milliseconds until it returns false or the start passes `stopMs` (UNTIL, inclusive).
 */
function walkSimple(
  rule: Rule,
  parts: Map<string, string>,
  first: string,
  stopMs: number,
  visit: (ms: number) => boolean,
): void {
  const numbers = (name: string) =>
    (parts.get(name) ?? '0')
      .split(',')
      .map(Number)
      .sort((a, b) => a - b);
  const times = numbers('BYHOUR').flatMap((h) => numbers('BYMINUTE').map((m) => (h * 60 + m) * 60_000));
  const byday = parts.get('BYDAY');
  const days = byday === undefined ? null : new Set(byday.split(',').map((d) => weekdayIndex(d)));
  const day = 86_400_000;
  let periodStart = floatingMs(`${localDateOf(first)}T00:00`);
  let periodDays = 1;
  if (rule.freq === 'WEEKLY') {
    const wkst = weekdayIndex(parts.get('WKST') ?? 'MO');
    periodStart -= ((new Date(periodStart).getUTCDay() - wkst + 7) % 7) * day;
    periodDays = 7;
  }
  for (;;) {
    for (let d = 0; d < periodDays; d++) {
      const dayMs = periodStart + d * day;
      if (days !== null && !days.has(new Date(dayMs).getUTCDay())) continue;
      for (const t of times) {
        const ms = dayMs + t;
        if (ms > stopMs || !visit(ms)) return;
      }
    }
    periodStart += periodDays * rule.interval * day;
  }
}

/** Wall-clock text as milliseconds of a floating clock (its UTC fields are the wall-clock fields). */
function floatingMs(local: string): number {
  return Date.parse(`${local.slice(0, 16)}:00Z`);
}

/** `YYYYMMDDTHHMMSS` of wall-clock text, as RFC 5545 writes DATE-TIME values. */
function compact(local: string): string {
  return `${local.slice(0, 19).replace(/[-:]/g, '')}${local.length === 16 ? '00' : ''}`;
}

/** An upper bound on the occurrences a rule can have from `dtstart` to the end of `MAX_YEAR`. */
function maxOccurrences(parts: Map<string, string>, dtstart: string): number {
  const size = (name: string) => (parts.get(name) ?? '').split(',').length;
  const days = daysBetween(localDateOf(dtstart), `${MAX_YEAR}-12-31`) + 1;
  return Math.max(1, days) * size('BYHOUR') * size('BYMINUTE');
}

/**
 * The local starts of a series with `from <= start < to` (wall-clock text in the series' zone), in order.
 *
 * RFC 5545 §3.8.5.3: DTSTART is always the first occurrence, and COUNT counts it, even when it does not match
 * the rule. EXDATE/RDATE are not applied here (src/core/recurrence/occurrences.ts does that).
 * Cost: a rule without COUNT starts from a DTSTART moved to the period before the window (same phase), so it
 * costs the window, not the years since DTSTART; a COUNT rule whose COUNT cannot be reached before `MAX_YEAR`
 * is treated the same way. At most `budget` occurrences are produced per call.
 *
 * @param zone IANA zone the series runs in (to read a UTC UNTIL); the family zone for a floating series.
 * @param work the request's shared budget, charged one step per occurrence stepped through (issue 39).
 * @throws RecurrenceError when the rule is refused (see `parseRule`), DTSTART is outside MIN_YEAR…MAX_YEAR or
 *   not a real time, or the window holds more than `budget` occurrences; WorkBudgetSpent when `work` is spent.
 */
export function expandRule(
  dtstart: string,
  rruleText: string,
  zone: string,
  from: string,
  to: string,
  budget = EXPANSION_BUDGET,
  work?: WorkBudget,
): string[] {
  work?.check();
  const rule = parseRule(rruleText);
  const start = parseLocal(dtstart);
  if (!start) throw new RecurrenceError(`The start ${dtstart} is not a real date and time`);
  if (start.year < MIN_YEAR || start.year > MAX_YEAR)
    throw new RecurrenceError(`Repeating events must start between ${MIN_YEAR} and ${MAX_YEAR}`);
  const parts = explicitParts(rule, dtstart);
  const until = rule.until !== null ? untilLocal(rule.until, zone) : null;
  if (from >= to || dtstart >= to) return [];
  // UNTIL before DTSTART: DTSTART alone (it is always the first instance), in every window that holds it.
  if (until !== null && until < dtstart) return dtstart >= from ? [`${dtstart.slice(0, 16)}:00`] : [];
  if (until !== null && until < from) return [];

  const count = rule.count !== null && rule.count < maxOccurrences(parts, dtstart) ? rule.count : null;
  parts.delete('COUNT');
  parts.delete('UNTIL');
  const anchor = count !== null ? null : anchorNear(rule, parts, dtstart, localDateOf(from));
  // The iterator starts at `first` and DTSTART is added here (RFC 5545 §3.8.5.3: always the first instance, and
  // counted by COUNT, even when it does not match the rule); COUNT is counted here too. A YEARLY BYWEEKNO rule
  // starts a year early: the previous year's last week may run into DTSTART's year (week 53 of 2020 holds
  // 2021-01-01) and its days after DTSTART are instances. (With INTERVAL>1 the previous period is INTERVAL years
  // back, and its weeks cannot reach DTSTART's year.)
  const yearEarly = rule.freq === 'YEARLY' && parts.has('BYWEEKNO') && rule.interval === 1;
  const first =
    anchor ?? (yearEarly ? `${String(+dtstart.slice(0, 4) - 1).padStart(4, '0')}-01-01T00:00:00` : dtstart);
  const ruleText = [...parts].map(([k, v]) => `${k}=${v}`).join(';');
  const limitTo = `${localDateOf(to) < `${MAX_YEAR + 1}-01-01` ? to : `${MAX_YEAR + 1}-01-01T00:00:00`}`;
  // The iterator stops at the window's end or UNTIL (inclusive; the end itself is dropped below), so a rule that
  // matches nothing (BYSETPOS=3 of two days) costs the window, not the library's iteration cap.
  const stop = until !== null && until < limitTo ? until : limitTo;
  // Periods (days, weeks, months, years) from the first start to the window's end: the iterator may not step
  // further, whatever the rule matches.
  const periodDays = { DAILY: 1, WEEKLY: 7, MONTHLY: 28, YEARLY: 365 }[rule.freq];
  const periods =
    Math.ceil(daysBetween(localDateOf(first), localDateOf(limitTo)) / periodDays / rule.interval) + 3;

  const dayFits = ordinalCheck(rule, parts);
  const out: string[] = [];
  const endMs = floatingMs(limitTo);
  const fromMs = floatingMs(from);
  const startMs = floatingMs(dtstart);
  let produced = 1;
  if (startMs >= fromMs && startMs < endMs) out.push(`${dtstart.slice(0, 16)}:00`);
  if (count === 1) return out;
  const visit = (ms: number): boolean => {
    if (ms >= endMs) return false;
    work?.spend();
    if (ms <= startMs || !dayFits(ms)) return true;
    produced++;
    if (produced > WALK_BUDGET)
      throw new RecurrenceError('The repeat rule makes too many occurrences to show');
    if (ms >= fromMs) {
      out.push(`${new Date(ms).toISOString().slice(0, 16)}:00`);
      if (out.length > budget)
        throw new RecurrenceError('The repeat rule makes too many occurrences to show');
    }
    return count === null || produced < count;
  };
  if (simpleRule(rule, parts)) {
    walkSimple(rule, parts, first, floatingMs(stop), visit);
    return out;
  }
  // The rule runs on a floating clock: UTC stands for the series' wall clock (no DST), and the caller reads
  // each wall-clock start in the real zone.
  const iterator = new RRuleTemporal({
    rruleString: `DTSTART;TZID=UTC:${compact(first)}\nRRULE:${ruleText};UNTIL=${compact(stop)}Z`,
    includeDtstart: false,
    cache: false,
    maxIterations: periods,
    maxCandidateEvaluations: WALK_BUDGET * 20,
  });
  try {
    iterator.all((z) => visit(z.epochMilliseconds));
  } catch (error) {
    if (error instanceof RecurrenceError) throw error;
    // The iterator stepped past the window's end (`periods`) without finding more: the window is complete.
    if (error instanceof Error && /^Maximum iterations/.test(error.message)) return out;
    throw new RecurrenceError(
      `The repeat rule could not be expanded (${error instanceof Error ? error.message.slice(0, 80) : 'unknown error'})`,
    );
  }
  return out;
}
