import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  type NotificationSourceKind,
  notificationSourceKinds,
  type NotificationStatus,
  notificationStatuses,
} from '../../../core/contracts/notifications.ts';
import { familyIsolation } from './family-isolation.ts';
import { families } from './families.ts';
import { pushSubscriptions } from './push.ts';

/** `'a', 'b', …`: the values of an enum column's CHECK. */
const listOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * The outbox (ARCHITECTURE.md "Notifications"): one row per message to send. `dedupe_key` is unique among the
 * rows that are not cancelled, so planning the same message twice is a no-op, and a cancelled message can be
 * planned again. Status: pending → sending → sent | failed | expired; suppressed when policy stops it at
 * enqueue, cancelled when its cause changed before it was sent (both with `status_reason`). `source_kind`,
 * `source_id` and `source_occurrence` say what the message is about (`notificationSourceKinds`): cancelling
 * and bookkeeping select on them, never on the key's text.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    familyId: integer('family_id').notNull(),
    familyMemberId: integer('family_member_id'),
    channel: varchar('channel', { length: 10 }).notNull(),
    recipient: varchar('recipient', { length: 255 }).notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    /**
     * Issue 20 item 8 (ADR 014): for a message carrying a secret link (invitation, password reset, e-mail
     * confirmation), what the link is re-derived from at send time — `{kind}:{row id}:{nonce}`, see
     * `notifications/link-tokens.ts`. The stored body and HTML hold a placeholder, never the token.
     */
    linkRef: varchar('link_ref', { length: 120 }),
    kind: varchar('kind', { length: 40 }).notNull(),
    dedupeKey: varchar('dedupe_key', { length: 200 }).notNull(),
    sourceKind: varchar('source_kind', { length: 20 })
      .$type<NotificationSourceKind>()
      .notNull()
      .default('other'),
    sourceId: integer('source_id'),
    /** The occurrence's local start `YYYY-MM-DDTHH:mm:ss` (series' zone), or a summary's local date; else null. */
    sourceOccurrence: varchar('source_occurrence', { length: 19 }),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    status: varchar('status', { length: 12 }).$type<NotificationStatus>().notNull().default('pending'),
    statusReason: text('status_reason'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerMessageId: varchar('provider_message_id', { length: 100 }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * Issue 41: for a `push` row, the device it goes to (`push_subscriptions`); null once that subscription is
     * deleted (the dispatcher then fails the row), and for e-mail and SMS.
     */
    pushSubscriptionId: integer('push_subscription_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    familyIsolation('family_id'),
    foreignKey({
      name: 'notifications_family_id_fkey',
      columns: [t.familyId],
      foreignColumns: [families.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'notifications_push_subscription_id_fkey',
      columns: [t.pushSubscriptionId],
      foreignColumns: [pushSubscriptions.id],
    }).onDelete('set null'),
    uniqueIndex('notifications_dedupe_key_live_key')
      .on(t.dedupeKey)
      .where(sql`${t.status} <> 'cancelled'`),
    index('notifications_status_send_after_idx').on(t.status, t.sendAfter),
    index('notifications_family_id_created_at_idx').on(t.familyId, t.createdAt),
    index('notifications_family_id_source_idx').on(t.familyId, t.sourceKind, t.sourceId),
    check('notifications_status_check', sql`${t.status} in (${listOf(notificationStatuses)})`),
    check('notifications_source_kind_check', sql`${t.sourceKind} in (${listOf(notificationSourceKinds)})`),
  ],
).enableRLS();

/**
 * The predicate of `notifications_dedupe_key_live_key`: the rows that hold their dedupe key. An
 * `INSERT … ON CONFLICT (dedupe_key)` names it (`onConflictDoNothing(liveDedupe)`) so PostgreSQL infers the
 * partial index. Unqualified on purpose: an ON CONFLICT predicate cannot name the table.
 */
export const liveDedupe = {
  target: notifications.dedupeKey,
  where: sql.raw(`"status" <> 'cancelled'`),
};

/** SPEC §3 Daily summary log: at most one summary per member per local date. */
export const dailySummaryLog = pgTable(
  'daily_summary_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    familyId: integer('family_id').notNull(),
    familyMemberId: integer('family_member_id').notNull(),
    summaryDate: varchar('summary_date', { length: 10 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    familyIsolation('family_id'),
    foreignKey({
      name: 'daily_summary_log_family_id_fkey',
      columns: [t.familyId],
      foreignColumns: [families.id],
    }).onDelete('cascade'),
    uniqueIndex('daily_summary_log_member_date_key').on(t.familyMemberId, t.summaryDate),
    index('daily_summary_log_family_id_idx').on(t.familyId),
  ],
).enableRLS();

/**
 * Issue 27: the evening-before SMS about tomorrow's uncovered pickups, at most one per member per local date
 * (the unique row is the claim, written in the same transaction as its outbox row). `legs` records exactly
 * which pickups the message named, in the order it numbered them, so that a reply to it ("I'll drive", part 3
 * of the issue) can be tied to the message it answers: the newest row of the member whose `dedupe_key`
 * notification was sent to that number.
 */
export const drivingAlertLog = pgTable(
  'driving_alert_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    familyId: integer('family_id').notNull(),
    familyMemberId: integer('family_member_id').notNull(),
    /** The local date `YYYY-MM-DD` of the pickups (tomorrow, when it was planned). */
    alertDate: varchar('alert_date', { length: 10 }).notNull(),
    /** The outbox row's `dedupe_key`. */
    dedupeKey: varchar('dedupe_key', { length: 200 }).notNull(),
    /** The pickups named, numbered in this order: `{ event_id, series_id, occurrence_start, kind, at }`. */
    legs: jsonb('legs')
      .$type<
        {
          event_id: number;
          series_id: number | null;
          occurrence_start: string | null;
          kind: 'pickup' | 'dropoff';
          at: string;
        }[]
      >()
      .notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'driving_alert_log_family_id_fkey',
      columns: [t.familyId],
      foreignColumns: [families.id],
    }).onDelete('cascade'),
    uniqueIndex('driving_alert_log_member_date_key').on(t.familyMemberId, t.alertDate),
    index('driving_alert_log_family_id_idx').on(t.familyId),
    familyIsolation('family_id'),
  ],
).enableRLS();
