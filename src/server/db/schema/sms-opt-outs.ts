import { sql } from 'drizzle-orm';
import { pgPolicy, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Issue 42: every number that texted STOP (CTIA opt-out), whichever family's profiles it is on, or none. A
 * phone's opt-out is the phone's, not a profile's: a family that adds the number later must not text it a
 * verification code. START deletes the row. No `family_id`; row-level security shows the rows to the system
 * scope only (the webhook writes them); a family's request asks one number through the SECURITY DEFINER
 * function `familyhub_phone_opted_out(phone)`, which answers a boolean (migration 0020).
 */
export const smsOptOuts = pgTable(
  'sms_opt_outs',
  {
    /** E.164. */
    phoneNumber: varchar('phone_number', { length: 32 }).primaryKey(),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull(),
  },
  () => [
    pgPolicy('system_only', {
      as: 'permissive',
      for: 'all',
      to: 'public',
      using: sql`(SELECT public.familyhub_system_scope())`,
      withCheck: sql`(SELECT public.familyhub_system_scope())`,
    }),
  ],
).enableRLS();
