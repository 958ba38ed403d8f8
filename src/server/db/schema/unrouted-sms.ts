import { sql } from 'drizzle-orm';
import { bigserial, pgPolicy, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Issue 20 (ADR 009): texts from numbers that are on no member's profile, or only on profiles whose number is
 * not verified. They belong to no family, so they are kept here, apart from every family's message history:
 * no `family_id`, and row-level security that shows the rows only to the system scope (the webhook writes
 * them; no family's request can read them). Operators read them for abuse reports.
 */
export const unroutedSms = pgTable(
  'unrouted_sms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromNumber: varchar('from_number', { length: 32 }).notNull(),
    toNumber: varchar('to_number', { length: 32 }).notNull(),
    body: text('body').notNull(),
    /** Twilio's id of the message: a retried webhook stores nothing twice. */
    messageSid: varchar('message_sid', { length: 64 }).notNull(),
    /** 'unknown' (on no profile) or 'unverified' (on profiles whose number is not verified). */
    reason: varchar('reason', { length: 20 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('unrouted_sms_message_sid_key').on(t.messageSid),
    pgPolicy('system_only', {
      as: 'permissive',
      for: 'all',
      to: 'public',
      // Read once per statement, like `familyIsolation` (ADR 027).
      using: sql`(SELECT public.familyhub_system_scope())`,
      withCheck: sql`(SELECT public.familyhub_system_scope())`,
    }),
  ],
).enableRLS();
