import { randomBytes } from 'node:crypto';
import { eq, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { WaitlistCountDto, WaitlistJoinDto, waitlistJoinSchema } from '../../core/contracts/waitlist.ts';
import type { Tx } from '../db/types.ts';
import { waitlistEntries } from '../db/schema/waitlist.ts';
import type { ServerContext } from '../context.ts';

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;

/** Where a join came from: the request's address and browser, stored for abuse review and attribution. */
export interface JoinOrigin {
  ipAddress: string;
  userAgent: string | undefined;
}

/**
 * The outcome of a join: `entry` is the address's real entry (new or found), for the e-mail to that address
 * only; `dto` is the reply, which does not depend on whether the address was already on the list.
 */
export interface JoinResult {
  created: boolean;
  entry: WaitlistEntryRow;
  dto: WaitlistJoinDto;
}

const USER_AGENT_MAX = 512;
const IP_MAX = 64;

/**
 * A new referral code: 72 random bits in base64url (12 characters, within SPEC §3's 50). Unguessable, so
 * that nobody can enumerate other entries' codes; the unique index still guards against a collision.
 */
function newReferralCode(): string {
  return randomBytes(9).toString('base64url');
}

/**
 * The mailbox an address delivers to, for the self-referral check: lowercased, with a `+tag` sub-address
 * dropped (RFC 5233 sub-addressing, which the big providers support), so `ana+2@x.com` cannot credit `ana@x.com`.
 */
function mailbox(email: string): string {
  const lower = email.toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const local = lower.slice(0, at).split('+')[0] ?? '';
  return `${local}${lower.slice(at)}`;
}

async function findByEmail(tx: Tx, email: string): Promise<WaitlistEntryRow | undefined> {
  const [row] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.email, email));
  return row;
}

/**
 * Puts an e-mail on the waitlist (SPEC §5, §7 `POST /api/waitlist/join`).
 *
 * - The e-mail arrives normalised (trimmed, lowercased) by the schema. If it is already on the list, its
 *   existing entry is returned as `entry` (`created: false`): no second row, no new referral credit, nothing
 *   changed; the reply is what a new entry would get (the next position, a fresh code that is not stored),
 *   so it reveals nothing about the address (issue 20).
 * - A new entry's position is its place in line: one more than the highest position so far. Joins take a
 *   table lock that serialises writers (readers, such as the count, are not blocked), so two visitors
 *   joining at once never share a position, on PGlite and on several app processes over PostgreSQL alike.
 * - `ref` credits the entry holding that code once: its `referral_count` goes up by one and the new entry
 *   records its `referrer_email`. An unknown code or the visitor's own mailbox credits nobody.
 * - UTM fields, IP and user agent are stored as given (already cut to their column sizes).
 */
export async function joinWaitlist(
  ctx: ServerContext,
  input: z.output<typeof waitlistJoinSchema>,
  origin: JoinOrigin,
): Promise<JoinResult> {
  return ctx.db.transaction(async (tx) => {
    // SHARE ROW EXCLUSIVE conflicts with itself and with row writes but not with plain reads: one join at a
    // time computes max(position) + 1, while `GET /api/waitlist/count` keeps answering.
    await tx.execute(sql`LOCK TABLE ${waitlistEntries} IN SHARE ROW EXCLUSIVE MODE`);

    const [last] = await tx.select({ position: max(waitlistEntries.position) }).from(waitlistEntries);
    const position = (last?.position ?? 0) + 1;

    const existing = await findByEmail(tx, input.email);
    if (existing) {
      return { created: false, entry: existing, dto: { position, referral_code: newReferralCode() } };
    }

    let referrerEmail: string | null = null;
    if (input.ref) {
      const [referrer] = await tx
        .select({ email: waitlistEntries.email })
        .from(waitlistEntries)
        .where(eq(waitlistEntries.referralCode, input.ref));
      if (referrer && mailbox(referrer.email) !== mailbox(input.email)) referrerEmail = referrer.email;
    }

    // A code collision (72 random bits: practically never) skips the insert instead of aborting the
    // transaction; the e-mail cannot collide because the lock is held and it was checked above.
    let row: WaitlistEntryRow | undefined;
    for (let attempt = 0; attempt < 5 && !row; attempt += 1) {
      [row] = await tx
        .insert(waitlistEntries)
        .values({
          email: input.email,
          familySize: input.family_size,
          biggestChallenge: input.biggest_challenge,
          referrerEmail,
          referralCode: newReferralCode(),
          position,
          utmSource: input.utm_source,
          utmMedium: input.utm_medium,
          utmCampaign: input.utm_campaign,
          ipAddress: origin.ipAddress.slice(0, IP_MAX),
          userAgent: origin.userAgent ? origin.userAgent.slice(0, USER_AGENT_MAX) : null,
          createdAt: ctx.clock.now(),
        })
        .onConflictDoNothing()
        .returning();
    }
    if (!row) throw new Error('could not allocate a unique referral code');

    if (referrerEmail) {
      await tx
        .update(waitlistEntries)
        .set({ referralCount: sql`${waitlistEntries.referralCount} + 1` })
        .where(eq(waitlistEntries.email, referrerEmail));
    }
    return {
      created: true,
      entry: row,
      dto: { position: row.position, referral_code: row.referralCode },
    };
  });
}

/**
 * How many people are on the waitlist (SPEC §7 `GET /api/waitlist/count`). Positions are handed out
 * densely from 1 and entries are never deleted, so the highest position is the count; reading it is one
 * descent of `waitlist_entries_position_idx`, not a scan of the table.
 */
export async function waitlistCount(ctx: ServerContext): Promise<WaitlistCountDto> {
  const [last] = await ctx.db.select({ position: max(waitlistEntries.position) }).from(waitlistEntries);
  return { count: last?.position ?? 0 };
}
