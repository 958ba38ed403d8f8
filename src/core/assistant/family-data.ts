import { eventEnd } from '../calendar/event-span.ts';
import { expandSeries } from '../recurrence/recurrence.ts';
import { addLocalMinutes, localMinutesBetween } from '../time/local-time.ts';

/**
 * The plain data the assistant answers from. The server reads one family's rows (family_id filtered) and
 * converts them into this shape; nothing here knows about the database. Every time is local wall-clock text
 * `YYYY-MM-DDTHH:mm:00` in the family's time zone (`families.timezone`), like the stored columns.
 */
export interface AssistantMember {
  id: number;
  /** The full name as stored ("Maya Rivera"); questions match its first word. */
  name: string;
}

/** A driving duty on an event (SPEC §3 pickup / drop-off). */
export interface TransportDuty {
  /** The member who drives, or null when coordination is on but nobody has been chosen yet. */
  memberId: number | null;
  /**
   * Minutes before the event's end (pickup) or start (drop-off) the duty is due, as the events feature
   * schedules its transport tasks.
   */
  minutesBefore: number;
}

/**
 * One stored event row: a one-off, a multi-day event, an edited occurrence (stored as a one-off with its own
 * start), or a recurring series (`rrule` set; RFC 5545 RRULE value without the `RRULE:` prefix).
 */
export interface AssistantEvent {
  id: number;
  title: string;
  /** Local start (DTSTART for a series). */
  start: string;
  /** Local end for an event with an explicit end (multi-day); null = start + `durationMinutes`. */
  end: string | null;
  durationMinutes: number;
  allDay: boolean;
  location: string | null;
  /** Members taking part: attendees and the organizer. */
  memberIds: number[];
  pickup: TransportDuty | null;
  dropoff: TransportDuty | null;
  /** RRULE value for a series; null for a single event or an edited occurrence. */
  rrule: string | null;
  /** EXDATEs: local starts of removed occurrences (series only). */
  exdates: string[];
  /**
   * Local starts (RECURRENCE-IDs) of this series' occurrences that were edited: the edited copy is its own
   * one-off entry, so the original occurrence is skipped here.
   */
  replacedStarts: string[];
}

export interface AssistantTask {
  id: number;
  title: string;
  /** Local due date-time, or null for no due date. */
  due: string | null;
  /** Assigned members (tasks may have several). */
  assigneeIds: number[];
  completed: boolean;
}

/** Everything one question is answered from: one family's data and who is asking. */
export interface FamilyData {
  /** "Now" as local wall-clock text in the family's zone. */
  now: string;
  /** The member who sent the text (matched by phone number). */
  askerId: number;
  members: AssistantMember[];
  events: AssistantEvent[];
  tasks: AssistantTask[];
}

/** One concrete occurrence of an event: a one-off's only one, or one expanded from a series. */
export interface Occurrence {
  event: AssistantEvent;
  /** Local start of this occurrence. */
  start: string;
  /** Local end (exclusive). */
  end: string;
}

/** The local end of a stored event given its own start (for series: the series' length applied to any start). */
function spanMinutes(event: AssistantEvent): number {
  const end = eventEnd({
    start_date: event.start,
    end_date: event.end,
    duration_minutes: event.durationMinutes,
    is_all_day: event.allDay,
  });
  return Math.max(0, localMinutesBetween(event.start, end));
}

/**
 * Every occurrence overlapping `[from, to)` (local date-times), sorted by start then event id.
 * Series are expanded with their RRULE minus EXDATEs and minus edited occurrences (whose edited copies are
 * one-off entries of their own). An occurrence overlaps when it ends after `from` and starts before `to`;
 * a zero-length event at `from` counts.
 */
export function occurrencesBetween(
  events: readonly AssistantEvent[],
  from: string,
  to: string,
): Occurrence[] {
  const out: Occurrence[] = [];
  for (const event of events) {
    const span = spanMinutes(event);
    const overlaps = (start: string, end: string) => start < to && (end > from || start >= from);
    if (event.rrule === null) {
      const end = addLocalMinutes(event.start, span);
      if (overlaps(event.start, end)) out.push({ event, start: event.start, end });
      continue;
    }
    const replaced = new Set(event.replacedStarts);
    const starts = expandSeries(
      { start: event.start, rrule: event.rrule, exdates: event.exdates },
      addLocalMinutes(from, -span),
      to,
    );
    for (const start of starts) {
      if (replaced.has(start)) continue;
      const end = addLocalMinutes(start, span);
      if (overlaps(start, end)) out.push({ event, start, end });
    }
  }
  out.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.event.id - b.event.id));
  return out;
}

/** True when `memberId` takes part in the occurrence's event (attendee or organizer). */
export function involves(occurrence: Occurrence, memberId: number): boolean {
  return occurrence.event.memberIds.includes(memberId);
}

/** When a pickup is due: the occurrence's end minus the lead. */
export function pickupTime(occurrence: Occurrence, duty: TransportDuty): string {
  return addLocalMinutes(occurrence.end, -duty.minutesBefore);
}

/** When a drop-off is due: the occurrence's start minus the lead. */
export function dropoffTime(occurrence: Occurrence, duty: TransportDuty): string {
  return addLocalMinutes(occurrence.start, -duty.minutesBefore);
}
