import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { eventEnd, eventSpanMinutes, isMultiDay } from '../../core/calendar/event-span.ts';
import {
  DROPOFF_PREFIX,
  eventLimitMessage,
  PICKUP_PREFIX,
  type EventDto,
  type EventOccurrenceDto,
  type EventTaskDto,
  type EventValues,
} from '../../core/contracts/events.ts';
import { buildRrule, withUntil } from '../../core/recurrence/patterns.ts';
import { expandSeries, isOccurrence } from '../../core/recurrence/recurrence.ts';
import {
  addLocalDays,
  addLocalMinutes,
  instantToLocal,
  localDateOf,
  localMinutesBetween,
  localToInstant,
} from '../../core/time/local-time.ts';
import type { DbOrTx } from '../db/client.ts';
import { events } from '../db/schema/events.ts';
import { families, familyMembers } from '../db/schema/families.ts';
import { tasks } from '../db/schema/tasks.ts';
import type { ServerContext } from '../http/context.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import {
  cancelDeletedEventsReminders,
  cancelOccurrenceReminders,
  onEventWritten,
} from '../scheduler/hooks.ts';

type EventRow = typeof events.$inferSelect;
type TaskRow = typeof tasks.$inferSelect;

/** Without a range, `GET /api/events` answers from 31 days before today to 92 days after (family-local days). */
export const DEFAULT_WINDOW_DAYS_BEFORE = 31;
export const DEFAULT_WINDOW_DAYS_AFTER = 92;
/** The longest range one `GET /api/events` may ask for, in days (keeps expansion bounded). */
export const MAX_RANGE_DAYS = 400;
/**
 * A timed event lasts at most 7 days (the duration cap), so one that starts more than this many days before a
 * range cannot reach it; longer (multi-day) events are found by their stored end date.
 */
const MAX_TIMED_SPAN_DAYS = 8;

/** Maps a row to the wire (SPEC §3 Event, snake_case); no column leaks unlisted. */
export function toEventDto(row: EventRow): EventDto {
  return {
    id: row.id,
    family_id: row.familyId,
    title: row.title,
    description: row.description,
    start_date: row.startDate,
    end_date: row.endDate,
    duration_minutes: row.durationMinutes,
    is_all_day: row.isAllDay,
    location: row.location,
    organizer_id: row.organizerId,
    attendees: row.attendees,
    alert_members: row.alertMembers,
    category: row.category,
    priority: row.priority,
    has_pickup: row.hasPickup,
    pickup_assigned_to: row.pickupAssignedTo,
    pickup_minutes_before: row.pickupMinutesBefore,
    has_dropoff: row.hasDropoff,
    dropoff_assigned_to: row.dropoffAssignedTo,
    dropoff_minutes_before: row.dropoffMinutesBefore,
    is_recurring: row.isRecurring,
    recurrence_pattern: row.recurrencePattern,
    recurrence_end_date: row.recurrenceEndDate,
    rrule: row.rrule,
    exdates: row.exdates,
    parent_event_id: row.parentEventId,
    recurrence_id: row.recurrenceId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Maps a task row to the wire (SPEC §3 Task). */
export function toEventTaskDto(row: TaskRow): EventTaskDto {
  return {
    id: row.id,
    family_id: row.familyId,
    title: row.title,
    description: row.description,
    event_id: row.eventId,
    assigned_to: row.assignedTo,
    assigned_to_ids: row.assignedToIds,
    due_date: row.dueDate,
    estimated_duration_minutes: row.estimatedDurationMinutes,
    status: row.status,
    priority: row.priority,
    send_sms_reminder: row.sendSmsReminder,
    reminder_frequency: row.reminderFrequency,
    transport_kind: row.transportKind,
    created_at: row.createdAt.toISOString(),
  };
}

function timing(row: EventRow) {
  return {
    start_date: row.startDate,
    end_date: row.endDate,
    duration_minutes: row.durationMinutes,
    is_all_day: row.isAllDay,
  };
}

async function loadFamily(db: DbOrTx, familyId: number) {
  const [family] = await db.select().from(families).where(eq(families.id, familyId));
  if (!family) throw notFound();
  return family;
}

async function loadEvent(db: DbOrTx, familyId: number, id: number): Promise<EventRow> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.familyId, familyId), eq(events.id, id)));
  if (!row) throw notFound('Event not found');
  return row;
}

/**
 * Every member id the payload names must be one of the family's members.
 * @throws HttpError 400 naming the field, before anything is written.
 */
async function checkMembers(db: DbOrTx, familyId: number, v: EventValues): Promise<void> {
  const rows = await db
    .select({ id: familyMembers.id })
    .from(familyMembers)
    .where(eq(familyMembers.familyId, familyId));
  const known = new Set(rows.map((r) => String(r.id)));
  const fields: Record<string, string> = {};
  const single: Array<[string, number | null]> = [
    ['organizer_id', v.organizer_id],
    ['pickup_assigned_to', v.has_pickup ? v.pickup_assigned_to : null],
    ['dropoff_assigned_to', v.has_dropoff ? v.dropoff_assigned_to : null],
  ];
  for (const [field, id] of single)
    if (id !== null && !known.has(String(id))) fields[field] = 'Unknown family member';
  if (v.attendees.some((id) => !known.has(id))) fields.attendees = 'Unknown family member';
  if (v.alert_members.some((id) => !known.has(id))) fields.alert_members = 'Unknown family member';
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
}

/** The row's columns for a payload; recurrence is compiled to an RRULE only when `asSeries`. */
function columnsFor(v: EventValues, asSeries: boolean) {
  const recurring = asSeries && v.is_recurring && v.recurrence_pattern !== null;
  return {
    title: v.title,
    description: v.description,
    startDate: v.start_date,
    endDate: v.end_date,
    durationMinutes: v.duration_minutes,
    isAllDay: v.is_all_day,
    location: v.location,
    organizerId: v.organizer_id,
    attendees: v.attendees,
    category: v.category,
    priority: v.priority,
    hasPickup: v.has_pickup,
    pickupAssignedTo: v.has_pickup ? v.pickup_assigned_to : null,
    pickupMinutesBefore: v.pickup_minutes_before,
    hasDropoff: v.has_dropoff,
    dropoffAssignedTo: v.has_dropoff ? v.dropoff_assigned_to : null,
    dropoffMinutesBefore: v.dropoff_minutes_before,
    isRecurring: recurring,
    recurrencePattern: recurring ? v.recurrence_pattern : null,
    recurrenceEndDate: recurring ? v.recurrence_end_date : null,
    rrule:
      recurring && v.recurrence_pattern
        ? buildRrule(v.recurrence_pattern, v.start_date, v.recurrence_end_date)
        : null,
  };
}

/**
 * How many events count against the plan this calendar month of `timeZone`: top-level events created since the
 * month's first local midnight (a series counts once; overrides of one occurrence do not count). Used by
 * `POST /api/events` and by the ICS import, so that both apply the same rule.
 */
export async function eventsCreatedThisMonth(
  tx: DbOrTx,
  familyId: number,
  timeZone: string,
  now: Date,
): Promise<number> {
  const today = instantToLocal(now, timeZone);
  const next = addLocalDays(`${today.slice(0, 7)}-01`, 32).slice(0, 7);
  const from = localToInstant(`${today.slice(0, 7)}-01T00:00:00`, timeZone);
  const to = localToInstant(`${next}-01T00:00:00`, timeZone);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(
      and(
        eq(events.familyId, familyId),
        isNull(events.parentEventId),
        gte(events.createdAt, from),
        lt(events.createdAt, to),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Plan limit: at most `families.max_events_per_month` events created per calendar month of the family's zone
 * (`eventsCreatedThisMonth`). Locks the family row so that two concurrent creations cannot both take the
 * last slot.
 * @throws HttpError 409 past the limit.
 */
async function checkMonthlyLimit(tx: DbOrTx, familyId: number, now: Date): Promise<void> {
  const [family] = await tx.select().from(families).where(eq(families.id, familyId)).for('update');
  if (!family) throw notFound();
  if ((await eventsCreatedThisMonth(tx, familyId, family.timezone, now)) >= family.maxEventsPerMonth) {
    throw conflict(eventLimitMessage(family.maxEventsPerMonth));
  }
}

/**
 * Keeps an event's transport tasks in step with it: 'Pickup: {title}' due at the end minus the pickup lead,
 * 'Drop-off: {title}' due at the start minus the drop-off lead, assigned to the chosen member. An existing
 * transport task (found by `transport_kind`) is moved, never duplicated; one whose coordination was switched
 * off is removed. For a series the tasks follow its first occurrence.
 */
async function syncTransportTasks(tx: DbOrTx, row: EventRow, now: Date): Promise<void> {
  const existing = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.familyId, row.familyId), eq(tasks.eventId, row.id), isNotNull(tasks.transportKind)));
  const end = eventEnd(timing(row));
  const wanted = [
    {
      kind: 'pickup',
      on: row.hasPickup && row.pickupAssignedTo !== null,
      title: `${PICKUP_PREFIX}${row.title}`.slice(0, 200),
      assignee: row.pickupAssignedTo,
      due: addLocalMinutes(end, -row.pickupMinutesBefore),
    },
    {
      kind: 'dropoff',
      on: row.hasDropoff && row.dropoffAssignedTo !== null,
      title: `${DROPOFF_PREFIX}${row.title}`.slice(0, 200),
      assignee: row.dropoffAssignedTo,
      due: addLocalMinutes(row.startDate, -row.dropoffMinutesBefore),
    },
  ];
  for (const w of wanted) {
    const current = existing.filter((t) => t.transportKind === w.kind);
    if (!w.on || w.assignee === null) {
      if (current.length > 0)
        await tx.delete(tasks).where(
          inArray(
            tasks.id,
            current.map((t) => t.id),
          ),
        );
      continue;
    }
    const values = {
      title: w.title,
      assignedTo: w.assignee,
      assignedToIds: [String(w.assignee)],
      dueDate: w.due,
      priority: row.priority,
      updatedAt: now,
    };
    const [first, ...extra] = current;
    if (first) {
      await tx.update(tasks).set(values).where(eq(tasks.id, first.id));
      if (extra.length > 0)
        await tx.delete(tasks).where(
          inArray(
            tasks.id,
            extra.map((t) => t.id),
          ),
        );
    } else {
      await tx.insert(tasks).values({
        ...values,
        familyId: row.familyId,
        eventId: row.id,
        transportKind: w.kind,
        description: `Transport for ${row.title}`.slice(0, 500),
        createdAt: now,
      });
    }
  }
}

/**
 * Creates an event (a one-off, multi-day, or a recurring series stored as one row with its RRULE) and its
 * transport tasks, in one transaction.
 * @throws HttpError 400 for unknown member ids; 409 past the monthly plan limit. Nothing is written on error.
 */
export async function createEvent(ctx: ServerContext, familyId: number, v: EventValues): Promise<EventDto> {
  await checkMembers(ctx.db, familyId, v);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await checkMonthlyLimit(tx, familyId, now);
    const [row] = await tx
      .insert(events)
      .values({
        ...columnsFor(v, true),
        alertMembers: v.alert_members,
        familyId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('event insert returned no row');
    await syncTransportTasks(tx, row, now);
    await onEventWritten(tx, ctx.config.PUBLIC_URL, null, row, now); // alerts to alert_members, same tx
    return toEventDto(row);
  });
}

/**
 * One event by id. With `occurrence` (a local start of the series), the series' fields with that
 * occurrence's own start and end; the override row instead when that occurrence was edited on its own.
 * @throws HttpError 404 for another family's id or an occurrence the series does not have.
 */
export async function getEvent(
  ctx: ServerContext,
  familyId: number,
  id: number,
  occurrence?: string,
): Promise<EventDto> {
  const row = await loadEvent(ctx.db, familyId, id);
  if (!occurrence || !row.rrule) return toEventDto(row);
  const [override] = await ctx.db
    .select()
    .from(events)
    .where(
      and(
        eq(events.familyId, familyId),
        eq(events.parentEventId, row.id),
        eq(events.recurrenceId, occurrence),
      ),
    );
  if (override) return toEventDto(override);
  if (!isOccurrence({ start: row.startDate, rrule: row.rrule, exdates: row.exdates }, occurrence)) {
    throw notFound('Occurrence not found');
  }
  return shiftTo(toEventDto(row), row, occurrence);
}

function shiftTo(dto: EventDto, row: EventRow, start: string): EventDto {
  const span = eventSpanMinutes(timing(row));
  return { ...dto, start_date: start, end_date: row.endDate ? addLocalMinutes(start, span) : null };
}

/** The tasks linked to an event, by due date (undated last), then id. @throws HttpError 404 for another family's id. */
export async function listEventTasks(
  ctx: ServerContext,
  familyId: number,
  id: number,
): Promise<EventTaskDto[]> {
  await loadEvent(ctx.db, familyId, id);
  const rows = await ctx.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.familyId, familyId), eq(tasks.eventId, id)))
    .orderBy(sql`${tasks.dueDate} asc nulls last`, asc(tasks.id));
  return rows.map(toEventTaskDto);
}

/**
 * The occurrences overlapping the family-local days `startDay` … `endDay` (inclusive, `YYYY-MM-DD`): one-off
 * events, overrides, and every series expanded (RRULE minus EXDATEs, with overrides in place of the
 * occurrences they replace). Sorted by start, then id. Without a range: `DEFAULT_WINDOW_DAYS_*` around today.
 * @throws HttpError 400 when the range is longer than `MAX_RANGE_DAYS`.
 */
export async function listOccurrences(
  ctx: ServerContext,
  familyId: number,
  range: { start?: string | undefined; end?: string | undefined },
): Promise<EventOccurrenceDto[]> {
  let { start: startDay, end: endDay } = range;
  if (!startDay || !endDay) {
    const family = await loadFamily(ctx.db, familyId);
    const today = localDateOf(instantToLocal(ctx.clock.now(), family.timezone));
    startDay = addLocalDays(today, -DEFAULT_WINDOW_DAYS_BEFORE);
    endDay = addLocalDays(today, DEFAULT_WINDOW_DAYS_AFTER);
  }
  if (localMinutesBetween(`${startDay}T00:00:00`, `${endDay}T00:00:00`) > MAX_RANGE_DAYS * 1440) {
    throw badRequest(`The range may cover at most ${MAX_RANGE_DAYS} days`, {
      end: `The range may cover at most ${MAX_RANGE_DAYS} days`,
    });
  }
  const from = `${startDay}T00:00:00`;
  const to = `${addLocalDays(endDay, 1)}T00:00:00`;
  const earliest = `${addLocalDays(startDay, -MAX_TIMED_SPAN_DAYS)}T00:00:00`;
  const seriesFloor = addLocalDays(startDay, -MAX_RANGE_DAYS);

  const rows = await ctx.db
    .select()
    .from(events)
    .where(
      and(
        eq(events.familyId, familyId),
        lt(events.startDate, to),
        or(
          // One-off events and overrides: start before the range's end and end (or start) not long before it.
          and(isNull(events.rrule), or(gte(events.startDate, earliest), gte(events.endDate, from))),
          // Series: still running at the range (the end date is a day, the series may be multi-day).
          and(
            isNotNull(events.rrule),
            or(isNull(events.recurrenceEndDate), gte(events.recurrenceEndDate, seriesFloor)),
          ),
        ),
      ),
    );
  const series = rows.filter((r) => r.rrule !== null && r.parentEventId === null);
  const overridesBySeries = new Map<number, Set<string>>();
  if (series.length > 0) {
    const overrides = await ctx.db
      .select({ parent: events.parentEventId, recurrenceId: events.recurrenceId })
      .from(events)
      .where(
        and(
          eq(events.familyId, familyId),
          inArray(
            events.parentEventId,
            series.map((s) => s.id),
          ),
        ),
      );
    for (const o of overrides) {
      if (o.parent === null || o.recurrenceId === null) continue;
      const set = overridesBySeries.get(o.parent) ?? new Set<string>();
      set.add(o.recurrenceId);
      overridesBySeries.set(o.parent, set);
    }
  }

  const out: EventOccurrenceDto[] = [];
  for (const row of rows) {
    const dto = toEventDto(row);
    const span = eventSpanMinutes(timing(row));
    const multiDay = isMultiDay(timing(row));
    if (row.rrule === null) {
      const end = eventEnd(timing(row));
      if (!(end > from || row.startDate >= from)) continue;
      out.push({
        ...dto,
        end_date: end,
        series_id: row.parentEventId,
        occurrence_start: row.recurrenceId,
        is_exception: row.parentEventId !== null,
        is_multi_day: multiDay,
      });
      continue;
    }
    if (row.parentEventId !== null) continue;
    const replaced = overridesBySeries.get(row.id) ?? new Set<string>();
    const starts = expandSeries(
      { start: row.startDate, rrule: row.rrule, exdates: row.exdates },
      addLocalMinutes(from, -span),
      to,
    );
    for (const start of starts) {
      if (replaced.has(start)) continue;
      const end = addLocalMinutes(start, span);
      if (!(end > from || start >= from)) continue;
      out.push({
        ...dto,
        start_date: start,
        end_date: end,
        series_id: row.id,
        occurrence_start: start,
        is_exception: false,
        is_multi_day: multiDay,
      });
    }
  }
  out.sort((a, b) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : a.id - b.id));
  return out;
}

export interface OccurrenceScope {
  /** Local start of the chosen occurrence of a series. */
  occurrence?: string | undefined;
  /** With `occurrence`: that occurrence and all later ones. */
  following?: boolean;
}

function requireOccurrence(row: EventRow, occurrence: string): void {
  if (
    !row.rrule ||
    !isOccurrence({ start: row.startDate, rrule: row.rrule, exdates: row.exdates }, occurrence)
  ) {
    throw notFound('Occurrence not found');
  }
}

/**
 * Deletes the family's event rows matching `where` (a series takes its overrides with it, and every event its
 * tasks, by the foreign keys' cascades), first cancelling the pending reminders of all of them in the same
 * transaction (issue 8).
 */
async function deleteEventRows(tx: DbOrTx, familyId: number, where: SQL, now: Date): Promise<void> {
  const doomed = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.familyId, familyId), where));
  if (doomed.length === 0) return;
  const ids = doomed.map((r) => r.id);
  const overrides = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.familyId, familyId), inArray(events.parentEventId, ids)));
  await cancelDeletedEventsReminders(tx, familyId, [...ids, ...overrides.map((o) => o.id)], now);
  await tx.delete(events).where(and(eq(events.familyId, familyId), inArray(events.id, ids)));
}

/** Ends a series before the day of `occurrence` (UNTIL = the previous day 23:59:59, local) and drops later overrides. */
async function endSeriesBefore(tx: DbOrTx, row: EventRow, occurrence: string, now: Date): Promise<void> {
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

/**
 * `PATCH /api/events/{id}`:
 * - a one-off event or an override: updated in place (an override stays a single occurrence);
 * - a series without `occurrence`: the whole series; when its start or rule changes, its exceptions and
 *   overrides no longer line up with the occurrences and are dropped;
 * - `occurrence` ("this event only"): an override row (RECURRENCE-ID = the occurrence) is created or updated;
 * - `occurrence` + `following` ("this and following events"): the series ends before that occurrence and a
 *   new series starts from the payload (from the first occurrence this is the whole-series edit).
 * Transport tasks follow the row that was written. `alert_members` is kept unless sent (SPEC §7).
 * @throws HttpError 404 for another family's id or an unknown occurrence; 400 for unknown member ids.
 */
export async function updateEvent(
  ctx: ServerContext,
  familyId: number,
  id: number,
  v: EventValues,
  scope: OccurrenceScope & { alertMembersSent: boolean },
): Promise<EventDto> {
  const row = await loadEvent(ctx.db, familyId, id);
  await checkMembers(ctx.db, familyId, v);
  const now = ctx.clock.now();
  const alert = scope.alertMembersSent ? { alertMembers: v.alert_members } : {};
  return ctx.db.transaction(async (tx) => {
    const isSeries = row.rrule !== null && row.parentEventId === null;
    if (isSeries && scope.occurrence) {
      requireOccurrence(row, scope.occurrence);
      const occurrence = scope.occurrence;
      if (scope.following && occurrence !== row.startDate) {
        await endSeriesBefore(tx, row, occurrence, now);
        const [created] = await tx
          .insert(events)
          .values({
            ...columnsFor(v, true),
            alertMembers: v.alert_members,
            familyId,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (!created) throw new Error('event insert returned no row');
        await syncTransportTasks(tx, created, now);
        await onEventWritten(tx, ctx.config.PUBLIC_URL, row, created, now);
        return toEventDto(created);
      }
      if (!scope.following) {
        const [existing] = await tx
          .select()
          .from(events)
          .where(
            and(
              eq(events.familyId, familyId),
              eq(events.parentEventId, row.id),
              eq(events.recurrenceId, occurrence),
            ),
          );
        const values = { ...columnsFor(v, false), updatedAt: now };
        const [written] = existing
          ? await tx
              .update(events)
              .set({ ...values, ...alert })
              .where(eq(events.id, existing.id))
              .returning()
          : await tx
              .insert(events)
              .values({
                ...values,
                alertMembers: scope.alertMembersSent ? v.alert_members : row.alertMembers,
                familyId,
                parentEventId: row.id,
                recurrenceId: occurrence,
                createdAt: now,
              })
              .returning();
        if (!written) throw new Error('override write returned no row');
        await syncTransportTasks(tx, written, now);
        await onEventWritten(
          tx,
          ctx.config.PUBLIC_URL,
          existing ?? { ...row, startDate: occurrence },
          written,
          now,
        );
        return toEventDto(written);
      }
      // "This and following" from the first occurrence: the whole series.
    }
    const columns = columnsFor(v, row.parentEventId === null);
    const ruleChanged = row.startDate !== columns.startDate || row.rrule !== columns.rrule;
    const [updated] = await tx
      .update(events)
      .set({ ...columns, ...alert, ...(ruleChanged ? { exdates: [] } : {}), updatedAt: now })
      .where(eq(events.id, row.id))
      .returning();
    if (!updated) throw notFound('Event not found');
    if (isSeries && ruleChanged) {
      await deleteEventRows(tx, familyId, eq(events.parentEventId, row.id), now);
    }
    await syncTransportTasks(tx, updated, now);
    await onEventWritten(tx, ctx.config.PUBLIC_URL, row, updated, now);
    return toEventDto(updated);
  });
}

/**
 * `DELETE /api/events/{id}` (its tasks go with it, SPEC §8):
 * - `deleteAll`: the whole series (given the series or one of its overrides);
 * - `occurrence` on a series: that occurrence becomes an EXDATE (its override, if any, is removed);
 *   with `following`, the series ends before it (from the first occurrence: the whole series);
 * - an override without parameters: removed, and its occurrence stays removed (EXDATE on the series);
 * - otherwise the row itself (a series row takes its overrides with it).
 * The pending reminders of what is removed (events, occurrences, and the tasks that go with them) are cancelled in
 * the same transaction (issue 8); other occurrences keep theirs.
 * @returns what was removed: 'series' or 'occurrence' or 'event'.
 * @throws HttpError 404 for another family's id or an unknown occurrence.
 */
export async function deleteEvent(
  ctx: ServerContext,
  familyId: number,
  id: number,
  scope: OccurrenceScope & { deleteAll: boolean },
): Promise<'series' | 'occurrence' | 'following' | 'event'> {
  const row = await loadEvent(ctx.db, familyId, id);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    if (scope.deleteAll) {
      const seriesId = row.parentEventId ?? row.id;
      await deleteEventRows(tx, familyId, eq(events.id, seriesId), now);
      return row.rrule !== null || row.parentEventId !== null ? 'series' : 'event';
    }
    const series = row.parentEventId !== null ? await loadEvent(tx, familyId, row.parentEventId) : row;
    const occurrence = row.parentEventId !== null ? (row.recurrenceId ?? undefined) : scope.occurrence;
    if (series.rrule !== null && occurrence) {
      if (row.parentEventId === null) requireOccurrence(series, occurrence);
      if (scope.following) {
        if (occurrence <= series.startDate) {
          await deleteEventRows(tx, familyId, eq(events.id, series.id), now);
          return 'series';
        }
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
    await deleteEventRows(tx, familyId, eq(events.id, row.id), now);
    return row.rrule !== null ? 'series' : 'event';
  });
}
