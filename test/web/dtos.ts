import type { DrivingLegDto } from '../../src/core/contracts/driving.ts';
import type { EventOccurrenceDto } from '../../src/core/contracts/events.ts';
import type { FamilyMemberDto } from '../../src/core/contracts/members.ts';

/**
 * Wire objects for the web layer's unit tests, so each test names only the fields it varies. Defaults: a one-off
 * timed occurrence (event 1 of family 1, "Soccer practice", Mon 2026-11-23 16:00–17:30 family time, nobody
 * attending, no transport).
 */
export function occurrenceDto(overrides: Partial<EventOccurrenceDto> = {}): EventOccurrenceDto {
  return {
    id: 1,
    family_id: 1,
    title: 'Soccer practice',
    description: null,
    start_date: '2026-11-23T16:00:00',
    end_date: '2026-11-23T17:30:00',
    duration_minutes: 90,
    is_all_day: false,
    timezone: null,
    location: null,
    organizer_id: null,
    attendees: [],
    alert_members: [],
    category: 'activity',
    priority: 'medium',
    has_pickup: false,
    pickup_assigned_to: null,
    pickup_minutes_before: 15,
    has_dropoff: false,
    dropoff_assigned_to: null,
    dropoff_minutes_before: 15,
    is_recurring: false,
    recurrence_pattern: null,
    recurrence_end_date: null,
    rrule: null,
    exdates: [],
    parent_event_id: null,
    recurrence_id: null,
    created_at: '2026-11-01T12:00:00.000Z',
    updated_at: '2026-11-01T12:00:00.000Z',
    description_truncated: false,
    exdates_truncated: false,
    series_id: null,
    is_multi_day: false,
    occurrence_start: null,
    is_exception: false,
    ...overrides,
  };
}

/** A family member on the wire: member 1, "Ana Rivera", a blue parent without e-mail, phone or login. */
export function memberDto(overrides: Partial<FamilyMemberDto> = {}): FamilyMemberDto {
  return {
    id: 1,
    name: 'Ana Rivera',
    color: 'blue',
    role: 'parent',
    email: null,
    phone_number: null,
    daily_summary_enabled: false,
    driving_alerts_enabled: false,
    has_login: false,
    is_owner: false,
    is_you: false,
    phone_verified: false,
    phone_code_pending: false,
    reminder_channel: null,
    reminder_gap: null,
    push_devices: 0,
    ...overrides,
  };
}

/** A pickup of event 1 on 2026-11-23 at 17:30 with no driver and no issues (`GET /api/driving`'s leg). */
export function drivingLegDto(overrides: Partial<DrivingLegDto> = {}): DrivingLegDto {
  return {
    key: '1',
    kind: 'pickup',
    event_id: 1,
    series_id: null,
    occurrence_start: null,
    title: 'Soccer practice',
    driver_id: null,
    passenger_ids: [],
    day: '2026-11-23',
    at: '2026-11-23T17:30:00',
    from: '2026-11-23T17:15:00',
    to: '2026-11-23T17:30:00',
    issues: [],
    issues_truncated: false,
    ...overrides,
  };
}
