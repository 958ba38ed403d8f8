import { describe, expect, it } from 'vitest';
import type { EventPrefill } from '../../../core/contracts/event-prefill.ts';
import { occurrenceDto } from '../../../../test/web/dtos.ts';
import { initialValues } from './form-values.ts';

const NO_PREFILL: EventPrefill = {
  date: null,
  hour: null,
  minute: null,
  durationMinutes: null,
  title: null,
  attendees: [],
  allDay: false,
  lastDay: null,
  repeat: null,
  until: null,
};

describe('initialValues of a new event', () => {
  it("starts on the family's today at SPEC §9's defaults", () => {
    expect(initialValues(undefined, NO_PREFILL, '2026-11-22')).toMatchObject({
      title: '',
      event_date: '2026-11-22',
      start_hour: '09',
      start_minute: '00',
      duration_minutes: 60,
      category: 'family',
      priority: 'medium',
      is_recurring: false,
      has_pickup: false,
      pickup_minutes_before: 15,
    });
  });

  it("takes Quick add's prefill, the minute rounded to the form's 15-minute choices", () => {
    const prefill = {
      ...NO_PREFILL,
      date: '2026-12-03',
      hour: '15',
      minute: '53',
      durationMinutes: 45,
      title: 'Dentist',
      attendees: ['4'],
      repeat: 'weekly',
      until: '2027-01-31',
    } satisfies EventPrefill;
    expect(initialValues(undefined, prefill, '2026-11-22')).toMatchObject({
      title: 'Dentist',
      event_date: '2026-12-03',
      start_hour: '16',
      start_minute: '00',
      duration_minutes: 45,
      attendees: ['4'],
      is_recurring: true,
      recurrence_pattern: 'weekly',
      recurrence_end_date: '2027-01-31',
    });
  });

  it('makes an all-day prefill end on its last day, or on its first', () => {
    const allDay = { ...NO_PREFILL, date: '2026-12-24', allDay: true };
    expect(initialValues(undefined, allDay, '2026-11-22')).toMatchObject({
      is_all_day: true,
      end_date: '2026-12-24',
    });
    expect(initialValues(undefined, { ...allDay, lastDay: '2026-12-26' }, '2026-11-22').end_date).toBe(
      '2026-12-26',
    );
  });
});

describe('initialValues of an existing event', () => {
  it("reads its fields, its time rounded to 15 minutes, its member ids as the form's strings", () => {
    const event = occurrenceDto({
      start_date: '2026-11-23T10:53:00',
      end_date: '2026-11-23T11:53:00',
      duration_minutes: 60,
      organizer_id: 3,
      pickup_assigned_to: 4,
      has_pickup: true,
      location: null,
    });
    expect(initialValues(event, NO_PREFILL, '2026-11-22')).toMatchObject({
      event_date: '2026-11-23',
      start_hour: '11',
      start_minute: '00',
      organizer_id: '3',
      pickup_assigned_to: '4',
      dropoff_assigned_to: '',
      location: '',
      description: '',
    });
  });

  it('falls back to other / medium / no pattern for values the form does not offer, and to defaults when all day', () => {
    const event = occurrenceDto({
      category: 'gala',
      priority: 'urgent',
      recurrence_pattern: 'FREQ=HOURLY',
      is_all_day: true,
    });
    expect(initialValues(event, NO_PREFILL, '2026-11-22')).toMatchObject({
      category: 'other',
      priority: 'medium',
      recurrence_pattern: '',
      start_hour: '09',
      start_minute: '00',
      duration_minutes: 60,
    });
  });
});
