import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** SPEC §3 Waitlist entry: visitors who are not signed in. Not family-owned. */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 255 }).notNull(),
    familySize: varchar('family_size', { length: 10 }).notNull(),
    biggestChallenge: text('biggest_challenge').notNull(),
    referrerEmail: varchar('referrer_email', { length: 255 }),
    referralCode: varchar('referral_code', { length: 50 }).notNull(),
    referralCount: integer('referral_count').notNull().default(0),
    position: integer('position').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('active'),
    utmSource: varchar('utm_source', { length: 100 }),
    utmMedium: varchar('utm_medium', { length: 100 }),
    utmCampaign: varchar('utm_campaign', { length: 100 }),
    ipAddress: varchar('ip_address', { length: 64 }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('waitlist_entries_email_key').on(t.email),
    uniqueIndex('waitlist_entries_referral_code_key').on(t.referralCode),
    index('waitlist_entries_position_idx').on(t.position),
  ],
);
