import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/types.ts';
import { userAccounts } from '../db/schema/families.ts';
import type { ServerContext } from '../context.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { recoveryCodeUsedEmail } from '../notifications/account-templates.ts';
import { sendAccountEmail } from './account-email.ts';
import {
  createChallenge,
  dropChallenge,
  failChallenge,
  findChallenge,
  setChallenge,
  type ChallengeRow,
} from './challenges.ts';
import { authenticationOptions, passkeyByCredentialId, passkeysOf, verifyAssertion } from './passkeys.ts';
import { recoveryCodesLeft, useRecoveryCode } from './recovery-codes.ts';
import { startSession } from './service.ts';

export const STEP_EXPIRED_MESSAGE = 'Your sign-in took too long. Please sign in again.';
export const PASSKEY_FAILED_MESSAGE = 'That passkey could not be verified. Please try again.';
export const RECOVERY_CODE_FAILED_MESSAGE = 'That recovery code is not valid or has been used.';

/** 401: the second step's cookie names no live step (expired, finished, or five failures). */
const stepExpired = () => new HttpError(401, 'unauthorized', STEP_EXPIRED_MESSAGE);

async function liveStep(
  db: DbOrTx,
  rawId: string | undefined,
  now: Date,
): Promise<ChallengeRow & { userId: number }> {
  const row = await findChallenge(db, rawId, 'second_factor', now);
  if (!row || row.userId === null) throw stepExpired();
  return { ...row, userId: row.userId };
}

async function activeUser(db: DbOrTx, userId: number) {
  const [user] = await db.select().from(userAccounts).where(eq(userAccounts.id, userId));
  if (!user?.isActive) throw stepExpired();
  return user;
}

/**
 * Issue 25, second step after the password: WebAuthn request options offering the account's passkeys; the
 * challenge is stored on the step.
 * @throws HttpError 401 when the step cookie names no live step.
 */
export async function secondFactorOptions(
  ctx: ServerContext,
  rawId: string | undefined,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return ctx.db.transaction(async (tx) => {
    const step = await liveStep(tx, rawId, ctx.clock.now());
    const options = await authenticationOptions(ctx, await passkeysOf(tx, step.userId));
    await setChallenge(tx, step, options.challenge);
    return options;
  });
}

/**
 * Issue 25: finishes the second step with a passkey assertion (one of the account's own passkeys, against
 * the step's challenge). A failure counts against the step (five end it).
 * @returns the new session's raw id.
 * @throws HttpError 400 when the passkey does not verify; 401 when the step is gone.
 */
export async function completeWithPasskey(
  ctx: ServerContext,
  rawId: string | undefined,
  response: { id: string },
  userAgent?: string,
): Promise<string> {
  const user = await ctx.db.transaction(async (tx) => {
    const step = await liveStep(tx, rawId, ctx.clock.now());
    const passkey = await passkeyByCredentialId(tx, response.id);
    const ok =
      step.challenge !== null &&
      passkey !== null &&
      passkey.userId === step.userId &&
      (await verifyAssertion(ctx, tx, passkey, response, step.challenge, false));
    if (!ok) {
      await failChallenge(tx, step);
      return null;
    }
    await dropChallenge(tx, step);
    return activeUser(tx, step.userId);
  });
  if (!user) throw badRequest(PASSKEY_FAILED_MESSAGE);
  return startSession(ctx, user, userAgent);
}

/**
 * Issue 25: finishes the second step with one of the account's unused recovery codes, which is burnt; the
 * account's address is told, with how many codes are left. A failure counts against the step.
 * @returns the new session's raw id.
 * @throws HttpError 400 (on `code`) for a wrong or used code; 401 when the step is gone.
 */
export async function completeWithRecoveryCode(
  ctx: ServerContext,
  rawId: string | undefined,
  code: string,
  userAgent?: string,
): Promise<string> {
  const user = await ctx.db.transaction(async (tx) => {
    const step = await liveStep(tx, rawId, ctx.clock.now());
    if (!(await useRecoveryCode(tx, step.userId, code, ctx.clock.now()))) {
      await failChallenge(tx, step);
      return null;
    }
    await dropChallenge(tx, step);
    const account = await activeUser(tx, step.userId);
    await sendAccountEmail(
      ctx,
      tx,
      account,
      recoveryCodeUsedEmail({ left: await recoveryCodesLeft(tx, account.id) }),
    );
    return account;
  });
  if (!user) throw badRequest(RECOVERY_CODE_FAILED_MESSAGE, { code: RECOVERY_CODE_FAILED_MESSAGE });
  return startSession(ctx, user, userAgent);
}

/**
 * Issue 25, signing in with a passkey alone: a new step with WebAuthn request options for any discoverable
 * passkey of this site (user verification required).
 * @returns the options and the step's raw id for its cookie.
 */
export async function passkeySigninOptions(
  ctx: ServerContext,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; step: string }> {
  const options = await authenticationOptions(ctx, null);
  const step = await createChallenge(ctx.db, {
    purpose: 'passkey_signin',
    userId: null,
    familyId: null,
    challenge: options.challenge,
    now: ctx.clock.now(),
  });
  return { options, step };
}

/**
 * Issue 25: signs in with a passkey assertion (the passkey's owner, in whichever family); the step is used
 * up whatever the outcome.
 * @returns the new session's raw id.
 * @throws HttpError 400 when the assertion does not verify or names no passkey here; 401 when the step is gone.
 */
export async function passkeySignin(
  ctx: ServerContext,
  rawId: string | undefined,
  response: { id: string },
  userAgent?: string,
): Promise<string> {
  const user = await ctx.db.transaction(async (tx) => {
    const step = await findChallenge(tx, rawId, 'passkey_signin', ctx.clock.now());
    if (!step?.challenge) throw stepExpired();
    await dropChallenge(tx, step);
    const passkey = await passkeyByCredentialId(tx, response.id);
    if (!passkey || !(await verifyAssertion(ctx, tx, passkey, response, step.challenge, true))) return null;
    const [account] = await tx.select().from(userAccounts).where(eq(userAccounts.id, passkey.userId));
    return account?.isActive ? account : null;
  });
  if (!user) throw badRequest(PASSKEY_FAILED_MESSAGE);
  return startSession(ctx, user, userAgent);
}
