import {
  EVENT_CATEGORIES,
  EVENT_DEFAULTS,
  formDatesOf,
  PRIORITIES,
  type EventDto,
  type EventFormValues,
} from '../../../core/contracts/events.ts';
import type { EventPrefill } from '../../../core/contracts/event-prefill.ts';
import { RECURRENCE_PATTERNS } from '../../../core/recurrence/patterns.ts';
import { roundedTimeChoice } from '../../../core/tasks/time-choices.ts';

/**
 * The form's starting values: an existing event's, or the defaults with the query's prefill (`readEventPrefill`:
 * SPEC §2's `date` and `hour`, and what Quick add understood: title, minute, duration, attendees, all day,
 * repeat). A prefilled minute is rounded to the form's 15-minute choices (SPEC §9).
 * `today` (`YYYY-MM-DD`) is the new event's default day: the family's date (`todayIn(family zone)`), not the
 * device's, which differs for part of every day (issue 18).
 */
export function initialValues(
  event: EventDto | undefined,
  prefill: EventPrefill,
  today: string,
): EventFormValues {
  if (event) {
    return {
      title: event.title,
      ...formDatesOf(event),
      // An all-day event has no time: switched to timed, it starts at the default hour for the default length.
      // SPEC §9: read-in times rounded to the nearest 15 minutes (10:53 → 11:00).
      start_hour: event.is_all_day ? EVENT_DEFAULTS.hour : roundedTimeChoice(event.start_date).hour,
      start_minute: event.is_all_day
        ? EVENT_DEFAULTS.minute
        : (roundedTimeChoice(event.start_date).minute as EventFormValues['start_minute']),
      duration_minutes: event.is_all_day ? EVENT_DEFAULTS.durationMinutes : event.duration_minutes,
      location: event.location ?? '',
      category: (EVENT_CATEGORIES as readonly string[]).includes(event.category)
        ? (event.category as EventFormValues['category']) // checked by the includes() just above
        : 'other',
      priority: (PRIORITIES as readonly string[]).includes(event.priority)
        ? (event.priority as EventFormValues['priority']) // checked by the includes() just above
        : 'medium',
      organizer_id: event.organizer_id === null ? '' : String(event.organizer_id),
      attendees: event.attendees,
      alert_members: event.alert_members,
      description: event.description ?? '',
      is_recurring: event.is_recurring,
      recurrence_pattern:
        event.recurrence_pattern &&
        (RECURRENCE_PATTERNS as readonly string[]).includes(event.recurrence_pattern)
          ? (event.recurrence_pattern as EventFormValues['recurrence_pattern']) // checked just above
          : '',
      recurrence_end_date: event.recurrence_end_date ?? '',
      has_dropoff: event.has_dropoff,
      dropoff_assigned_to: event.dropoff_assigned_to === null ? '' : String(event.dropoff_assigned_to),
      dropoff_minutes_before: event.dropoff_minutes_before,
      has_pickup: event.has_pickup,
      pickup_assigned_to: event.pickup_assigned_to === null ? '' : String(event.pickup_assigned_to),
      pickup_minutes_before: event.pickup_minutes_before,
    };
  }
  const eventDate = prefill.date ?? today;
  const time =
    prefill.hour === null
      ? { hour: EVENT_DEFAULTS.hour, minute: EVENT_DEFAULTS.minute }
      : roundedTimeChoice(`${eventDate}T${prefill.hour}:${prefill.minute ?? '00'}`);
  return {
    title: prefill.title ?? '',
    event_date: eventDate,
    is_all_day: prefill.allDay,
    is_multi_day: false,
    end_date: prefill.allDay ? (prefill.lastDay ?? eventDate) : '',
    start_hour: time.hour,
    start_minute: time.minute as EventFormValues['start_minute'], // roundedTimeChoice answers a MINUTE_CHOICES value
    duration_minutes: prefill.durationMinutes ?? EVENT_DEFAULTS.durationMinutes,
    location: '',
    category: EVENT_DEFAULTS.category,
    priority: EVENT_DEFAULTS.priority,
    organizer_id: '',
    attendees: prefill.attendees,
    alert_members: [],
    description: '',
    is_recurring: prefill.repeat !== null,
    recurrence_pattern: prefill.repeat ?? '',
    recurrence_end_date: prefill.until ?? '',
    has_dropoff: false,
    dropoff_assigned_to: '',
    dropoff_minutes_before: EVENT_DEFAULTS.leadMinutes,
    has_pickup: false,
    pickup_assigned_to: '',
    pickup_minutes_before: EVENT_DEFAULTS.leadMinutes,
  };
}
