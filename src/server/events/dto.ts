/**
 * Event rows and task rows as the wire gives them (SPEC §3, snake_case): the only place a column becomes a field.
 */
import { eventToFamilyTime } from '../../core/time/family-time.ts';
import type { EventDto, EventOccurrenceDto, EventTaskDto } from '../../core/contracts/events.ts';
import {
  DESCRIPTION_PREVIEW_MAX_BYTES,
  DESCRIPTION_PREVIEW_MAX_LINES,
  EVENT_LIST_EXDATES_MAX,
} from '../../core/contracts/quotas.ts';
import { optionalPreview } from '../../core/text/preview.ts';
import type { EventRow } from '../db/event-members.ts';
import type { TaskRow } from '../db/task-assignees.ts';

/** A row's wall-clock time (in its own zone) as the wire gives it: family wall-clock (see `eventToFamilyTime`). */
export function toFamilyTime(row: EventRow, local: string, familyZone: string): string {
  return eventToFamilyTime(local, row.timezone, row.isAllDay, familyZone);
}

/**
 * A row's fields on the wire (SPEC §3 Event, snake_case) with the given times; no column leaks unlisted. One
 * object literal, built once per occurrence of a list: a `{ ...dto, … }` spread per occurrence took 2.0 ms of a
 * 12–15 ms `GET /api/events`, the largest cost after the expansion (the profile of 2026-11-23 in
 * `git show ed38e04:docs/performance.md`, "Why the bare route fell from ≈ 450 to ≈ 60 req/s").
 */
function eventFields(row: EventRow, start: string, end: string | null): EventDto {
  return {
    id: row.id,
    family_id: row.familyId,
    title: row.title,
    description: row.description,
    start_date: start,
    end_date: end,
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

/**
 * Maps a row to the wire. `start_date` / `end_date` are the family's wall-clock time (SPEC §7); `timezone` says
 * which zone the event itself runs in; `exdates` and `recurrence_id` stay in the series' own terms (they identify
 * occurrences, like `occurrence_start`).
 */
export function toEventDto(row: EventRow, familyZone: string): EventDto {
  const end = row.endDate === null ? null : toFamilyTime(row, row.endDate, familyZone);
  return eventFields(row, toFamilyTime(row, row.startDate, familyZone), end);
}

/** The start of a description a list carries (issue 42, ADR 046), and whether more was left out. */
function descriptionStart(description: string | null) {
  const { text, truncated } = optionalPreview(
    description,
    DESCRIPTION_PREVIEW_MAX_LINES,
    DESCRIPTION_PREVIEW_MAX_BYTES,
  );
  return { description: text, description_truncated: truncated };
}

/**
 * One occurrence on the wire (`EventOccurrenceDto`): the row's fields with the occurrence's own times
 * (`o.start` / `o.end`, already family wall-clock) and identity, in one object literal of all 34 fields: adding the
 * occurrence's four to `eventFields`' literal with `Object.assign` changed the object's shape per occurrence
 * (found with ADR 024, `git show ed38e04:docs/performance.md`, "One round trip for the calendar's read"). The
 * fields are `eventFields`' (a test holds the two to the same keys and values).
 */
export function toOccurrenceDto(
  row: EventRow,
  o: { start: string; end: string; seriesId: number | null; occurrenceId: string | null },
  multiDay: boolean,
): EventOccurrenceDto {
  return {
    id: row.id,
    family_id: row.familyId,
    title: row.title,
    ...descriptionStart(row.description),
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
    exdates: row.exdates.slice(0, EVENT_LIST_EXDATES_MAX),
    exdates_truncated: row.exdates.length > EVENT_LIST_EXDATES_MAX,
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

/** Maps a task row to the wire (SPEC §3 Task). */
export function toEventTaskDto(row: TaskRow): EventTaskDto {
  return {
    id: row.id,
    family_id: row.familyId,
    title: row.title,
    description: row.description,
    description_truncated: false,
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
    occurrence_start: row.occurrenceStart,
    created_at: row.createdAt.toISOString(),
  };
}
