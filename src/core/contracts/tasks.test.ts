import { describe, expect, it } from 'vitest';
import {
  createTaskSchema,
  taskEditFormSchema,
  taskFormSchema,
  taskToFormValues,
  toCreateTaskPayload,
  toUpdateTaskPayload,
  updateTaskSchema,
  type TaskDto,
} from './tasks.ts';

const firstMessage = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('createTaskSchema', () => {
  const valid = { title: 'Pack lunch', assigned_to_ids: ['4'], due_date: '2026-12-01T07:30:00' };

  it('applies the SPEC §9 defaults and makes the first assignee assigned_to', () => {
    expect(createTaskSchema.parse({ ...valid, assigned_to_ids: ['4', 7, '4'] })).toEqual({
      title: 'Pack lunch',
      description: null,
      event_id: null,
      assigned_to: 4,
      assigned_to_ids: ['4', '7'],
      due_date: '2026-12-01T07:30:00',
      estimated_duration_minutes: 30,
      status: 'open',
      priority: 'medium',
      send_sms_reminder: true,
      reminder_frequency: '30_minutes_before',
    });
  });

  it('normalises the due date to minutes and refuses zoned or impossible dates', () => {
    expect(createTaskSchema.parse({ ...valid, due_date: '2026-12-01T07:30' }).due_date).toBe(
      '2026-12-01T07:30:00',
    );
    for (const due_date of [
      '2026-12-01T07:30:00Z',
      '2026-02-30T07:30:00',
      '12/01/2026',
      '2026-12-01T24:00',
    ]) {
      expect(firstMessage(createTaskSchema.safeParse({ ...valid, due_date })).due_date).toBe(
        'Please enter a valid date and time',
      );
    }
  });

  it.each([
    ['title', { title: '   ' }, 'Title is required'],
    ['title', { title: undefined }, 'Title is required'],
    ['due_date', { due_date: '' }, 'Date is required'],
    ['due_date', { due_date: null }, 'Date is required'],
    ['assigned_to_ids', { assigned_to_ids: [] }, 'Please select at least one assignee'],
    ['assigned_to_ids', { assigned_to_ids: undefined }, 'Please select at least one assignee'],
    ['assigned_to_ids.0', { assigned_to_ids: ['x'] }, 'Please select at least one assignee'],
    ['assigned_to', { assigned_to: 9 }, 'Assignee must be one of the selected assignees'],
    ['status', { status: 'done' }, 'Status must be open or completed'],
    ['priority', { priority: 'urgent' }, 'Priority must be low, medium or high'],
    [
      'reminder_frequency',
      { reminder_frequency: '2_hours_before' },
      'Please select a valid reminder frequency',
    ],
    ['estimated_duration_minutes', { estimated_duration_minutes: 0 }, 'Duration must be at least 1 minute'],
    ['send_sms_reminder', { send_sms_reminder: 'yes' }, 'SMS reminder must be true or false'],
  ])('refuses a bad %s with its message', (field, override, message) => {
    expect(firstMessage(createTaskSchema.safeParse({ ...valid, ...override }))[field]).toBe(message);
  });

  it('accepts every SPEC §9 reminder frequency and 30_minutes_before', () => {
    for (const f of [
      '15_minutes_before',
      '30_minutes_before',
      '1_hour_before',
      '4_hours_before',
      '1_day_before',
      'at_due_date',
    ]) {
      expect(createTaskSchema.safeParse({ ...valid, reminder_frequency: f }).success).toBe(true);
    }
  });

  it('lets a task posted by the event form have no due date', () => {
    const parsed = createTaskSchema.parse({ ...valid, due_date: null, event_id: '12' });
    expect(parsed).toMatchObject({ due_date: null, event_id: 12 });
  });
});

describe('updateTaskSchema', () => {
  it('takes a status alone', () => {
    expect(updateTaskSchema.parse({ status: 'completed' })).toEqual({ status: 'completed' });
  });
  it('refuses an empty update and bad values', () => {
    expect(firstMessage(updateTaskSchema.safeParse({}))._).toBe('Nothing to update');
    expect(firstMessage(updateTaskSchema.safeParse({ status: 'archived' })).status).toBe(
      'Status must be open or completed',
    );
    expect(firstMessage(updateTaskSchema.safeParse({ assigned_to_ids: [] })).assigned_to_ids).toBe(
      'Please select at least one assignee',
    );
  });
});

describe('the New Task form', () => {
  const values = {
    title: 'Soccer kit',
    assigned_to_ids: ['5', '3'],
    due_date: '2026-12-03',
    hour: '06',
    minute: '00',
    priority: 'medium' as const,
    estimated_duration_minutes: 30,
    description: '',
    status: 'open' as const,
  };

  it('shows the SPEC §5 messages inline', () => {
    const errors = firstMessage(
      taskFormSchema.safeParse({ ...values, title: '', due_date: '', assigned_to_ids: [] }),
    );
    expect(errors).toMatchObject({
      title: 'Title is required',
      due_date: 'Date is required',
      assigned_to_ids: 'Please select at least one assignee',
    });
  });

  it('builds the SPEC §7 payload: first selected as assigned_to, strings, local due date, SMS on', () => {
    expect(toCreateTaskPayload(values)).toEqual({
      title: 'Soccer kit',
      description: '',
      assigned_to: 5,
      assigned_to_ids: ['5', '3'],
      due_date: '2026-12-03T06:00:00',
      estimated_duration_minutes: 30,
      status: 'open',
      priority: 'medium',
      send_sms_reminder: true,
      reminder_frequency: '30_minutes_before',
    });
    // …and the server's schema accepts exactly that payload.
    expect(createTaskSchema.safeParse(toCreateTaskPayload(values)).success).toBe(true);
  });
});

describe('the Edit Task form (issue 21)', () => {
  const task: TaskDto = {
    id: 7,
    family_id: 1,
    title: 'Pack lunch',
    description: null,
    description_truncated: false,
    event_id: null,
    event_title: null,
    assigned_to: 3,
    assigned_to_ids: ['3', '4'],
    due_date: '2026-12-02T23:53:00',
    estimated_duration_minutes: 45,
    status: 'open',
    priority: 'high',
    send_sms_reminder: true,
    reminder_frequency: '30_minutes_before',
    last_reminder_sent: null,
  };

  it('reads a task in, its time on the nearest quarter hour without leaving its day', () => {
    expect(taskToFormValues(task)).toEqual({
      title: 'Pack lunch',
      assigned_to_ids: ['3', '4'],
      due_date: '2026-12-02',
      hour: '23',
      minute: '45',
      priority: 'high',
      estimated_duration_minutes: 45,
      description: '',
      status: 'open',
    });
    expect(taskToFormValues({ ...task, due_date: '2026-12-02T10:53:00' })).toMatchObject({
      hour: '11',
      minute: '00',
    });
  });

  it('keeps a task without a due date without one, and sends only what the form shows', () => {
    const values = taskToFormValues({ ...task, due_date: null });
    expect(values).toMatchObject({ due_date: '', hour: '06', minute: '00' });
    expect(taskFormSchema.safeParse(values).success).toBe(false);
    expect(taskEditFormSchema.safeParse(values).success).toBe(true);
    expect(toUpdateTaskPayload(values)).toEqual({
      title: 'Pack lunch',
      description: '',
      assigned_to: 3,
      assigned_to_ids: ['3', '4'],
      due_date: null,
      estimated_duration_minutes: 45,
      priority: 'high',
    });
    expect(updateTaskSchema.safeParse(toUpdateTaskPayload(values)).success).toBe(true);
  });
});
