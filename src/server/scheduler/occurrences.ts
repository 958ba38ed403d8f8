import { and, gte, inArray, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';
import { expandSeries } from '../../core/recurrence/recurrence.ts';
import { addLocalMinutes, localMinutesBetween } from '../../core/time/local-time.ts';
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

/** The local starts of a series row's occurrences in [from, to) (`expandSeries` on the row). */
export type SeriesExpander = (row: EventRow, from: string, to: string) => string[];

/** Expands a series row directly (no cache). */
export function expandRow(row: EventRow, from: string, to: string): string[] {
  return row.rrule
    ? expandSeries({ start: row.startDate, rrule: row.rrule, exdates: row.exdates }, from, to)
    : [];
}

/**
 * A per-process expander that expands each series once for the next `aheadMinutes` and answers later, later-
 * starting windows from that, as long as the row did not change (`updated_at`, start, rule, EXDATEs). The
 * planner's windows slide forward a minute a tick, so a series is expanded about once per `aheadMinutes`.
 */
export function cachingExpander(aheadMinutes = 360, maxEntries = 500_000): SeriesExpander {
  const cache = new Map<number, { version: string; from: string; to: string; starts: string[] }>();
  return (row, from, to) => {
    const version = `${row.updatedAt.getTime()}|${row.startDate}|${row.rrule ?? ''}|${row.exdates.join(',')}`;
    const hit = cache.get(row.id);
    if (!hit || hit.version !== version || hit.from > from || hit.to < to) {
      if (cache.size >= maxEntries) cache.clear(); // deleted series would otherwise linger
      const wideTo = addLocalMinutes(to, aheadMinutes);
      const entry = { version, from, to: wideTo, starts: expandRow(row, from, wideTo) };
      cache.set(row.id, entry);
      return entry.starts.filter((start) => start >= from && start < to);
    }
    return hit.starts.filter((start) => start >= from && start < to);
  };
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
  expand: SeriesExpander = expandRow,
): Promise<Occurrence[]> {
  const lookback = addLocalMinutes(from, -lookbackMinutes);
  // One after the other: inside a transaction these share one connection.
  const singles = await db
    .select()
    .from(events)
    .where(
      and(familyFilter, isNull(events.rrule), gte(events.startDate, lookback), lt(events.startDate, to)),
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
    const starts = expand(row, addLocalMinutes(from, -duration), to);
    for (const start of starts) {
      if (overridden.has(`${row.id}|${start}`)) continue;
      result.push({ event: row, start, end: addLocalMinutes(start, duration) });
    }
  }
  return result;
}
