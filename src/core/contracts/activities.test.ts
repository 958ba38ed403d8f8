import { describe, expect, it } from 'vitest';
import {
  activityFormSchema,
  type ActivityFormValues,
  conversionDurationMinutes,
  createActivitySchema,
  toActivityConversionPayload,
  toActivityPayload,
  updateActivitySchema,
} from './activities.ts';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('createActivitySchema', () => {
  it('defaults to category other and status pending, empties to null', () => {
    expect(
      createActivitySchema.parse({ title: 'Piano', assigned_to: 2, assigned_by: '3', location: ' ' }),
    ).toEqual({
      title: 'Piano',
      description: null,
      assigned_to: 2,
      assigned_by: 3,
      category: 'other',
      due_date: null,
      estimated_duration: null,
      location: null,
      notes: null,
      status: 'pending',
    });
  });

  it.each([
    ['title', { title: '' }, 'Title is required'],
    ['assigned_to', { assigned_to: 0 }, 'Please select who this is assigned to'],
    ['assigned_to', { assigned_to: undefined }, 'Please select who this is assigned to'],
    ['assigned_by', { assigned_by: 'me' }, 'Please select who is assigning this'],
    ['category', { category: 'sport' }, 'Please select a category'],
    ['status', { status: 'accepted' }, 'A new activity request is always pending'],
    ['due_date', { due_date: '2026-13-01T09:00:00' }, 'Please enter a valid date and time'],
  ])('refuses a bad %s', (field, override, message) => {
    expect(
      messages(
        createActivitySchema.safeParse({ title: 'Piano', assigned_to: 2, assigned_by: 3, ...override }),
      )[field],
    ).toBe(message);
  });

  it('keeps a numeric duration as text and ignores priority', () => {
    const parsed = createActivitySchema.parse({
      title: 'P',
      assigned_to: 1,
      assigned_by: 1,
      estimated_duration: 90,
      priority: 'high',
    });
    expect(parsed.estimated_duration).toBe('90');
    expect(parsed).not.toHaveProperty('priority');
  });
});

describe('updateActivitySchema', () => {
  it('takes a status with an ISO response date', () => {
    const parsed = updateActivitySchema.parse({
      status: 'accepted',
      response_date: '2026-11-22T16:00:00.000Z',
    });
    expect(parsed.status).toBe('accepted');
    expect(parsed.response_date?.toISOString()).toBe('2026-11-22T16:00:00.000Z');
  });
  it('refuses unknown statuses, zone-less response dates and empty updates', () => {
    expect(messages(updateActivitySchema.safeParse({ status: 'maybe' })).status).toBe(
      'Status must be pending, accepted or declined',
    );
    expect(
      messages(updateActivitySchema.safeParse({ status: 'accepted', response_date: 'yesterday' }))
        .response_date,
    ).toBe('Response date must be an ISO timestamp');
    expect(messages(updateActivitySchema.safeParse({}))._).toBe('Nothing to update');
  });
});

describe('the Activity request form', () => {
  const values: ActivityFormValues = {
    title: 'Dentist',
    date: '2026-12-04',
    hour: '09',
    minute: '00',
    duration: '60',
    location: '',
    category: 'appointment',
    priority: 'high',
    assigned_to: 4,
    assigned_by: 2,
    description: '',
  };

  it('shows the SPEC §5 messages', () => {
    expect(
      messages(activityFormSchema.safeParse({ ...values, title: '', assigned_to: 0, assigned_by: 0 })),
    ).toEqual({
      title: 'Title is required',
      assigned_to: 'Please select who this is assigned to',
      assigned_by: 'Please select who is assigning this',
    });
  });

  it('drops empty values, combines date and time, sends the duration and no priority', () => {
    expect(toActivityPayload(values)).toEqual({
      title: 'Dentist',
      assigned_to: 4,
      assigned_by: 2,
      category: 'appointment',
      due_date: '2026-12-04T09:00:00',
      estimated_duration: '60',
      status: 'pending',
    });
    expect(toActivityPayload({ ...values, date: '', duration: '' })).not.toHaveProperty('due_date');
    expect(createActivitySchema.safeParse(toActivityPayload(values)).success).toBe(true);
  });

  it('on edit sends no status and clears an emptied field with null', () => {
    const previous = {
      description: 'old',
      due_date: '2026-12-01T08:00:00',
      estimated_duration: '30',
      location: 'Clinic',
    };
    const payload = toActivityPayload(values, previous);
    expect(payload).toEqual({
      title: 'Dentist',
      assigned_to: 4,
      assigned_by: 2,
      category: 'appointment',
      due_date: '2026-12-04T09:00:00',
      estimated_duration: '60',
      description: null,
      location: null,
    });
    expect(updateActivitySchema.safeParse(payload).success).toBe(true);
    expect(toActivityPayload({ ...values, date: '' }, previous).due_date).toBeNull();
    expect(toActivityPayload({ ...values, date: '' }, { ...previous, due_date: null })).not.toHaveProperty(
      'due_date',
    );
  });
});

describe('Add to Calendar payload', () => {
  const proposal = {
    title: 'Dentist',
    description: null,
    due_date: '2026-12-04T09:00:00',
    estimated_duration: '2 hours',
    location: 'Clinic',
    assigned_to: 4,
    assigned_by: 2,
    category: 'appointment' as const,
  };

  it('is the SPEC §7 conversion payload', () => {
    expect(toActivityConversionPayload(proposal, '2026-11-22T08:00:05')).toEqual({
      title: 'Dentist',
      description: '',
      start_date: '2026-12-04T09:00:00',
      duration_minutes: 120,
      location: 'Clinic',
      organizer_id: 2,
      attendees: ['4'],
      category: 'appointment',
      priority: 'medium',
    });
  });

  it('starts now when undated and calls every other category an activity', () => {
    const payload = toActivityConversionPayload(
      { ...proposal, due_date: null, category: 'chore' },
      '2026-11-22T08:00:05',
    );
    expect(payload.start_date).toBe('2026-11-22T08:00:05');
    expect(payload.category).toBe('activity');
  });

  it('takes the first number of the duration times 60, default 60', () => {
    expect(conversionDurationMinutes('60')).toBe(60);
    expect(conversionDurationMinutes('90')).toBe(90);
    expect(conversionDurationMinutes('about 1.5 hours or 2')).toBe(90);
    expect(conversionDurationMinutes('2h')).toBe(120);
    expect(conversionDurationMinutes('2 hrs')).toBe(120);
    expect(conversionDurationMinutes('a while')).toBe(60);
    expect(conversionDurationMinutes(null)).toBe(60);
    expect(conversionDurationMinutes('0')).toBe(60);
    // Always one of SPEC §9's duration choices (issue 21).
    expect(conversionDurationMinutes('50')).toBe(45);
    expect(conversionDurationMinutes('7')).toBe(15);
    expect(conversionDurationMinutes('10 hours')).toBe(480);
  });
});
