import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import { SESSIONS_PER_ACCOUNT_MAX } from '../../core/contracts/quotas.ts';
import type { DbOrTx } from '../db/types.ts';
import { sessions } from '../db/schema/families.ts';
import type { AuthContext } from '../http/auth-context.ts';

export const SESSION_COOKIE = 'fh_session';

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
 * list of issue 25); absent when the request had none. Past `SESSIONS_PER_ACCOUNT_MAX` sessions of the account,
 * its least recently used ones end (issue 42).
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
  // Issue 42: at most SESSIONS_PER_ACCOUNT_MAX sessions an account; past it the least recently used ones end.
  await db.execute(sql`
    delete from ${sessions} where ${sessions.userId} = ${user.userId} and ${sessions.sid} in (
      select ${sessions.sid} from ${sessions}
      where ${sessions.userId} = ${user.userId} and ${sessions.sid} <> ${hashSessionId(rawId)}
      order by coalesce(${sessions.lastUsedAt}, ${sessions.createdAt}) desc, ${sessions.createdAt} desc
      offset ${SESSIONS_PER_ACCOUNT_MAX - 1})`);
  return rawId;
}

/**
 * The statement that looks a cookie value up and opens its family's scope (migration 0013's
 * `familyhub_open_session`): one row `{ user_id, family_id, family_timezone }` for a live session, whose idle
 * expiry it slides forward (writing at most once every five minutes per session), and from then on the
 * transaction sees only that family's rows; no row when the session is unknown, idle-expired or past its absolute
 * expiry. Plain SQL text with its values inlined (the SHA-256 hex of the cookie, an ISO instant and an integer:
 * nothing the client chose verbatim), so it can share one simple-protocol round trip with `BEGIN`.
 * @returns null when `rawId` cannot be a session id (shorter than 20 or longer than 100 characters).
 */
export function openSessionStatement(rawId: string, policy: SessionPolicy, now: Date): string | null {
  if (rawId.length < 20 || rawId.length > 100) return null;
  const idle = Math.trunc(policy.idleMinutes);
  return (
    'SELECT user_id, family_id, family_timezone FROM familyhub_open_session(' +
    `'${hashSessionId(rawId)}', '${now.toISOString()}', ${String(idle)})`
  );
}

/** A row of `openSessionStatement` as the request's identity; `rawId` is the cookie value it was opened with. */
export function sessionOf(row: Record<string, unknown> | undefined, rawId: string): AuthContext | null {
  if (!row) return null;
  return {
    userId: Number(row.user_id),
    familyId: Number(row.family_id),
    sid: hashSessionId(rawId),
    familyZone: String(row.family_timezone),
  };
}

/**
 * Looks a cookie value up in a statement of its own (outside a family transaction: the system routes), with the
 * rules of `openSessionStatement`. Returns null when unknown, idle-expired or past the absolute expiry.
 */
export async function resolveSession(
  db: DbOrTx,
  rawId: string,
  policy: SessionPolicy,
  now: Date,
): Promise<AuthContext | null> {
  const statement = openSessionStatement(rawId, policy, now);
  if (statement === null) return null;
  const result: unknown = await db.execute(sql.raw(statement));
  const rows = (result as { rows: Record<string, unknown>[] }).rows; // both drivers answer { rows }
  return sessionOf(rows[0], rawId);
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
