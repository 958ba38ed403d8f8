import { and, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { EngineEvent, RDate } from '../../core/recurrence/occurrences.ts';
import { addLocalDays } from '../../core/time/local-time.ts';
import type { DbOrTx } from './client.ts';
import { eventColumns, type EventRow } from './event-members.ts';
import { events } from './schema/events.ts';

/** An events row with the fields the occurrence engine reads (src/core/recurrence/occurrences.ts). */
export type EngineRow = EngineEvent & { row: EventRow };

/** Reads a stored RDATE (`start`, or `start/end` for a PERIOD). */
export function parseRdate(value: string): RDate {
  const at = value.indexOf('/');
  return at < 0 ? { start: value, end: null } : { start: value.slice(0, at), end: value.slice(at + 1) };
}

/** Writes an RDATE as stored: `start`, or `start/end` for a PERIOD. */
export function formatRdate(r: RDate): string {
  return r.end === null ? r.start : `${r.start}/${r.end}`;
}

/** The engine's view of a stored row (the row itself rides along as `row`). */
export function toEngineRow(row: EventRow): EngineRow {
  return {
    id: row.id,
    start: row.startDate,
    end: row.endDate,
    durationMinutes: row.durationMinutes,
    allDay: row.isAllDay,
    zone: row.isAllDay ? null : row.timezone,
    rrule: row.parentEventId === null ? row.rrule : null,
    exdates: row.exdates,
    rdates: row.parentEventId === null ? row.rdates.map(parseRdate) : [],
    parentId: row.parentEventId,
    recurrenceId: row.recurrenceId,
    row,
  };
}

/**
 * How far before a window a one-off event may start and still be read for it, in days: timed events last at most
 * 7 days (the duration cap), a day more covers any two zones' offsets. Longer events are found by their end.
 */
const MAX_TIMED_SPAN_DAYS = 9;

/**
 * The rows a window of family days needs, for the families `familyFilter` selects (a condition on
 * `events.family_id`): one-off events and overrides that can overlap it (by the indexed start, or a stored end),
 * every series that has not ended long before it, and all overrides of those series (an override replaces its
 * occurrence even when it was moved out of the window). Hand them to `expandEvents` with the same window.
 * @param fromDay first family day `YYYY-MM-DD`; @param toDay the day after the last (exclusive).
 * @param statementName when given, the statement is prepared under this name on each PostgreSQL connection (parsed
 *   and planned once per connection, not per call; PGlite ignores it). Only for a caller whose `familyFilter`
 *   always has the same text (one family: `family_id = $1`), since a name must always name the same SQL.
 */
export async function loadWindowRows(
  db: DbOrTx,
  familyFilter: SQL,
  fromDay: string,
  toDay: string,
  statementName?: string,
): Promise<EngineRow[]> {
  // A day either side: a row's own zone may be up to 26 hours from the family's.
  const to = `${addLocalDays(toDay, 1)}T00:00:00`;
  const from = `${addLocalDays(fromDay, -1)}T00:00:00`;
  const earliest = `${addLocalDays(fromDay, -MAX_TIMED_SPAN_DAYS)}T00:00:00`;
  const inWindow = and(
    familyFilter,
    lt(events.startDate, to),
    or(
      and(isNull(events.rrule), or(gte(events.startDate, earliest), gte(events.endDate, from))),
      and(
        isNotNull(events.rrule),
        isNull(events.parentEventId),
        or(isNull(events.recurrenceEndDate), gte(events.recurrenceEndDate, addLocalDays(fromDay, -400))),
      ),
      // A series with RDATEs only.
      and(isNull(events.parentEventId), isNull(events.rrule), sql`${events.rdates} <> '[]'::jsonb`),
    ),
  );
  const seriesInWindow = db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        inWindow,
        isNull(events.parentEventId),
        or(isNotNull(events.rrule), sql`${events.rdates} <> '[]'::jsonb`),
      ),
    );
  // One statement (one round trip): the window's rows with their member lists (`eventColumns`), then every
  // override of the series among them (an override in the window comes twice; the first copy is kept).
  const query = db
    .select(eventColumns)
    .from(events)
    .where(inWindow)
    .unionAll(
      db
        .select(eventColumns)
        .from(events)
        .where(and(familyFilter, inArray(events.parentEventId, seriesInWindow))),
    );
  const rows = await (statementName === undefined ? query : query.prepare(statementName).execute());
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id)).map(toEngineRow);
}
