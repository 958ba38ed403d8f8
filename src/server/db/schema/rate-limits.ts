import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counters shared by every app process (ADR 010): one row per bucket (a rule's name and
 * its key, e.g. `login:ip:203.0.113.7`) and window start, counted with one UPSERT per request. Not
 * family-owned (the keys are addresses, e-mails and sending numbers), so no row-level security policy; rows
 * of windows long past are deleted as the same bucket is counted again.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: varchar('bucket', { length: 400 }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);

/**
 * Growing sign-in delays per (account, address) (issue 20 item 7, `auth/sign-in-delays.ts`), shared by every
 * app process: one row per pair (`pair`: the e-mail and the client address), its failed sign-ins since the last
 * success and the instant before which it may not try again. Not family-owned (keys are e-mails and addresses),
 * so no row-level security policy; rows that no longer delay anything are deleted as failures are recorded.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    pair: varchar('pair', { length: 400 }).primaryKey(),
    failures: integer('failures').notNull(),
    waitUntil: timestamp('wait_until', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_failures_wait_until_idx').on(t.waitUntil)],
);
