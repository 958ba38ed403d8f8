import {
  bigint,
  bigserial,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { familyIsolation } from './family-isolation.ts';
import { families, familyMembers } from './families.ts';
import { notifications } from './notifications.ts';
import { tasks } from './tasks.ts';

/**
 * Issue 27 part 3: what an SMS a member may answer was about, one row per item it names (a task reminder names
 * one task; the evening pickup alert numbers its pickups 1, 2, …; the "Reply YES to …" question names one
 * pickup). Written with the outbox row (`notification_id`) in the same transaction; a reply acts on the newest
 * row of its `action` whose message was sent (`notifications.status = 'sent'`), not yet `used_at`, not
 * `expires_at`. Rows go with their message, member, task or event (cascades).
 *
 * - `complete_task` (`task_id`): "DONE" completes the task.
 * - `offer_drive` (`event_id` = the stored row the occurrence comes from, `occurrence_start` its RECURRENCE-ID
 *   or null for a one-off, `transport_kind`): "I'LL DRIVE [item]" asks for a YES.
 * - `confirm_drive` (the same leg fields): "YES" makes the sender its driver.
 * - `more` (`body`, issue 43, ADR 054): the rest of an assistant answer too long for 2 SMS segments; "MORE" sends
 *   its next SMS (and keeps what is still left in a new row for the next MORE).
 */
export const smsReplyActions = pgTable(
  'sms_reply_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    familyId: integer('family_id').notNull(),
    familyMemberId: integer('family_member_id').notNull(),
    notificationId: bigint('notification_id', { mode: 'number' }).notNull(),
    action: varchar('action', { length: 20 }).notNull(),
    /** The item's number in its message (1 when the message names one thing). */
    item: integer('item').notNull().default(1),
    taskId: integer('task_id'),
    eventId: integer('event_id'),
    occurrenceStart: varchar('occurrence_start', { length: 19 }),
    transportKind: varchar('transport_kind', { length: 10 }),
    /** `more`: the text still to send, as the assistant wrote it (GSM-7 where it can be). */
    body: text('body'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    familyIsolation('family_id'),
    foreignKey({
      name: 'sms_reply_actions_family_id_fkey',
      columns: [t.familyId],
      foreignColumns: [families.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sms_reply_actions_family_member_id_fkey',
      columns: [t.familyMemberId],
      foreignColumns: [familyMembers.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sms_reply_actions_notification_id_fkey',
      columns: [t.notificationId],
      foreignColumns: [notifications.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sms_reply_actions_task_id_fkey',
      columns: [t.taskId],
      foreignColumns: [tasks.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sms_reply_actions_event_id_fkey',
      columns: [t.eventId],
      foreignColumns: [events.id],
    }).onDelete('cascade'),
    index('sms_reply_actions_member_action_idx').on(t.familyMemberId, t.action),
    index('sms_reply_actions_family_id_idx').on(t.familyId),
    index('sms_reply_actions_notification_id_idx').on(t.notificationId),
    index('sms_reply_actions_task_id_idx').on(t.taskId),
    index('sms_reply_actions_event_id_idx').on(t.eventId),
  ],
).enableRLS();
