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

function overlap(aFrom: Date, aTo: Date, bFrom: Date, bTo: Date): boolean {
  return aFrom < bTo && bFrom < aTo;
}

/**
 * Every coverage problem of `legs`, one entry per leg and clash (a double booking is reported on both legs):
 * a leg with no driver; a driver with two overlapping legs of different occurrences (the pickup and drop-off of
 * the same occurrence never clash: the driver simply stays); a driver who attends another timed occurrence that
 * overlaps the leg (all-day events do not block driving; the leg's own event does not count).
 * Sorted like `legs`, gaps (`no_driver`) first within a leg.
 * @param occurrences the same occurrences the legs came from (for who attends what).
 */
export function coverageIssues<E extends EngineEvent>(
  legs: readonly TransportLeg[],
  occurrences: readonly Occurrence<E>[],
  facts: (event: E) => TransportFacts,
): CoverageIssue[] {
  const issues: CoverageIssue[] = [];
  const timed = occurrences
    .filter((o) => !o.event.allDay)
    .map((o) => ({
      o,
      key: occurrenceKey({ eventId: o.event.id, seriesId: o.seriesId, occurrenceId: o.occurrenceId }),
      attendees: new Set(facts(o.event).attendeeIds),
      title: facts(o.event).title,
    }));
  for (const leg of legs) {
    if (leg.driverId === null) {
      issues.push({ type: 'no_driver', leg });
      continue;
    }
    const own = occurrenceKey(leg);
    for (const other of legs) {
      if (other === leg || other.driverId !== leg.driverId || occurrenceKey(other) === own) continue;
      if (overlap(leg.fromAt, leg.toAt, other.fromAt, other.toAt))
        issues.push({ type: 'double_booked', leg, other });
    }
    for (const t of timed) {
      if (t.key === own || !t.attendees.has(leg.driverId)) continue;
      if (overlap(leg.fromAt, leg.toAt, t.o.startAt, t.o.endAt)) {
        issues.push({
          type: 'attending',
          leg,
          other: {
            eventId: t.o.event.id,
            occurrenceId: t.o.occurrenceId,
            title: t.title,
            start: t.o.start,
            end: t.o.end,
          },
        });
      }
    }
  }
  return issues;
}

/** A stable key for one leg (event or series occurrence + kind), e.g. to match issues to calendar chips. */
export function legKey(leg: Pick<TransportLeg, 'eventId' | 'seriesId' | 'occurrenceId' | 'kind'>): string {
  return `${occurrenceKey(leg)}:${leg.kind}`;
}
