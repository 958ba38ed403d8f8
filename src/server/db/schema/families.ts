import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { MEMBER_ROLE, OWNER_ROLE } from '../../../core/contracts/members.ts';
import { FREE_PLAN_MAX_EVENTS_PER_MONTH, FREE_PLAN_MAX_MEMBERS } from '../../../core/contracts/quotas.ts';
import { MEMBER_ROLES } from '../../../core/members/colors.ts';
import { familyIsolation } from './family-isolation.ts';
import { oneOf } from './one-of.ts';

/**
 * The tenant. Every family-owned row carries `family_id` (SPEC §3 Family); families never see each other's rows.
 * Defaults are the free plan's: 4 members, 50 events a month, SMS off, e-mail on, America/Los_Angeles. Sign-up
 * writes the operator's FAMILY_MAX_MEMBERS / FAMILY_MAX_EVENTS_PER_MONTH; `npm run family:limits` changes one family's.
 */
export const families = pgTable(
  'families',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    subscriptionPlan: varchar('subscription_plan', { length: 30 }).notNull().default('free'),
    subscriptionStatus: varchar('subscription_status', { length: 30 }).notNull().default('active'),
    timezone: varchar('timezone', { length: 64 }).notNull().default('America/Los_Angeles'),
    maxMembers: integer('max_members').notNull().default(FREE_PLAN_MAX_MEMBERS),
    maxEventsPerMonth: integer('max_events_per_month').notNull().default(FREE_PLAN_MAX_EVENTS_PER_MONTH),
    smsEnabled: boolean('sms_enabled').notNull().default(false),
    emailEnabled: boolean('email_enabled').notNull().default(true),
    /**
     * When the family feed was last revoked because the member who created it was removed (issue 20); the
     * calendar card says the link changed. Cleared when a new family feed is made.
     */
    familyFeedRevokedAt: timestamp('family_feed_revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [familyIsolation('id')],
).enableRLS();

/** SPEC §3 invitation statuses of a member: `pending` until the invitation is accepted (the default). */
export const INVITATION_STATUSES = ['pending', 'accepted'] as const;

/**
 * SPEC §3 Family member. `color` is one of the palette names in src/core/members/colors.ts. `(family_id, id)` is
 * unique so that other tables can reference a member together with its family (issue 26): a row of one family
 * can never name a member of another.
 */
export const familyMembers = pgTable(
  'family_members',
  {
    id: serial('id').primaryKey(),
    familyId: integer('family_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    color: varchar('color', { length: 20 }).notNull().default('blue'),
    avatar: text('avatar'),
    role: varchar('role', { length: 10 }).notNull().default('other'),
    phoneNumber: varchar('phone_number', { length: 20 }),
    email: varchar('email', { length: 255 }),
    dailySummaryEnabled: boolean('daily_summary_enabled').notNull().default(false),
    /** Issue 27: the evening-before SMS about tomorrow's uncovered pickups (parents only); on unless opted out. */
    drivingAlertsEnabled: boolean('driving_alerts_enabled').notNull().default(true),
    /** Set when the member texted STOP (carrier opt-out); cleared by START. */
    smsOptedOut: boolean('sms_opted_out').notNull().default(false),
    /**
     * Issue 20 (ADR 009): when `phone_number` was confirmed by a code sent to it; null = not verified, and no
     * SMS goes to it and its texts reach no family. Changing the number clears it (and the pending code).
     */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** scrypt of the pending 6-digit code as 'salt.hash' (hex, node:crypto); null when none is pending. */
    phoneCodeHash: varchar('phone_code_hash', { length: 120 }),
    /** When the pending code stops working (10 minutes after it was sent). */
    phoneCodeExpiresAt: timestamp('phone_code_expires_at', { withTimezone: true }),
    /** Wrong guesses at the pending code; at 5 the code is spent. */
    phoneCodeAttempts: integer('phone_code_attempts').notNull().default(0),
    /** Codes sent since `phone_code_window_start` (at most 3 per hour). */
    phoneCodeSends: integer('phone_code_sends').notNull().default(0),
    phoneCodeWindowStart: timestamp('phone_code_window_start', { withTimezone: true }),
    invitationStatus: varchar('invitation_status', { length: 20 }).notNull().default('accepted'),
    invitationToken: varchar('invitation_token', { length: 128 }),
    invitationSentAt: timestamp('invitation_sent_at', { withTimezone: true }),
    invitationExpiresAt: timestamp('invitation_expires_at', { withTimezone: true }),
    invitedBy: integer('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    familyIsolation('family_id'),
    foreignKey({
      name: 'family_members_family_id_fkey',
      columns: [t.familyId],
      foreignColumns: [families.id],
    }).onDelete('cascade'),
    unique('family_members_family_id_id_key').on(t.familyId, t.id),
    // Who invited whom goes when the inviter does (issue 26; the column list is hand-written in migration 0018:
    // ON DELETE SET NULL ("invited_by"), so that family_id stays).
    foreignKey({
      name: 'family_members_invited_by_fkey',
      columns: [t.familyId, t.invitedBy],
      foreignColumns: [t.familyId, t.id],
    }).onDelete('set null'),
    check('family_members_role_check', oneOf(t.role, MEMBER_ROLES)),
    check('family_members_invitation_status_check', oneOf(t.invitationStatus, INVITATION_STATUSES)),
    // Across families: an inbound SMS finds its member by the sender's number (as stored, or its digits:
    // src/server/assistant/service.ts), an invitation link by its token.
    index('family_members_phone_number_idx').on(t.phoneNumber),
    index('family_members_phone_digits_idx').on(sql`regexp_replace(${t.phoneNumber}, '[^0-9]', '', 'g')`),
    index('family_members_invitation_token_idx').on(t.invitationToken),
  ],
).enableRLS();

/**
 * SPEC §3 User account: one per signed-up person, linked to their member profile. `role` is 'member' (the
 * default) or 'owner': the registrant, or the parent they handed the family to (`OWNER_ROLE`, one per family).
 */
export const userAccounts = pgTable(
  'user_accounts',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 255 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    familyId: integer('family_id').notNull(),
    familyMemberId: integer('family_member_id'),
    role: varchar('role', { length: 20 }).notNull().default('member'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    emailVerified: boolean('email_verified').notNull().default(false),
    emailVerificationToken: varchar('email_verification_token', { length: 128 }),
    passwordResetToken: varchar('password_reset_token', { length: 128 }),
    passwordResetExpires: timestamp('password_reset_expires', { withTimezone: true }),
    /**
     * Issue 25 "change e-mail": the address waiting for confirmation; `email_verification_token` (SPEC §3)
     * holds the SHA-256 of its link's token and `pending_email_expires` when the link stops working.
     */
    pendingEmail: varchar('pending_email', { length: 255 }),
    pendingEmailExpires: timestamp('pending_email_expires', { withTimezone: true }),
  },
  (t) => [
    familyIsolation('family_id'),
    // E-mails are stored lowercased; uniqueness is global because sign-in is by e-mail alone.
    uniqueIndex('user_accounts_email_key').on(t.email),
    check('user_accounts_role_check', oneOf(t.role, [MEMBER_ROLE, OWNER_ROLE])),
    foreignKey({
      name: 'user_accounts_family_id_fkey',
      columns: [t.familyId],
      foreignColumns: [families.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'user_accounts_family_member_id_fkey',
      columns: [t.familyMemberId],
      foreignColumns: [familyMembers.id],
    }).onDelete('set null'),
    index('user_accounts_family_id_idx').on(t.familyId),
    // Reset and e-mail-change links find their account by the SHA-256 of the token (issue 25).
    index('user_accounts_password_reset_token_idx').on(t.passwordResetToken),
    index('user_accounts_email_verification_token_idx').on(t.emailVerificationToken),
  ],
).enableRLS();

/**
 * The constraints of a table whose rows belong to one account of a family (sessions, passkeys, recovery codes,
 * sign-in steps, push devices): the family's row-level security; foreign keys `{table}_family_id_fkey` to
 * `families` and `{table}_user_id_fkey` to `user_accounts`, both deleting the rows with their family or account;
 * and the indexes `{table}_user_id_idx` and `{table}_family_id_idx`.
 */
export function accountRowConstraints(table: string, t: { familyId: AnyPgColumn; userId: AnyPgColumn }) {
  return [
    familyIsolation('family_id'),
    foreignKey({
      name: `${table}_family_id_fkey`,
      columns: [t.familyId],
      foreignColumns: [families.id],
    }).onDelete('cascade'),
    foreignKey({
      name: `${table}_user_id_fkey`,
      columns: [t.userId],
      foreignColumns: [userAccounts.id],
    }).onDelete('cascade'),
    index(`${table}_user_id_idx`).on(t.userId),
    index(`${table}_family_id_idx`).on(t.familyId),
  ];
}

/**
 * SPEC §3 Session store (sid, sess, expire). `sid` is the SHA-256 of the cookie's random id, so a leaked
 * table does not hand out live sessions (OWASP Session Management). `expire` is the idle expiry; the
 * absolute expiry is `absolute_expire`. For the session list (issue 25): `public_id` names a session to its
 * owner without revealing anything that opens it, `user_agent` is the browser's at sign-in, `last_used_at`
 * moves with the idle expiry (at most every five minutes).
 */
export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 64 }).primaryKey(),
    sess: text('sess').notNull().default('{}'),
    userId: integer('user_id').notNull(),
    familyId: integer('family_id').notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    absoluteExpire: timestamp('absolute_expire', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    userAgent: varchar('user_agent', { length: 512 }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => accountRowConstraints('sessions', t),
).enableRLS();

/** SPEC §3 App setting: a key/value pair per family (e.g. disable_all_emails = 'true'). */
export const appSettings = pgTable(
  'app_settings',
  {
    id: serial('id').primaryKey(),
    familyId: integer('family_id').notNull(),
    key: varchar('key', { length: 100 }).notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    familyIsolation('family_id'),
    foreignKey({
      name: 'app_settings_family_id_fkey',
      columns: [t.familyId],
      foreignColumns: [families.id],
    }).onDelete('cascade'),
    uniqueIndex('app_settings_family_id_key_key').on(t.familyId, t.key),
  ],
).enableRLS();
