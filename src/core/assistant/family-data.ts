import { type EngineEvent, expandEvents } from '../recurrence/occurrences.ts';
import { addLocalMinutes } from '../time/local-time.ts';

/**
 * The plain data the assistant answers from. The server reads one family's rows (family_id filtered) and
 * converts them into this shape; nothing here knows about the database. Every time the assistant reads or says
 * is wall-clock text `YYYY-MM-DDTHH:mm:00` in the family's time zone (`families.timezone`); event rows keep their
 * own zone until the engine places their occurrences in the family's.
 */
export interface AssistantMember {
  id: number;
  /** The full name as stored ("Maya Rivera"); questions match its first word. */
  name: string;
  /**
   * SPEC §3 member role ('parent', 'child' or 'other'), when known: group words resolve by it ("the kids" are
   * the children, "the parents" the parents); drivers offered for a drive are never children.
   */
  role?: 'parent' | 'child' | 'other';
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
 * One stored event row as the occurrence engine reads it (src/core/recurrence/occurrences.ts: a one-off, a
 * multi-day or all-day event, a series with its RRULE/EXDATEs/RDATEs, or an edited occurrence of a series with
 * `parentId` and `recurrenceId`), plus what the assistant talks about.
 */
export interface AssistantEvent extends EngineEvent {
  title: string;
  location: string | null;
  /** Members taking part: attendees and the organizer. */
  memberIds: number[];
  pickup: TransportDuty | null;
  dropoff: TransportDuty | null;
}

export interface AssistantTask {
  id: number;
  title: string;
  /** Local due date-time, or null for no due date. */
  due: string | null;
  /** Assigned members (tasks may have several). */
  assigneeIds: number[];
  completed: boolean;
  /**
   * 'pickup' / 'dropoff' for the task an event's transport coordination created (tasks.transport_kind): the
   * duty line of the event already says it, so agendas do not list it a second time. Null for other tasks.
   */
  transport: 'pickup' | 'dropoff' | null;
}

/** An activity request (SPEC §3 Activity proposal): someone asks, the assignee accepts or declines. */
export interface AssistantActivity {
  id: number;
  title: string;
  status: 'pending' | 'accepted' | 'declined';
  /** The member it is assigned to (who answers it), or null. */
  assignedTo: number | null;
  /** The member who asked, or null. */
  assignedBy: number | null;
  /** Local date-time it is for, or null. */
  due: string | null;
  location: string | null;
}

/** Everything one question is answered from: one family's data and who is asking. */
export interface FamilyData {
  /** "Now" as local wall-clock text in the family's zone. */
  now: string;
  /** The family's IANA zone (families.timezone): every time the assistant says is wall-clock in it. */
  timeZone: string;
  /** The member who sent the text (matched by phone number). */
  askerId: number;
  members: AssistantMember[];
  events: AssistantEvent[];
  /** Open tasks, and completed ones (so "did Leo clean his room?" can say yes). */
  tasks: AssistantTask[];
  /** Activity requests, every status. */
  activities: AssistantActivity[];
}

/** One concrete occurrence of an event: a one-off's only one, or one expanded from a series. */
export interface Occurrence {
  event: AssistantEvent;
  /** Local start of this occurrence. */
  start: string;
  /** Local end (exclusive). */
  end: string;
}

/**
 * Every occurrence overlapping `[from, to)` (family wall-clock text in `timeZone`), sorted by start then event id,
 * from the occurrence engine (series expanded in their own zone, minus EXDATEs, edited occurrences in place of
 * the ones they replace). An occurrence overlaps when it ends after `from` and starts before `to`; a
 * zero-length event at `from` counts. Rows the engine cannot expand are left out.
 */
export function occurrencesBetween(
  events: readonly AssistantEvent[],
  from: string,
  to: string,
  timeZone: string,
): Occurrence[] {
  return expandEvents(events, { from, to }, timeZone).occurrences.map((o) => ({
    event: o.event,
    start: o.start,
    end: o.end,
  }));
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
