import { createHash, randomInt } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AppPasswordDto,
  CreatedAppPasswordDto,
  createAppPasswordSchema,
} from '../../core/contracts/account.ts';
import { APP_PASSWORDS_LIMIT_MESSAGE, APP_PASSWORDS_PER_ACCOUNT_MAX } from '../../core/contracts/quotas.ts';
import { sendAccountEmail } from './account-email.ts';
import type { AuthContext } from '../http/auth-context.ts';
import { SIGN_IN_LIMIT_MESSAGE, SIGN_IN_LIMIT_WINDOW_MS, signInLimits } from './sign-in-limits.ts';
import type { DbOrTx } from '../db/types.ts';
import { withSystemScope } from '../db/scope.ts';
import { appPasswords } from '../db/schema/app-passwords.ts';
import { userAccounts } from '../db/schema/families.ts';
import { systemClock, type ServerContext } from '../context.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { rateLimitBucket } from '../http/rate-limit.ts';
import { countInWindow, countsInWindow } from '../http/shared-rate-limit-store.ts';
import { appPasswordCreatedEmail, appPasswordRevokedEmail } from '../notifications/account-templates.ts';

/** RFC 4648 §6's base32 alphabet, lower-cased: 32 symbols (5 bits each), no 0, 1, 8 or 9 to mistake. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** 25 symbols (125 bits), shown as five groups of five: `k7mzp-xq4ra-…`. */
const SECRET_LENGTH = 25;
const GROUP = 5;
const SECRET_PATTERN = new RegExp(`^[${ALPHABET}]{${SECRET_LENGTH}}$`);

/** `last_used_at` moves when it is at least this old (ms): about one write a minute per app password. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** The system path of the app-password lookup (docs/security.md). */
const SYSTEM_SCOPE = 'app-password-check';

/** What a live app password signs in as: the account, its family and member, and the app password itself. */
export interface AppPasswordPrincipal {
  accountId: number;
  familyId: number;
  /** The account's member profile; null for an account without one. */
  memberId: number | null;
  appPasswordId: number;
  /** The account's e-mail, lower-cased, as the client should be told it. */
  username: string;
}

/** A new secret from the CSPRNG, grouped for reading: five dashed groups of five base32 letters. */
function newSecret(): string {
  let secret = '';
  for (let i = 0; i < SECRET_LENGTH; i++) secret += ALPHABET[randomInt(ALPHABET.length)];
  return secret.match(new RegExp(`.{${GROUP}}`, 'g'))?.join('-') ?? secret;
}

/** A typed secret as it is hashed: lower-case, without spaces or dashes; null when it cannot be one. */
function normaliseSecret(typed: string): string | null {
  const secret = typed.toLowerCase().replace(/[\s-]+/g, '');
  return SECRET_PATTERN.test(secret) ? secret : null;
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

function toDto(row: typeof appPasswords.$inferSelect): AppPasswordDto {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The CalDAV server's address a calendar app is given (`{PUBLIC_URL}/dav/`). */
export function caldavUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/dav/`;
}

/**
 * Issue 40 `POST /api/account/app-passwords`: a new app password for the signed-in account, named `input.name`.
 * The secret (25 base32 letters, 125 bits, from the CSPRNG) is returned once and kept only as its SHA-256; the
 * account's address is told.
 * @returns the app password with `username` (the account's e-mail), `password` and `caldav_url`.
 * @throws HttpError 400 (`APP_PASSWORDS_LIMIT_MESSAGE`) when the account already has
 *   `APP_PASSWORDS_PER_ACCOUNT_MAX`; 404 when the account is gone.
 */
export async function createAppPassword(
  ctx: ServerContext,
  auth: AuthContext,
  input: z.output<typeof createAppPasswordSchema>,
): Promise<CreatedAppPasswordDto> {
  return ctx.db.transaction(async (tx) => {
    // The account row's lock makes concurrent creations take turns, so the count below holds.
    const [user] = await tx
      .select()
      .from(userAccounts)
      .where(and(eq(userAccounts.id, auth.userId), eq(userAccounts.familyId, auth.familyId)))
      .for('update');
    if (!user) throw notFound();
    const [held] = await tx
      .select({ n: count() })
      .from(appPasswords)
      .where(and(eq(appPasswords.userId, user.id), eq(appPasswords.familyId, auth.familyId)));
    if ((held?.n ?? 0) >= APP_PASSWORDS_PER_ACCOUNT_MAX) throw badRequest(APP_PASSWORDS_LIMIT_MESSAGE);
    const password = newSecret();
    const [row] = await tx
      .insert(appPasswords)
      .values({
        familyId: auth.familyId,
        userId: user.id,
        name: input.name,
        secretHash: hashSecret(password.replaceAll('-', '')),
        createdAt: ctx.clock.now(),
      })
      .returning();
    if (!row) throw new Error('app password insert returned no row');
    await sendAccountEmail(ctx, tx, user, appPasswordCreatedEmail({ name: row.name }));
    return {
      id: row.id,
      name: row.name,
      username: user.email,
      password,
      caldav_url: caldavUrl(ctx.config.PUBLIC_URL),
      created_at: row.createdAt.toISOString(),
    };
  });
}

/** Issue 40 `GET /api/account/app-passwords`: the account's app passwords, oldest first, never a secret. */
export async function listAppPasswords(ctx: ServerContext, auth: AuthContext): Promise<AppPasswordDto[]> {
  const rows = await ctx.db
    .select()
    .from(appPasswords)
    .where(and(eq(appPasswords.userId, auth.userId), eq(appPasswords.familyId, auth.familyId)))
    .orderBy(asc(appPasswords.createdAt), asc(appPasswords.id));
  return rows.map(toDto);
}

/**
 * Issue 40 `DELETE /api/account/app-passwords/{id}`: revokes one of the account's app passwords (the row goes,
 * so the next CalDAV request with it is refused); the account's address is told.
 * @throws HttpError 404 for an id that is not one of the account's app passwords (another account's included).
 */
export async function revokeAppPassword(ctx: ServerContext, auth: AuthContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(appPasswords)
      .where(
        and(
          eq(appPasswords.id, id),
          eq(appPasswords.userId, auth.userId),
          eq(appPasswords.familyId, auth.familyId),
        ),
      )
      .returning({ name: appPasswords.name });
    if (!row) throw notFound();
    const [user] = await tx
      .select()
      .from(userAccounts)
      .where(and(eq(userAccounts.id, auth.userId), eq(userAccounts.familyId, auth.familyId)));
    if (user) await sendAccountEmail(ctx, tx, user, appPasswordRevokedEmail({ name: row.name }));
  });
}

/**
 * Revokes every app password of the accounts `userIds` of `familyId`, in the caller's transaction: "Sign out
 * everywhere else" and the deletion of the accounts' member (issue 40).
 * @returns how many were revoked.
 */
export async function revokeAppPasswordsOf(
  tx: DbOrTx,
  familyId: number,
  userIds: readonly number[],
): Promise<number> {
  if (userIds.length === 0) return 0;
  const revoked = await tx
    .delete(appPasswords)
    .where(and(eq(appPasswords.familyId, familyId), inArray(appPasswords.userId, [...userIds])))
    .returning({ id: appPasswords.id });
  return revoked.length;
}

/**
 * Checks the HTTP Basic credentials (RFC 7617 §2: the user-id and password of the `Authorization: Basic`
 * header, decoded by the caller) of a CalDAV request from client address `ip`. Only an app password signs in
 * here: the account password, and so passkeys and recovery codes, never do.
 *
 * `username` must be the account's e-mail (compared trimmed and lower-cased); `password` the app password as
 * shown, with or without its dashes, in any case. It is found by its SHA-256 in one indexed read, and must
 * belong to that username's account, which must be active. A success moves the app password's `last_used_at`
 * when it is a minute old or more (one write a minute, not one a request).
 *
 * Failures (unknown or revoked password, another account's, wrong username) count against the sign-in limits
 * per IP, per (account, address) and per account (`auth/sign-in-limits.ts`, the buckets `POST /api/auth/login`
 * counts in); successes do not count, since a calendar app signs every request. Runs in its own system scope
 * (`app-password-check`), so it may be called from a route in the system scope or in none.
 *
 * @returns the principal, or null for anything that is not a live app password of that username.
 * @throws HttpError 429 `rate_limited` with `retryAfterSeconds` (the seconds left in the window) when a sign-in
 *   limit of this IP or username is spent, before any check: the route should answer it as it is (429 with
 *   `Retry-After`, which the error handler sends), since a 401 would make a calendar app ask for the password
 *   again. Error when called inside a family scope.
 */
export async function authenticateAppPassword(
  ctx: ServerContext,
  credentials: { username: string; password: string },
  ip: string,
): Promise<AppPasswordPrincipal | null> {
  // E-mails are at most 255 characters: a longer name is no account's, and its bucket keys stay short.
  const username = credentials.username.trim().toLowerCase().slice(0, 256);
  const buckets = signInLimits(ctx.config.AUTH_RATE_LIMIT_PER_MINUTE).map((limit) => ({
    bucket: rateLimitBucket(limit.name, limit.key({ email: username, ip })),
    max: limit.max,
  }));
  return withSystemScope(ctx.db, SYSTEM_SCOPE, async () => {
    // Windows follow the wall clock, as the shared store's do (app.ts).
    const { counts, ttl } = await countsInWindow(
      ctx.db,
      buckets.map((b) => b.bucket),
      SIGN_IN_LIMIT_WINDOW_MS,
      systemClock.now(),
    );
    if (buckets.some((b) => (counts.get(b.bucket) ?? 0) >= b.max)) {
      throw new HttpError(429, 'rate_limited', SIGN_IN_LIMIT_MESSAGE, undefined, ttl / 1000);
    }
    const secret = normaliseSecret(credentials.password);
    const [found] = secret
      ? await ctx.db
          .select({
            id: appPasswords.id,
            familyId: appPasswords.familyId,
            lastUsedAt: appPasswords.lastUsedAt,
            accountId: userAccounts.id,
            email: userAccounts.email,
            memberId: userAccounts.familyMemberId,
            isActive: userAccounts.isActive,
          })
          .from(appPasswords)
          .innerJoin(
            userAccounts,
            and(eq(userAccounts.id, appPasswords.userId), eq(userAccounts.familyId, appPasswords.familyId)),
          )
          .where(eq(appPasswords.secretHash, hashSecret(secret)))
      : [];
    if (!found || found.email !== username || !found.isActive) {
      for (const { bucket } of buckets) {
        await countInWindow(ctx.db, bucket, SIGN_IN_LIMIT_WINDOW_MS, systemClock.now());
      }
      return null;
    }
    const now = ctx.clock.now();
    const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    if (!found.lastUsedAt || found.lastUsedAt <= stale) {
      // Conditional, so that a burst of requests from several processes writes once.
      await ctx.db
        .update(appPasswords)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(appPasswords.id, found.id),
            or(isNull(appPasswords.lastUsedAt), lte(appPasswords.lastUsedAt, stale)),
          ),
        );
    }
    return {
      accountId: found.accountId,
      familyId: found.familyId,
      memberId: found.memberId,
      appPasswordId: found.id,
      username: found.email,
    };
  });
}
