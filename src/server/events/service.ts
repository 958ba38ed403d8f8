/**
 * The events calls (SPEC §7): create, read, list occurrences, update and delete. Series edits live in
 * series-edits.ts, transport tasks in transport-tasks.ts, the plan limit in plan-limit.ts, the wire in dto.ts.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { isMultiDay } from '../../core/calendar/event-span.ts';
import type {
  EventDto,
  EventOccurrenceDto,
  EventTaskDto,
  EventValues,
  SeriesChange,
} from '../../core/contracts/events.ts';
import { ALREADY_ON_CALENDAR_MESSAGE, NOT_ACCEPTED_MESSAGE } from '../../core/contracts/activities.ts';
import { expandEvents } from '../../core/recurrence/occurrences.ts';
import {
  addLocalDays,
  addLocalMinutes,
  instantToLocal,
  localDateOf,
  localMinutesBetween,
} from '../../core/time/local-time.ts';
import type { DbOrTx } from '../db/types.ts';
import { eventColumns, type EventRow, saveEventMembers } from '../db/event-members.ts';
import { familyWindowRead, familyWindowRowsOf, loadFamilyWindowRows } from '../db/event-occurrences.ts';
import { diffGraphs, eventGraph, recordUndo } from '../db/undo-rows.ts';
import type { OpeningRead } from '../db/scope.ts';
import { events } from '../db/schema/events.ts';
import { activityProposals, tasks } from '../db/schema/tasks.ts';
import { taskColumns } from '../db/task-assignees.ts';
import type { ServerContext } from '../context.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { cancelOccurrenceReminders, onEventWritten } from '../scheduler/hooks.ts';
import { EVENTS_LIST_MAX, TASKS_LIST_MAX } from '../../core/contracts/quotas.ts';
import type { CappedList } from '../http/capped-list.ts';
import { capTaskList, taskListPriority } from '../tasks/service.ts';
import { toEventDto, toEventTaskDto, toFamilyTime, toOccurrenceDto } from './dto.ts';
import {
  checkDuration,
  checkMembers,
  columnsFor,
  deleteEventRows,
  familyZone,
  listsOf,
  loadEvent,
  type Zones,
} from './event-rows.ts';
import { checkMonthlyLimit } from './plan-limit.ts';
import {
  carrySeriesEditIntoOverrides,
  changedFields,
  endSeriesBefore,
  keepFirstDate,
  requireOccurrence,
  resolveSeriesTarget,
  splitSeries,
  writeOverride,
} from './series-edits.ts';
import { syncFamilyTransportTasks } from '../driving/transport-tasks.ts';

/** Without a range, `GET /api/events` answers from 31 days before today to 92 days after (family-local days). */
export const DEFAULT_WINDOW_DAYS_BEFORE = 31;
export const DEFAULT_WINDOW_DAYS_AFTER = 92;
/** The longest range one `GET /api/events` may ask for, in days (keeps expansion bounded). */
export const MAX_RANGE_DAYS = 400;

/**
 * Creates an event (a one-off, multi-day, or a recurring series stored as one row with its RRULE) and its
 * transport tasks, in one transaction. With `proposalId` ('Add to Calendar' of an accepted activity proposal),
 * the proposal remembers the new event (`activity_proposals.event_id`).
 * @throws HttpError 400 for unknown member ids; 409 past the monthly plan limit, or when the proposal is not
 *   accepted or already on the calendar; 404 for another family's proposal. Nothing is written on error.
 */
export async function createEvent(
  ctx: ServerContext,
  familyId: number,
  v: EventValues,
  proposalId?: number,
): Promise<EventDto> {
  checkDuration(v, null);
  await checkMembers(ctx.db, familyId, v);
  const zone = await familyZone(ctx.db, familyId);
  // Events made in the app run in the family's zone (ARCHITECTURE.md "Data").
  const columns = columnsFor(v, true, { zone, family: zone });
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await checkMonthlyLimit(tx, familyId, now);
    if (proposalId !== undefined) await claimProposal(tx, familyId, proposalId);
    const [inserted] = await tx
      .insert(events)
      .values({ ...columns, familyId, createdAt: now, updatedAt: now })
      .returning();
    if (!inserted) throw new Error('event insert returned no row');
    const row = await saveEventMembers(tx, inserted, listsOf(v), null);
    if (proposalId !== undefined) {
      await tx
        .update(activityProposals)
        .set({ eventId: row.id })
        .where(and(eq(activityProposals.familyId, familyId), eq(activityProposals.id, proposalId)));
    }
    await syncFamilyTransportTasks(tx, familyId, now);
    await onEventWritten(tx, ctx.config.PUBLIC_URL, null, row, now); // alerts to alert_members, same tx
    return toEventDto(row, zone);
  });
}

/**
 * Locks the proposal an 'Add to Calendar' converts (issue 21), so that two conversions cannot both pass.
 * @throws HttpError 404 when it is not the family's; 409 when it is not accepted or already on the calendar.
 */
async function claimProposal(tx: DbOrTx, familyId: number, proposalId: number): Promise<void> {
  const [proposal] = await tx
    .select({ status: activityProposals.status, eventId: activityProposals.eventId })
    .from(activityProposals)
    .where(and(eq(activityProposals.familyId, familyId), eq(activityProposals.id, proposalId)))
    .for('update');
  if (!proposal) throw notFound('Activity proposal not found');
  if (proposal.eventId !== null) throw conflict(ALREADY_ON_CALENDAR_MESSAGE);
  if (proposal.status !== 'accepted') throw conflict(NOT_ACCEPTED_MESSAGE);
}

/**
 * One event by id. With `occurrence` (an `occurrence_start`: a start of the series in its own terms), the
 * series' fields with that occurrence's own start and end; the override row instead when that occurrence was
 * edited on its own. Times are the family's wall-clock.
 * @throws HttpError 404 for another family's id or an occurrence the series does not have.
 */
export async function getEvent(
  ctx: ServerContext,
  familyId: number,
  id: number,
  occurrence?: string,
): Promise<EventDto> {
  const row = await loadEvent(ctx.db, familyId, id);
  const zone = await familyZone(ctx.db, familyId);
  if (!occurrence || row.parentEventId !== null || (!row.rrule && row.rdates.length === 0))
    return toEventDto(row, zone);
  const [override] = await ctx.db
    .select(eventColumns)
    .from(events)
    .where(
      and(
        eq(events.familyId, familyId),
        eq(events.parentEventId, row.id),
        eq(events.recurrenceId, occurrence),
      ),
    );
  if (override) return toEventDto(override, zone);
  requireOccurrence(row, occurrence, zone);
  // The occurrence's own start and end: the series' length from this start, read in the family's zone.
  const end = row.endDate
    ? addLocalMinutes(occurrence, localMinutesBetween(row.startDate, row.endDate))
    : null;
  return {
    ...toEventDto(row, zone),
    start_date: toFamilyTime(row, occurrence, zone),
    end_date: end === null ? null : toFamilyTime(row, end, zone),
  };
}

/**
 * The tasks linked to an event, by due date (undated last), then id: at most `TASKS_LIST_MAX`, kept and cut as
 * `GET /api/tasks` keeps them (`capTaskList`, issue 42, ADR 046). A series' transport tasks carry their
 * occurrence (`occurrence_start`, ADR 047); an occurrence edited on its own (an override's id) lists its own
 * tasks and the transport tasks of the occurrence it replaces, which carry the series' id (issue 46).
 * @throws HttpError 404 for another family's id.
 */
export async function listEventTasks(
  ctx: ServerContext,
  familyId: number,
  id: number,
): Promise<CappedList<EventTaskDto>> {
  const event = await loadEvent(ctx.db, familyId, id);
  const ofOccurrence =
    event.parentEventId !== null && event.recurrenceId !== null
      ? and(eq(tasks.eventId, event.parentEventId), eq(tasks.occurrenceStart, event.recurrenceId))
      : undefined;
  const rows = await ctx.db
    .select(taskColumns)
    .from(tasks)
    .where(and(eq(tasks.familyId, familyId), or(eq(tasks.eventId, id), ofOccurrence)))
    .orderBy(...taskListPriority)
    .limit(TASKS_LIST_MAX + 1);
  return capTaskList(rows.map(toEventTaskDto), TASKS_LIST_MAX);
}

/** Whether `startDay` … `endDay` (inclusive) is longer than one list may be (`MAX_RANGE_DAYS`). */
function rangeTooLong(startDay: string, endDay: string): boolean {
  return localMinutesBetween(`${startDay}T00:00:00`, `${endDay}T00:00:00`) > MAX_RANGE_DAYS * 1440;
}

/**
 * The opening read of `GET /api/events` (ADR 024): its window statement for the range of a valid query
 * (`eventRangeQuerySchema`'s output), committing with it, built before the handler runs. Null when the handler
 * would read otherwise or refuse: no range (the default window needs the family's zone, which the session
 * statement brings), or a range longer than `MAX_RANGE_DAYS` (answered 400 by `listOccurrences`).
 */
export function listOpeningRead(range: {
  start?: string | undefined;
  end?: string | undefined;
}): OpeningRead | null {
  const { start, end } = range;
  if (!start || !end || rangeTooLong(start, end)) return null;
  return familyWindowRead(start, addLocalDays(end, 1), true);
}

/**
 * The occurrences overlapping the family-local days `startDay` … `endDay` (inclusive, `YYYY-MM-DD`), from the
 * occurrence engine (src/core/recurrence/occurrences.ts): one-off events, overrides, and every series expanded
 * in its own zone, all given in the family's wall-clock time (`family.familyZone`: the session read it). Sorted by start, then id. A row the engine cannot
 * expand is left out (reported to `onLeftOut`) and the rest still answer. Without a range: `DEFAULT_WINDOW_DAYS_*` around today.
 * `opening` is the request's opening read (`listOpeningRead`, taken with `takeOpeningRead`): its rows are used
 * when it is the very read this range needs, else the window is read here.
 * At most `EVENTS_LIST_MAX` occurrences, the earliest; `truncated` when the range holds more (issue 42, ADR 046).
 * @throws HttpError 400 when the range is longer than `MAX_RANGE_DAYS`.
 */
export async function listOccurrences(
  ctx: ServerContext,
  family: { familyId: number; familyZone: string },
  range: { start?: string | undefined; end?: string | undefined },
  onLeftOut: (eventId: number, reason: string) => void = () => undefined,
  opening?: { read: OpeningRead; rows: unknown[][] },
): Promise<CappedList<EventOccurrenceDto>> {
  const { familyId, familyZone: zone } = family;
  let { start: startDay, end: endDay } = range;
  if (!startDay || !endDay) {
    const today = localDateOf(instantToLocal(ctx.clock.now(), zone));
    startDay = addLocalDays(today, -DEFAULT_WINDOW_DAYS_BEFORE);
    endDay = addLocalDays(today, DEFAULT_WINDOW_DAYS_AFTER);
  }
  if (rangeTooLong(startDay, endDay)) {
    throw badRequest(`The range may cover at most ${MAX_RANGE_DAYS} days`, {
      end: `The range may cover at most ${MAX_RANGE_DAYS} days`,
    });
  }
  const dayAfter = addLocalDays(endDay, 1);
  const rows =
    opening && sameRead(opening.read, familyWindowRead(startDay, dayAfter, true))
      ? familyWindowRowsOf(opening.rows)
      : // Prepared (parsed and planned once per connection): the list is the app's most frequent read.
        await loadFamilyWindowRows(ctx.db, familyId, startDay, dayAfter);
  const { occurrences, failures } = expandEvents(
    rows,
    { from: `${startDay}T00:00:00`, to: `${dayAfter}T00:00:00` },
    zone,
  );
  for (const f of failures) onLeftOut(f.event.id, f.reason);
  // At most EVENTS_LIST_MAX occurrences, the earliest (issue 42, ADR 046): the engine gives them by start.
  const items = occurrences.slice(0, EVENTS_LIST_MAX).map((o) => {
    const row = o.event.row;
    // SPEC §9 on this occurrence as the family sees it: all-day, or a stored end on another day.
    const multiDay = isMultiDay({
      start_date: o.start,
      end_date: row.endDate === null ? null : o.end,
      duration_minutes: row.durationMinutes,
      is_all_day: row.isAllDay,
    });
    return toOccurrenceDto(row, o, multiDay);
  });
  return { items, truncated: occurrences.length > EVENTS_LIST_MAX };
}

/** Whether two opening reads are the same statement with the same arguments. */
function sameRead(a: OpeningRead, b: OpeningRead): boolean {
  return a.statement.name === b.statement.name && a.args.join('\u0000') === b.args.join('\u0000');
}

/**
 * `PATCH /api/events/{id}` with the scope the user chose (`resolveSeriesTarget` works out the rows):
 * - a one-off event: updated in place;
 * - `this` (an occurrence of a series, or an override): an override row (RECURRENCE-ID = the occurrence) is
 *   created or updated, remembering which fields differ from the series (`override_fields`);
 * - `following`: the series ends before that occurrence and a new series starts from the payload (from the
 *   first occurrence this is the whole-series edit);
 * - `all`: the whole series; made from one occurrence, it keeps its first date and takes the payload's time
 *   (`keepFirstDate`). When its start or rule changes, its exceptions and overrides no longer line up with the
 *   occurrences and are dropped; otherwise each override takes the new value of every field it did not change
 *   itself (`override_fields`, issue 21).
 * Transport tasks follow the write (`syncFamilyTransportTasks`). `alert_members` is kept unless sent (SPEC §7).
 * @throws HttpError 404 for another family's id or an unknown occurrence; 400 for unknown member ids; 409 when a
 *   `following` split passes the plan limit.
 */
export async function updateEvent(
  ctx: ServerContext,
  familyId: number,
  id: number,
  payload: EventValues,
  change: SeriesChange & { alertMembersSent: boolean },
): Promise<EventDto> {
  const opened = await loadEvent(ctx.db, familyId, id);
  checkDuration(payload, opened.durationMinutes);
  await checkMembers(ctx.db, familyId, payload);
  const family = await familyZone(ctx.db, familyId);
  const target = await resolveSeriesTarget(ctx.db, opened, change, family);
  const row = target.kind === 'event' ? target.row : target.series;
  // The row keeps its own zone (an imported Berlin series stays in Berlin); an all-day event that becomes timed
  // takes the family's.
  const zones: Zones = { zone: row.isAllDay ? family : row.timezone, family };
  const now = ctx.clock.now();
  const edit = { ctx, zones, now, alertMembersSent: change.alertMembersSent };
  return ctx.db.transaction(async (tx) => {
    const written = await writeUpdate(tx);
    // The transport tasks follow the whole write (split, override, carried edits, dropped overrides).
    await syncFamilyTransportTasks(tx, familyId, now);
    return toEventDto(written, family);
  });

  async function writeUpdate(tx: DbOrTx): Promise<EventRow> {
    if (target.kind === 'following' && target.occurrence !== row.startDate) {
      return splitSeries(tx, edit, row, target.occurrence, payload);
    }
    if (target.kind === 'this') return writeOverride(tx, edit, row, target.occurrence, payload);
    // "All events", or "this and following" from the first occurrence: the whole series (or the one-off event).
    const v =
      target.kind === 'series' && target.occurrence !== null
        ? keepFirstDate(payload, toFamilyTime(row, row.startDate, family))
        : payload;
    const isSeries = row.rrule !== null && row.parentEventId === null;
    const columns = columnsFor(v, row.parentEventId === null, zones);
    const ruleChanged = row.startDate !== columns.startDate || row.rrule !== columns.rrule;
    // An override edited in place remembers again which fields differ from its series.
    const series =
      row.parentEventId !== null && row.recurrenceId !== null
        ? await loadEvent(tx, familyId, row.parentEventId)
        : null;
    const lists = {
      attendees: v.attendees,
      alertMembers: change.alertMembersSent ? v.alert_members : row.alertMembers,
    };
    const overrideFields =
      series && row.recurrenceId !== null
        ? { overrideFields: changedFields({ ...columns, ...lists }, series, row.recurrenceId) }
        : {};
    const [stored] = await tx
      .update(events)
      .set({
        ...columns,
        ...overrideFields,
        ...(ruleChanged ? { exdates: [] } : {}),
        updatedAt: now,
      })
      .where(eq(events.id, row.id))
      .returning();
    if (!stored) throw notFound('Event not found');
    const updated = await saveEventMembers(tx, stored, lists, row);
    if (isSeries && ruleChanged) {
      await deleteEventRows(tx, familyId, eq(events.parentEventId, row.id), now);
    } else if (isSeries) {
      await carrySeriesEditIntoOverrides(ctx, tx, updated, now);
    }
    await onEventWritten(tx, ctx.config.PUBLIC_URL, row, updated, now);
    return updated;
  }
}

/**
 * `DELETE /api/events/{id}` with the scope the user chose (its tasks go with it, SPEC §8; `resolveSeriesTarget`
 * works out the rows):
 * - a one-off event: removed;
 * - `all`: the whole series with its overrides (given the series or one of its overrides);
 * - `this`: that occurrence becomes an EXDATE (its override, if any, is removed);
 * - `following`: the series ends before that occurrence (from the first occurrence: the whole series).
 * The pending reminders of what is removed (events, occurrences, and the tasks that go with them) are cancelled in
 * the same transaction (issue 8); other occurrences keep theirs.
 * What it removed and changed (rows, with the series' RRULE, EXDATEs and occurrence edits as they were) is kept
 * for its Undo (`recordUndo`, ADR 051), in the same transaction.
 * @returns what was removed ('series', 'following', 'occurrence' or 'event') and the undo id for the reply.
 * @throws HttpError 404 for another family's id or an unknown occurrence.
 */
export async function deleteEvent(
  ctx: ServerContext,
  familyId: number,
  id: number,
  change: SeriesChange,
): Promise<{ removed: 'series' | 'occurrence' | 'following' | 'event'; undoId: string }> {
  const opened = await loadEvent(ctx.db, familyId, id);
  const family = await familyZone(ctx.db, familyId);
  const target = await resolveSeriesTarget(ctx.db, opened, change, family);
  const now = ctx.clock.now();
  const root = target.kind === 'event' ? target.row.id : target.series.id;
  return ctx.db.transaction(async (tx) => {
    // What the delete removes and changes is read before and after it, for its Undo (ADR 051).
    const before = await eventGraph(tx, familyId, [root]);
    const removed = await remove(tx);
    // The tasks of the occurrences that are gone go too (those of a deleted row went with it, by cascade).
    await syncFamilyTransportTasks(tx, familyId, now);
    const done = diffGraphs(id, before, await eventGraph(tx, familyId, [root], before));
    return { removed, undoId: await recordUndo(tx, familyId, 'event', done, now) };
  });

  async function remove(tx: DbOrTx): Promise<'series' | 'occurrence' | 'following' | 'event'> {
    if (target.kind === 'event') {
      await deleteEventRows(tx, familyId, eq(events.id, target.row.id), now);
      return 'event';
    }
    const series = target.series;
    if (target.kind === 'series' || (target.kind === 'following' && target.occurrence <= series.startDate)) {
      await deleteEventRows(tx, familyId, eq(events.id, series.id), now);
      return 'series';
    }
    const occurrence = target.occurrence;
    if (target.kind === 'following') {
      await endSeriesBefore(tx, series, occurrence, now);
      return 'following';
    }
    // Only this occurrence's reminders (and its override's, with the override's tasks) are cancelled.
    await cancelOccurrenceReminders(tx, familyId, series.id, occurrence, false, now);
    await deleteEventRows(
      tx,
      familyId,
      and(eq(events.parentEventId, series.id), eq(events.recurrenceId, occurrence)) ?? sql`false`,
      now,
    );
    const exdates = [...new Set([...series.exdates, occurrence])].sort();
    await tx.update(events).set({ exdates, updatedAt: now }).where(eq(events.id, series.id));
    return 'occurrence';
  }
}
