import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { sessions } from '../db/schema/families.ts';

export const SESSION_COOKIE = 'fh_session';

/** The signed-in identity a request carries once its session cookie checks out. */
export interface AuthContext {
  userId: number;
  familyId: number;
  sid: string;
}

export interface SessionPolicy {
  /** Idle expiry in minutes: a session unused this long ends. */
  idleMinutes: number;
  /** Absolute expiry in minutes from sign-in, however active the session. */
  absoluteMinutes: number;
}

const minutes = (n: number) => n * 60_000;

/** SHA-256 of the cookie value, hex: the table stores only this, never the id itself. */
function hashSessionId(rawId: string): string {
  return createHash('sha256').update(rawId).digest('hex');
}

/**
 * Starts a session (OWASP Session Management: 256 random bits, opaque, stored server-side).
 * @returns the raw id for the cookie; only its hash is stored.
 */
export async function createSession(
  db: DbOrTx,
  user: { userId: number; familyId: number },
  policy: SessionPolicy,
  now: Date,
): Promise<string> {
  const rawId = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    sid: hashSessionId(rawId),
    userId: user.userId,
    familyId: user.familyId,
    expire: new Date(now.getTime() + minutes(policy.idleMinutes)),
    absoluteExpire: new Date(now.getTime() + minutes(policy.absoluteMinutes)),
  });
  return rawId;
}

/**
 * Looks a cookie value up. Returns null when unknown, idle-expired or past the absolute expiry.
 * Slides the idle expiry forward, writing at most once every five minutes per session.
 */
export async function resolveSession(
  db: DbOrTx,
  rawId: string,
  policy: SessionPolicy,
  now: Date,
): Promise<AuthContext | null> {
  if (rawId.length < 20 || rawId.length > 100) return null;
  const sid = hashSessionId(rawId);
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, now), gt(sessions.absoluteExpire, now)));
  if (!row) return null;
  const renewed = new Date(
    Math.min(now.getTime() + minutes(policy.idleMinutes), row.absoluteExpire.getTime()),
  );
  if (renewed.getTime() - row.expire.getTime() > minutes(5)) {
    await db.update(sessions).set({ expire: renewed }).where(eq(sessions.sid, sid));
  }
  return { userId: row.userId, familyId: row.familyId, sid };
}

/** Ends one session (sign-out). */
export async function destroySession(db: DbOrTx, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

/** Ends every session of a user (e.g. a deleted member's account). */
export async function destroyUserSessions(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Removes expired sessions; safe to run from any process at any time. */
export async function pruneExpiredSessions(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expire, now), lt(sessions.absoluteExpire, now)));
}
