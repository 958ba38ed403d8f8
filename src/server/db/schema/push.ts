import {
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { accountRowConstraints, sessions } from './families.ts';

/**
 * Web Push subscriptions (issue 41): one row per browser/device of a signed-in account. `endpoint` is the
 * push service URL the browser gave, unique across families: a browser belongs to the account signed in on it
 * now (re-subscribing moves the row; ADR 043 addendum). `p256dh` and `auth` are the browser's keys (base64url,
 * RFC 8291 §3). `session_sid` is the session that subscribed: a device lives as long as the session signed in
 * on it, and every way a session ends (sign-out, "sign out everywhere else", a password change, expiry) deletes
 * its devices by the foreign key's cascade. A member's devices are those of the account linked to the member
 * (`user_accounts.family_member_id`). A push service answering 404/410 deletes the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    familyId: integer('family_id').notNull(),
    userId: integer('user_id').notNull(),
    /** `sessions.sid` of the session that subscribed (the SHA-256 of its cookie, never the cookie itself). */
    sessionSid: varchar('session_sid', { length: 64 }).notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: varchar('p256dh', { length: 100 }).notNull(),
    auth: varchar('auth', { length: 40 }).notNull(),
    /** "Chrome on Android", from the User-Agent at subscription time, or what the browser sent. */
    deviceLabel: varchar('device_label', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    ...accountRowConstraints('push_subscriptions', t),
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    foreignKey({
      name: 'push_subscriptions_session_sid_fkey',
      columns: [t.sessionSid],
      foreignColumns: [sessions.sid],
    }).onDelete('cascade'),
    index('push_subscriptions_session_sid_idx').on(t.sessionSid),
  ],
).enableRLS();
