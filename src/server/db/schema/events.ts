import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { EVENT_CATEGORIES, PRIORITIES } from '../../../core/contracts/events.ts';
import { RECURRENCE_PATTERNS } from '../../../core/recurrence/patterns.ts';
import { familyIsolation } from './family-isolation.ts';
import { families, familyMembers } from './families.ts';
import { oneOf } from './one-of.ts';

/**
 * SPEC §3 Event (issue 18, RFC 5545 time model). A timed event's times are wall-clock text
 * `YYYY-MM-DDTHH:mm:00` in its own IANA zone (`timezone`, its TZID), or floating when `timezone` is null (read in
 * the family's zone); an all-day event (`is_all_day`) is a DATE, stored as `YYYY-MM-DDT00:00:00`, the same days
 * in every zone. A series is one row with an RRULE (`rrule`), EXDATEs (`exdates`) and RDATEs (`rdates`: a start,
 * or `start/end` for a PERIOD), all in the row's terms; an edited occurrence is its own row with
 * `parent_event_id` = the series and `recurrence_id` = the start it replaces, in the series' terms
 * (RECURRENCE-ID). Rows are turned into occurrences only by src/core/recurrence/occurrences.ts.
 */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    familyId: integer('family_id').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description'),
    startDate: varchar('start_date', { length: 19 }).notNull(),
    endDate: varchar('end_date', { length: 19 }),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    isAllDay: boolean('is_all_day').notNull().default(false),
    /** IANA zone (TZID) of a timed event; null = floating. Events made in the app take the family's zone. */
    timezone: varchar('timezone', { length: 64 }),
    location: varchar('location', { length: 300 }),
    organizerId: integer('organizer_id'),
    /**
     * Whether the event has rows in `event_alert_members`: kept by that table's trigger (migration 0018), never
     * written by the app; the planner's partial index reads it.
     */
    hasAlertMembers: boolean('has_alert_members').notNull().default(false),
    category: varchar('category', { length: 20 }).notNull().default('family'),
    priority: varchar('priority', { length: 10 }).notNull().default('medium'),
    hasPickup: boolean('has_pickup').notNull().default(false),
    pickupAssignedTo: integer('pickup_assigned_to'),
    pickupMinutesBefore: integer('pickup_minutes_before').notNull().default(15),
    hasDropoff: boolean('has_dropoff').notNull().default(false),
    dropoffAssignedTo: integer('dropoff_assigned_to'),
    dropoffMinutesBefore: integer('dropoff_minutes_before').notNull().default(15),
    isRecurring: boolean('is_recurring').notNull().default(false),
    recurrencePattern: varchar('recurrence_pattern', { length: 20 }),
    recurrenceEndDate: varchar('recurrence_end_date', { length: 10 }),
    rrule: text('rrule'),
    exdates: jsonb('exdates')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    rdates: jsonb('rdates')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    parentEventId: integer('parent_event_id'),
    recurrenceId: varchar('recurrence_id', { length: 19 }),
    /**
     * On an override: the payload fields (`EventValues` names, e.g. 'start_date', 'location') it changed from its
     * series; a series edit for all events writes every other field into it (`OVERRIDABLE_FIELDS` in
     * src/core/contracts/events.ts). Null on other rows. Overrides made before this column count as having
     * changed only their times.
     */
    overrideFields: jsonb('override_fields').$type<string[]>(),
    /** UID of the source VEVENT when imported from an .ics file, so a re-import updates instead of duplicating. */
    sourceUid: text('source_uid'),
    /**
     * What a CalDAV client wrote in this VEVENT that FamilyHub has no field for (VALARMs, X- and other
     * properties), as iCalendar content lines, given back unchanged in the object (issue 40); null when none.
     */
    davExtra: text('dav_extra'),
    /**
     * Whether the row counts toward the plan's `max_events_per_month` (issue 20): every event, series and
     * imported override (RECURRENCE-ID) does; an occurrence edited in the app (an override of a series already
     * counted) does not.
     */
    countsTowardPlan: boolean('counts_toward_plan').notNull().default(true),
    /**
     * The reminder planner's cursor: the earliest instant an event, pickup or drop-off reminder of this row (of
     * any occurrence, for a series) falls due after what was already planned; 9999-12-31 (`NEVER` in the planner) when none ever will.
     * NULL means "not computed": the `events_reset_next_reminder_at` trigger sets it back to NULL whenever
     * anything else in the row changes, and the planner computes it again (src/server/scheduler/planner.ts).
     */
    nextReminderAt: timestamp('next_reminder_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    familyIsolation('family_id'),
    foreignKey({
      name: 'events_family_id_fkey',
      columns: [t.familyId],
      foreignColumns: [families.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'events_parent_event_id_fkey',
      columns: [t.parentEventId],
      foreignColumns: [t.id],
    }).onDelete('cascade'),
    unique('events_family_id_id_key').on(t.familyId, t.id),
    // Member references keep to the event's family and go when the member does (issue 26). The column lists of
    // ON DELETE SET NULL ("organizer_id") etc. are hand-written in migration 0018, so that family_id stays.
    foreignKey({
      name: 'events_organizer_id_fkey',
      columns: [t.familyId, t.organizerId],
      foreignColumns: [familyMembers.familyId, familyMembers.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'events_pickup_assigned_to_fkey',
      columns: [t.familyId, t.pickupAssignedTo],
      foreignColumns: [familyMembers.familyId, familyMembers.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'events_dropoff_assigned_to_fkey',
      columns: [t.familyId, t.dropoffAssignedTo],
      foreignColumns: [familyMembers.familyId, familyMembers.id],
    }).onDelete('set null'),
    check('events_category_check', oneOf(t.category, EVENT_CATEGORIES)),
    check('events_priority_check', oneOf(t.priority, PRIORITIES)),
    check('events_recurrence_pattern_check', oneOf(t.recurrencePattern, RECURRENCE_PATTERNS)),
    index('events_family_id_start_date_idx').on(t.familyId, t.startDate),
    index('events_family_id_is_recurring_idx').on(t.familyId, t.isRecurring),
    index('events_parent_event_id_idx').on(t.parentEventId),
    // The planner's two reads (issue 8): what falls due by time, and rows whose cursor is not computed yet.
    index('events_next_reminder_at_idx')
      .on(t.nextReminderAt)
      .where(sql`${t.nextReminderAt} is not null`),
    index('events_reminder_unplanned_idx')
      .on(t.id)
      .where(
        sql`${t.nextReminderAt} is null and ${t.isAllDay} = false and (${t.hasAlertMembers} or ${t.hasPickup} or ${t.hasDropoff})`,
      ),
  ],
).enableRLS();

/**
 * The columns of an event's member list (SPEC §3 Event `attendees`, `alert_members`; issue 26): one row per
 * member, `position` keeping the order the list was given in. Both foreign keys carry `family_id`, so a list
 * can only name members of the event's own family; deleting the member or the event deletes the row.
 */
function eventMemberList(name: 'event_attendees' | 'event_alert_members') {
  return pgTable(
    name,
    {
      familyId: integer('family_id').notNull(),
      eventId: integer('event_id').notNull(),
      memberId: integer('member_id').notNull(),
      position: integer('position').notNull(),
    },
    (t) => [
      familyIsolation('family_id'),
      primaryKey({ name: `${name}_pkey`, columns: [t.eventId, t.memberId] }),
      foreignKey({
        name: `${name}_event_fkey`,
        columns: [t.familyId, t.eventId],
        foreignColumns: [events.familyId, events.id],
      }).onDelete('cascade'),
      foreignKey({
        name: `${name}_member_fkey`,
        columns: [t.familyId, t.memberId],
        foreignColumns: [familyMembers.familyId, familyMembers.id],
      }).onDelete('cascade'),
      index(`${name}_family_id_member_id_idx`).on(t.familyId, t.memberId),
    ],
  ).enableRLS();
}

/** SPEC §3 Event `attendees`: who the event is for. */
export const eventAttendees = eventMemberList('event_attendees');

/** SPEC §3 Event `alert_members`: who is told of the event and its changes (issue 8). */
export const eventAlertMembers = eventMemberList('event_alert_members');
