import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { ACTIVITY_CATEGORIES, ACTIVITY_STATUSES } from '../../../core/contracts/activities.ts';
import { PRIORITIES, REMINDER_FREQUENCIES, TASK_STATUSES } from '../../../core/contracts/tasks.ts';
import { familyIsolation } from './family-isolation.ts';
import { events } from './events.ts';
import { families, familyMembers } from './families.ts';
import { oneOf } from './one-of.ts';

/** `tasks.transport_kind` of the tasks an event's pickup and drop-off create. */
export const TRANSPORT_KINDS = ['pickup', 'dropoff'] as const;

/**
 * SPEC §3 Task. `due_date` is local wall-clock text in the family's time zone. `transport_kind` marks the
 * pickup / drop-off tasks of an event's occurrences ('pickup' | 'dropoff', issue 46, ADR 047): one task per
 * occurrence and kind (`event_id` the one-off event or the series, `occurrence_start` the occurrence of the series),
 * kept by src/server/driving/transport-tasks.ts. `assigned_to` is
 * the first assignee (SPEC §7); the assignees (`assigned_to_ids` on the wire) are rows of `task_assignees`.
 * Deleting an event deletes its tasks (SPEC §8 confirmation text).
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    familyId: integer('family_id').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description'),
    eventId: integer('event_id'),
    assignedTo: integer('assigned_to'),
    dueDate: varchar('due_date', { length: 19 }),
    estimatedDurationMinutes: integer('estimated_duration_minutes').notNull().default(30),
    status: varchar('status', { length: 10 }).notNull().default('open'),
    priority: varchar('priority', { length: 10 }).notNull().default('medium'),
    sendSmsReminder: boolean('send_sms_reminder').notNull().default(true),
    reminderFrequency: varchar('reminder_frequency', { length: 30 }).notNull().default('30_minutes_before'),
    lastReminderSent: timestamp('last_reminder_sent', { withTimezone: true }),
    transportKind: varchar('transport_kind', { length: 10 }),
    /**
     * A transport task of a series' occurrence: that occurrence's RECURRENCE-ID (its original start in the
     * series' own terms, the value `?occurrence=` takes); null for a one-off event's and for every other task.
     */
    occurrenceStart: varchar('occurrence_start', { length: 19 }),
    /**
     * The reminder planner's cursor: the instant this task's reminder falls due if it is not planned yet,
     * 9999-12-31 (`NEVER`) once planned or when it is past. NULL means "not computed": the `tasks_reset_next_reminder_at`
     * trigger sets it back to NULL whenever anything else in the row changes (src/server/scheduler/planner.ts).
     */
    nextReminderAt: timestamp('next_reminder_at', { withTimezone: true }),
    /** UID of the VTODO a CalDAV client created the task as (issue 40); null for a task made in FamilyHub. */
    sourceUid: text('source_uid'),
    /** What a CalDAV client wrote in the VTODO that FamilyHub has no field for, as content lines (issue 40). */
    davExtra: text('dav_extra'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    familyIsolation('family_id'),
    foreignKey({
      name: 'tasks_family_id_fkey',
      columns: [t.familyId],
      foreignColumns: [families.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'tasks_event_id_fkey', columns: [t.eventId], foreignColumns: [events.id] }).onDelete(
      'cascade',
    ),
    unique('tasks_family_id_id_key').on(t.familyId, t.id),
    // Issue 26; ON DELETE SET NULL ("assigned_to") is hand-written in migration 0018, so that family_id stays.
    foreignKey({
      name: 'tasks_assigned_to_fkey',
      columns: [t.familyId, t.assignedTo],
      foreignColumns: [familyMembers.familyId, familyMembers.id],
    }).onDelete('set null'),
    check('tasks_status_check', oneOf(t.status, TASK_STATUSES)),
    check('tasks_priority_check', oneOf(t.priority, PRIORITIES)),
    check('tasks_reminder_frequency_check', oneOf(t.reminderFrequency, REMINDER_FREQUENCIES)),
    check('tasks_transport_kind_check', oneOf(t.transportKind, TRANSPORT_KINDS)),
    check(
      'tasks_occurrence_start_check',
      sql`${t.occurrenceStart} is null or ${t.transportKind} is not null`,
    ),
    // One transport task per occurrence and kind (ADR 047): two writers at once cannot make two.
    uniqueIndex('tasks_transport_occurrence_key')
      .on(t.eventId, t.occurrenceStart, t.transportKind)
      .where(sql`${t.transportKind} is not null and ${t.occurrenceStart} is not null`),
    uniqueIndex('tasks_transport_event_key')
      .on(t.eventId, t.transportKind)
      .where(sql`${t.transportKind} is not null and ${t.occurrenceStart} is null`),
    index('tasks_family_id_due_date_idx').on(t.familyId, t.dueDate),
    index('tasks_event_id_idx').on(t.eventId),
    // The planner's two reads (issue 8): reminders by due instant, and open reminding tasks not computed yet.
    index('tasks_next_reminder_at_idx')
      .on(t.nextReminderAt)
      .where(sql`${t.nextReminderAt} is not null`),
    index('tasks_reminder_unplanned_idx')
      .on(t.id)
      .where(
        sql`${t.nextReminderAt} is null and ${t.status} = 'open' and ${t.sendSmsReminder} and ${t.transportKind} is null and ${t.dueDate} is not null`,
      ),
  ],
).enableRLS();

/** SPEC §3 Activity proposal. `due_date` is local wall-clock text; `estimated_duration` free text (minutes). */
export const activityProposals = pgTable(
  'activity_proposals',
  {
    id: serial('id').primaryKey(),
    familyId: integer('family_id').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description'),
    category: varchar('category', { length: 20 }).notNull().default('other'),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    assignedTo: integer('assigned_to'),
    assignedBy: integer('assigned_by'),
    dueDate: varchar('due_date', { length: 19 }),
    estimatedDuration: varchar('estimated_duration', { length: 50 }),
    location: varchar('location', { length: 300 }),
    responseDate: timestamp('response_date', { withTimezone: true }),
    notes: text('notes'),
    /** The event an accepted proposal became ('Add to Calendar'); null until then, and again if that event is deleted. */
    eventId: integer('event_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    familyIsolation('family_id'),
    foreignKey({
      name: 'activity_proposals_family_id_fkey',
      columns: [t.familyId],
      foreignColumns: [families.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'activity_proposals_event_id_fkey',
      columns: [t.eventId],
      foreignColumns: [events.id],
    }).onDelete('set null'),
    // Issue 26; ON DELETE SET NULL ("assigned_to") / ("assigned_by") are hand-written in migration 0018.
    foreignKey({
      name: 'activity_proposals_assigned_to_fkey',
      columns: [t.familyId, t.assignedTo],
      foreignColumns: [familyMembers.familyId, familyMembers.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'activity_proposals_assigned_by_fkey',
      columns: [t.familyId, t.assignedBy],
      foreignColumns: [familyMembers.familyId, familyMembers.id],
    }).onDelete('set null'),
    check('activity_proposals_category_check', oneOf(t.category, ACTIVITY_CATEGORIES)),
    check('activity_proposals_status_check', oneOf(t.status, ACTIVITY_STATUSES)),
    index('activity_proposals_event_id_idx').on(t.eventId),
    index('activity_proposals_family_id_due_date_idx').on(t.familyId, t.dueDate),
  ],
).enableRLS();

/**
 * SPEC §3 Task `assigned_to_ids` (issue 26): one row per assignee, `position` keeping the order they were chosen
 * in. Both foreign keys carry `family_id`, so a task can only be assigned to members of its own family;
 * deleting the member or the task deletes the row (the next assignee then becomes `assigned_to`: trigger in
 * migration 0018).
 */
export const taskAssignees = pgTable(
  'task_assignees',
  {
    familyId: integer('family_id').notNull(),
    taskId: integer('task_id').notNull(),
    memberId: integer('member_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    familyIsolation('family_id'),
    primaryKey({ name: 'task_assignees_pkey', columns: [t.taskId, t.memberId] }),
    foreignKey({
      name: 'task_assignees_task_fkey',
      columns: [t.familyId, t.taskId],
      foreignColumns: [tasks.familyId, tasks.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'task_assignees_member_fkey',
      columns: [t.familyId, t.memberId],
      foreignColumns: [familyMembers.familyId, familyMembers.id],
    }).onDelete('cascade'),
    index('task_assignees_family_id_member_id_idx').on(t.familyId, t.memberId),
  ],
).enableRLS();
