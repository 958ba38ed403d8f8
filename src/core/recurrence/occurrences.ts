import {
  addLocalMinutes,
  isKnownZone,
  instantToLocal,
  localDateOf,
  localMinutesBetween,
  localToInstant,
  parseLocal,
  placeLocal,
} from '../time/local-time.ts';
import {
  checkRuleSize,
  expandRule,
  MAX_YEAR,
  MIN_YEAR,
  parseRule,
  RRULE_MAX_LENGTH,
  RecurrenceError,
  type WorkBudget,
  WorkBudgetSpent,
} from './rule.ts';

/**
 * The occurrence engine (issue 18): the one place that turns stored event rows into the occurrences of a window.
 * The events API, the reminder planner and the daily summary, the assistant, the ICS feed and the ICS import all
 * call `expandEvents`.
 *
 * Time model (RFC 5545, ARCHITECTURE.md "Data"):
 * - a timed event runs in its own IANA zone (`zone`, its TZID), or is floating (`zone` null: read in the
 *   family's zone); its `start`, `end`, EXDATEs, RDATEs and an override's `recurrenceId` are wall-clock text
 *   `YYYY-MM-DDTHH:mm:00` in that zone;
 * - an all-day event is a DATE: `start` is `YYYY-MM-DDT00:00:00` and it is the same days in every zone;
 * - a series expands in its own zone (so 08:00 stays 08:00 there across its DST changes), then each occurrence
 *   is converted to the family's zone. Lengths are wall-clock in the event's zone (RFC 5545 §3.8.5.3 nominal
 *   duration: DTEND − DTSTART of the first instance, applied to every instance).
 */

/** An extra occurrence (RDATE): its start, and its own end when it was given as a PERIOD. Wall-clock in the zone. */
export interface RDate {
  start: string;
  end: string | null;
}

/** A stored event row as the engine reads it. */
export interface EngineEvent {
  id: number;
  /** DTSTART: wall-clock `YYYY-MM-DDTHH:mm:00` in `zone` (all-day: `YYYY-MM-DDT00:00:00`). */
  start: string;
  /** DTEND in the same terms, or null: `start` + `durationMinutes` (all-day: the next midnight). */
  end: string | null;
  /** Length in minutes when `end` is null (0 = a zero-length event). */
  durationMinutes: number;
  allDay: boolean;
  /** IANA zone of a timed event; null = floating (the family's zone). Not read for all-day events. */
  zone: string | null;
  /** RRULE value (no `RRULE:`) of a series; null for a one-off or an override. */
  rrule: string | null;
  /** EXDATEs of a series: occurrence starts (same terms as `start`) that are removed. */
  exdates: readonly string[];
  /** RDATEs of a series: extra occurrences. */
  rdates: readonly RDate[];
  /** For an override (an edited occurrence): the series' id; null otherwise. */
  parentId: number | null;
  /** For an override: RECURRENCE-ID, the start of the occurrence it replaces, in the series' zone. */
  recurrenceId: string | null;
}

/** One occurrence in the family's terms. */
export interface Occurrence<E extends EngineEvent = EngineEvent> {
  /** The row it comes from: the series for an expanded occurrence, the override row for an edited one. */
  event: E;
  /** The series it belongs to (series occurrences and overrides), or null for a one-off event. */
  seriesId: number | null;
  /**
   * The occurrence's identity within its series (RECURRENCE-ID): its original start in the series' zone; the
   * value `?occurrence=` takes. Null for a one-off.
   */
  occurrenceId: string | null;
  /** Start and end (exclusive) as wall-clock text in the family's zone (all-day: the DATE's midnights). */
  start: string;
  end: string;
  /** The same as instants (all-day: the family-zone midnights). */
  startAt: Date;
  endAt: Date;
}

/** A row the engine could not expand, and why (logged and counted by callers; never stops the others). */
export interface ExpansionFailure<E extends EngineEvent = EngineEvent> {
  event: E;
  reason: string;
}

export interface Expansion<E extends EngineEvent> {
  occurrences: Occurrence<E>[];
  failures: ExpansionFailure<E>[];
}

/** A window of the family's days or times: `from <= t < to`, wall-clock text in the family's zone. */
export interface Window {
  from: string;
  to: string;
}

/** Wall-clock length of one occurrence of `e`, in minutes. */
export function spanMinutes(e: EngineEvent): number {
  if (e.end !== null) return Math.max(0, localMinutesBetween(e.start, e.end));
  if (e.allDay) return 1440;
  return Math.max(0, e.durationMinutes);
}

interface Placed {
  start: string;
  end: string;
  startAt: Date;
  endAt: Date;
}

/**
 * Exact length in milliseconds of every occurrence of a timed event in an IANA zone. RFC 5545 §3.8.5.3: "If the
 * duration of the recurring component is specified with the "DTEND" or "DUE" property, then the same exact
 * duration will apply to all the members of the generated recurrence set" — so a 01:00–03:00 event whose first
 * instance spans a spring-forward change lasts one hour every time, and an instance that spans one ends an hour
 * later on the wall clock. Without DTEND, `durationMinutes` is taken as exact.
 */
function exactMs(e: EngineEvent, zone: string): number {
  if (e.end === null) return Math.max(0, e.durationMinutes) * 60_000;
  return Math.max(0, localToInstant(e.end, zone).getTime() - localToInstant(e.start, zone).getTime());
}

/**
 * Places one occurrence that starts at `start` (wall-clock in the event's zone) in the family's zone; `periodEnd`
 * is an RDATE PERIOD's own end (same terms), else the event's length applies: exact for a timed event in a zone
 * (see `exactMs`), wall-clock for a floating one (it has no instants of its own) and for all-day DATEs.
 */
function place(e: EngineEvent, start: string, periodEnd: string | null, familyZone: string): Placed {
  if (e.allDay || e.zone === null) {
    const end = periodEnd ?? ownEnd(e, start) ?? addLocalMinutes(start, spanMinutes(e));
    const s = placeLocal(start, familyZone);
    const t = placeLocal(end, familyZone);
    return e.allDay
      ? { start, end, startAt: s.instant, endAt: t.instant }
      : { start: s.wallClock, end: t.wallClock, startAt: s.instant, endAt: t.instant };
  }
  if (e.zone === familyZone) {
    // In the family's own zone a time reads as it is written (but for a spring-forward gap): each text is parsed
    // once for its instant and its wall-clock (`placeLocal`), and the event's own start and end need no
    // instant-to-text round trip.
    const s = placeLocal(start, familyZone);
    if (periodEnd === null && e.end !== null && start === e.start) {
      const t = placeLocal(e.end, familyZone);
      // `exactMs` from the event's own start: the end's instant itself, or the start's when it is earlier.
      return t.instant < s.instant
        ? { start: s.wallClock, end: s.wallClock, startAt: s.instant, endAt: s.instant }
        : { start: s.wallClock, end: t.wallClock, startAt: s.instant, endAt: t.instant };
    }
    const endAt = zonedEnd(e, s.instant, periodEnd, familyZone);
    return { start: s.wallClock, end: instantToLocal(endAt, familyZone), startAt: s.instant, endAt };
  }
  const startAt = localToInstant(start, e.zone);
  const endAt = zonedEnd(e, startAt, periodEnd, e.zone);
  return {
    start: instantToLocal(startAt, familyZone),
    end: instantToLocal(endAt, familyZone),
    startAt,
    endAt,
  };
}

/** Whether `text` is in the normal form `YYYY-MM-DDTHH:mm:00` that wall-clock arithmetic answers. */
function isNormalLocal(text: string): boolean {
  return text.length === 19 && text.endsWith(':00');
}

/**
 * The event's own stored end when `start` is its own start: what `addLocalMinutes(start, spanMinutes(e))` answers
 * then, without parsing either. Null when it does not apply (another occurrence, no end, an end before the start
 * or a text not in normal form): then do the arithmetic.
 */
function ownEnd(e: EngineEvent, start: string): string | null {
  return e.end !== null && start === e.start && isNormalLocal(start) && isNormalLocal(e.end) && e.end >= start
    ? e.end
    : null;
}

/** The end instant of an occurrence of a timed event in `zone` starting at `startAt` (see `place`). */
function zonedEnd(e: EngineEvent, startAt: Date, periodEnd: string | null, zone: string): Date {
  return periodEnd !== null
    ? new Date(Math.max(startAt.getTime(), localToInstant(periodEnd, zone).getTime()))
    : new Date(startAt.getTime() + exactMs(e, zone));
}

function overlaps(p: Placed, fromAt: Date, toAt: Date): boolean {
  // A zero-length occurrence at the window's start counts.
  return p.startAt < toAt && (p.endAt > fromAt || p.startAt >= fromAt);
}

/**
 * The local window to expand a series in, in its own terms: the family window moved to the series' zone, widened
 * by the occurrence length (an occurrence that started before the window may still run into it) and a day either
 * side (zone offsets).
 */
function seriesWindow(e: EngineEvent, window: Window, familyZone: string, span: number): Window {
  if (e.allDay) return { from: addLocalMinutes(window.from, -span), to: window.to };
  const zone = e.zone ?? familyZone;
  // In the family's own zone only a spring-forward gap moves a start (later, by the gap): three hours cover it.
  if (zone === familyZone)
    return { from: addLocalMinutes(window.from, -span - 180), to: addLocalMinutes(window.to, 180) };
  const from = instantToLocal(localToInstant(window.from, familyZone), zone);
  const to = instantToLocal(localToInstant(window.to, familyZone), zone);
  return { from: addLocalMinutes(from, -span - 1440), to: addLocalMinutes(to, 1440) };
}

/** The key an occurrence start is matched by: the DATE for an all-day series, else the wall-clock start. */
function matchKey(e: EngineEvent, start: string): string {
  return e.allDay ? localDateOf(start) : start;
}

/**
 * The occurrences of a series row that overlap the window, in the family's terms: RRULE (from DTSTART, which
 * counts as the first occurrence) plus RDATEs, minus EXDATEs and minus the occurrences in `replaced` (keys of
 * overrides). Unsorted.
 * @throws RecurrenceError when the series cannot be expanded (refused rule, unknown zone, too many occurrences).
 */
function expandSeriesRow<E extends EngineEvent>(
  e: E,
  window: Window,
  familyZone: string,
  fromAt: Date,
  toAt: Date,
  replaced: ReadonlySet<string>,
): Occurrence<E>[] {
  const span = spanMinutes(e);
  const local = seriesWindow(e, window, familyZone, span);
  // An all-day series has no zone: a UTC UNTIL is read by its own fields (as python-dateutil does), so every
  // family sees the same days.
  const zone = e.allDay ? 'UTC' : (e.zone ?? familyZone);
  const starts = e.rrule ? expandRule(e.start, e.rrule, zone, local.from, local.to) : [];
  const excluded = new Set(e.exdates.map((d) => matchKey(e, d)));
  const seen = new Set<string>();
  const out: Occurrence<E>[] = [];
  const add = (start: string, periodEnd: string | null) => {
    const key = matchKey(e, start);
    if (seen.has(key) || excluded.has(key) || replaced.has(key)) return;
    seen.add(key);
    const placed = place(e, start, periodEnd, familyZone);
    if (!overlaps(placed, fromAt, toAt)) return;
    out.push({ event: e, seriesId: e.id, occurrenceId: start, ...placed });
  };
  for (const start of starts) add(start, null);
  // RDATEs are few: each is placed and kept when it overlaps the window (a PERIOD may be longer than the span).
  for (const r of e.rdates) if (r.start < local.to) add(r.start, r.end);
  return out;
}

/** True for a row that is a series (has an RRULE or RDATEs and no parent). */
export function isSeries(e: EngineEvent): boolean {
  return e.parentId === null && (e.rrule !== null || e.rdates.length > 0);
}

/**
 * Every occurrence of `events` that overlaps the family window, sorted by start instant, then row id.
 *
 * `events` may hold one-off events, series and overrides in any order. An override replaces the occurrence of its
 * series whose start equals its `recurrenceId` (an all-day series matches by DATE, whatever the RECURRENCE-ID's
 * value type), whether or not the override itself falls in the window; the override then appears with its own
 * times. An override whose series is not among `events` is shown as it is.
 *
 * Rows are isolated: one that cannot be expanded (a refused rule, an unknown zone, a start that is not a real
 * time, too many occurrences) is reported in `failures` and the others are still expanded.
 *
 * @param window wall-clock `from <= t < to` in `familyZone`.
 * @param familyZone the family's IANA zone (families.timezone): floating events are read in it, and every
 *   occurrence is given in it.
 */
export function expandEvents<E extends EngineEvent>(
  events: readonly E[],
  window: Window,
  familyZone: string,
): Expansion<E> {
  const fromAt = localToInstant(window.from, familyZone);
  const toAt = localToInstant(window.to, familyZone);
  const byId = new Map<number, E>();
  for (const e of events) byId.set(e.id, e);
  const replaced = new Map<number, Set<string>>();
  for (const e of events) {
    if (e.parentId === null || e.recurrenceId === null) continue;
    const series = byId.get(e.parentId);
    if (!series) continue;
    const keys = replaced.get(series.id) ?? new Set<string>();
    keys.add(matchKey(series, e.recurrenceId));
    replaced.set(series.id, keys);
  }
  const occurrences: Occurrence<E>[] = [];
  const failures: ExpansionFailure<E>[] = [];
  for (const e of events) {
    try {
      if (!parseLocal(e.start)) throw new RecurrenceError(`The start ${e.start} is not a real date and time`);
      // Rows stored before these checks existed, or written by hand: refused here as `refusal()` refuses them.
      if (!e.allDay && e.zone !== null && !isKnownZone(e.zone))
        throw new RecurrenceError(`Unknown time zone "${e.zone}"`);
      if (e.end !== null && (parseLocal(e.end)?.year ?? MAX_YEAR + 1) > MAX_YEAR)
        throw new RecurrenceError(`Events must end before ${MAX_YEAR + 1}`);
      if (e.rrule !== null && e.rrule.length > RRULE_MAX_LENGTH)
        throw new RecurrenceError(
          `The repeat rule is longer than ${RRULE_MAX_LENGTH.toLocaleString('en-US')} characters`,
        );
      if (isSeries(e)) {
        occurrences.push(
          ...expandSeriesRow(e, window, familyZone, fromAt, toAt, replaced.get(e.id) ?? new Set()),
        );
        continue;
      }
      const placed = place(e, e.start, null, familyZone);
      if (!overlaps(placed, fromAt, toAt)) continue;
      const inSeries = e.parentId !== null && e.recurrenceId !== null;
      occurrences.push({
        event: e,
        seriesId: inSeries ? e.parentId : null,
        occurrenceId: inSeries ? e.recurrenceId : null,
        ...placed,
      });
    } catch (error) {
      failures.push({ event: e, reason: failureReason(error) });
    }
  }
  occurrences.sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || a.event.id - b.event.id);
  return { occurrences, failures };
}

/**
 * The part of `occurrences` (an `expandEvents` answer over a wider window) that overlaps `window` (wall-clock
 * `from <= t < to` in `familyZone`): exactly what `expandEvents` over `window` would give, for a caller that
 * expands once and needs both windows (the daily summary: its day, and the days around it for driving gaps).
 */
export function occurrencesIn<E extends EngineEvent>(
  occurrences: readonly Occurrence<E>[],
  window: Window,
  familyZone: string,
): Occurrence<E>[] {
  const fromAt = localToInstant(window.from, familyZone);
  const toAt = localToInstant(window.to, familyZone);
  return occurrences.filter((o) => overlaps(o, fromAt, toAt));
}

function failureReason(error: unknown): string {
  if (error instanceof RecurrenceError) return error.message;
  if (error instanceof RangeError) return `A date or time zone could not be read (${error.message})`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * True when `occurrenceId` names one of the series' occurrences (RRULE or RDATE, not removed by an EXDATE), in
 * the series' own terms. Costs one day's expansion around it.
 */
export function hasOccurrence(series: EngineEvent, occurrenceId: string, familyZone: string): boolean {
  if (!parseLocal(occurrenceId) || !isSeries(series)) return false;
  const zone = series.allDay ? 'UTC' : (series.zone ?? familyZone);
  const key = matchKey(series, occurrenceId);
  if (series.exdates.some((d) => matchKey(series, d) === key)) return false;
  if (series.rdates.some((r) => matchKey(series, r.start) === key)) return true;
  if (!series.rrule) return false;
  try {
    const from = series.allDay ? `${localDateOf(occurrenceId)}T00:00:00` : occurrenceId;
    return expandRule(
      series.start,
      series.rrule,
      zone,
      from,
      addLocalMinutes(from, series.allDay ? 1440 : 1),
    ).some((s) => matchKey(series, s) === key);
  } catch {
    return false;
  }
}

/**
 * Checks a series or event before it is stored, so that nothing that breaks a reader is written: a real start
 * between MIN_YEAR and MAX_YEAR, an end not before the start, a known zone, an RRULE that is accepted and can be
 * expanded (a rule whose parts allow more than MAX_OCCURRENCES_PER_YEAR is refused unexpanded; then its first
 * month is expanded, so that an error shows now rather than in a reader).
 * @param work the request's shared expansion budget (issue 39), when the caller has one.
 * @returns null when it is fine, else the reason (for the import report or a 400 field message).
 * @throws WorkBudgetSpent when `work` is spent (the caller stops reading; the event is neither fine nor refused).
 */
export function refusal(e: EngineEvent, familyZone: string, work?: WorkBudget): string | null {
  try {
    const p = parseLocal(e.start);
    if (!p) return `The start ${e.start} is not a real date and time`;
    if (p.year < MIN_YEAR || p.year > MAX_YEAR)
      return `Events must start between ${MIN_YEAR} and ${MAX_YEAR}`;
    if (e.end !== null) {
      const q = parseLocal(e.end);
      if (!q) return `The end ${e.end} is not a real date and time`;
      if (e.end < e.start) return 'The end is before the start';
      if (q.year > MAX_YEAR) return `Events must end before ${MAX_YEAR + 1}`;
    }
    if (!e.allDay && e.zone !== null && !isKnownZone(e.zone)) return `Unknown time zone "${e.zone}"`;
    const zone = e.allDay ? 'UTC' : (e.zone ?? familyZone);
    // A month from DTSTART is enough to find a refused rule, an unreadable UNTIL, or too many occurrences per
    // window (the budget is per window, and no accepted rule has more than 24 × 60 starts a day).
    if (e.rrule) {
      if (e.rrule.length > RRULE_MAX_LENGTH)
        return `The repeat rule is longer than ${RRULE_MAX_LENGTH.toLocaleString('en-US')} characters`;
      checkRuleSize(parseRule(e.rrule));
      expandRule(e.start, e.rrule, zone, e.start, addLocalMinutes(e.start, 31 * 1440), undefined, work);
    }
    for (const d of [...e.exdates, ...e.rdates.map((r) => r.start)])
      if (!parseLocal(d)) return `The date ${d} is not a real date and time`;
    return null;
  } catch (error) {
    if (error instanceof WorkBudgetSpent) throw error;
    return failureReason(error);
  }
}
