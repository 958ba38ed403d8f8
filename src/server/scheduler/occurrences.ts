import { and, gt, gte, inArray, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import { expandSeries } from '../../core/recurrence/recurrence.ts';
import { EVENT_REMINDER_MINUTES, minutesBefore } from '../../core/reminders/reminder-times.ts';
import {
  addLocalMinutes,
  instantToLocal,
  localMinutesBetween,
  localToInstant,
} from '../../core/time/local-time.ts';
import type { DbOrTx } from '../db/client.ts';
import { events } from '../db/schema/events.ts';

type EventRow = typeof events.$inferSelect;

/** One occurrence of an event: the row it comes from, and its own local start and end. */
export interface Occurrence {
  event: EventRow;
  /** Local start `YYYY-MM-DDTHH:mm:00` of this occurrence (the row's start for a one-off). */
  start: string;
  end: string;
}

/** Expands a series row: the local starts of its occurrences in [from, to) (RRULE minus EXDATEs). */
export function expandRow(row: EventRow, from: string, to: string): string[] {
  return row.rrule
    ? expandSeries({ start: row.startDate, rrule: row.rrule, exdates: row.exdates }, from, to)
    : [];
}

/** Default look-back for events that began before the window and still run (multi-day events). */
const DEFAULT_LOOKBACK_MINUTES = 7 * 1440;

function durationOf(row: EventRow): number {
  return row.endDate ? Math.max(0, localMinutesBetween(row.startDate, row.endDate)) : row.durationMinutes;
}

/**
 * Occurrences that overlap the local window [from, to) for the families `familyFilter` selects (a condition
 * on `events.family_id`, e.g. `inArray(events.familyId, ids)`): one-off events and edited occurrences
 * (overrides) by the indexed `(family_id, start_date)` range, plus series expanded with `expandSeries`
 * (RRULE in wall-clock time, EXDATEs removed), minus the occurrences an override replaces.
 * One-off events that started more than `lookbackMinutes` before `from` are not found (default 7 days).
 */
export async function loadOccurrences(
  db: DbOrTx,
  familyFilter: SQL,
  from: string,
  to: string,
  lookbackMinutes = DEFAULT_LOOKBACK_MINUTES,
): Promise<Occurrence[]> {
  const lookback = addLocalMinutes(from, -lookbackMinutes);
  // One after the other: inside a transaction these share one connection.
  const singles = await db
    .select()
    .from(events)
    .where(
      and(
        familyFilter,
        isNull(events.rrule),
        gte(events.startDate, lookback),
        lt(events.startDate, to),
        // Only what can still run at `from`: started at most a day before, or longer than a day.
        or(
          gte(events.startDate, addLocalMinutes(from, -1440)),
          gte(events.endDate, from),
          gt(events.durationMinutes, 1440),
        ),
      ),
    );
  const series = await db
    .select()
    .from(events)
    .where(
      and(familyFilter, isNotNull(events.rrule), isNull(events.parentEventId), lt(events.startDate, to)),
    );
  const result: Occurrence[] = [];
  for (const row of singles) {
    const end = addLocalMinutes(row.startDate, durationOf(row));
    if (end > from || row.startDate >= from) result.push({ event: row, start: row.startDate, end });
  }
  if (series.length === 0) return result;
  const overridden = new Set<string>();
  const overrides = await db
    .select({ parentEventId: events.parentEventId, recurrenceId: events.recurrenceId })
    .from(events)
    .where(
      and(
        inArray(
          events.parentEventId,
          series.map((s) => s.id),
        ),
        isNotNull(events.recurrenceId),
      ),
    );
  for (const o of overrides) overridden.add(`${o.parentEventId ?? ''}|${o.recurrenceId ?? ''}`);
  for (const row of series) {
    if (!row.rrule) continue;
    const duration = durationOf(row);
    const starts = expandRow(row, addLocalMinutes(from, -duration), to);
    for (const start of starts) {
      if (overridden.has(`${row.id}|${start}`)) continue;
      result.push({ event: row, start, end: addLocalMinutes(start, duration) });
    }
  }
  return result;
}

/**
 * `next_reminder_at` of a row that has nothing left to remind: far enough ahead never to be in a planning
 * window, and an ordinary date for every driver (PostgreSQL's 'infinity' is not).
 */
export const NEVER = new Date('9999-12-31T00:00:00Z');

/** One event, pickup or drop-off reminder of one occurrence. */
export interface EventReminder {
  kind: 'event' | 'pickup' | 'dropoff';
  /** The occurrence's local start and end. */
  start: string;
  end: string;
  /** When it is sent, and when it stops being useful (the start, or the end for a pickup). */
  at: Date;
  target: Date;
}

/**
 * The reminders of one occurrence of `row` (issue 8): an event reminder `EVENT_REMINDER_MINUTES` before the
 * start when it has `alert_members`; a drop-off reminder `dropoff_minutes_before` the start and a pickup
 * reminder `pickup_minutes_before` the end when those are assigned. Elapsed minutes before the instant.
 */
function occurrenceReminders(row: EventRow, zone: string, start: string, end: string): EventReminder[] {
  const out: EventReminder[] = [];
  const startAt = localToInstant(start, zone);
  if (row.alertMembers.length > 0) {
    const at = new Date(startAt.getTime() - EVENT_REMINDER_MINUTES * 60_000);
    out.push({ kind: 'event', start, end, at, target: startAt });
  }
  if (row.hasDropoff && row.dropoffAssignedTo !== null) {
    const at = minutesBefore(start, row.dropoffMinutesBefore, zone);
    out.push({ kind: 'dropoff', start, end, at, target: startAt });
  }
  if (row.hasPickup && row.pickupAssignedTo !== null) {
    const at = minutesBefore(end, row.pickupMinutesBefore, zone);
    out.push({ kind: 'pickup', start, end, at, target: localToInstant(end, zone) });
  }
  return out;
}

/** Days ahead a series is first expanded to find its next reminder, then (for sparse rules) at most. */
const SERIES_LOOKAHEAD_DAYS = [8, 400] as const;

/**
 * What the planner does with one event row in the instant window [from, to] (`zone` is its family's):
 * `due`, the reminders whose time lies in the window (every occurrence of a series, minus EXDATEs and the
 * occurrences `replaced` by an override, which is a row of its own); `next`, the earliest reminder time after
 * `to` — the row's new `next_reminder_at` — or `NEVER`. A series with no occurrence in the next 400 days gets
 * the instant 400 days on instead, to be looked at again then. All-day events have no reminders (the daily
 * summary lists them).
 */
export function reminderSchedule(
  row: EventRow,
  zone: string,
  from: Date,
  to: Date,
  replaced: (start: string) => boolean,
): { due: EventReminder[]; next: Date } {
  if (row.isAllDay) return { due: [], next: NEVER };
  const duration = durationOf(row);
  const split = (all: EventReminder[]) => {
    let next = NEVER;
    for (const r of all) if (r.at > to && r.at < next) next = r.at;
    return { due: all.filter((r) => r.at >= from && r.at <= to), next };
  };
  if (row.rrule === null || row.parentEventId !== null) {
    return split(occurrenceReminders(row, zone, row.startDate, addLocalMinutes(row.startDate, duration)));
  }
  // A reminder is between the longest lead before an occurrence's start and its end (an hour more either
  // side for DST), so these local starts cover every reminder from `from` on.
  const lead = Math.max(EVENT_REMINDER_MINUTES, row.hasDropoff ? row.dropoffMinutesBefore : 0);
  const localFrom = addLocalMinutes(instantToLocal(from, zone), -duration - 60);
  const localTo = instantToLocal(to, zone);
  let found = { due: [] as EventReminder[], next: NEVER };
  for (const days of SERIES_LOOKAHEAD_DAYS) {
    const starts = expandRow(row, localFrom, addLocalMinutes(localTo, days * 1440 + lead + 60));
    found = split(
      starts
        .filter((start) => !replaced(start))
        .flatMap((start) => occurrenceReminders(row, zone, start, addLocalMinutes(start, duration))),
    );
    if (found.next !== NEVER) return found;
  }
  const lastDays = SERIES_LOOKAHEAD_DAYS[SERIES_LOOKAHEAD_DAYS.length - 1] ?? 400;
  return { due: found.due, next: localToInstant(addLocalMinutes(localTo, lastDays * 1440), zone) };
}
