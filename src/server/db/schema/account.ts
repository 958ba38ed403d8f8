import { integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { accountRowConstraints } from './families.ts';

/**
 * Passkeys (WebAuthn credentials, issue 25) a user registered as a second factor or to sign in with.
 * `credential_id` and `public_key` are base64url; `counter` is the authenticator's signature counter
 * (WebAuthn §6.1.1: a counter that goes backwards flags a cloned authenticator).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    familyId: integer('family_id').notNull(),
    userId: integer('user_id').notNull(),
    credentialId: varchar('credential_id', { length: 1024 }).notNull(),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    /** The authenticator's transports (e.g. `internal,hybrid`), comma-separated; hints for the browser. */
    transports: varchar('transports', { length: 200 }).notNull().default(''),
    /** The name the user gave it ("Ana's phone"). */
    name: varchar('name', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    ...accountRowConstraints('passkeys', t),
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
  ],
).enableRLS();

/** One-time recovery codes (issue 25): only each code's argon2id hash (PHC string) is kept; `used_at` burns it. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    familyId: integer('family_id').notNull(),
    userId: integer('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => accountRowConstraints('recovery_codes', t),
).enableRLS();

/**
 * A sign-in step in progress (issue 25), found by the SHA-256 of the random id in the `fh_challenge` cookie:
 * - `second_factor`: the password was right, the passkey or a recovery code is still due (`user_id` set);
 * - `passkey_signin`: a sign-in with a passkey alone (no user yet);
 * - `passkey_register`: a signed-in user adding a passkey.
 * `challenge` is the WebAuthn challenge last issued for it (base64url). Rows live minutes (`expires_at`).
 * `family_id` is null only for `passkey_signin`.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    idHash: varchar('id_hash', { length: 64 }).primaryKey(),
    familyId: integer('family_id'),
    userId: integer('user_id'),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    challenge: varchar('challenge', { length: 128 }),
    /** Failed second-factor attempts on this challenge; it is dropped after five. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => accountRowConstraints('auth_challenges', t),
).enableRLS();
