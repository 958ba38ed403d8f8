import { z } from 'zod';
import { roundedTimeChoice } from '../tasks/time-choices.ts';
import { normalizeLocal, parseLocal } from '../time/local-time.ts';
import { DURATION_CHOICES } from './events.ts';
import { DESCRIPTION_PREVIEW_MAX_BYTES, DESCRIPTION_PREVIEW_MAX_LINES } from './quotas.ts';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '../text/clean.ts';

/** SPEC §3 Task statuses; `open` is the default. */
export const TASK_STATUSES = ['open', 'completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** SPEC §3 priorities, shared by tasks, events and activity requests; `medium` is the default. */
export const PRIORITIES = ['low', 'medium', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** How a priority reads in forms and badges ('Medium'). */
export const PRIORITY_LABELS: Readonly<Record<Priority, string>> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

/** The priorities as select options (value `medium`, label 'Medium'), in SPEC §3 order. */
export const PRIORITY_CHOICES: readonly { value: Priority; label: string }[] = PRIORITIES.map((p) => ({
  value: p,
  label: PRIORITY_LABELS[p],
}));

/**
 * SPEC §9 reminder frequencies plus the default `30_minutes_before` (SPEC §3, §7: the New Task screen always
 * sends it).
 */
export const REMINDER_FREQUENCIES = [
  '15_minutes_before',
  '30_minutes_before',
  '1_hour_before',
  '4_hours_before',
  '1_day_before',
  'at_due_date',
] as const;
export type ReminderFrequency = (typeof REMINDER_FREQUENCIES)[number];

/** Longest title the `tasks.title` / `activity_proposals.title` columns hold (varchar 200). */
export const TITLE_MAX = 200;
/** Longest description we store; generous for free text, bounded so one row cannot grow without limit. */
export const DESCRIPTION_MAX = 5000;
/** Longest estimated task duration in minutes: one day. */
export const TASK_DURATION_MAX_MINUTES = 1440;
/** Most assignees one task can have (a family is small; this only bounds the payload). */
export const ASSIGNEES_MAX = 50;

export const ASSIGNEE_REQUIRED_MESSAGE = 'Please select at least one assignee';
/** SPEC §8: the toast the New Task screen shows when submitted without an assignee. */
export const ASSIGNEE_REQUIRED_TOAST = 'Please select at least one assignee.';
export const DATE_REQUIRED_MESSAGE = 'Date is required';
export const INVALID_DATE_MESSAGE = 'Please enter a valid date and time';
/** The 400 field message when an id in the payload names no member of the caller's family. */
export const NOT_A_MEMBER_MESSAGE = 'Please select a member of your family';

const PG_INT_MAX = 2_147_483_647;

/**
 * A family member id, as a positive integer or its decimal string (SPEC §7 sends `assigned_to_ids` as strings,
 * `assigned_to` as a number). Parses to a number; `message` is used for every kind of bad value.
 */
export function memberIdSchema(message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v.trim()) : v),
    z.number(message).int(message).positive(message).max(PG_INT_MAX, message),
  );
}

/**
 * A local wall-clock date-time `YYYY-MM-DDTHH:mm[:ss]` without zone (SPEC §7 "Dates are sent as local
 * timestamps"), normalised to the stored `YYYY-MM-DDTHH:mm:00`. Missing or empty → `requiredMessage`;
 * malformed or not a real date (2026-02-30, or a value with a zone such as `Z`) → `INVALID_DATE_MESSAGE`.
 */
export function localDateTimeSchema(requiredMessage: string) {
  return z
    .string(requiredMessage)
    .trim()
    .min(1, requiredMessage)
    .refine((v) => parseLocal(v) !== null, INVALID_DATE_MESSAGE)
    .transform((v) => normalizeLocal(v));
}

/** Optional free text: trimmed, empty or absent → null, at most `max` characters. */
export function optionalTextSchema(label: string, max: number) {
  return z
    .string(`${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
}

const title = z
  .string('Title is required')
  .trim()
  .min(1, 'Title is required')
  .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`)
  .refine((v) => !hasControlCharacter(v), CONTROL_CHARACTER_MESSAGE);
const description = optionalTextSchema('Description', DESCRIPTION_MAX);
const assignedTo = memberIdSchema(ASSIGNEE_REQUIRED_MESSAGE).nullish();
const assignedToIds = z
  .array(memberIdSchema(ASSIGNEE_REQUIRED_MESSAGE), ASSIGNEE_REQUIRED_MESSAGE)
  .min(1, ASSIGNEE_REQUIRED_MESSAGE)
  .max(ASSIGNEES_MAX, `At most ${ASSIGNEES_MAX} assignees`)
  // Stored and sent as strings (SPEC §3 "assigned_to_ids (strings)"), each member once, in selection order.
  .transform((ids) => [...new Set(ids)].map(String));
const eventId = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v.trim()) : v),
  z
    .number('Please select a valid event')
    .int('Please select a valid event')
    .positive('Please select a valid event')
    .max(PG_INT_MAX, 'Please select a valid event')
    .nullish(),
);
const dueDate = localDateTimeSchema(DATE_REQUIRED_MESSAGE).nullish();
/** SPEC §9 duration choices are the only estimated durations a task takes (issue 21). */
export const TASK_DURATION_MESSAGE = 'Please select a duration from the list';
const duration = z
  .number('Duration must be a number of minutes')
  .int('Duration must be a whole number of minutes')
  .min(1, { message: 'Duration must be at least 1 minute', abort: true })
  .max(TASK_DURATION_MAX_MINUTES, {
    message: `Duration must be at most ${TASK_DURATION_MAX_MINUTES} minutes`,
    abort: true,
  })
  .refine((m) => (DURATION_CHOICES as readonly number[]).includes(m), TASK_DURATION_MESSAGE);
const status = z.enum(TASK_STATUSES, 'Status must be open or completed');
const priority = z.enum(PRIORITIES, 'Priority must be low, medium or high');
const sendSmsReminder = z.boolean('SMS reminder must be true or false');
const reminderFrequency = z.enum(REMINDER_FREQUENCIES, 'Please select a valid reminder frequency');

/**
 * Payload of `POST /api/tasks` (SPEC §7): title, description, assigned_to, assigned_to_ids, due_date,
 * estimated_duration_minutes, status, priority, send_sms_reminder, reminder_frequency, and `event_id` when the
 * event form creates the task. Rules (SPEC §5 Task form, §9 defaults):
 * - title required ('Title is required'); at least one assignee ('Please select at least one assignee');
 * - `due_date` required ('Date is required') for a standalone task; a task posted with `event_id` may have none
 *   (SPEC §7: the event form posts "due_date (date or null)");
 * - `assigned_to` is the first selected assignee: defaults to the first of `assigned_to_ids`, and when sent it
 *   must be one of them;
 * - defaults: 30 minutes, medium, open, SMS reminder on, `30_minutes_before`.
 * Whether the member ids and the event belong to the caller's family is checked by the server.
 */
export const createTaskSchema = z
  .object({
    title,
    description,
    event_id: eventId,
    assigned_to: assignedTo,
    assigned_to_ids: assignedToIds,
    due_date: dueDate,
    estimated_duration_minutes: duration.default(30),
    status: status.default('open'),
    priority: priority.default('medium'),
    send_sms_reminder: sendSmsReminder.default(true),
    reminder_frequency: reminderFrequency.default('30_minutes_before'),
  })
  .superRefine((v, ctx) => {
    if (!v.due_date && !v.event_id) {
      ctx.addIssue({ code: 'custom', path: ['due_date'], message: DATE_REQUIRED_MESSAGE });
    }
    if (v.assigned_to && !v.assigned_to_ids.includes(String(v.assigned_to))) {
      ctx.addIssue({
        code: 'custom',
        path: ['assigned_to'],
        message: 'Assignee must be one of the selected assignees',
      });
    }
  })
  .transform((v) => ({
    ...v,
    event_id: v.event_id ?? null,
    due_date: v.due_date ?? null,
    assigned_to: v.assigned_to ?? Number(v.assigned_to_ids[0]),
  }));
export type CreateTaskPayload = z.input<typeof createTaskSchema>;
export type CreateTaskInput = z.output<typeof createTaskSchema>;

/**
 * Payload of `PATCH /api/tasks/{id}`. SPEC §7 sends `status` alone (Complete, and reopening from the event
 * screen); any other field of the create payload may be changed too, with the same rules. Absent fields stay
 * as they are. When `assigned_to_ids` changes without `assigned_to`, the first id becomes `assigned_to`.
 * An empty object is refused ('Nothing to update').
 */
export const updateTaskSchema = z
  .object({
    title,
    description,
    event_id: eventId,
    assigned_to: assignedTo,
    assigned_to_ids: assignedToIds,
    due_date: dueDate,
    estimated_duration_minutes: duration,
    status,
    priority,
    send_sms_reminder: sendSmsReminder,
    reminder_frequency: reminderFrequency,
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update', path: ['_'] })
  .superRefine((v, ctx) => {
    if (v.assigned_to && v.assigned_to_ids && !v.assigned_to_ids.includes(String(v.assigned_to))) {
      ctx.addIssue({
        code: 'custom',
        path: ['assigned_to'],
        message: 'Assignee must be one of the selected assignees',
      });
    }
  });
export type UpdateTaskPayload = z.input<typeof updateTaskSchema>;
export type UpdateTaskInput = z.output<typeof updateTaskSchema>;

/**
 * A description a list (`GET {listPath}`) cuts to its start (issue 42, ADR 046: `DESCRIPTION_PREVIEW_MAX_LINES`
 * lines within `DESCRIPTION_PREVIEW_MAX_BYTES`); `whole` says where all of it is. Text or null, as the DTOs carry it.
 */
export function listedDescriptionSchema(listPath: string, whole: string): z.ZodNullable<z.ZodString> {
  return z
    .string()
    .nullable()
    .meta({
      description: `In \`GET ${listPath}\` only the description’s start (issue 42, ADR 046: ${String(DESCRIPTION_PREVIEW_MAX_LINES)} lines within ${String(DESCRIPTION_PREVIEW_MAX_BYTES)} bytes); ${whole}`,
    });
}

/**
 * A task on the wire (SPEC §3 Task; reply of `GET /api/tasks`, `GET /api/tasks/{id}` and of create / update).
 * Times: `due_date` is local wall-clock text `YYYY-MM-DDTHH:mm:00` in the family's zone; `last_reminder_sent` an
 * ISO instant. `event_title` is the linked event's title (null for a standalone task), so the list can name it.
 */
export const taskDtoSchema = z.object({
  id: z.number().int(),
  family_id: z.number().int(),
  title: z.string(),
  description: listedDescriptionSchema(
    '/api/tasks',
    'the task’s own GET and the write replies carry all of it. Save what `GET /api/tasks/{id}` answered, never a listed description.',
  ),
  description_truncated: z.boolean().meta({
    description:
      'Whether the task’s description holds more than this reply carries (only ever true in the list).',
  }),
  event_id: z.number().int().nullable(),
  event_title: z.string().nullable().meta({
    description: 'The linked event’s title, so the list can name it; null for a standalone task.',
  }),
  assigned_to: z.number().int().nullable(),
  assigned_to_ids: z.array(z.string()),
  due_date: z.string().nullable().meta({
    description: 'Local wall-clock `YYYY-MM-DDTHH:mm:00` in the family’s zone.',
  }),
  estimated_duration_minutes: z.number(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(PRIORITIES),
  send_sms_reminder: z.boolean(),
  reminder_frequency: z.enum(REMINDER_FREQUENCIES),
  last_reminder_sent: z.string().nullable().meta({ description: 'An ISO 8601 instant.' }),
});
export type TaskDto = z.output<typeof taskDtoSchema>;

/** SPEC §9 task form defaults: 30 minutes, medium, open, 06:00. */
export const TASK_FORM_DEFAULTS = {
  estimated_duration_minutes: 30,
  priority: 'medium',
  status: 'open',
  hour: '06',
  minute: '00',
} as const;

/**
 * The New Task screen's fields (SPEC §2): title, assignees, due date (`YYYY-MM-DD`), hour (`00`–`23`),
 * minute (`00`/`15`/`30`/`45`), priority, estimated duration, description, with SPEC §5's inline messages.
 * `toCreateTaskPayload` turns the values into the `POST /api/tasks` payload.
 */
export const taskFormSchema = z.object({
  title,
  assigned_to_ids: z.array(z.string()).min(1, ASSIGNEE_REQUIRED_MESSAGE),
  due_date: z.string().min(1, DATE_REQUIRED_MESSAGE),
  hour: z.string().regex(/^([01]\d|2[0-3])$/, 'Please select an hour'),
  minute: z.string().regex(/^[0-5]\d$/, 'Please select a minute'),
  priority,
  estimated_duration_minutes: duration,
  description: z.string().max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`),
  status,
});
export type TaskFormValues = z.infer<typeof taskFormSchema>;

/**
 * The `POST /api/tasks` payload of the New Task screen, exactly as SPEC §7 has it: the first selected member as
 * `assigned_to`, the ids as strings, `due_date` as `date T hour:minute:00` (local, no zone),
 * `send_sms_reminder` always true and `reminder_frequency` always `30_minutes_before`.
 */
export function toCreateTaskPayload(values: TaskFormValues): {
  title: string;
  description: string;
  assigned_to: number;
  assigned_to_ids: string[];
  due_date: string;
  estimated_duration_minutes: number;
  status: TaskStatus;
  priority: Priority;
  send_sms_reminder: true;
  reminder_frequency: '30_minutes_before';
} {
  return {
    title: values.title,
    description: values.description,
    assigned_to: Number(values.assigned_to_ids[0]),
    assigned_to_ids: values.assigned_to_ids.map(String),
    due_date: `${values.due_date}T${values.hour}:${values.minute}:00`,
    estimated_duration_minutes: values.estimated_duration_minutes,
    status: values.status,
    priority: values.priority,
    send_sms_reminder: true,
    reminder_frequency: '30_minutes_before',
  };
}

/**
 * The Edit Task form (issue 21: the New Task form at /add-task/{id}): the same fields and rules, except that a
 * task saved without a due date (an event's task) may stay without one.
 */
export const taskEditFormSchema = taskFormSchema.extend({ due_date: z.string() });

/**
 * The `PATCH /api/tasks/{id}` payload of the Edit Task form: what the form shows and nothing else (status,
 * the event link and the reminder settings keep the task's own values). An empty due date stays null.
 */
export function toUpdateTaskPayload(values: TaskFormValues) {
  return {
    title: values.title,
    description: values.description,
    assigned_to: Number(values.assigned_to_ids[0]),
    assigned_to_ids: values.assigned_to_ids.map(String),
    due_date: values.due_date ? `${values.due_date}T${values.hour}:${values.minute}:00` : null,
    estimated_duration_minutes: values.estimated_duration_minutes,
    priority: values.priority,
  } satisfies UpdateTaskPayload;
}

/**
 * A task's values in the task form: its local due time (`YYYY-MM-DDTHH:mm:ss`, the family's wall clock) split
 * into date, hour and a minute on the form's quarter-hour list (nearest 15, as SPEC §9 reads times in); a task
 * without a due date gets an empty date and the form's default time.
 */
export function taskToFormValues(task: TaskDto): TaskFormValues {
  const time = task.due_date
    ? roundedTimeChoice(task.due_date)
    : { hour: TASK_FORM_DEFAULTS.hour, minute: TASK_FORM_DEFAULTS.minute };
  return {
    title: task.title,
    assigned_to_ids: [...task.assigned_to_ids],
    due_date: task.due_date?.slice(0, 10) ?? '',
    ...time,
    priority: task.priority,
    estimated_duration_minutes: task.estimated_duration_minutes,
    description: task.description ?? '',
    status: task.status,
  };
}
