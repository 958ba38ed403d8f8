/**
 * Edits of a recurring series (RFC 5545): which occurrence a call names, the overrides that remember what they
 * changed, carrying a series edit into them, and ending a series before an occurrence.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { EventValues, SeriesChange } from '../../core/contracts/events.ts';
import { withUntil } from '../../core/recurrence/patterns.ts';
import { hasOccurrence } from '../../core/recurrence/occurrences.ts';
import {
  addLocalDays,
  addLocalMinutes,
  localDateOf,
  localMinutesBetween,
} from '../../core/time/local-time.ts';
import type { DbOrTx } from '../db/types.ts';
import { eventColumns, type EventRow, saveEventMembers } from '../db/event-members.ts';
import { toEngineRow } from '../db/event-occurrences.ts';
import { events } from '../db/schema/events.ts';
import type { ServerContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { cancelOccurrenceReminders, onEventWritten } from '../scheduler/hooks.ts';
import { columnsFor, deleteEventRows, listsOf, loadEvent, type Zones } from './event-rows.ts';
import { checkMonthlyLimit } from './plan-limit.ts';

/**
 * What a `PATCH` / `DELETE /api/events/{id}` names, worked out on the server from the row, the scope the user chose
 * and the occurrence the event was opened on (the client derives nothing):
 * - `event`: the row itself (a one-off event; an override of a series without an RRULE);
 * - `series`: the whole series; `occurrence` is the one the change was made from, if any;
 * - `this` / `following`: one occurrence of the series (the first when none was named), or it and every later one.
 * `occurrence` is in the series' own terms (an `occurrence_start`, or an override's RECURRENCE-ID).
 */
export type SeriesTarget =
  | { kind: 'event'; row: EventRow }
  | { kind: 'series'; series: EventRow; occurrence: string | null }
  | { kind: 'this' | 'following'; series: EventRow; occurrence: string };

/**
 * Resolves a change's target (`SeriesTarget`). An override is an occurrence of its series: without a scope it
 * means `this`; a named occurrence must be its own. On a series row, no scope means `this` with an occurrence
 * and `all` without one, and `this` /
 * `following` without an occurrence start from the first occurrence (the series' DTSTART).
 * @throws HttpError 404 for an occurrence the series does not have (an EXDATE, a time off its rule), or one
 *   that is not the override's own; 404 for a series of another family (cannot happen for a loaded row).
 */
export async function resolveSeriesTarget(
  db: DbOrTx,
  row: EventRow,
  change: SeriesChange,
  familyZone: string,
): Promise<SeriesTarget> {
  let series = row;
  let occurrence = change.occurrence ?? null;
  let scope = change.scope;
  if (row.parentEventId !== null) {
    if (occurrence !== null && occurrence !== row.recurrenceId) throw notFound('Occurrence not found');
    series = await loadEvent(db, row.familyId, row.parentEventId);
    occurrence = row.recurrenceId;
    scope ??= 'this';
  } else {
    scope ??= occurrence === null ? 'all' : 'this';
  }
  if (series.rrule === null || (row.parentEventId !== null && occurrence === null))
    return { kind: 'event', row };
  if (occurrence !== null) requireOccurrence(series, occurrence, familyZone);
  if (scope === 'all') return { kind: 'series', series, occurrence };
  if (occurrence === null) {
    occurrence = series.startDate;
    requireOccurrence(series, occurrence, familyZone);
  }
  return { kind: scope, series, occurrence };
}

/**
 * The payload of an edit for all events made from one occurrence: the series keeps its first date and takes the
 * payload's time of day (and length); an end is moved with the start. Family wall-clock, as the payload.
 */
export function keepFirstDate(v: EventValues, seriesFirstStart: string): EventValues {
  const start = `${seriesFirstStart.slice(0, 10)}T${v.start_date.slice(11)}`;
  const end =
    v.end_date === null ? null : addLocalMinutes(start, localMinutesBetween(v.start_date, v.end_date));
  return { ...v, start_date: start, end_date: end };
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
 * imported, which keeps every field). Its own start stays its occurrence's; reminders follow the rows that
 * changed (transport tasks follow the whole write: the caller's `syncFamilyTransportTasks`).
 */
export async function carrySeriesEditIntoOverrides(
  ctx: ServerContext,
  tx: DbOrTx,
  series: EventRow,
  now: Date,
): Promise<void> {
  const overrides = await tx
    .select(eventColumns)
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
    const { attendees = override.attendees, alertMembers = override.alertMembers, ...columns } = changes;
    const [updated] = await tx
      .update(events)
      .set({ ...columns, updatedAt: now })
      .where(eq(events.id, override.id))
      .returning();
    if (!updated) continue;
    const written = await saveEventMembers(tx, updated, { attendees, alertMembers }, override);
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

/** What a series edit needs besides the rows: the server, the zones the payload is written in, the time, and
 * whether the payload carried `alert_members` (SPEC §7: a PATCH keeps them unless sent). */
export interface SeriesEdit {
  ctx: ServerContext;
  zones: Zones;
  now: Date;
  alertMembersSent: boolean;
}

/**
 * "This and following events" from a later occurrence: the series ends before it (`endSeriesBefore`) and a new
 * series starts from the payload. The new series is a new event: the same monthly plan limit as
 * `POST /api/events` (issue 20).
 * @returns the new series' row. @throws HttpError 409 past the plan limit; 400 when the engine refuses the payload.
 */
export async function splitSeries(
  tx: DbOrTx,
  edit: SeriesEdit,
  series: EventRow,
  occurrence: string,
  v: EventValues,
): Promise<EventRow> {
  const { ctx, zones, now } = edit;
  await checkMonthlyLimit(tx, series.familyId, now);
  await endSeriesBefore(tx, series, occurrence, now);
  const [inserted] = await tx
    .insert(events)
    .values({ ...columnsFor(v, true, zones), familyId: series.familyId, createdAt: now, updatedAt: now })
    .returning();
  if (!inserted) throw new Error('event insert returned no row');
  const created = await saveEventMembers(tx, inserted, listsOf(v), null);
  await onEventWritten(tx, ctx.config.PUBLIC_URL, series, created, now);
  return created;
}

/**
 * "This event only": the override row of `occurrence` (RECURRENCE-ID) is created, or updated when that occurrence
 * was edited before, remembering which fields differ from the series (`override_fields`). An override counts
 * toward the plan limit only when it moves its occurrence into another calendar month than the one the series
 * gave it (ADR 040, issue 42: moving a long series' occurrences into one month made events past the limit): then
 * the monthly allowance is checked like a new event's, and the row counts from now on (`counts_toward_plan`,
 * `created_at` set to the edit, so it counts in the month it moved); once counted it stays counted. Its reminders
 * follow it (its transport tasks follow the whole write: the caller's `syncFamilyTransportTasks`).
 * @returns the override's row. @throws HttpError 400 when the engine refuses the payload; 409 when a move into
 *   another month is past the plan limit.
 */
export async function writeOverride(
  tx: DbOrTx,
  edit: SeriesEdit,
  series: EventRow,
  occurrence: string,
  v: EventValues,
): Promise<EventRow> {
  const { ctx, zones, now, alertMembersSent } = edit;
  const [existing] = await tx
    .select(eventColumns)
    .from(events)
    .where(
      and(
        eq(events.familyId, series.familyId),
        eq(events.parentEventId, series.id),
        eq(events.recurrenceId, occurrence),
      ),
    );
  const columns = columnsFor(v, false, zones);
  const alertMembers = alertMembersSent ? v.alert_members : (existing?.alertMembers ?? series.alertMembers);
  const lists = { attendees: v.attendees, alertMembers };
  const overrideFields = changedFields({ ...columns, ...lists }, series, occurrence);
  // Both in the series' own zone (`YYYY-MM…`): the occurrence keeps its month unless the edit moves it.
  const movesMonth = columns.startDate.slice(0, 7) !== occurrence.slice(0, 7);
  const startsCounting = movesMonth && !(existing?.countsTowardPlan ?? false);
  if (startsCounting) await checkMonthlyLimit(tx, series.familyId, now);
  const values = {
    ...columns,
    overrideFields,
    updatedAt: now,
    ...(startsCounting ? { countsTowardPlan: true, createdAt: now } : {}),
  };
  const [stored] = existing
    ? await tx.update(events).set(values).where(eq(events.id, existing.id)).returning()
    : await tx
        .insert(events)
        .values({
          // Editing one occurrence of a series already counted is not a new event (plan limit), unless it moves
          // the occurrence into another month (above).
          countsTowardPlan: false,
          createdAt: now,
          ...values,
          familyId: series.familyId,
          parentEventId: series.id,
          recurrenceId: occurrence,
        })
        .returning();
  if (!stored) throw new Error('override write returned no row');
  const written = await saveEventMembers(tx, stored, lists, existing ?? null);
  await onEventWritten(
    tx,
    ctx.config.PUBLIC_URL,
    existing ?? { ...series, startDate: occurrence },
    written,
    now,
  );
  return written;
}
