import { z } from 'zod';
import { DURATION_CHOICES } from './events.ts';
import {
  DESCRIPTION_MAX,
  INVALID_DATE_MESSAGE,
  listedDescriptionSchema,
  localDateTimeSchema,
  memberIdSchema,
  optionalTextSchema,
  PRIORITIES,
  TITLE_MAX,
} from './tasks.ts';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '../text/clean.ts';

/** SPEC §3 Activity proposal categories, in the form's order; `other` is the default. */
export const ACTIVITY_CATEGORIES = [
  'chore',
  'task',
  'responsibility',
  'appointment',
  'personal',
  'other',
] as const;
export type ActivityCategory = (typeof ACTIVITY_CATEGORIES)[number];

/** Labels the form and the list show for each category. */
export const ACTIVITY_CATEGORY_LABELS: Record<ActivityCategory, string> = {
  chore: 'Chore',
  task: 'Task',
  responsibility: 'Responsibility',
  appointment: 'Appointment',
  personal: 'Personal',
  other: 'Other',
};

/** SPEC §3 / §4 Activity proposal statuses: created `pending`, then `accepted` or `declined`. */
export const ACTIVITY_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

/** Longest `estimated_duration` free text (varchar 50), `location` (varchar 300) and `notes`. */
export const ESTIMATED_DURATION_MAX = 50;
export const LOCATION_MAX = 300;
export const NOTES_MAX = 5000;

export const ASSIGNED_TO_MESSAGE = 'Please select who this is assigned to';
export const ASSIGNED_BY_MESSAGE = 'Please select who is assigning this';
/** The 409 message when a proposal that is no longer pending is accepted or declined (SPEC §4). */
export const NOT_PENDING_MESSAGE = 'Only a pending activity proposal can be accepted or declined.';
/** 'Add to Calendar' a second time (issue 21). */
export const ALREADY_ON_CALENDAR_MESSAGE = 'This activity is already on the calendar.';
/** 'Add to Calendar' on a proposal that is not accepted (SPEC §2: only accepted proposals offer it). */
export const NOT_ACCEPTED_MESSAGE = 'Only an accepted activity proposal can be added to the calendar.';

const title = z
  .string('Title is required')
  .trim()
  .min(1, 'Title is required')
  .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`)
  .refine((v) => !hasControlCharacter(v), CONTROL_CHARACTER_MESSAGE);
const description = optionalTextSchema('Description', DESCRIPTION_MAX);
const category = z.enum(ACTIVITY_CATEGORIES, 'Please select a category');
const assignedTo = memberIdSchema(ASSIGNED_TO_MESSAGE);
const assignedBy = memberIdSchema(ASSIGNED_BY_MESSAGE);
const dueDate = localDateTimeSchema(INVALID_DATE_MESSAGE)
  .nullish()
  .transform((v) => v ?? null);
// Free text (SPEC §3: "a number of hours in one place, a string of minutes in the form"); a bare number is
// accepted and kept as its text.
const estimatedDuration = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
  optionalTextSchema('Duration', ESTIMATED_DURATION_MAX),
);
const location = optionalTextSchema('Location', LOCATION_MAX);
const notes = optionalTextSchema('Notes', NOTES_MAX);

/**
 * Payload of `POST /api/activity-proposals` (SPEC §7): title, description, assigned_to, assigned_by, category,
 * due_date, estimated_duration, location, status=pending (and optional notes). SPEC §5: title required,
 * `assigned_to` / `assigned_by` required member ids (the server checks they are in the caller's family), the
 * rest optional; category defaults to `other`. A new proposal is always pending: any other status is refused.
 * `priority` is not part of the payload and is ignored if sent.
 */
export const createActivitySchema = z.object({
  title,
  description,
  assigned_to: assignedTo,
  assigned_by: assignedBy,
  category: category.default('other'),
  due_date: dueDate,
  estimated_duration: estimatedDuration,
  location,
  notes,
  status: z.literal('pending', 'A new activity request is always pending').default('pending'),
});
export type CreateActivityPayload = z.input<typeof createActivitySchema>;
export type CreateActivityInput = z.output<typeof createActivitySchema>;

/**
 * Payload of `PATCH /api/activity-proposals/{id}` (SPEC §7): the form's fields (absent ones stay, `null`
 * clears an optional one), or `status` (accepted / declined) with `response_date` as an ISO timestamp with a
 * zone. Transitions (SPEC §4) are checked by the server: only a pending proposal can be accepted or declined;
 * sending the status it already has changes nothing. An empty object is refused ('Nothing to update').
 */
export const updateActivitySchema = z
  .object({
    title,
    description,
    assigned_to: assignedTo,
    assigned_by: assignedBy,
    category,
    due_date: dueDate,
    estimated_duration: estimatedDuration,
    location,
    notes,
    status: z.enum(ACTIVITY_STATUSES, 'Status must be pending, accepted or declined'),
    response_date: z.iso
      .datetime({ offset: true, message: 'Response date must be an ISO timestamp' })
      .nullish()
      .transform((v) => (v ? new Date(v) : null)),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Nothing to update',
    path: ['_'],
  });
export type UpdateActivityPayload = z.input<typeof updateActivitySchema>;
export type UpdateActivityInput = z.output<typeof updateActivitySchema>;

/**
 * An activity proposal on the wire (SPEC §3). `due_date` is local wall-clock text `YYYY-MM-DDTHH:mm:00` in the
 * family's zone; `response_date` and `created_at` are ISO instants.
 */
export const activityProposalDtoSchema = z.object({
  id: z.number().int(),
  family_id: z.number().int(),
  title: z.string(),
  description: listedDescriptionSchema(
    '/api/activity-proposals',
    'the proposal’s own GET and the write replies carry all of it. The edit form reads `GET /api/activity-proposals/{id}`.',
  ),
  description_truncated: z.boolean().meta({
    description: 'Whether the description holds more than this reply carries (only ever true in the list).',
  }),
  category: z.enum(ACTIVITY_CATEGORIES),
  status: z.enum(ACTIVITY_STATUSES),
  assigned_to: z.number().int().nullable(),
  assigned_by: z.number().int().nullable(),
  due_date: z.string().nullable().meta({
    description: 'Local wall-clock `YYYY-MM-DDTHH:mm:00` in the family’s zone.',
  }),
  estimated_duration: z.string().nullable(),
  location: z.string().nullable(),
  response_date: z.string().nullable().meta({ description: 'An ISO 8601 instant.' }),
  notes: z.string().nullable().meta({ description: 'In the list only its start, like `description`.' }),
  notes_truncated: z.boolean().meta({
    description: 'Whether the notes hold more than this reply carries (only ever true in the list).',
  }),
  event_id: z.number().int().nullable().meta({
    description:
      'The event ‘Add to Calendar’ made of it (issue 21); null before, and again if that event is deleted.',
  }),
  created_at: z.string().meta({ description: 'An ISO 8601 instant.' }),
});
export type ActivityProposalDto = z.output<typeof activityProposalDtoSchema>;

/** SPEC §9 activity form defaults: 60 minutes, 09:00, category other, priority medium. */
export const ACTIVITY_FORM_DEFAULTS = {
  duration: '60',
  hour: '09',
  minute: '00',
  category: 'other',
  priority: 'medium',
} as const;

const optionalFormText = (label: string, max: number) =>
  z.string().max(max, `${label} must be at most ${max} characters`);

/**
 * The Activity request form's fields (SPEC §2): title, date (`YYYY-MM-DD` or empty), start hour, start minute,
 * duration (minutes as text), location, category, priority, assign to, assigned by, description. SPEC §5: title
 * required; assign to / assigned by at least 1. Priority is shown but never sent.
 */
export const activityFormSchema = z.object({
  title,
  date: z.string().refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), INVALID_DATE_MESSAGE),
  hour: z.string().regex(/^([01]\d|2[0-3])$/, 'Please select an hour'),
  minute: z.string().regex(/^[0-5]\d$/, 'Please select a minute'),
  duration: optionalFormText('Duration', ESTIMATED_DURATION_MAX),
  location: optionalFormText('Location', LOCATION_MAX),
  category,
  priority: z.enum(PRIORITIES, 'Priority must be low, medium or high'),
  assigned_to: z.number(ASSIGNED_TO_MESSAGE).int(ASSIGNED_TO_MESSAGE).min(1, ASSIGNED_TO_MESSAGE),
  assigned_by: z.number(ASSIGNED_BY_MESSAGE).int(ASSIGNED_BY_MESSAGE).min(1, ASSIGNED_BY_MESSAGE),
  description: optionalFormText('Description', DESCRIPTION_MAX),
});
export type ActivityFormValues = z.infer<typeof activityFormSchema>;

/** The body the Activity request form sends: SPEC §5 "on submit", see `toActivityPayload`. */
export interface ActivityFormPayload {
  title: string;
  description?: string | null;
  assigned_to: number;
  assigned_by: number;
  category: ActivityCategory;
  due_date?: string | null;
  estimated_duration?: string | null;
  location?: string | null;
  status?: 'pending';
}

/**
 * The body the Activity request form sends (SPEC §5, §7): empty values are dropped, the date and time become
 * `due_date` (`YYYY-MM-DDTHH:mm:00`, local; no date → no `due_date`), the duration becomes
 * `estimated_duration`, priority is not sent. Creating adds `status: 'pending'`.
 *
 * Editing (`previous` given): an optional value the user emptied (date, duration, location, description) is sent
 * as `null`, so that clearing a location really clears it (dropping it would keep the old value); otherwise the same rules hold and no status is sent,
 * so editing an accepted or declined proposal keeps its status.
 */
export function toActivityPayload(
  values: ActivityFormValues,
  previous?: Pick<ActivityProposalDto, 'description' | 'due_date' | 'estimated_duration' | 'location'>,
): ActivityFormPayload {
  const payload: ActivityFormPayload = {
    title: values.title,
    assigned_to: values.assigned_to,
    assigned_by: values.assigned_by,
    category: values.category,
  };
  if (values.date) payload.due_date = `${values.date}T${values.hour}:${values.minute}:00`;
  else if (previous?.due_date) payload.due_date = null;
  const texts = [
    ['description', values.description, previous?.description],
    ['estimated_duration', values.duration, previous?.estimated_duration],
    ['location', values.location, previous?.location],
  ] as const;
  for (const [key, value, before] of texts) {
    const trimmed = value.trim();
    if (trimmed) payload[key] = trimmed;
    else if (previous && before) payload[key] = null;
  }
  if (!previous) payload.status = 'pending';
  return payload;
}

/**
 * The body of `POST /api/events?activity_conversion=true` (SPEC §7) that turns a proposal into an event.
 * `start_date` is local text `YYYY-MM-DDTHH:mm:ss` without zone.
 */
export interface ActivityConversionPayload {
  title: string;
  description: string;
  start_date: string;
  duration_minutes: number;
  location: string;
  organizer_id: number | null;
  attendees: string[];
  category: 'appointment' | 'activity';
  priority: 'medium';
}

/**
 * The conversion's duration in minutes. SPEC §7 says "the first number in `estimated_duration` times 60",
 * reading the number as hours; but the spec's own form stores minutes there ('60'), which that rule would turn
 * into a 60-hour event. So: a number followed by h/hr/hour(s) is hours (`'1.5 hours'` → 90); a bare number is
 * minutes, as the form writes it (`'60'` → 60, `'90'` → 90); no usable number → 60. The result is the nearest
 * SPEC §9 duration choice (`'50'` → 45, `'10 hours'` → 480).
 */
export function conversionDurationMinutes(estimatedDuration: string | null): number {
  const match = estimatedDuration ? /(\d+(?:\.\d+)?)\s*(h(?:ou)?r?s?\b|h\b)?/i.exec(estimatedDuration) : null;
  if (!match) return 60;
  const value = Number(match[1]);
  const minutes = Math.round(match[2] ? value * 60 : value);
  if (minutes <= 0) return 60;
  // The event takes the nearest of SPEC §9's duration choices, which the server holds events to (issue 21).
  return DURATION_CHOICES.reduce<number>(
    (best, choice) => (Math.abs(choice - minutes) < Math.abs(best - minutes) ? choice : best),
    DURATION_CHOICES[0],
  );
}

/**
 * The 'Add to Calendar' payload of SPEC §7 for `proposal`: title, description, start (the due date, or
 * `nowLocal` — the caller's current local time `YYYY-MM-DDTHH:mm:ss` — when it has none), duration (see
 * `conversionDurationMinutes`), location, organizer from `assigned_by`, the assignee as the one attendee (id as
 * a string), category `appointment` for an appointment else `activity`, priority `medium`.
 */
export function toActivityConversionPayload(
  proposal: Pick<
    ActivityProposalDto,
    | 'title'
    | 'description'
    | 'due_date'
    | 'estimated_duration'
    | 'location'
    | 'assigned_to'
    | 'assigned_by'
    | 'category'
  >,
  nowLocal: string,
): ActivityConversionPayload {
  return {
    title: proposal.title,
    description: proposal.description ?? '',
    start_date: (proposal.due_date ?? nowLocal).slice(0, 19),
    duration_minutes: conversionDurationMinutes(proposal.estimated_duration),
    location: proposal.location ?? '',
    organizer_id: proposal.assigned_by,
    attendees: proposal.assigned_to === null ? [] : [String(proposal.assigned_to)],
    category: proposal.category === 'appointment' ? 'appointment' : 'activity',
    priority: 'medium',
  };
}
