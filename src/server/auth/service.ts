import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { loginSchema, registerSchema, SessionDto } from '../../core/contracts/auth.ts';
import { DEFAULT_FAMILY_TIMEZONE } from '../../core/time/zone-names.ts';
import { OWNER_ROLE } from '../../core/contracts/members.ts';
import { families, familyMembers, userAccounts } from '../db/schema/families.ts';
import type { ServerContext } from '../context.ts';
import { badRequest, conflict, HttpError, notFound } from '../http/errors.ts';
import { toE164 } from '../../core/members/phone.ts';
import { createChallenge } from './challenges.ts';
import { passkeysOf } from './passkeys.ts';
import { assertAcceptablePassword } from './password-policy.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { createSession, type SessionPolicy } from './sessions.ts';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';
export const BAD_CREDENTIALS_MESSAGE = 'Invalid email or password.';

function sessionPolicy(ctx: ServerContext): SessionPolicy {
  return {
    idleMinutes: ctx.config.SESSION_IDLE_MINUTES,
    absoluteMinutes: ctx.config.SESSION_ABSOLUTE_MINUTES,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Creates a family with the configured plan limits (`FAMILY_MAX_MEMBERS`, `FAMILY_MAX_EVENTS_PER_MONTH`; SPEC §3's
 * 4 and 50 by default) in the time zone the registrant chose (`input.timezone`, an
 * IANA name checked by the schema; absent: the default America/Los_Angeles), its first member and the user
 * account, and signs in.
 * `userAgent` is the browser's, for the session list.
 * @returns the new session's raw id for the cookie.
 * @throws HttpError 409 when the e-mail already has an account, 400 when the phone is not a real number or
 *   the password is common or the e-mail/family name (issue 25) (nothing is written in any case).
 */
export async function register(
  ctx: ServerContext,
  input: z.output<typeof registerSchema>,
  userAgent?: string,
): Promise<string> {
  assertAcceptablePassword(input.password, { email: input.email, familyName: input.familyName }, 'password');
  // Stored in E.164 like every member's phone, read in the configured default region.
  const phoneNumber = input.memberPhone ? toE164(input.memberPhone, ctx.config.DEFAULT_PHONE_REGION) : null;
  if (input.memberPhone && !phoneNumber) {
    throw badRequest('Please enter a valid phone number', {
      memberPhone: 'Please enter a valid phone number',
    });
  }
  const existing = await ctx.db
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .where(eq(userAccounts.email, input.email));
  if (existing.length > 0) throw conflict(EMAIL_TAKEN_MESSAGE);
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [family] = await tx
        .insert(families)
        .values({
          name: input.familyName,
          timezone: input.timezone ?? DEFAULT_FAMILY_TIMEZONE,
          // Issue 46: the operator's plan limits (FAMILY_MAX_MEMBERS, FAMILY_MAX_EVENTS_PER_MONTH).
          maxMembers: ctx.config.FAMILY_MAX_MEMBERS,
          maxEventsPerMonth: ctx.config.FAMILY_MAX_EVENTS_PER_MONTH,
        })
        .returning();
      if (!family) throw new Error('family insert returned no row');
      const [member] = await tx
        .insert(familyMembers)
        .values({
          familyId: family.id,
          name: input.memberName,
          role: input.memberRole,
          color: input.memberColor,
          phoneNumber,
          email: input.email,
        })
        .returning();
      if (!member) throw new Error('member insert returned no row');
      const [user] = await tx
        .insert(userAccounts)
        .values({
          email: input.email,
          passwordHash,
          familyId: family.id,
          familyMemberId: member.id,
          role: OWNER_ROLE, // the registrant owns the family (issue 21)
          lastLogin: ctx.clock.now(),
        })
        .returning();
      if (!user) throw new Error('user insert returned no row');
      return createSession(
        tx,
        { userId: user.id, familyId: family.id },
        sessionPolicy(ctx),
        ctx.clock.now(),
        userAgent,
      );
    });
  } catch (error) {
    // Two registrations racing for one e-mail: the unique index decides, and the loser gets the same 409.
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN_MESSAGE);
    throw error;
  }
}

/** What a right password leads to: a session, or (issue 25) the second step for an account with a passkey. */
export type LoginOutcome = { session: string } | { challenge: string };

/**
 * Checks e-mail and password and starts a new session (a fresh id at every sign-in: no session fixation).
 * Unknown e-mail, wrong password and a deactivated account all get the same 401 after the same work.
 * An account with a passkey gets no session yet: a second-factor step starts instead (issue 25; ASVS 5.0
 * V6.3.3), finished with the passkey or a recovery code (`second-factor.ts`).
 * @returns the new session's raw id, or the second-factor step's raw id for its cookie.
 */
export async function login(
  ctx: ServerContext,
  input: z.output<typeof loginSchema>,
  userAgent?: string,
): Promise<LoginOutcome> {
  const [user] = await ctx.db.select().from(userAccounts).where(eq(userAccounts.email, input.email));
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok || !user.isActive) throw new HttpError(401, 'unauthorized', BAD_CREDENTIALS_MESSAGE);
  const now = ctx.clock.now();
  if ((await passkeysOf(ctx.db, user.id)).length > 0) {
    const challenge = await createChallenge(ctx.db, {
      purpose: 'second_factor',
      userId: user.id,
      familyId: user.familyId,
      now,
    });
    return { challenge };
  }
  return { session: await startSession(ctx, user, userAgent) };
}

/**
 * Signs a user in after every factor checked out: a new session, and `last_login` stamped.
 * @returns the new session's raw id for the cookie.
 */
export async function startSession(
  ctx: ServerContext,
  user: { id: number; familyId: number },
  userAgent?: string,
): Promise<string> {
  const now = ctx.clock.now();
  await ctx.db.update(userAccounts).set({ lastLogin: now }).where(eq(userAccounts.id, user.id));
  return createSession(
    ctx.db,
    { userId: user.id, familyId: user.familyId },
    sessionPolicy(ctx),
    now,
    userAgent,
  );
}

/** SPEC §7 `GET /api/auth/session`: the family's name and the user's e-mail, and the family's time zone. */
export async function sessionInfo(ctx: ServerContext, userId: number): Promise<SessionDto> {
  const [row] = await ctx.db
    .select({ email: userAccounts.email, familyName: families.name, timezone: families.timezone })
    .from(userAccounts)
    .innerJoin(families, eq(families.id, userAccounts.familyId))
    .where(eq(userAccounts.id, userId));
  if (!row) throw notFound();
  return { family_name: row.familyName, email: row.email, family_timezone: row.timezone };
}

export { sessionPolicy };
