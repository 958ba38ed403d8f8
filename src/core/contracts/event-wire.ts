import { z } from 'zod';

const id = z.number().int();
const nullableId = id.nullable();
const text = z.string();
const nullableText = text.nullable();

/**
 * An event on the wire (SPEC §3 Event, snake_case), as answered by GET/POST/PATCH. The server serializes list
 * replies through this schema (its JSON Schema, http/response-schema.ts), so a field missing here is a field the
 * client never sees.
 */
export const eventDtoSchema = z.object({
  id,
  family_id: id,
  title: text,
  description: nullableText,
  /** Wall-clock `YYYY-MM-DDTHH:mm:00` in the family's zone (all-day: the DATE at `T00:00:00`). */
  start_date: text,
  end_date: nullableText,
  duration_minutes: z.number(),
  is_all_day: z.boolean(),
  /** The IANA zone (TZID) the event itself runs in; null for floating and all-day events. */
  timezone: nullableText,
  location: nullableText,
  organizer_id: nullableId,
  attendees: z.array(text),
  alert_members: z.array(text),
  category: text,
  priority: text,
  has_pickup: z.boolean(),
  pickup_assigned_to: nullableId,
  pickup_minutes_before: z.number(),
  has_dropoff: z.boolean(),
  dropoff_assigned_to: nullableId,
  dropoff_minutes_before: z.number(),
  is_recurring: z.boolean(),
  recurrence_pattern: nullableText,
  recurrence_end_date: nullableText,
  /** RFC 5545 RRULE value of a series, read in the event's own zone, else null. */
  rrule: nullableText,
  /** Starts removed from the series (EXDATE), in the series' own terms (like `occurrence_start`). */
  exdates: z.array(text),
  /** For an override ("this event only" edit): the series it belongs to. */
  parent_event_id: nullableId,
  /** For an override: the start of the occurrence it replaces (RECURRENCE-ID), in the series' own terms. */
  recurrence_id: nullableText,
  created_at: text,
  updated_at: text,
});
export type EventDto = z.infer<typeof eventDtoSchema>;

/**
 * One occurrence in `GET /api/events` (SPEC §7 "list"): the event's fields with this occurrence's own
 * `start_date` / `end_date` (`end_date` always set: the computed local end), plus:
 * - `id`: the row to open (`/add-event/{id}`): the series for a generated occurrence, the override row for an exception;
 * - `series_id`: the series, or null for a one-off event;
 * - `occurrence_start`: this occurrence's original start within its series (RECURRENCE-ID, in the series' own
 *   zone; for events made in the app that is the family's), what `?occurrence=` takes; null for a one-off;
 * - `is_exception`: true when this occurrence was edited on its own (an override row);
 * - `description`, `exdates`: cut in the list (issue 42, ADR 046), see `description_truncated`, `exdates_truncated`;
 * - `is_multi_day`: SPEC §9's rule on the stored event (all-day, or a stored end on another day), for the
 *   All Day band; a timed event that runs past midnight is not multi-day.
 */
export const eventOccurrenceDtoSchema = eventDtoSchema.extend({
  /**
   * In the list only the description's start (issue 42, ADR 046: 12 lines within 1 KiB); `GET /api/events/{id}`
   * has all of it. `description_truncated` says whether more was left out.
   */
  description_truncated: z.boolean(),
  /** At most 20 of the series' removed starts are listed; true when it has more (`GET /api/events/{id}` has all). */
  exdates_truncated: z.boolean(),
  series_id: nullableId,
  is_multi_day: z.boolean(),
  occurrence_start: nullableText,
  is_exception: z.boolean(),
});
export type EventOccurrenceDto = z.infer<typeof eventOccurrenceDtoSchema>;
