/**
 * The event rows a write starts from and the columns it writes: loading a family's row (404 otherwise), checking
 * a payload's members and duration, compiling a payload to columns, and deleting rows with their reminders.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { DURATION_MESSAGE, isDurationChoice, type EventValues } from '../../core/contracts/events.ts';
import { buildRrule } from '../../core/recurrence/patterns.ts';
import { refusal } from '../../core/recurrence/occurrences.ts';
import { familyToEventTime } from '../../core/time/family-time.ts';
import type { DbOrTx } from '../db/types.ts';
import { eventColumns, type EventMemberLists, type EventRow } from '../db/event-members.ts';
import { events } from '../db/schema/events.ts';
import { families, familyMembers } from '../db/schema/families.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { cancelDeletedEventsReminders } from '../scheduler/hooks.ts';

/** The family's row. @throws HttpError 404 when the family does not exist. */
export async function loadFamily(db: DbOrTx, familyId: number) {
  const [family] = await db.select().from(families).where(eq(families.id, familyId));
  if (!family) throw notFound();
  return family;
}

/** One of the family's event rows (a one-off, a series or an override). @throws HttpError 404 for another family's id. */
export async function loadEvent(db: DbOrTx, familyId: number, id: number): Promise<EventRow> {
  const [row] = await db
    .select(eventColumns)
    .from(events)
    .where(and(eq(events.familyId, familyId), eq(events.id, id)));
  if (!row) throw notFound('Event not found');
  return row;
}

/**
 * Every member id the payload names must be one of the family's members.
 * @throws HttpError 400 naming the field, before anything is written.
 */
export async function checkMembers(db: DbOrTx, familyId: number, v: EventValues): Promise<void> {
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
export function checkDuration(v: EventValues, current: number | null): void {
  if (v.end_date !== null || v.is_all_day) return;
  if (isDurationChoice(v.duration_minutes) || v.duration_minutes === current) return;
  throw badRequest(DURATION_MESSAGE, { duration_minutes: DURATION_MESSAGE });
}

/** Where a row's times live: its own zone (null = floating) and the family's, which the wire speaks. */
export interface Zones {
  zone: string | null;
  family: string;
}

/**
 * The row's columns for a payload; recurrence is compiled to an RRULE only when `asSeries`. The payload's times
 * (family wall-clock) are written in the row's own zone (`zones.zone`); an all-day event has none.
 * @throws HttpError 400 (field `start_date`) when the engine would refuse the result (src/core/recurrence).
 */
export function columnsFor(v: EventValues, asSeries: boolean, zones: Zones) {
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

/** The payload's member lists (`attendees`, `alert_members`) as an `EventRow` carries them. */
export function listsOf(v: EventValues): EventMemberLists {
  return { attendees: v.attendees, alertMembers: v.alert_members };
}

/** The family's IANA zone (families.timezone). @throws HttpError 404 when the family does not exist. */
export async function familyZone(db: DbOrTx, familyId: number): Promise<string> {
  return (await loadFamily(db, familyId)).timezone;
}

/**
 * Deletes the family's event rows matching `where` (a series takes its overrides with it, and every event its
 * tasks, by the foreign keys' cascades), first cancelling the pending reminders of all of them in the same
 * transaction (issue 8).
 */
export async function deleteEventRows(tx: DbOrTx, familyId: number, where: SQL, now: Date): Promise<void> {
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
