import { integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

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
