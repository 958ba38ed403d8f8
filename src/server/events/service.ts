import { and, asc, eq, gte, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import { eventEnd, isMultiDay } from '../../core/calendar/event-span.ts';
import {
  DROPOFF_PREFIX,
  DURATION_MESSAGE,
  eventLimitMessage,
  isDurationChoice,
  PICKUP_PREFIX,
  type EventDto,
  type EventOccurrenceDto,
  type EventTaskDto,
  type EventValues,
} from '../../core/contracts/events.ts';
import { ALREADY_ON_CALENDAR_MESSAGE, NOT_ACCEPTED_MESSAGE } from '../../core/contracts/activities.ts';
import { buildRrule, withUntil } from '../../core/recurrence/patterns.ts';
import { expandEvents, hasOccurrence, refusal } from '../../core/recurrence/occurrences.ts';
import { eventToFamilyTime, familyToEventTime } from '../../core/time/family-time.ts';
import {
  addLocalDays,
  addLocalMinutes,
  instantToLocal,
  localDateOf,
  localMinutesBetween,
  localToInstant,
} from '../../core/time/local-time.ts';
import type { DbOrTx } from '../db/client.ts';
import { loadWindowRows, toEngineRow } from '../db/event-occurrences.ts';
import { events } from '../db/schema/events.ts';
import { families, familyMembers } from '../db/schema/families.ts';
import { activityProposals, tasks } from '../db/schema/tasks.ts';
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

/** A row's wall-clock time (in its own zone) as the wire gives it: family wall-clock (see `eventToFamilyTime`). */
function toFamilyTime(row: EventRow, local: string, familyZone: string): string {
  return eventToFamilyTime(local, row.timezone, row.isAllDay, familyZone);
}

/**
 * Maps a row to the wire (SPEC §3 Event, snake_case); no column leaks unlisted. `start_date` / `end_date` are
 * the family's wall-clock time (SPEC §7); `timezone` says which zone the event itself runs in; `exdates` and
 * `recurrence_id` stay in the series' own terms (they identify occurrences, like `occurrence_start`).
 */
export function toEventDto(row: EventRow, familyZone: string): EventDto {
  return {
    id: row.id,
    family_id: row.familyId,
    title: row.title,
    description: row.description,
    start_date: toFamilyTime(row, row.startDate, familyZone),
    end_date: row.endDate === null ? null : toFamilyTime(row, row.endDate, familyZone),
    timezone: row.isAllDay ? null : row.timezone,
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

/**
 * SPEC §9: a timed event lasts one of the duration choices (issue 21: 7 minutes is refused). An event that already
 * lasts something else (imported from an .ics file) may keep its own length when edited (`current`); a multi-day
 * or all-day event's length comes from its dates, so its duration is not checked.
 * @throws HttpError 400 with a `duration_minutes` field error.
 */
function checkDuration(v: EventValues, current: number | null): void {
  if (v.end_date !== null || v.is_all_day) return;
  if (isDurationChoice(v.duration_minutes) || v.duration_minutes === current) return;
  throw badRequest(DURATION_MESSAGE, { duration_minutes: DURATION_MESSAGE });
}

/** Where a row's times live: its own zone (null = floating) and the family's, which the wire speaks. */
interface Zones {
  zone: string | null;
  family: string;
}

/**
 * The row's columns for a payload; recurrence is compiled to an RRULE only when `asSeries`. The payload's times
 * (family wall-clock) are written in the row's own zone (`zones.zone`); an all-day event has none.
 * @throws HttpError 400 (field `start_date`) when the engine would refuse the result (src/core/recurrence).
 */
function columnsFor(v: EventValues, asSeries: boolean, zones: Zones) {
  const recurring = asSeries && v.is_recurring && v.recurrence_pattern !== null;
  const inZone = (local: string) => familyToEventTime(local, zones.zone, v.is_all_day, zones.family);
  const startDate = inZone(v.start_date);
  const columns = {
    title: v.title,
    description: v.description,
    startDate,
    endDate: v.end_date === null ? null : inZone(v.end_date),
    timezone: v.is_all_day ? null : zones.zone,
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
        ? buildRrule(v.recurrence_pattern, startDate, v.recurrence_end_date)
        : null,
  };
  const reason = refusal(
    {
      id: 0,
      start: columns.startDate,
      end: columns.endDate,
      durationMinutes: columns.durationMinutes,
      allDay: columns.isAllDay,
      zone: columns.timezone,
      rrule: columns.rrule,
      exdates: [],
      rdates: [],
      parentId: null,
      recurrenceId: null,
    },
    zones.family,
  );
  if (reason) throw badRequest(reason, { start_date: reason });
  return columns;
}

/** The family's IANA zone (families.timezone). @throws HttpError 404 when the family does not exist. */
async function familyZone(db: DbOrTx, familyId: number): Promise<string> {
  return (await loadFamily(db, familyId)).timezone;
}

/**
 * How many events count against the plan this calendar month of `timeZone`: rows with `counts_toward_plan`
 * created since the month's first local midnight — events and series (a series counts once) made by any path
 * (form, activity conversion, "this and following" split, ICS import) and imported overrides (RECURRENCE-ID,
 * issue 20); an occurrence edited in the app does not count. Used by every path that creates an event, so
 * that all apply the same rule.
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
        eq(events.countsTowardPlan, true),
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
    const [row] = await tx
      .insert(events)
      .values({
        ...columns,
        alertMembers: v.alert_members,
        familyId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('event insert returned no row');
    if (proposalId !== undefined) {
      await tx
        .update(activityProposals)
        .set({ eventId: row.id })
        .where(and(eq(activityProposals.familyId, familyId), eq(activityProposals.id, proposalId)));
    }
    await syncTransportTasks(tx, row, now);
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
    .select()
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
 * The occurrences overlapping the family-local days `startDay` … `endDay` (inclusive, `YYYY-MM-DD`), from the
 * occurrence engine (src/core/recurrence/occurrences.ts): one-off events, overrides, and every series expanded
 * in its own zone, all given in the family's wall-clock time (`family.familyZone`: the session read it). Sorted by start, then id. A row the engine cannot
 * expand is left out (reported to `onLeftOut`) and the rest still answer. Without a range: `DEFAULT_WINDOW_DAYS_*` around today.
 * @throws HttpError 400 when the range is longer than `MAX_RANGE_DAYS`.
 */
export async function listOccurrences(
  ctx: ServerContext,
  family: { familyId: number; familyZone: string },
  range: { start?: string | undefined; end?: string | undefined },
  onLeftOut: (eventId: number, reason: string) => void = () => undefined,
): Promise<EventOccurrenceDto[]> {
  const { familyId, familyZone: zone } = family;
  let { start: startDay, end: endDay } = range;
  if (!startDay || !endDay) {
    const today = localDateOf(instantToLocal(ctx.clock.now(), zone));
    startDay = addLocalDays(today, -DEFAULT_WINDOW_DAYS_BEFORE);
    endDay = addLocalDays(today, DEFAULT_WINDOW_DAYS_AFTER);
  }
  if (localMinutesBetween(`${startDay}T00:00:00`, `${endDay}T00:00:00`) > MAX_RANGE_DAYS * 1440) {
    throw badRequest(`The range may cover at most ${MAX_RANGE_DAYS} days`, {
      end: `The range may cover at most ${MAX_RANGE_DAYS} days`,
    });
  }
  const dayAfter = addLocalDays(endDay, 1);
  // Prepared (parsed and planned once per connection): the list is the app's most frequent read.
  const rows = await loadWindowRows(
    ctx.db,
    eq(events.familyId, familyId),
    startDay,
    dayAfter,
    'events_list_window',
  );
  const { occurrences, failures } = expandEvents(
    rows,
    { from: `${startDay}T00:00:00`, to: `${dayAfter}T00:00:00` },
    zone,
  );
  for (const f of failures) onLeftOut(f.event.id, f.reason);
  return occurrences.map((o) => {
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
}

/**
 * One occurrence on the wire (`EventOccurrenceDto`): `toEventDto`'s fields with the occurrence's own times and
 * identity. Written out as one object literal rather than a spread of `toEventDto`'s answer: a list builds one per
 * occurrence, and copying a 30-field object was the largest single cost of `GET /api/events` after the
 * expansion (docs/performance.md). `o.start` / `o.end` are already family wall-clock.
 */
function toOccurrenceDto(
  row: EventRow,
  o: { start: string; end: string; seriesId: number | null; occurrenceId: string | null },
  multiDay: boolean,
): EventOccurrenceDto {
  return {
    id: row.id,
    family_id: row.familyId,
    title: row.title,
    description: row.description,
    start_date: o.start,
    end_date: o.end,
    timezone: row.isAllDay ? null : row.timezone,
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
    series_id: o.seriesId,
    occurrence_start: o.occurrenceId,
    is_exception: row.parentEventId !== null,
    is_multi_day: multiDay,
  };
}

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
function requireOccurrence(row: EventRow, occurrence: string, familyZone: string): void {
  if (!hasOccurrence(toEngineRow(row), occurrence, familyZone)) throw notFound('Occurrence not found');
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
function changedFields(override: OverridableColumns, series: EventRow, occurrence: string): string[] {
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
async function carrySeriesEditIntoOverrides(
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
 *   overrides no longer line up with the occurrences and are dropped; otherwise each override takes the new
 *   value of every field it did not change itself (`override_fields`, issue 21);
 * - `occurrence` ("this event only"): an override row (RECURRENCE-ID = the occurrence) is created or updated,
 *   remembering which fields differ from the series (`override_fields`);
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
  checkDuration(v, row.durationMinutes);
  await checkMembers(ctx.db, familyId, v);
  const family = await familyZone(ctx.db, familyId);
  // The row keeps its own zone (an imported Berlin series stays in Berlin); an all-day event that becomes timed
  // takes the family's.
  const zones: Zones = { zone: row.isAllDay ? family : row.timezone, family };
  const now = ctx.clock.now();
  const alert = scope.alertMembersSent ? { alertMembers: v.alert_members } : {};
  return ctx.db.transaction(async (tx) => {
    const isSeries = row.rrule !== null && row.parentEventId === null;
    if (isSeries && scope.occurrence) {
      requireOccurrence(row, scope.occurrence, family);
      const occurrence = scope.occurrence;
      if (scope.following && occurrence !== row.startDate) {
        // The new series is a new event: the same monthly plan limit as `POST /api/events` (issue 20).
        await checkMonthlyLimit(tx, familyId, now);
        await endSeriesBefore(tx, row, occurrence, now);
        const [created] = await tx
          .insert(events)
          .values({
            ...columnsFor(v, true, zones),
            alertMembers: v.alert_members,
            familyId,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (!created) throw new Error('event insert returned no row');
        await syncTransportTasks(tx, created, now);
        await onEventWritten(tx, ctx.config.PUBLIC_URL, row, created, now);
        return toEventDto(created, family);
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
        const columns = columnsFor(v, false, zones);
        const alertMembers = scope.alertMembersSent
          ? v.alert_members
          : (existing?.alertMembers ?? row.alertMembers);
        const overrideFields = changedFields({ ...columns, alertMembers }, row, occurrence);
        const values = { ...columns, overrideFields, updatedAt: now };
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
                // Editing one occurrence of a series already counted is not a new event (plan limit).
                countsTowardPlan: false,
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
        return toEventDto(written, family);
      }
      // "This and following" from the first occurrence: the whole series.
    }
    const columns = columnsFor(v, row.parentEventId === null, zones);
    const ruleChanged = row.startDate !== columns.startDate || row.rrule !== columns.rrule;
    // An override edited in place remembers again which fields differ from its series.
    const series =
      row.parentEventId !== null && row.recurrenceId !== null
        ? await loadEvent(tx, familyId, row.parentEventId)
        : null;
    const overrideFields =
      series && row.recurrenceId !== null
        ? {
            overrideFields: changedFields(
              { ...columns, alertMembers: scope.alertMembersSent ? v.alert_members : row.alertMembers },
              series,
              row.recurrenceId,
            ),
          }
        : {};
    const [updated] = await tx
      .update(events)
      .set({
        ...columns,
        ...alert,
        ...overrideFields,
        ...(ruleChanged ? { exdates: [] } : {}),
        updatedAt: now,
      })
      .where(eq(events.id, row.id))
      .returning();
    if (!updated) throw notFound('Event not found');
    if (isSeries && ruleChanged) {
      await deleteEventRows(tx, familyId, eq(events.parentEventId, row.id), now);
    } else if (isSeries) {
      await carrySeriesEditIntoOverrides(ctx, tx, updated, now);
    }
    await syncTransportTasks(tx, updated, now);
    await onEventWritten(tx, ctx.config.PUBLIC_URL, row, updated, now);
    return toEventDto(updated, family);
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
  const family = await familyZone(ctx.db, familyId);
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
      if (row.parentEventId === null) requireOccurrence(series, occurrence, family);
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
