import { createHash } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { families, userAccounts } from '../db/schema/families.ts';
import type { ServerContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { passwordChangedEmail, passwordResetEmail } from '../notifications/account-templates.ts';
import { LINK_TOKEN_PLACEHOLDER, linkSecret, linkToken, newLinkRef } from '../notifications/link-tokens.ts';
import { sendAccountEmail } from './account-email.ts';
import { dropUserChallenges } from './challenges.ts';
import { assertAcceptablePassword } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import { destroyUserSessions } from './sessions.ts';

/** How long a reset link works (issue 25). */
export const RESET_TOKEN_TTL_MINUTES = 60;

export const INVALID_RESET_MESSAGE =
  'This reset link is invalid, expired, or has already been used. Please ask for a new one.';

/** SHA-256 hex of a raw token: only this is stored (`user_accounts.password_reset_token`, SPEC §3). */
export function hashResetToken(rawToken: string): string {
  return createHash('sha256').update(rawToken).digest('hex');
}

/**
 * Issue 25 "Forgot password": when `email` belongs to an active account (registered or created by accepting an
 * invitation), stores the SHA-256 of a new 256-bit token with a 60-minute expiry (replacing any earlier one,
 * whose link then stops working) and writes the reset e-mail to the outbox, in one transaction.
 * An unknown address does nothing. The caller answers the same in both cases (OWASP Forgot Password Cheat
 * Sheet: no enumeration; the route also evens out the time).
 */
export async function requestPasswordReset(ctx: ServerContext, email: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(userAccounts)
      .where(and(eq(userAccounts.email, email), eq(userAccounts.isActive, true)))
      .for('update');
    if (!user) return;
    const now = ctx.clock.now();
    // ADR 014: the token is derived from a ref with the link secret; the outbox row keeps the ref only.
    const linkRef = newLinkRef('password_reset', user.id);
    const raw = linkToken(linkSecret(ctx.config), linkRef);
    const expires = new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000);
    await tx
      .update(userAccounts)
      .set({ passwordResetToken: hashResetToken(raw), passwordResetExpires: expires })
      .where(eq(userAccounts.id, user.id));
    await sendAccountEmail(
      ctx,
      tx,
      user,
      passwordResetEmail({
        publicUrl: ctx.config.PUBLIC_URL,
        token: LINK_TOKEN_PLACEHOLDER,
        validMinutes: RESET_TOKEN_TTL_MINUTES,
      }),
      { expiresAt: expires, linkRef },
    );
  });
}

/**
 * Issue 25: sets a new password from a reset link. The token must be the latest one issued, unused and less
 * than 60 minutes old; it is burnt (single use). Every session of the account ends, half-done sign-ins too,
 * and a notice goes to the account's address. No session is started: the user signs in (with their passkey
 * too, when they have one).
 * @throws HttpError 400 with the message on `token` for an unknown, used, replaced or expired token; on
 *   `password` for a common password or one that is the e-mail or family name. Nothing changes then.
 */
export async function resetPassword(ctx: ServerContext, rawToken: string, password: string): Promise<void> {
  // argon2 first, outside the row lock; a refused token wastes it, which also evens out the answer time.
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [user] = await tx
      .select({ account: userAccounts, familyName: families.name })
      .from(userAccounts)
      .innerJoin(families, eq(families.id, userAccounts.familyId))
      .where(
        and(
          eq(userAccounts.passwordResetToken, hashResetToken(rawToken)),
          gt(userAccounts.passwordResetExpires, now),
          eq(userAccounts.isActive, true),
        ),
      )
      .for('update', { of: userAccounts });
    if (!user) throw badRequest(INVALID_RESET_MESSAGE, { token: INVALID_RESET_MESSAGE });
    const account = user.account;
    assertAcceptablePassword(password, { email: account.email, familyName: user.familyName }, 'password');
    await tx
      .update(userAccounts)
      .set({ passwordHash, passwordResetToken: null, passwordResetExpires: null, updatedAt: now })
      .where(eq(userAccounts.id, account.id));
    await destroyUserSessions(tx, account.id);
    await dropUserChallenges(tx, account.id);
    await sendAccountEmail(ctx, tx, account, passwordChangedEmail({ everywhere: true }));
  });
}
