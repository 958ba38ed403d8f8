import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { familyIsolation } from './family-isolation.ts';
import { events } from './events.ts';
import { families } from './families.ts';

/**
 * SPEC §3 Task. `due_date` is local wall-clock text in the family's time zone. `transport_kind` marks the
 * pickup / drop-off tasks an event creates ('pickup' | 'dropoff'), so the event can move them.
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
    assignedToIds: jsonb('assigned_to_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    dueDate: varchar('due_date', { length: 19 }),
    estimatedDurationMinutes: integer('estimated_duration_minutes').notNull().default(30),
    status: varchar('status', { length: 10 }).notNull().default('open'),
    priority: varchar('priority', { length: 10 }).notNull().default('medium'),
    sendSmsReminder: boolean('send_sms_reminder').notNull().default(true),
    reminderFrequency: varchar('reminder_frequency', { length: 30 }).notNull().default('30_minutes_before'),
    lastReminderSent: timestamp('last_reminder_sent', { withTimezone: true }),
    transportKind: varchar('transport_kind', { length: 10 }),
    /**
     * The reminder planner's cursor: the instant this task's reminder falls due if it is not planned yet,
     * 9999-12-31 (`NEVER`) once planned or when it is past. NULL means "not computed": the `tasks_reset_next_reminder_at`
     * trigger sets it back to NULL whenever anything else in the row changes (src/server/scheduler/planner.ts).
     */
    nextReminderAt: timestamp('next_reminder_at', { withTimezone: true }),
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
    index('activity_proposals_event_id_idx').on(t.eventId),
    index('activity_proposals_family_id_due_date_idx').on(t.familyId, t.dueDate),
  ],
).enableRLS();
