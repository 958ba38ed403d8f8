import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, or } from 'drizzle-orm';
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

/** The longest User-Agent kept for the session list; longer ones are cut. */
const USER_AGENT_MAX = 512;

/**
 * Starts a session (OWASP Session Management: 256 random bits, opaque, stored server-side).
 * `userAgent` is the signing-in browser's User-Agent header (kept, cut to 512 characters, for the session
 * list of issue 25); absent when the request had none.
 * @returns the raw id for the cookie; only its hash is stored.
 */
export async function createSession(
  db: DbOrTx,
  user: { userId: number; familyId: number },
  policy: SessionPolicy,
  now: Date,
  userAgent?: string | null,
): Promise<string> {
  const rawId = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    sid: hashSessionId(rawId),
    userId: user.userId,
    familyId: user.familyId,
    expire: new Date(now.getTime() + minutes(policy.idleMinutes)),
    absoluteExpire: new Date(now.getTime() + minutes(policy.absoluteMinutes)),
    createdAt: now,
    lastUsedAt: now,
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
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
    await db.update(sessions).set({ expire: renewed, lastUsedAt: now }).where(eq(sessions.sid, sid));
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

/**
 * Ends every session of a user except `keepSid` (the hashed id of the caller's own): "sign out everywhere
 * else", and what a password change does (ASVS 5.0 V7.4.3).
 * @returns how many sessions ended.
 */
export async function destroyOtherSessions(db: DbOrTx, userId: number, keepSid: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)))
    .returning({ sid: sessions.sid });
  return ended.length;
}

/** Removes expired sessions; safe to run from any process at any time. */
export async function pruneExpiredSessions(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expire, now), lt(sessions.absoluteExpire, now)));
}
