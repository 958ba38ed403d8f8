import {
  and,
  Column,
  eq,
  gte,
  inArray,
  is,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type Placeholder,
  type Query,
  type SQL,
} from 'drizzle-orm';
import { QueryBuilder, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { EngineEvent, RDate } from '../../core/recurrence/occurrences.ts';
import { addLocalDays } from '../../core/time/local-time.ts';
import type { DbOrTx } from './types.ts';
import type { OpeningRead, PreparedRead } from './scope.ts';
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

/** A bound of the window statement: its value, or a placeholder filled when a cached statement runs. */
type Bound = string | Placeholder;

/** The window statement's bounds for the family days `fromDay` … `toDay` (exclusive), see `windowQuery`. */
function windowBounds(fromDay: string, toDay: string) {
  return {
    // A day either side: a row's own zone may be up to 26 hours from the family's.
    to: `${addLocalDays(toDay, 1)}T00:00:00`,
    from: `${addLocalDays(fromDay, -1)}T00:00:00`,
    earliest: `${addLocalDays(fromDay, -MAX_TIMED_SPAN_DAYS)}T00:00:00`,
    seriesFloor: addLocalDays(fromDay, -400),
  };
}

/**
 * The window statement (see `loadWindowRows`), built without a database (Drizzle's `QueryBuilder`): the window's
 * rows with their member lists (`eventColumns`), then every override of the series among them, one UNION ALL.
 */
function windowQuery(
  familyFilter: SQL,
  b: { to: Bound; from: Bound; earliest: Bound; seriesFloor: Bound },
): Query {
  const qb = new QueryBuilder();
  const inWindow = and(
    familyFilter,
    lt(events.startDate, b.to),
    or(
      and(isNull(events.rrule), or(gte(events.startDate, b.earliest), gte(events.endDate, b.from))),
      and(
        isNotNull(events.rrule),
        isNull(events.parentEventId),
        or(isNull(events.recurrenceEndDate), gte(events.recurrenceEndDate, b.seriesFloor)),
      ),
      // A series with RDATEs only.
      and(isNull(events.parentEventId), isNull(events.rrule), sql`${events.rdates} <> '[]'::jsonb`),
    ),
  );
  const seriesInWindow = qb
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        inWindow,
        isNull(events.parentEventId),
        or(isNotNull(events.rrule), sql`${events.rdates} <> '[]'::jsonb`),
      ),
    );
  return qb
    .select(eventColumns)
    .from(events)
    .where(inWindow)
    .unionAll(
      qb
        .select(eventColumns)
        .from(events)
        .where(and(familyFilter, inArray(events.parentEventId, seriesInWindow))),
    )
    .toSQL();
}

/**
 * How each selected value of `eventColumns` becomes an `EventRow` field, in the statement's column order (the
 * object's key order, as Drizzle orders a flat selection): a column's own `mapFromDriverValue` (e.g. a
 * timestamp's text to a Date), or none where that is the identity; the member lists (`sql` fields without
 * `mapWith`) are jsonb, which both drivers parse. Worked out once, so that mapping a row does not ask Drizzle,
 * per value, what kind of field it is (`mapResultRow` and its `is()` were a tenth of the list's CPU).
 */
const eventFieldDecoders = Object.entries(eventColumns).map(([key, field]) => {
  const column = is(field, Column) ? field : null;
  const identity = column === null || column.mapFromDriverValue === Column.prototype.mapFromDriverValue;
  return { key, decode: identity ? null : (value: unknown) => column.mapFromDriverValue(value) };
});

/** Rows of the window statement (array mode, values as the driver gives them with Drizzle's parsers) as `EventRow`s. */
function toEventRows(rows: unknown[][]): EventRow[] {
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    let i = 0;
    for (const { key, decode } of eventFieldDecoders) {
      const value = values[i++];
      row[key] = value === null || value === undefined || decode === null ? (value ?? null) : decode(value);
    }
    return row as unknown as EventRow; // every key of eventColumns set above, each decoded as Drizzle would
  });
}

/** Runs a window statement on `db` (a transaction, or the scoped database) and maps its rows. */
async function runWindowQuery(
  db: DbOrTx,
  query: Query,
  name: string | undefined,
  values?: Record<string, unknown>,
): Promise<EngineRow[]> {
  const rows: EventRow[] = await db._.session
    .prepareQuery<PreparedQueryConfig & { execute: EventRow[] }>(query, undefined, name, true, toEventRows)
    .execute(values);
  return toEngineRows(rows);
}

/** The window statement's rows for the engine: an override in the window comes twice (in both branches); the first copy is kept. */
function toEngineRows(rows: EventRow[]): EngineRow[] {
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id)).map(toEngineRow);
}

/**
 * The rows a window of family days needs, for the families `familyFilter` selects (a condition on
 * `events.family_id`): one-off events and overrides that can overlap it (by the indexed start, or a stored end),
 * every series that has not ended long before it, and all overrides of those series (an override replaces its
 * occurrence even when it was moved out of the window). Hand them to `expandEvents` with the same window.
 * One statement (one round trip). For one family's hot path see `loadFamilyWindowRows`.
 * @param fromDay first family day `YYYY-MM-DD`; @param toDay the day after the last (exclusive).
 */
export async function loadWindowRows(
  db: DbOrTx,
  familyFilter: SQL,
  fromDay: string,
  toDay: string,
): Promise<EngineRow[]> {
  return runWindowQuery(db, windowQuery(familyFilter, windowBounds(fromDay, toDay)), undefined);
}

/**
 * The statement `loadFamilyWindowRows` sends for `familyId` and the family days `fromDay` … `toDay` (exclusive),
 * with its values in place of the placeholders: the text and parameters exactly as they reach the driver. For
 * `npm run bench:api`'s bare route, which must run the same SQL as `GET /api/events`.
 */
export function familyWindowStatement(familyId: number, fromDay: string, toDay: string): Query {
  return windowQuery(eq(events.familyId, familyId), windowBounds(fromDay, toDay));
}

/** Name of the prepared window statement of one family (`loadFamilyWindowRows`). */
const FAMILY_WINDOW_STATEMENT = 'events_list_window';

/** `loadFamilyWindowRows`' statement, built once: its values are placeholders. */
let familyWindowQuery: Query | undefined;

/**
 * `loadWindowRows` for one family (`GET /api/events`, the app's most frequent read): the statement's text is
 * built once per process and prepared under one name on each PostgreSQL connection (parsed and planned once
 * per connection, not per call; PGlite ignores the name). Row-level security still applies: the policy reads the
 * transaction's settings when the statement runs.
 * @param familyId the family whose rows are read; @param fromDay first family day `YYYY-MM-DD`;
 * @param toDay the day after the last (exclusive).
 */
export async function loadFamilyWindowRows(
  db: DbOrTx,
  familyId: number,
  fromDay: string,
  toDay: string,
): Promise<EngineRow[]> {
  familyWindowQuery ??= windowQuery(eq(events.familyId, sql.placeholder('familyId')), {
    to: sql.placeholder('to'),
    from: sql.placeholder('from'),
    earliest: sql.placeholder('earliest'),
    seriesFloor: sql.placeholder('seriesFloor'),
  });
  return runWindowQuery(db, familyWindowQuery, FAMILY_WINDOW_STATEMENT, {
    familyId,
    ...windowBounds(fromDay, toDay),
  });
}

/** The family window statement as an SQL-level prepared statement, and its placeholders' names in order. */
let familyWindowPrepared:
  { statement: PreparedRead; order: (keyof ReturnType<typeof windowBounds>)[] } | undefined;

/**
 * The window statement of `loadFamilyWindowRows` as an opening read (ADR 024): the same statement, prepared once
 * per connection (`PREPARE familyhub_family_window AS …`), whose family is the transaction's scope
 * (`current_setting('app.family_id')`, which the session statement before it set; unset, no rows) instead of a
 * parameter. Its rows become `EngineRow`s with `familyWindowRowsOf`.
 * @param fromDay first family day `YYYY-MM-DD`; @param toDay the day after the last (exclusive).
 * @param commits whether the transaction commits right after it (the caller reads nothing else).
 */
export function familyWindowRead(fromDay: string, toDay: string, commits: boolean): OpeningRead {
  familyWindowPrepared ??= (() => {
    const query = windowQuery(
      sql`${events.familyId} = nullif(current_setting('app.family_id', true), '')::integer`,
      {
        to: sql.placeholder('to'),
        from: sql.placeholder('from'),
        earliest: sql.placeholder('earliest'),
        seriesFloor: sql.placeholder('seriesFloor'),
      },
    );
    return {
      statement: { name: 'familyhub_family_window', text: query.sql },
      order: query.params.map((p) => (p as Placeholder).name as keyof ReturnType<typeof windowBounds>),
    };
  })();
  const bounds = windowBounds(fromDay, toDay);
  return {
    statement: familyWindowPrepared.statement,
    args: familyWindowPrepared.order.map((name) => bounds[name]),
    commits,
  };
}

/**
 * The rows of `familyWindowRead` (arrays of values as Drizzle's driver gives them, in `eventColumns` order) as
 * `loadFamilyWindowRows` would answer them.
 */
export function familyWindowRowsOf(rows: unknown[][]): EngineRow[] {
  return toEngineRows(toEventRows(rows));
}
