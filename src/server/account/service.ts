import { createHash } from 'node:crypto';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import Bowser from 'bowser';
import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AccountDto,
  AddPasskeyReply,
  PasskeyDto,
  SessionListItemDto,
  addPasskeySchema,
  changeEmailSchema,
  changePasswordSchema,
} from '../../core/contracts/account.ts';
import type { FamilyMemberDto } from '../../core/contracts/members.ts';
import { sendAccountEmail } from '../auth/account-email.ts';
import { revokeAppPasswordsOf } from '../auth/app-passwords.ts';
import { createChallenge, dropChallenge, dropUserChallenges, findChallenge } from '../auth/challenges.ts';
import { passkeysOf, registrationOptions, verifyRegistration, type PasskeyRow } from '../auth/passkeys.ts';
import { assertAcceptablePassword } from '../auth/password-policy.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { recoveryCodesLeft, removeRecoveryCodes, renewRecoveryCodes } from '../auth/recovery-codes.ts';
import { destroyOtherSessions } from '../auth/sessions.ts';
import type { DbOrTx } from '../db/types.ts';
import { emailHasAccount } from '../db/cross-family.ts';
import { memberDtoOf } from '../members/service.ts';
import { pushSwitchedOff } from '../notifications/push-devices.ts';
import { passkeys } from '../db/schema/account.ts';
import { families, familyMembers, sessions, userAccounts } from '../db/schema/families.ts';
import type { AuthContext } from '../http/auth-context.ts';
import type { ServerContext } from '../context.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { LINK_TOKEN_PLACEHOLDER, linkSecret, linkToken, newLinkRef } from '../notifications/link-tokens.ts';
import {
  emailChangedEmail,
  emailConfirmationEmail,
  passkeyAddedEmail,
  passkeyRemovedEmail,
  passwordChangedEmail,
  recoveryCodesRenewedEmail,
  sessionsEndedEmail,
} from '../notifications/account-templates.ts';

export const WRONG_PASSWORD_MESSAGE = 'Your current password is not correct.';
export const SAME_EMAIL_MESSAGE = 'This is already your email.';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';
export const INVALID_CONFIRMATION_MESSAGE =
  'This confirmation link is invalid, expired, or has already been used. Please ask for a new one.';
export const PASSKEY_NOT_VERIFIED_MESSAGE = 'That passkey could not be added. Please try again.';
export const NO_PASSKEY_MESSAGE = 'Add a passkey first: recovery codes go with a passkey.';

/** How long an e-mail confirmation link works (issue 25). */
export const EMAIL_CONFIRMATION_TTL_HOURS = 24;

type UserRow = typeof userAccounts.$inferSelect;

const hashToken = (raw: string) => createHash('sha256').update(raw).digest('hex');

/** The signed-in user's account row, locked for the rest of `tx`. @throws HttpError 404 when it is gone. */
async function lockUser(tx: DbOrTx, auth: AuthContext): Promise<UserRow> {
  const [user] = await tx
    .select()
    .from(userAccounts)
    .where(and(eq(userAccounts.id, auth.userId), eq(userAccounts.familyId, auth.familyId)))
    .for('update');
  if (!user) throw notFound();
  return user;
}

/**
 * Re-authentication before a change to how the user signs in (ASVS 5.0 V7.5.1).
 * @throws HttpError 400 with the message on `current_password` when it is wrong.
 */
async function assertCurrentPassword(user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw badRequest(WRONG_PASSWORD_MESSAGE, { current_password: WRONG_PASSWORD_MESSAGE });
  }
}

function toPasskeyDto(row: PasskeyRow): PasskeyDto {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Issue 25 `GET /api/account`: the sign-in e-mail, a pending new one, passkeys and recovery codes left; and (issue
 * 41) the member the account signs in as, built as the Family Members screen builds their card (`memberDtoOf`),
 * so "Your reminders" and the card never disagree.
 */
export async function accountInfo(ctx: ServerContext, auth: AuthContext): Promise<AccountDto> {
  const [user] = await ctx.db
    .select()
    .from(userAccounts)
    .where(and(eq(userAccounts.id, auth.userId), eq(userAccounts.familyId, auth.familyId)));
  if (!user) throw notFound();
  const now = ctx.clock.now();
  const pending =
    user.pendingEmail && user.pendingEmailExpires && user.pendingEmailExpires > now
      ? user.pendingEmail
      : null;
  return {
    email: user.email,
    pending_email: pending,
    passkeys: (await passkeysOf(ctx.db, user.id)).map(toPasskeyDto),
    recovery_codes_left: await recoveryCodesLeft(ctx.db, user.id),
    member: await signedInMember(ctx, auth, user.familyMemberId),
    push_switched_off: await pushSwitchedOff(ctx.db, auth.familyId),
  };
}

/** The member `auth`'s account is linked to, as `GET /api/family-members` shows it, or null. */
async function signedInMember(
  ctx: ServerContext,
  auth: AuthContext,
  memberId: number | null,
): Promise<FamilyMemberDto | null> {
  if (memberId === null) return null;
  const [row] = await ctx.db
    .select()
    .from(familyMembers)
    .where(and(eq(familyMembers.id, memberId), eq(familyMembers.familyId, auth.familyId)));
  return row ? memberDtoOf(ctx, ctx.db, auth.familyId, auth.userId, row) : null;
}

/**
 * Issue 25 `POST /api/account/password`: with the current password, sets a new one (SPEC §5 minimum, not
 * common, not the e-mail or family name), ends every other session of the account (ASVS 5.0 V7.4.3) and
 * tells the account's address.
 * @throws HttpError 400 on `current_password` (wrong) or `new_password` (refused); nothing changes then.
 */
export async function changePassword(
  ctx: ServerContext,
  auth: AuthContext,
  input: z.output<typeof changePasswordSchema>,
): Promise<void> {
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, auth);
    await assertCurrentPassword(user, input.current_password);
    const [family] = await tx
      .select({ name: families.name })
      .from(families)
      .where(eq(families.id, auth.familyId));
    assertAcceptablePassword(
      input.new_password,
      { email: user.email, familyName: family?.name },
      'new_password',
    );
    await tx
      .update(userAccounts)
      .set({ passwordHash, passwordResetToken: null, passwordResetExpires: null, updatedAt: ctx.clock.now() })
      .where(eq(userAccounts.id, user.id));
    await destroyOtherSessions(tx, user.id, auth.sid);
    await dropUserChallenges(tx, user.id);
    await sendAccountEmail(ctx, tx, user, passwordChangedEmail({ everywhere: false }));
  });
}

/**
 * Issue 25 `POST /api/account/email`: with the current password, starts moving the account to `new_email`:
 * a 24-hour single-use link (token stored as SHA-256) goes to the new address; nothing changes until it is
 * opened (`confirmEmailChange`). A new request replaces an earlier pending one.
 * @returns the pending address.
 * @throws HttpError 400 on `current_password` (wrong) or `new_email` (the current one); 409 when another
 *   account has that e-mail (as registration says, SPEC §5).
 */
export async function requestEmailChange(
  ctx: ServerContext,
  auth: AuthContext,
  input: z.output<typeof changeEmailSchema>,
): Promise<{ pending_email: string }> {
  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, auth);
    await assertCurrentPassword(user, input.current_password);
    if (input.new_email === user.email)
      throw badRequest(SAME_EMAIL_MESSAGE, { new_email: SAME_EMAIL_MESSAGE });
    // Accounts of every family: the same cross-family question an invitation asks (db/cross-family.ts).
    if (await emailHasAccount(tx, input.new_email)) throw conflict(EMAIL_TAKEN_MESSAGE);
    const now = ctx.clock.now();
    // ADR 014: the token is derived from a ref with the link secret; the outbox row keeps the ref only.
    const linkRef = newLinkRef('email_confirmation', user.id);
    const raw = linkToken(linkSecret(ctx.config), linkRef);
    const expires = new Date(now.getTime() + EMAIL_CONFIRMATION_TTL_HOURS * 3_600_000);
    await tx
      .update(userAccounts)
      .set({
        pendingEmail: input.new_email,
        pendingEmailExpires: expires,
        emailVerificationToken: hashToken(raw),
      })
      .where(eq(userAccounts.id, user.id));
    await sendAccountEmail(
      ctx,
      tx,
      user,
      emailConfirmationEmail({
        publicUrl: ctx.config.PUBLIC_URL,
        token: LINK_TOKEN_PLACEHOLDER,
        validHours: EMAIL_CONFIRMATION_TTL_HOURS,
      }),
      { recipient: input.new_email, expiresAt: expires, linkRef },
    );
    return { pending_email: input.new_email };
  });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Issue 25 `POST /api/account/email/confirm` (the link from the new address; signed in or not): the account
 * signs in with the new address from now on, the member profile's e-mail follows when it was the old
 * address, the token is burnt, and the old address is told.
 * @returns the new address.
 * @throws HttpError 400 (on `token`) for an unknown, used, replaced or expired link; 409 when another account
 *   took the address meanwhile. Nothing changes then.
 */
export async function confirmEmailChange(ctx: ServerContext, rawToken: string): Promise<{ email: string }> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const [user] = await tx
        .select()
        .from(userAccounts)
        .where(
          and(
            eq(userAccounts.emailVerificationToken, hashToken(rawToken)),
            isNotNull(userAccounts.pendingEmail),
            gt(userAccounts.pendingEmailExpires, now),
          ),
        )
        .for('update');
      if (!user?.pendingEmail)
        throw badRequest(INVALID_CONFIRMATION_MESSAGE, { token: INVALID_CONFIRMATION_MESSAGE });
      const newEmail = user.pendingEmail;
      await tx
        .update(userAccounts)
        .set({
          email: newEmail,
          emailVerified: true,
          emailVerificationToken: null,
          pendingEmail: null,
          pendingEmailExpires: null,
          updatedAt: now,
        })
        .where(eq(userAccounts.id, user.id));
      if (user.familyMemberId !== null) {
        await tx
          .update(familyMembers)
          .set({ email: newEmail })
          .where(
            and(
              eq(familyMembers.id, user.familyMemberId),
              eq(familyMembers.familyId, user.familyId),
              eq(familyMembers.email, user.email),
            ),
          );
      }
      await sendAccountEmail(ctx, tx, user, emailChangedEmail({ newEmail }), { recipient: user.email });
      return { email: newEmail };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN_MESSAGE);
    throw error;
  }
}

/** "Chrome 140 on Linux" from a User-Agent header; "Unknown device" without one. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const version = parsed.browser.version?.split('.')[0];
  const os = parsed.os.name;
  if (!browser && !os) return 'Unknown device';
  const name = browser ? `${browser}${version ? ` ${version}` : ''}` : 'A browser';
  return os ? `${name} on ${os}` : name;
}

/**
 * Issue 25 `GET /api/account/sessions`: the user's live sessions, most recently used first, the caller's own
 * marked `current`.
 */
export async function listSessions(ctx: ServerContext, auth: AuthContext): Promise<SessionListItemDto[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, auth.userId),
        eq(sessions.familyId, auth.familyId),
        gt(sessions.expire, now),
        gt(sessions.absoluteExpire, now),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  return rows.map((row) => ({
    id: row.publicId,
    device: describeDevice(row.userAgent),
    signed_in_at: row.createdAt.toISOString(),
    last_used_at: (row.lastUsedAt ?? row.createdAt).toISOString(),
    current: row.sid === auth.sid,
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Issue 25 `DELETE /api/account/sessions/{id}`: signs one of the user's sessions out.
 * @throws HttpError 404 for an id that is not one of the user's sessions (another user's included).
 */
export async function endSession(ctx: ServerContext, auth: AuthContext, publicId: string): Promise<void> {
  if (!UUID.test(publicId)) throw notFound();
  const ended = await ctx.db
    .delete(sessions)
    .where(
      and(
        eq(sessions.publicId, publicId),
        eq(sessions.userId, auth.userId),
        eq(sessions.familyId, auth.familyId),
      ),
    )
    .returning({ sid: sessions.sid });
  if (ended.length === 0) throw notFound();
}

/**
 * Issue 25 `POST /api/account/sessions/sign-out-others`: ends every session of the user but this one and (issue
 * 40) revokes every app password of the account, and tells the account's address when anything ended.
 * @returns how many sessions ended (`ended`) and app passwords were revoked (`app_passwords_revoked`).
 */
export async function endOtherSessions(
  ctx: ServerContext,
  auth: AuthContext,
): Promise<{ ended: number; app_passwords_revoked: number }> {
  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, auth);
    const ended = await destroyOtherSessions(tx, user.id, auth.sid);
    const revoked = await revokeAppPasswordsOf(tx, auth.familyId, [user.id]);
    if (ended > 0 || revoked > 0) {
      await sendAccountEmail(ctx, tx, user, sessionsEndedEmail({ count: ended, appPasswords: revoked }));
    }
    return { ended, app_passwords_revoked: revoked };
  });
}

/**
 * Issue 25 `POST /api/account/passkeys/options`: with the current password, WebAuthn creation options for a
 * new passkey; the challenge is kept on a step whose raw id goes in the step cookie.
 * @throws HttpError 400 on `current_password` when it is wrong.
 */
export async function passkeyRegistrationOptions(
  ctx: ServerContext,
  auth: AuthContext,
  currentPassword: string,
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; step: string }> {
  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, auth);
    await assertCurrentPassword(user, currentPassword);
    let displayName = user.email;
    if (user.familyMemberId !== null) {
      const [member] = await tx
        .select({ name: familyMembers.name })
        .from(familyMembers)
        .where(and(eq(familyMembers.id, user.familyMemberId), eq(familyMembers.familyId, auth.familyId)));
      displayName = member?.name ?? displayName;
    }
    const options = await registrationOptions(
      ctx,
      { id: user.id, email: user.email, displayName },
      await passkeysOf(tx, user.id),
    );
    const step = await createChallenge(tx, {
      purpose: 'passkey_register',
      userId: user.id,
      familyId: auth.familyId,
      challenge: options.challenge,
      now: ctx.clock.now(),
    });
    return { options, step };
  });
}

/**
 * Issue 25 `POST /api/account/passkeys`: verifies the browser's registration response against the step's
 * challenge and stores the passkey. The first passkey turns the second step on and comes with ten recovery
 * codes, shown once. The account's address is told.
 * @throws HttpError 400 when the response does not verify, the step is gone or belongs to someone else, or the
 *   passkey is already registered.
 */
export async function addPasskey(
  ctx: ServerContext,
  auth: AuthContext,
  stepId: string | undefined,
  input: z.output<typeof addPasskeySchema>,
): Promise<AddPasskeyReply> {
  // A signed-in request is all or nothing (http/family-scope.ts): a refused response leaves the step for a
  // retry until it expires; an accepted one uses it up.
  const result = await ctx.db.transaction(async (tx): Promise<AddPasskeyReply | null> => {
    const now = ctx.clock.now();
    const step = await findChallenge(tx, stepId, 'passkey_register', now);
    if (!step?.challenge || step.userId !== auth.userId) return null;
    await dropChallenge(tx, step);
    const user = await lockUser(tx, auth);
    const credential = await verifyRegistration(ctx, input.response, step.challenge);
    if (!credential) return null;
    const [duplicate] = await tx
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(eq(passkeys.credentialId, credential.credentialId));
    if (duplicate) return null;
    const first = (await passkeysOf(tx, user.id)).length === 0;
    const [row] = await tx
      .insert(passkeys)
      .values({ ...credential, familyId: auth.familyId, userId: user.id, name: input.name, createdAt: now })
      .returning();
    if (!row) throw new Error('passkey insert returned no row');
    const codes = first ? await renewRecoveryCodes(tx, { id: user.id, familyId: auth.familyId }, now) : null;
    await sendAccountEmail(ctx, tx, user, passkeyAddedEmail({ name: input.name }));
    return { passkey: toPasskeyDto(row), recovery_codes: codes };
  });
  if (!result) throw badRequest(PASSKEY_NOT_VERIFIED_MESSAGE);
  return result;
}

/**
 * Issue 25 `DELETE /api/account/passkeys/{id}` (current password in the body): removes one of the user's
 * passkeys; with the last one the second step and the recovery codes go. The account's address is told.
 * @throws HttpError 404 for an id that is not one of the user's passkeys; 400 on `current_password`.
 */
export async function removePasskey(
  ctx: ServerContext,
  auth: AuthContext,
  passkeyId: number,
  currentPassword: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, auth);
    const [row] = await tx
      .select()
      .from(passkeys)
      .where(
        and(eq(passkeys.id, passkeyId), eq(passkeys.userId, user.id), eq(passkeys.familyId, auth.familyId)),
      );
    if (!row) throw notFound();
    await assertCurrentPassword(user, currentPassword);
    await tx.delete(passkeys).where(and(eq(passkeys.id, row.id), eq(passkeys.familyId, auth.familyId)));
    const remaining = (await passkeysOf(tx, user.id)).length;
    if (remaining === 0) await removeRecoveryCodes(tx, user.id);
    await sendAccountEmail(ctx, tx, user, passkeyRemovedEmail({ name: row.name, remaining }));
  });
}

/**
 * Issue 25 `POST /api/account/recovery-codes`: with the current password, ten new recovery codes replace the
 * old ones (shown once); the account's address is told.
 * @throws HttpError 400 on `current_password`, or when the user has no passkey.
 */
export async function newRecoveryCodes(
  ctx: ServerContext,
  auth: AuthContext,
  currentPassword: string,
): Promise<{ recovery_codes: string[] }> {
  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, auth);
    await assertCurrentPassword(user, currentPassword);
    if ((await passkeysOf(tx, user.id)).length === 0) throw badRequest(NO_PASSKEY_MESSAGE);
    const codes = await renewRecoveryCodes(tx, { id: user.id, familyId: auth.familyId }, ctx.clock.now());
    await sendAccountEmail(ctx, tx, user, recoveryCodesRenewedEmail());
    return { recovery_codes: codes };
  });
}
