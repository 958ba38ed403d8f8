import { expandEvents, isSeries, type Occurrence } from '../../core/recurrence/occurrences.ts';
import { EVENT_REMINDER_MINUTES } from '../../core/reminders/reminder-times.ts';
import { addLocalMinutes, instantToLocal } from '../../core/time/local-time.ts';
import type { EngineRow } from '../db/event-occurrences.ts';

/**
 * `next_reminder_at` of a row that has nothing left to remind: far enough ahead never to be in a planning
 * window, and an ordinary date for every driver (PostgreSQL's 'infinity' is not).
 */
export const NEVER = new Date('9999-12-31T00:00:00Z');

/** Minutes a row the planner could not plan waits before it is tried again (its cursor moves this far on). */
export const RETRY_MINUTES = 60;

const MINUTE = 60_000;

/** One event, pickup or drop-off reminder of one occurrence. */
export interface EventReminder {
  kind: 'event' | 'pickup' | 'dropoff';
  /** The occurrence's start and end, wall-clock `YYYY-MM-DDTHH:mm:00` in the family's zone (what messages say). */
  start: string;
  end: string;
  /**
   * The occurrence's identity in dedupe keys: for an occurrence of a series its RECURRENCE-ID (its original
   * start in the series' own zone, what `cancelOccurrenceReminders` in hooks.ts is given); for a one-off or an
   * edited occurrence, the row's own start.
   */
  occurrence: string;
  /** When it is sent, and when it stops being useful (the start, or the end for a pickup). Instants. */
  at: Date;
  target: Date;
}

/** What the planner does with one event row; see `reminderSchedule`. */
export interface ReminderSchedule {
  due: EventReminder[];
  next: Date;
  /** Why the row could not be planned (then `due` is empty and `next` is a retry), or null. */
  failure: string | null;
}

/**
 * The reminders of one occurrence (issue 8), from the engine's instants: an event reminder
 * `EVENT_REMINDER_MINUTES` before the start when the row has `alert_members`; a drop-off reminder
 * `dropoff_minutes_before` the start and a pickup reminder `pickup_minutes_before` the end when those are
 * assigned. Elapsed minutes before the instant, so a DST change in between does not move them.
 */
function occurrenceReminders(o: Occurrence<EngineRow>): EventReminder[] {
  const row = o.event.row;
  const occurrence = o.seriesId === o.event.id && o.occurrenceId !== null ? o.occurrenceId : o.event.start;
  const common = { start: o.start, end: o.end, occurrence };
  const before = (instant: Date, minutes: number) => new Date(instant.getTime() - minutes * MINUTE);
  const out: EventReminder[] = [];
  if (row.alertMembers.length > 0) {
    out.push({ kind: 'event', ...common, at: before(o.startAt, EVENT_REMINDER_MINUTES), target: o.startAt });
  }
  if (row.hasDropoff && row.dropoffAssignedTo !== null) {
    out.push({
      kind: 'dropoff',
      ...common,
      at: before(o.startAt, row.dropoffMinutesBefore),
      target: o.startAt,
    });
  }
  if (row.hasPickup && row.pickupAssignedTo !== null) {
    out.push({ kind: 'pickup', ...common, at: before(o.endAt, row.pickupMinutesBefore), target: o.endAt });
  }
  return out;
}

/** Days ahead a series is first expanded to find its next reminder, then (for sparse rules) at most. */
const SERIES_LOOKAHEAD_DAYS = [8, 400] as const;

/**
 * What the planner does with one event row in the instant window [from, to], its occurrences given by the
 * occurrence engine (`expandEvents`) in the family's zone `familyZone` (the row keeps its own zone: a Berlin
 * 09:00 is reminded before 09:00 Berlin time whatever the family's zone):
 * - `due`: the reminders whose time lies in the window (every occurrence of a series, minus EXDATEs and the
 *   occurrences replaced by one of `overrides`, the series' edited occurrences, which are planned as rows of
 *   their own);
 * - `next`: the earliest reminder time after `to` (the row's new `next_reminder_at`) or `NEVER`. A series with
 *   no reminder in the next 400 days gets the instant 400 days after `to` instead, to be looked at again then;
 * - `failure`: when the engine cannot expand the row (a refused RRULE, an unknown zone, a start that is no real
 *   time...) or anything else about it throws, the reason, with nothing due and `next` `RETRY_MINUTES` after
 *   `to`, so a broken row costs one attempt an hour and never stops the rows planned with it.
 * All-day events have no reminders (the daily summary lists them).
 */
export function reminderSchedule(
  row: EngineRow,
  overrides: readonly EngineRow[],
  familyZone: string,
  from: Date,
  to: Date,
): ReminderSchedule {
  if (row.allDay) return { due: [], next: NEVER, failure: null };
  const split = (all: EventReminder[]): ReminderSchedule => {
    let next = NEVER;
    for (const r of all) if (r.at > to && r.at < next) next = r.at;
    return { due: all.filter((r) => r.at >= from && r.at <= to), next, failure: null };
  };
  try {
    // A reminder lies between the longest lead before an occurrence's start and its end, so occurrences that
    // overlap [from − 1 h, to + lead + 1 h] (an hour either side for DST) hold every reminder in the window.
    const lead = Math.max(EVENT_REMINDER_MINUTES, row.row.hasDropoff ? row.row.dropoffMinutesBefore : 0);
    const localFrom = instantToLocal(new Date(from.getTime() - 60 * MINUTE), familyZone);
    const localTo = instantToLocal(to, familyZone);
    const remindersUntil = (until: string): ReminderSchedule => {
      const { occurrences, failures } = expandEvents(
        [row, ...overrides],
        { from: localFrom, to: until },
        familyZone,
      );
      // Failures of the overrides are reported when those rows are planned themselves.
      const failure = failures.find((f) => f.event.id === row.id);
      if (failure) throw new Error(failure.reason);
      return split(occurrences.filter((o) => o.event.id === row.id).flatMap(occurrenceReminders));
    };
    if (!isSeries(row)) {
      // One occurrence: a window reaching two days past its own start (any two zones are < 27 h apart) holds it.
      const past = addLocalMinutes(row.start, 2 * 1440 + lead);
      return remindersUntil(past > localTo ? past : localTo);
    }
    let found: ReminderSchedule = { due: [], next: NEVER, failure: null };
    for (const days of SERIES_LOOKAHEAD_DAYS) {
      found = remindersUntil(addLocalMinutes(localTo, days * 1440 + lead + 60));
      if (found.next !== NEVER) return found;
    }
    const lastDays = SERIES_LOOKAHEAD_DAYS[SERIES_LOOKAHEAD_DAYS.length - 1] ?? 400;
    return { ...found, next: new Date(to.getTime() + lastDays * 1440 * MINUTE) };
  } catch (error) {
    return {
      due: [],
      next: new Date(to.getTime() + RETRY_MINUTES * MINUTE),
      failure: error instanceof Error ? error.message : String(error),
    };
  }
}
