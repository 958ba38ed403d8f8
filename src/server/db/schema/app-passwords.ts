import { integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { accountRowConstraints } from './families.ts';

/**
 * App passwords (issue 40, ADR 044): revocable passwords an account makes for calendar apps, which speak HTTP
 * Basic to the CalDAV server. Only the SHA-256 of the secret is kept (hex, 64 characters; a random secret of
 * 125 bits needs no slow hash), unique so that a request finds its row in one indexed read. Revoking deletes the
 * row; so do "Sign out everywhere else" and deleting the account's member, and the account's deletion cascades.
 * `last_used_at` moves at most about once a minute.
 */
export const appPasswords = pgTable(
  'app_passwords',
  {
    id: serial('id').primaryKey(),
    familyId: integer('family_id').notNull(),
    userId: integer('user_id').notNull(),
    /** The name the user gave it ("Mum's iPhone"). */
    name: varchar('name', { length: 100 }).notNull(),
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    ...accountRowConstraints('app_passwords', t),
    uniqueIndex('app_passwords_secret_hash_key').on(t.secretHash),
  ],
).enableRLS();
