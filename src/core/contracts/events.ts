import { z } from 'zod';
import { RECURRENCE_PATTERNS } from '../recurrence/patterns.ts';
import { isMultiDay, type EventTiming } from '../calendar/event-span.ts';
import {
  addLocalDays,
  isLocalDate,
  localDateOf,
  LOCAL_DATE_PATTERN,
  normalizeLocal,
  parseLocal,
} from '../time/local-time.ts';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '../text/clean.ts';
import { undoIdSchema } from './replies.ts';

/** SPEC §5 event categories and priorities. */
export const EVENT_CATEGORIES = ['appointment', 'activity', 'school', 'work', 'family', 'other'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];
export const PRIORITIES = ['low', 'medium', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** SPEC §9 duration choices (minutes). */
export const DURATION_CHOICES = [
  15, 30, 45, 60, 75, 90, 105, 120, 135, 150, 165, 180, 240, 300, 360, 480,
] as const;
/** SPEC §9 pickup / drop-off lead times (minutes); the issue allows 15–180. */
export const LEAD_TIME_CHOICES = [15, 30, 45, 60, 75, 90, 105, 120, 135, 150, 180] as const;
/** SPEC §9 minute choices. */
export const MINUTE_CHOICES = ['00', '15', '30', '45'] as const;
/** SPEC §9 event defaults. */
export const EVENT_DEFAULTS = {
  hour: '09',
  minute: '00',
  durationMinutes: 60,
  category: 'family',
  priority: 'medium',
  leadMinutes: 15,
} as const;

/** Titles of the transport tasks an event creates (SPEC §2 Drop-off / Pickup Coordination). */
export const PICKUP_PREFIX = 'Pickup: ';
export const DROPOFF_PREFIX = 'Drop-off: ';

export const RECURRENCE_END_MESSAGE = 'Recurrence end date cannot be before the event date';
export const END_BEFORE_START_MESSAGE = 'End date cannot be before the start date';

const localDateTime = (message: string) =>
  z
    .string(message)
    .trim()
    .refine((v) => parseLocal(v) !== null, message)
    .transform((v) => normalizeLocal(v));

const memberId = z.coerce
  .number('Please select a family member')
  .int('Please select a family member')
  .positive('Please select a family member');

const memberIdList = z
  .array(z.union([z.string(), z.number()]), 'Must be a list of family member ids')
  .max(50, 'Too many family members')
  .transform((ids) => [...new Set(ids.map((id) => String(id).trim()))])
  .refine((ids) => ids.every((id) => /^[1-9][0-9]{0,9}$/.test(id)), 'Must be a list of family member ids');

/** Empty text is no value: null on the wire. */
const emptyToNull = (v: string | null | undefined) => (v ? v : null);

export const RECURRENCE_PATTERN_MESSAGE = 'Please select a recurrence pattern';

/**
 * SPEC §5's field rules that the payload (`eventInputSchema`) and the form (`eventFormSchema`) share: each rule
 * and its message lives here once; the payload makes the optional ones nullable, the form keeps its own shapes.
 */
const eventFields = {
  title: z
    .string('Title is required')
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be at most 200 characters')
    .refine((v) => !hasControlCharacter(v), CONTROL_CHARACTER_MESSAGE),
  description: z.string().trim().max(5000, 'Description must be at most 5000 characters'),
  location: z.string().trim().max(300, 'Location must be at most 300 characters'),
  category: z.enum(EVENT_CATEGORIES, 'Please select a category'),
  priority: z.enum(PRIORITIES, 'Please select a priority'),
};

/**
 * SPEC §5's cross-field rules of an event, shared by the payload and the form: the end is not before the start,
 * a recurring event has a pattern, and its recurrence end date is not before the event date. `start` / `end`
 * are comparable local text (`YYYY-MM-DD[THH:mm:ss]`, both the same form); `recurrence_end_date` a
 * `YYYY-MM-DD`. Issues go to the payload's field names (`end_date`, `recurrence_pattern`, `recurrence_end_date`),
 * which the form shares.
 */
function checkEventRules(
  v: {
    start: string;
    end: string | null;
    is_recurring: boolean;
    recurrence_pattern: string | null;
    recurrence_end_date: string | null;
  },
  ctx: z.RefinementCtx,
): void {
  if (v.end !== null && v.end < v.start) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: END_BEFORE_START_MESSAGE });
  }
  // A pickup or drop-off with no driver is allowed: "to be decided", a coverage gap to show (issue 27).
  if (v.is_recurring && v.recurrence_pattern === null) {
    ctx.addIssue({ code: 'custom', path: ['recurrence_pattern'], message: RECURRENCE_PATTERN_MESSAGE });
  }
  if (v.is_recurring && v.recurrence_end_date !== null && v.recurrence_end_date < v.start.slice(0, 10)) {
    ctx.addIssue({ code: 'custom', path: ['recurrence_end_date'], message: RECURRENCE_END_MESSAGE });
  }
}

export const LEAD_TIME_MESSAGE = 'Please select a lead time from the list';
export const DURATION_MESSAGE = 'Please select a duration from the list';

/** SPEC §9 pickup / drop-off lead times only (issue 21: 17 is refused). */
const leadTime = z.coerce
  .number(LEAD_TIME_MESSAGE)
  .int(LEAD_TIME_MESSAGE)
  .refine((m) => (LEAD_TIME_CHOICES as readonly number[]).includes(m), LEAD_TIME_MESSAGE);

/** True for one of SPEC §9's duration choices. */
export function isDurationChoice(minutes: number): boolean {
  return (DURATION_CHOICES as readonly number[]).includes(minutes);
}

/**
 * Payload of `POST /api/events` and `PATCH /api/events/{id}` (SPEC §7). Times are local wall-clock text in the
 * family's zone; `start_date` / `end_date` accept `YYYY-MM-DDTHH:mm[:ss]` and are stored as `…:00`.
 * An event is multi-day when `end_date` is set (then `duration_minutes` is ignored for its length) or
 * `is_all_day`. Recurrence fields are checked together: a recurring event needs a pattern, and its end date
 * (`YYYY-MM-DD`) is not before the event date (SPEC §5).
 */
export const eventInputSchema = z
  .object({
    title: eventFields.title,
    description: eventFields.description.nullish().transform(emptyToNull),
    start_date: localDateTime('Date is required'),
    end_date: localDateTime('End date must be a valid date')
      .nullish()
      .transform((v) => v ?? null),
    duration_minutes: z.coerce
      .number('Duration must be between 1 and 10080 minutes')
      .int('Duration must be between 1 and 10080 minutes')
      .min(1, 'Duration must be between 1 and 10080 minutes')
      .max(10080, 'Duration must be between 1 and 10080 minutes')
      .nullish()
      .transform((v) => v ?? EVENT_DEFAULTS.durationMinutes),
    is_all_day: z.boolean().default(false),
    location: eventFields.location.nullish().transform(emptyToNull),
    organizer_id: memberId.nullish().transform((v) => v ?? null),
    attendees: memberIdList.default([]),
    alert_members: memberIdList.default([]),
    category: eventFields.category.default(EVENT_DEFAULTS.category),
    priority: eventFields.priority.default(EVENT_DEFAULTS.priority),
    has_pickup: z.boolean().default(false),
    pickup_assigned_to: memberId.nullish().transform((v) => v ?? null),
    pickup_minutes_before: leadTime.nullish().transform((v) => v ?? EVENT_DEFAULTS.leadMinutes),
    has_dropoff: z.boolean().default(false),
    dropoff_assigned_to: memberId.nullish().transform((v) => v ?? null),
    dropoff_minutes_before: leadTime.nullish().transform((v) => v ?? EVENT_DEFAULTS.leadMinutes),
    is_recurring: z.boolean().default(false),
    recurrence_pattern: z
      .enum(RECURRENCE_PATTERNS, RECURRENCE_PATTERN_MESSAGE)
      .nullish()
      .transform((v) => v ?? null),
    recurrence_end_date: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v.slice(0, 10) : null))
      .refine(
        (v) => v === null || (LOCAL_DATE_PATTERN.test(v) && isLocalDate(v)),
        'Recurrence end date must be a valid date',
      ),
  })
  .superRefine((v, ctx) => checkEventRules({ ...v, start: v.start_date, end: v.end_date }, ctx));
export type EventInput = z.input<typeof eventInputSchema>;
export type EventValues = z.output<typeof eventInputSchema>;

/** Query of `GET /api/events`: an optional `YYYY-MM-DD` range, both ends inclusive days. */
export const eventRangeQuerySchema = z
  .object({
    start: z.string().refine(isLocalDate, 'start must be a date (YYYY-MM-DD)').optional(),
    end: z.string().refine(isLocalDate, 'end must be a date (YYYY-MM-DD)').optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.start === undefined) !== (v.end === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [v.start ? 'end' : 'start'],
        message: 'Give both start and end, or neither',
      });
    } else if (v.start && v.end && v.end < v.start) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'end must not be before start' });
    }
  });

/** A local start naming one occurrence of a series, in the series' own terms (its `occurrence_start`). */
const occurrenceStart = z
  .string()
  .refine((v) => parseLocal(v) !== null, 'occurrence must be a local start (YYYY-MM-DDTHH:mm:00)')
  .transform((v) => normalizeLocal(v));

/**
 * Query of `GET /api/events/{id}` and `POST /api/events`: `?occurrence=<local start>` picks one occurrence of a
 * series; `?activity_conversion=true[&activity_id=]` converts an activity proposal.
 */
export const occurrenceQuerySchema = z.object({
  occurrence: occurrenceStart.optional(),
  activity_conversion: z.enum(['true', 'false']).optional(),
  /** With `activity_conversion=true`: the proposal converted; it remembers the event and a second conversion is refused. */
  activity_id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'activity_id must be an activity proposal id')
    .transform(Number)
    .optional(),
});

/**
 * Which occurrences of a series a change applies to: SPEC §2's 'Edit/Delete Recurring Event' choices 'This event
 * only' (`this`), 'This and following events' (`following`) and 'All events in series' (`all`); RFC 5545 calls
 * the middle one RANGE=THISANDFUTURE.
 */
export const OCCURRENCE_SCOPES = ['this', 'following', 'all'] as const;
export type OccurrenceScope = (typeof OCCURRENCE_SCOPES)[number];
export const SCOPE_MESSAGE = 'scope must be this, following or all';

/**
 * Query of `PATCH` and `DELETE /api/events/{id}`: `?scope=this|following|all[&occurrence=<local start>]` — what
 * the user chose, and the occurrence the event was opened on; the server works out the rows. The earlier forms
 * stay valid and mean the same: `?occurrence=…` is `this`, `?occurrence=…&following=true` is `following`,
 * `?deleteAll=true` is `all` (SPEC §7). An explicit `scope` that contradicts them is refused (400). Without a
 * scope the call names the row itself (see `updateEvent` / `deleteEvent`).
 * @returns `{ scope?, occurrence? }`.
 */
export const seriesChangeQuerySchema = z
  .object({
    scope: z.enum(OCCURRENCE_SCOPES, SCOPE_MESSAGE).optional(),
    occurrence: occurrenceStart.optional(),
    following: z.enum(['true', 'false'], 'following must be true or false').optional(),
    deleteAll: z.enum(['true', 'false'], 'deleteAll must be true or false').optional(),
  })
  .superRefine((v, ctx) => {
    const legacy = v.deleteAll === 'true' ? 'all' : v.following === 'true' ? 'following' : undefined;
    if (v.scope !== undefined && legacy !== undefined && legacy !== v.scope) {
      ctx.addIssue({ code: 'custom', path: ['scope'], message: `scope ${v.scope} contradicts ${legacy}` });
    }
  })
  .transform((v): { scope?: OccurrenceScope; occurrence?: string } => {
    const scope =
      v.scope ??
      (v.deleteAll === 'true'
        ? 'all'
        : v.following === 'true'
          ? 'following'
          : v.occurrence !== undefined
            ? 'this'
            : undefined);
    return {
      ...(scope === undefined ? {} : { scope }),
      ...(v.occurrence === undefined ? {} : { occurrence: v.occurrence }),
    };
  });
export type SeriesChange = z.output<typeof seriesChangeQuerySchema>;

/** What `DELETE /api/events/{id}` removed: a whole series, one occurrence, it and the following, or an event. */
export const EVENT_REMOVALS = ['series', 'occurrence', 'following', 'event'] as const;

/** `DELETE /api/events/{id}`'s reply: what was removed, and the undo id (ADR 051). */
export const eventDeleteReplySchema = z.object({
  ok: z.literal(true),
  removed: z.enum(EVENT_REMOVALS),
  undo_id: undoIdSchema,
});
export type EventDeleteReply = z.output<typeof eventDeleteReplySchema>;

// The wire shapes of an event and an occurrence are zod schemas in event-wire.ts (the server serializes replies
// through them); the types come from there, so the web bundle does not carry the schemas.
export type { EventDto, EventOccurrenceDto } from './event-wire.ts';

/**
 * A task of an event, as `GET /api/events/{id}/tasks` answers it (SPEC §3 Task fields): at most
 * `TASKS_LIST_MAX`, each description cut to its start as in `GET /api/tasks` (issue 42, ADR 046).
 */
export const eventTaskDtoSchema = z.object({
  id: z.number().int(),
  family_id: z.number().int(),
  title: z.string(),
  description: z.string().nullable().meta({
    description:
      'The description’s start (`description_truncated` when more); `GET /api/tasks/{id}` has all of it.',
  }),
  description_truncated: z.boolean(),
  event_id: z.number().int().nullable(),
  assigned_to: z.number().int().nullable(),
  assigned_to_ids: z.array(z.string()),
  due_date: z.string().nullable(),
  estimated_duration_minutes: z.number(),
  status: z.string(),
  priority: z.string(),
  send_sms_reminder: z.boolean(),
  reminder_frequency: z.string(),
  transport_kind: z.string().nullable(),
  occurrence_start: z.string().nullable().meta({
    description:
      'A transport task of a series’ occurrence (ADR 047): that occurrence’s RECURRENCE-ID in the series’ terms (`YYYY-MM-DDTHH:mm:ss`, the `occurrence_start` of `GET /api/events`’ occurrences); null for any other task.',
  }),
  created_at: z.string(),
});
export type EventTaskDto = z.output<typeof eventTaskDtoSchema>;

/** The plan-limit message (409) when a family has created its month's allowance of events. */
export function eventLimitMessage(limit: number): string {
  return `Your plan allows ${limit} new events per month. You have reached this month's limit; delete an event or wait until next month.`;
}

/**
 * The Event form's own fields (SPEC §2 Event form, §5 messages). The form builds the payload of
 * `eventInputSchema` from these with `formToEventInput`.
 */
export const eventFormSchema = z
  .object({
    title: eventFields.title,
    event_date: z.string().min(1, 'Date is required').refine(isLocalDate, 'Date is required'),
    /** Issue 22: an all-day event has dates only (start and last day), stored as DATEs. */
    is_all_day: z.boolean(),
    is_multi_day: z.boolean(),
    end_date: z.string(),
    start_hour: z
      .string()
      .min(1, 'Start hour is required')
      .regex(/^([01][0-9]|2[0-3])$/, 'Start hour is required'),
    start_minute: z.enum(MINUTE_CHOICES, 'Start minute is required'),
    duration_minutes: z.number().int().min(1).max(10080),
    location: eventFields.location,
    category: eventFields.category,
    priority: eventFields.priority,
    organizer_id: z.string(),
    attendees: z.array(z.string()),
    alert_members: z.array(z.string()),
    description: eventFields.description,
    is_recurring: z.boolean(),
    recurrence_pattern: z.union([z.enum(RECURRENCE_PATTERNS), z.literal('')]),
    recurrence_end_date: z.string(),
    has_dropoff: z.boolean(),
    dropoff_assigned_to: z.string(),
    dropoff_minutes_before: z.number().int().min(15).max(180),
    has_pickup: z.boolean(),
    pickup_assigned_to: z.string(),
    pickup_minutes_before: z.number().int().min(15).max(180),
  })
  .superRefine((v, ctx) => {
    // The form's own end-date field: optional for an all-day event (empty: the start day only), required for a
    // multi-day one; the rules it shares with the payload run on the days it holds.
    const multiDay = v.is_all_day || v.is_multi_day;
    const end = multiDay && v.end_date !== '' ? v.end_date : null;
    const endValid = end === null ? !v.is_multi_day || v.is_all_day : isLocalDate(end);
    if (!endValid) {
      const message = v.is_all_day ? 'End date must be a valid date' : 'End date is required';
      ctx.addIssue({ code: 'custom', path: ['end_date'], message });
    }
    // An empty driver is "to be decided" (issue 27), not an error.
    checkEventRules(
      {
        start: v.event_date,
        end: endValid ? end : null,
        is_recurring: v.is_recurring,
        recurrence_pattern: v.recurrence_pattern === '' ? null : v.recurrence_pattern,
        recurrence_end_date: v.recurrence_end_date === '' ? null : v.recurrence_end_date,
      },
      ctx,
    );
  });
export type EventFormValues = z.infer<typeof eventFormSchema>;

/**
 * The form's date fields for a stored event (the inverse of `formToEventInput`'s dates). An all-day event's
 * `end_date` is its exclusive end (ICS DTEND, midnight after the last day) or null for one day; the form shows
 * the last day itself. A timed event is multi-day when its end falls on another day (SPEC §9).
 */
export function formDatesOf(
  event: EventTiming,
): Pick<EventFormValues, 'event_date' | 'is_all_day' | 'is_multi_day' | 'end_date'> {
  const start = localDateOf(event.start_date);
  if (event.is_all_day) {
    const end = event.end_date === null ? null : localDateOf(event.end_date);
    // An end at midnight is exclusive; a (hand-made) end with a time still covers its own day.
    const last =
      end === null || event.end_date === null || end <= start
        ? start
        : event.end_date.endsWith('T00:00:00')
          ? addLocalDays(end, -1)
          : end;
    return { event_date: start, is_all_day: true, is_multi_day: false, end_date: last };
  }
  const multi = isMultiDay(event);
  return {
    event_date: start,
    is_all_day: false,
    is_multi_day: multi,
    end_date: multi && event.end_date ? localDateOf(event.end_date) : '',
  };
}

/**
 * The `POST`/`PATCH /api/events` payload for the form's values (SPEC §7: dates as `date T hour:minute:00`).
 * A multi-day event ends at the same time of day on its end date. An all-day event (issue 22) is sent as
 * DATEs: `is_all_day`, the start day at `T00:00:00` and, when it lasts more than a day, the exclusive end
 * (the day after its last, as ICS DTEND), else no end. `alert_members` is sent on create only (SPEC §7: PATCH
 * does not send it).
 */
export function formToEventInput(v: EventFormValues, mode: 'create' | 'update'): EventInput {
  const allDay = v.is_all_day;
  const start = allDay ? `${v.event_date}T00:00:00` : `${v.event_date}T${v.start_hour}:${v.start_minute}:00`;
  const lastDay = allDay && v.end_date !== '' && v.end_date > v.event_date ? v.end_date : null;
  const end = allDay
    ? lastDay === null
      ? null
      : `${addLocalDays(lastDay, 1)}T00:00:00`
    : v.is_multi_day
      ? `${v.end_date}T${v.start_hour}:${v.start_minute}:00`
      : null;
  const toId = (s: string) => (s === '' ? null : Number(s));
  const input: EventInput = {
    title: v.title,
    description: v.description || null,
    start_date: start,
    end_date: end,
    is_all_day: allDay,
    duration_minutes: allDay ? 1440 : v.duration_minutes,
    location: v.location || null,
    organizer_id: toId(v.organizer_id),
    attendees: v.attendees,
    category: v.category,
    priority: v.priority,
    has_pickup: v.has_pickup,
    pickup_assigned_to: v.has_pickup ? toId(v.pickup_assigned_to) : null,
    pickup_minutes_before: v.pickup_minutes_before,
    has_dropoff: v.has_dropoff,
    dropoff_assigned_to: v.has_dropoff ? toId(v.dropoff_assigned_to) : null,
    dropoff_minutes_before: v.dropoff_minutes_before,
    is_recurring: v.is_recurring,
    recurrence_pattern: v.is_recurring && v.recurrence_pattern !== '' ? v.recurrence_pattern : null,
    recurrence_end_date: v.is_recurring && v.recurrence_end_date !== '' ? v.recurrence_end_date : null,
  };
  if (mode === 'create') input.alert_members = v.alert_members;
  return input;
}
