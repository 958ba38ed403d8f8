/**
 * Edits of a recurring series (RFC 5545): which occurrence a call names, the overrides that remember what they
 * changed, carrying a series edit into them, and ending a series before an occurrence.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { withUntil } from '../../core/recurrence/patterns.ts';
import { hasOccurrence } from '../../core/recurrence/occurrences.ts';
import {
  addLocalDays,
  addLocalMinutes,
  localDateOf,
  localMinutesBetween,
} from '../../core/time/local-time.ts';
import type { DbOrTx } from '../db/client.ts';
import { toEngineRow } from '../db/event-occurrences.ts';
import { events } from '../db/schema/events.ts';
import type { ServerContext } from '../http/context.ts';
import { notFound } from '../http/errors.ts';
import { cancelOccurrenceReminders, onEventWritten } from '../scheduler/hooks.ts';
import type { EventRow } from './dto.ts';
import { deleteEventRows } from './event-rows.ts';
import { syncTransportTasks } from './transport-tasks.ts';

export interface OccurrenceScope {
  /** Local start of the chosen occurrence of a series. */
  occurrence?: string | undefined;
  /** With `occurrence`: that occurrence and all later ones. */
  following?: boolean;
}

/**
 * @throws HttpError 404 unless `occurrence` is one of the series' occurrences (RRULE or RDATE, not an EXDATE), in
 * the series' own terms.
 */
export function requireOccurrence(row: EventRow, occurrence: string, familyZone: string): void {
  if (!hasOccurrence(toEngineRow(row), occurrence, familyZone)) throw notFound('Occurrence not found');
}

/**
 * The fields an override can change, as payload names paired with their columns (issue 21). A series edit for
 * all events writes every field an override did not change into it; RFC 5545 leaves this to the application,
 * and Google Calendar behaves the same way.
 */
const OVERRIDABLE_FIELDS = [
  ['title', 'title'],
  ['description', 'description'],
  ['start_date', 'startDate'],
  ['end_date', 'endDate'],
  ['duration_minutes', 'durationMinutes'],
  ['is_all_day', 'isAllDay'],
  ['location', 'location'],
  ['organizer_id', 'organizerId'],
  ['attendees', 'attendees'],
  ['alert_members', 'alertMembers'],
  ['category', 'category'],
  ['priority', 'priority'],
  ['has_pickup', 'hasPickup'],
  ['pickup_assigned_to', 'pickupAssignedTo'],
  ['pickup_minutes_before', 'pickupMinutesBefore'],
  ['has_dropoff', 'hasDropoff'],
  ['dropoff_assigned_to', 'dropoffAssignedTo'],
  ['dropoff_minutes_before', 'dropoffMinutesBefore'],
] as const satisfies ReadonlyArray<readonly [string, keyof EventRow]>;

/** An occurrence's times change together: moving it, or making it longer, keeps all four as the override has them. */
const TIME_FIELDS: readonly string[] = ['start_date', 'end_date', 'duration_minutes', 'is_all_day'];

type OverridableColumns = Pick<EventRow, (typeof OVERRIDABLE_FIELDS)[number][1]>;

/**
 * The series' values for its occurrence starting at `occurrence` (the series' own terms): its fields, with that
 * occurrence's own start and end.
 */
function seriesValuesAt(series: EventRow, occurrence: string): OverridableColumns {
  return {
    ...series,
    startDate: occurrence,
    endDate:
      series.endDate === null
        ? null
        : addLocalMinutes(occurrence, localMinutesBetween(series.startDate, series.endDate)),
  };
}

/**
 * The payload names of the fields in which `override` differs from its series' occurrence `occurrence`; any
 * time field counts as all of `TIME_FIELDS`. Stored in `events.override_fields`.
 */
export function changedFields(override: OverridableColumns, series: EventRow, occurrence: string): string[] {
  const expected = seriesValuesAt(series, occurrence);
  const changed = OVERRIDABLE_FIELDS.filter(
    ([, column]) => JSON.stringify(override[column]) !== JSON.stringify(expected[column]),
  ).map(([field]) => field);
  const times = changed.some((f) => TIME_FIELDS.includes(f));
  return [...new Set([...changed.filter((f) => !TIME_FIELDS.includes(f)), ...(times ? TIME_FIELDS : [])])];
}

/**
 * After a series edit for all events (its start and rule unchanged): every override takes the series' new value
 * of each field it did not change itself (`override_fields`; null = an override described in full, e.g.
 * imported, which keeps every field). Its own start stays its occurrence's; transport tasks and reminders
 * follow the rows that changed.
 */
export async function carrySeriesEditIntoOverrides(
  ctx: ServerContext,
  tx: DbOrTx,
  series: EventRow,
  now: Date,
): Promise<void> {
  const overrides = await tx
    .select()
    .from(events)
    .where(and(eq(events.familyId, series.familyId), eq(events.parentEventId, series.id)));
  for (const override of overrides) {
    if (override.overrideFields === null || override.recurrenceId === null) continue;
    const kept = new Set(override.overrideFields);
    const expected = seriesValuesAt(series, override.recurrenceId);
    const changes: Partial<OverridableColumns> = {};
    for (const [field, column] of OVERRIDABLE_FIELDS) {
      if (kept.has(field) || column === 'startDate') continue;
      if (JSON.stringify(override[column]) === JSON.stringify(expected[column])) continue;
      Object.assign(changes, { [column]: expected[column] });
    }
    if (Object.keys(changes).length === 0) continue;
    const [written] = await tx
      .update(events)
      .set({ ...changes, updatedAt: now })
      .where(eq(events.id, override.id))
      .returning();
    if (!written) continue;
    await syncTransportTasks(tx, written, now);
    await onEventWritten(tx, ctx.config.PUBLIC_URL, override, written, now);
  }
}

/** Ends a series before the day of `occurrence` (UNTIL = the previous day 23:59:59, local) and drops later overrides. */
export async function endSeriesBefore(
  tx: DbOrTx,
  row: EventRow,
  occurrence: string,
  now: Date,
): Promise<void> {
  const lastDay = addLocalDays(localDateOf(occurrence), -1);
  await tx
    .update(events)
    .set({
      rrule: withUntil(row.rrule ?? '', `${lastDay}T23:59:59`),
      recurrenceEndDate: lastDay,
      exdates: row.exdates.filter((d) => d < occurrence),
      updatedAt: now,
    })
    .where(eq(events.id, row.id));
  await cancelOccurrenceReminders(tx, row.familyId, row.id, occurrence, true, now);
  await deleteEventRows(
    tx,
    row.familyId,
    and(eq(events.parentEventId, row.id), gte(events.recurrenceId, occurrence)) ?? sql`false`,
    now,
  );
}
