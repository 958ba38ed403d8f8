import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/types.ts';
import { authChallenges } from '../db/schema/account.ts';

/** The cookie that carries a sign-in step in progress (issue 25). */
export const CHALLENGE_COOKIE = 'fh_challenge';

/** How long a sign-in step may take, in minutes. */
export const CHALLENGE_TTL_MINUTES = 10;

/** Failed attempts (wrong passkey or recovery code) after which a second-factor step is dropped. */
export const MAX_CHALLENGE_ATTEMPTS = 5;

export type ChallengePurpose = 'second_factor' | 'passkey_signin' | 'passkey_register';

export type ChallengeRow = typeof authChallenges.$inferSelect;

const hashId = (rawId: string) => createHash('sha256').update(rawId).digest('hex');

/**
 * Starts a sign-in step: a row found by the SHA-256 of a 256-bit random id. Expired steps (of anyone, within
 * what row-level security lets `db` see) are removed on the way.
 * @returns the raw id for the `fh_challenge` cookie.
 */
export async function createChallenge(
  db: DbOrTx,
  input: {
    purpose: ChallengePurpose;
    userId: number | null;
    familyId: number | null;
    challenge?: string | null;
    now: Date;
  },
): Promise<string> {
  // Steps live minutes: clear the expired ones here rather than in a job of their own.
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, input.now));
  const rawId = randomBytes(32).toString('base64url');
  await db.insert(authChallenges).values({
    idHash: hashId(rawId),
    purpose: input.purpose,
    userId: input.userId,
    familyId: input.familyId,
    challenge: input.challenge ?? null,
    expiresAt: new Date(input.now.getTime() + CHALLENGE_TTL_MINUTES * 60_000),
    createdAt: input.now,
  });
  return rawId;
}

/** The live step a cookie value names for `purpose`, locked for the rest of `db`'s transaction; or null. */
export async function findChallenge(
  db: DbOrTx,
  rawId: string | undefined,
  purpose: ChallengePurpose,
  now: Date,
): Promise<ChallengeRow | null> {
  if (!rawId || rawId.length < 20 || rawId.length > 100) return null;
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.idHash, hashId(rawId)),
        eq(authChallenges.purpose, purpose),
        gt(authChallenges.expiresAt, now),
      ),
    )
    .for('update');
  return row ?? null;
}

/** Records the WebAuthn challenge last issued for a step. */
export async function setChallenge(db: DbOrTx, row: ChallengeRow, challenge: string): Promise<void> {
  await db.update(authChallenges).set({ challenge }).where(eq(authChallenges.idHash, row.idHash));
}

/** Ends a step (used, or given up). */
export async function dropChallenge(db: DbOrTx, row: ChallengeRow): Promise<void> {
  await db.delete(authChallenges).where(eq(authChallenges.idHash, row.idHash));
}

/** Counts a failed attempt; the fifth ends the step. */
export async function failChallenge(db: DbOrTx, row: ChallengeRow): Promise<void> {
  if (row.attempts + 1 >= MAX_CHALLENGE_ATTEMPTS) return dropChallenge(db, row);
  await db
    .update(authChallenges)
    .set({ attempts: row.attempts + 1 })
    .where(eq(authChallenges.idHash, row.idHash));
}

/** Ends every step of a user (their password changed: a half-done sign-in with the old one must not finish). */
export async function dropUserChallenges(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(authChallenges).where(eq(authChallenges.userId, userId));
}
