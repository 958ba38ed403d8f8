import { describe, expect, it } from 'vitest';
import {
  eventFormSchema,
  eventInputSchema,
  formDatesOf,
  formToEventInput,
  type EventFormValues,
} from './events.ts';

const form: EventFormValues = {
  title: 'Soccer practice',
  event_date: '2026-11-23',
  is_all_day: false,
  is_multi_day: false,
  end_date: '',
  start_hour: '16',
  start_minute: '30',
  duration_minutes: 90,
  location: 'Riverside Park',
  category: 'activity',
  priority: 'high',
  organizer_id: '1',
  attendees: ['3'],
  alert_members: ['2'],
  description: '',
  is_recurring: true,
  recurrence_pattern: 'weekly',
  recurrence_end_date: '',
  has_dropoff: false,
  dropoff_assigned_to: '',
  dropoff_minutes_before: 15,
  has_pickup: true,
  pickup_assigned_to: '2',
  pickup_minutes_before: 30,
};

const messages = (values: Partial<EventFormValues>) => {
  const result = eventFormSchema.safeParse({ ...form, ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('event form schema (SPEC §5)', () => {
  it('uses the spec messages for the required date and time', () => {
    expect(messages({ event_date: '' })).toMatchObject({ event_date: 'Date is required' });
    expect(messages({ start_hour: '' })).toMatchObject({ start_hour: 'Start hour is required' });
    expect(messages({ start_minute: '' as EventFormValues['start_minute'] })).toMatchObject({
      start_minute: 'Start minute is required',
    });
  });

  it('refuses a recurrence end before the event date but not a pickup with its driver to be decided', () => {
    expect(messages({ recurrence_end_date: '2026-11-22' })).toMatchObject({
      recurrence_end_date: 'Recurrence end date cannot be before the event date',
    });
    // Issue 27: a pickup with its driver to be decided is allowed.
    expect(messages({ has_pickup: true, pickup_assigned_to: '' })).not.toHaveProperty('pickup_assigned_to');
    expect(messages({ is_multi_day: true, end_date: '2026-11-20' })).toMatchObject({
      end_date: 'End date cannot be before the start date',
    });
  });
});

describe('the form schema is derived from the payload schema (issue 26)', () => {
  const payloadMessages = (values: Partial<EventFormValues>) => {
    const result = eventInputSchema.safeParse(formToEventInput({ ...form, ...values }, 'create'));
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it.each<[string, Partial<EventFormValues>]>([
    ['a multi-day end before the start', { is_multi_day: true, end_date: '2026-11-22' }],
    ['a recurring event without a pattern', { is_recurring: true, recurrence_pattern: '' }],
    [
      'a recurrence end before the event date',
      { is_recurring: true, recurrence_pattern: 'weekly', recurrence_end_date: '2026-11-01' },
    ],
    ['a title too long', { title: 'x'.repeat(201) }],
    ['a location too long', { location: 'x'.repeat(301) }],
    ['a description too long', { description: 'x'.repeat(5001) }],
  ])('refuses %s with the same message on the form and the payload', (_, values) => {
    const onForm = messages(values);
    expect(Object.keys(onForm)).toHaveLength(1);
    expect(payloadMessages(values)).toEqual(onForm);
  });
});

describe('formToEventInput', () => {
  it('builds the SPEC §7 payload with local timestamps, which the server schema accepts', () => {
    const input = formToEventInput(form, 'create');
    expect(input).toMatchObject({
      start_date: '2026-11-23T16:30:00',
      end_date: null,
      organizer_id: 1,
      pickup_assigned_to: 2,
      dropoff_assigned_to: null,
      recurrence_pattern: 'weekly',
      recurrence_end_date: null,
      alert_members: ['2'],
    });
    expect(eventInputSchema.safeParse(input).success).toBe(true);
  });

  it('ends a multi-day event at the start time on its end date, and leaves alert_members out of updates', () => {
    const input = formToEventInput(
      { ...form, is_multi_day: true, end_date: '2026-11-25', is_recurring: false },
      'update',
    );
    expect(input.end_date).toBe('2026-11-25T16:30:00');
    expect(input.recurrence_pattern).toBeNull();
    expect('alert_members' in input).toBe(false);
  });
});

describe('all-day events in the form (issue 22)', () => {
  const allDay = (start: string, end: string | null) => ({
    start_date: start,
    end_date: end,
    duration_minutes: 1440,
    is_all_day: true,
  });

  it('reads an imported one-day event (no end) without asking for an end date', () => {
    const dates = formDatesOf(allDay('2026-11-23T00:00:00', null));
    expect(dates).toEqual({
      event_date: '2026-11-23',
      is_all_day: true,
      is_multi_day: false,
      end_date: '2026-11-23',
    });
    expect(messages({ ...dates, is_recurring: false })).toEqual({});
    // Also when the end date field is left empty.
    expect(messages({ ...dates, end_date: '', is_recurring: false })).toEqual({});
  });

  it('shows the last day of an exclusive end (DTEND) and sends the exclusive end back', () => {
    const stored = allDay('2026-11-19T00:00:00', '2026-11-23T00:00:00');
    const dates = formDatesOf(stored);
    expect(dates).toMatchObject({ event_date: '2026-11-19', end_date: '2026-11-22', is_all_day: true });
    const input = formToEventInput({ ...form, ...dates, is_recurring: false }, 'update');
    expect(input).toMatchObject({
      is_all_day: true,
      start_date: '2026-11-19T00:00:00',
      end_date: '2026-11-23T00:00:00',
    });
    expect(eventInputSchema.safeParse(input).success).toBe(true);
  });

  it('sends a one-day event as its DATE with no end, and a timed event as not all-day', () => {
    const one = formToEventInput({ ...form, is_all_day: true, end_date: '2026-11-23' }, 'create');
    expect(one).toMatchObject({ is_all_day: true, start_date: '2026-11-23T00:00:00', end_date: null });
    expect(formToEventInput(form, 'update').is_all_day).toBe(false);
    // The same stored values come back from the form unchanged.
    expect(formDatesOf(allDay('2026-11-23T00:00:00', '2026-11-24T00:00:00'))).toMatchObject({
      end_date: '2026-11-23',
    });
  });

  it('refuses an all-day end before its start', () => {
    expect(messages({ is_all_day: true, end_date: '2026-11-20' })).toMatchObject({
      end_date: 'End date cannot be before the start date',
    });
  });

  it('reads a timed multi-day event as before', () => {
    expect(
      formDatesOf({
        start_date: '2026-11-28T08:00:00',
        end_date: '2026-11-29T16:00:00',
        duration_minutes: 60,
        is_all_day: false,
      }),
    ).toEqual({ event_date: '2026-11-28', is_all_day: false, is_multi_day: true, end_date: '2026-11-29' });
  });
});
