import type { EngineEvent, Occurrence } from '../recurrence/occurrences.ts';
import { instantToLocal, localDateOf } from '../time/local-time.ts';

/**
 * Transport coverage (issue 27): who drives each pickup and drop-off occurrence, and where that cannot work.
 * Pure: the caller expands the family's events with the occurrence engine (`expandEvents`, family zone) and hands
 * the occurrences in; every time here is computed on instants (so a DST day is exact) and shown as wall-clock
 * text in the family's zone.
 *
 * The time a transport task takes (issue 27): a drop-off spans its lead time before the event's start
 * (`[start − lead, start)`); a pickup spans its lead time before the event's end and the same after it
 * (`[end − lead, end + lead)`: driving there, then driving back). Spans are half-open, so two tasks that only
 * touch (one ends at 4:00, the next starts at 4:00) do not clash.
 */

/** What the coverage rules read of an event row (an override carries its own values). */
export interface TransportFacts {
  title: string;
  hasPickup: boolean;
  /** Member id of the pickup driver; null = "to be decided". */
  pickupDriverId: number | null;
  pickupLeadMinutes: number;
  hasDropoff: boolean;
  dropoffDriverId: number | null;
  dropoffLeadMinutes: number;
  /** Member ids attending the event (its passengers, and busy for its whole length). */
  attendeeIds: readonly number[];
}

export type TransportKind = 'pickup' | 'dropoff';

/** One pickup or drop-off of one occurrence. */
export interface TransportLeg {
  kind: TransportKind;
  /** The stored row the occurrence comes from (an override's own id when it was edited). */
  eventId: number;
  /** The series' id for an occurrence of a series, else null. */
  seriesId: number | null;
  /** The occurrence's RECURRENCE-ID (the value `?occurrence=` takes), null for a one-off. */
  occurrenceId: string | null;
  title: string;
  driverId: number | null;
  attendeeIds: readonly number[];
  /** The family date the leg belongs to: the day of the event's start (drop-off) or end (pickup). */
  day: string;
  /** The moment that matters, family wall-clock: the event's start (drop-off) or end (pickup). */
  at: string;
  /** The span the driver is busy, family wall-clock `from <= t < to`, and as instants. */
  from: string;
  to: string;
  fromAt: Date;
  toAt: Date;
}

/** What clashes with a leg. */
export type CoverageIssue =
  | { type: 'no_driver'; leg: TransportLeg }
  /** The same driver has another transport task whose span overlaps this one's. */
  | { type: 'double_booked'; leg: TransportLeg; other: TransportLeg }
  /** The driver attends another (timed) event that overlaps the span. */
  | {
      type: 'attending';
      leg: TransportLeg;
      other: { eventId: number; occurrenceId: string | null; title: string; start: string; end: string };
    };

const MINUTE_MS = 60_000;

/** The key of one occurrence: `e{id}` for a one-off, `s{series}@{occurrence start}` for one of a series. */
export function occurrenceKey(o: {
  eventId: number;
  seriesId: number | null;
  occurrenceId: string | null;
}): string {
  return o.seriesId === null ? `e${o.eventId}` : `s${o.seriesId}@${o.occurrenceId ?? ''}`;
}

/**
 * The pickup and drop-off legs of `occurrences` (as `expandEvents` gives them, in `familyZone`), sorted by the
 * start of their span, then event id. All-day occurrences have no transport (they have no time to drive to).
 * @param facts reads the transport fields of an occurrence's row.
 * @throws RangeError when `familyZone` is not a zone the runtime knows.
 */
export function transportLegs<E extends EngineEvent>(
  occurrences: readonly Occurrence<E>[],
  facts: (event: E) => TransportFacts,
  familyZone: string,
): TransportLeg[] {
  const legs: TransportLeg[] = [];
  const local = (at: Date) => instantToLocal(at, familyZone);
  for (const o of occurrences) {
    if (o.event.allDay) continue;
    const f = facts(o.event);
    const base = {
      eventId: o.event.id,
      seriesId: o.seriesId,
      occurrenceId: o.occurrenceId,
      title: f.title,
      attendeeIds: f.attendeeIds,
    };
    if (f.hasDropoff) {
      const toAt = o.startAt;
      const fromAt = new Date(toAt.getTime() - f.dropoffLeadMinutes * MINUTE_MS);
      legs.push({
        ...base,
        kind: 'dropoff',
        driverId: f.dropoffDriverId,
        day: localDateOf(o.start),
        at: o.start,
        from: local(fromAt),
        to: o.start,
        fromAt,
        toAt,
      });
    }
    if (f.hasPickup) {
      const lead = f.pickupLeadMinutes * MINUTE_MS;
      const fromAt = new Date(o.endAt.getTime() - lead);
      const toAt = new Date(o.endAt.getTime() + lead);
      legs.push({
        ...base,
        kind: 'pickup',
        driverId: f.pickupDriverId,
        day: localDateOf(o.end),
        at: o.end,
        from: local(fromAt),
        to: local(toAt),
        fromAt,
        toAt,
      });
    }
  }
  return legs.sort((a, b) => a.fromAt.getTime() - b.fromAt.getTime() || a.eventId - b.eventId);
}

/**
 * Most clashes `coverageIssues` reports on one leg (issue 42): a driver on an hourly series would otherwise get
 * one entry per overlapping leg, a number that grows with the square of the legs.
 */
export const LEG_CLASHES_MAX = 3;

/**
 * Every coverage problem of `legs`, one entry per leg and clash (a double booking is reported on both legs):
 * a leg with no driver; a driver with two overlapping legs of different occurrences (the pickup and drop-off of
 * the same occurrence never clash: the driver simply stays); a driver who attends another timed occurrence that
 * overlaps the leg (all-day events do not block driving; the leg's own event does not count).
 * Sorted like `legs`, gaps (`no_driver`) first within a leg, then clashes by the other's start.
 *
 * Bounded (issue 42): at most {@link LEG_CLASHES_MAX} + 1 clashes a leg (the extra one tells a reader there are
 * more), found by a sweep over spans sorted by start, so the cost follows the legs times what overlaps them,
 * not the square of the legs.
 * @param occurrences the same occurrences the legs came from (for who attends what).
 * @param others the legs a double booking is looked for among (default `legs`; a caller that reports on only
 *   some legs passes all of them here).
 */
export function coverageIssues<E extends EngineEvent>(
  legs: readonly TransportLeg[],
  occurrences: readonly Occurrence<E>[],
  facts: (event: E) => TransportFacts,
  others: readonly TransportLeg[] = legs,
): CoverageIssue[] {
  const issues: CoverageIssue[] = [];
  const legsByDriver = new Map<number, SpanIndex<TransportLeg>>();
  for (const leg of others) {
    if (leg.driverId === null) continue;
    const index = legsByDriver.get(leg.driverId) ?? new SpanIndex<TransportLeg>();
    index.add(leg.fromAt.getTime(), leg.toAt.getTime(), leg);
    legsByDriver.set(leg.driverId, index);
  }
  const attendedBy = new Map<
    number,
    SpanIndex<Extract<CoverageIssue, { type: 'attending' }>['other'] & { key: string }>
  >();
  for (const o of occurrences) {
    if (o.event.allDay) continue;
    const f = facts(o.event);
    const other = {
      key: occurrenceKey({ eventId: o.event.id, seriesId: o.seriesId, occurrenceId: o.occurrenceId }),
      eventId: o.event.id,
      occurrenceId: o.occurrenceId,
      title: f.title,
      start: o.start,
      end: o.end,
    };
    for (const memberId of new Set(f.attendeeIds)) {
      const index = attendedBy.get(memberId) ?? new SpanIndex();
      index.add(o.startAt.getTime(), o.endAt.getTime(), other);
      attendedBy.set(memberId, index);
    }
  }
  for (const leg of legs) {
    if (leg.driverId === null) {
      issues.push({ type: 'no_driver', leg });
      continue;
    }
    const own = occurrenceKey(leg);
    const from = leg.fromAt.getTime();
    const to = leg.toAt.getTime();
    let left = LEG_CLASHES_MAX + 1;
    for (const other of legsByDriver.get(leg.driverId)?.overlapping(from, to) ?? []) {
      if (left === 0) break;
      if (other === leg || occurrenceKey(other) === own) continue;
      issues.push({ type: 'double_booked', leg, other });
      left--;
    }
    for (const { key, ...other } of attendedBy.get(leg.driverId)?.overlapping(from, to) ?? []) {
      if (left === 0) break;
      if (key === own) continue;
      issues.push({ type: 'attending', leg, other });
      left--;
    }
  }
  return issues;
}

/** Half-open spans `[from, to)` in epoch milliseconds, sorted by start once, then asked for what overlaps. */
class SpanIndex<T> {
  private spans: { from: number; to: number; item: T }[] = [];
  private sorted = true;
  private longest = 0;

  add(from: number, to: number, item: T): void {
    const last = this.spans.at(-1);
    if (last && from < last.from) this.sorted = false;
    this.spans.push({ from, to, item });
    this.longest = Math.max(this.longest, to - from);
  }

  /**
   * The items whose span overlaps `[from, to)`, by start. Only spans starting within the longest span's length
   * before `from` are looked at: no earlier one can reach `from`.
   */
  *overlapping(from: number, to: number): Generator<T> {
    if (!this.sorted) {
      this.spans.sort((a, b) => a.from - b.from);
      this.sorted = true;
    }
    const earliest = from - this.longest;
    let lo = 0;
    let hi = this.spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.spans[mid]?.from ?? earliest) < earliest) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.spans.length; i++) {
      const span = this.spans[i];
      if (!span || span.from >= to) return;
      if (span.to > from) yield span.item;
    }
  }
}

/** A stable key for one leg (event or series occurrence + kind), e.g. to match issues to calendar chips. */
export function legKey(leg: Pick<TransportLeg, 'eventId' | 'seriesId' | 'occurrenceId' | 'kind'>): string {
  return `${occurrenceKey(leg)}:${leg.kind}`;
}
