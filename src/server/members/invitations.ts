import { createHash } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  InvitationDetailsDto,
  InvitationDto,
  InvitationSentDto,
  acceptInvitationSchema,
  inviteSchema,
} from '../../core/contracts/members.ts';
import { assertAcceptablePassword } from '../auth/password-policy.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { DbOrTx } from '../db/types.ts';
import { emailHasAccount } from '../db/cross-family.ts';
import { narrowToFamily, withFamilyScope } from '../db/scope.ts';
import { jsonRows, recordUndo } from '../db/undo-rows.ts';
import { families, familyMembers, userAccounts } from '../db/schema/families.ts';
import type { ServerContext } from '../context.ts';
import { conflict, notFound } from '../http/errors.ts';
import { enqueue } from '../notifications/outbox.ts';
import { LINK_TOKEN_PLACEHOLDER, linkSecret, linkToken, newLinkRef } from '../notifications/link-tokens.ts';
import { configuredChannels } from '../notifications/providers/from-config.ts';
import { invitationEmail, invitationLink } from '../notifications/templates.ts';
import { ACCEPTED, PENDING, assertRoomForOneMore, normalisePhone } from './service.ts';
import { PHONE_CHANGED } from './phone-verification.ts';

/** How long an invitation link works (issue 4). */
export const INVITATION_TTL_DAYS = 7;
export const ACCOUNT_EXISTS_MESSAGE = 'An account with this email already exists.';
export const ALREADY_INVITED_MESSAGE = 'This person has already been invited. Resend the invitation instead.';
export const INVALID_INVITATION_MESSAGE =
  'This invitation link is invalid, expired, or has already been used.';

type MemberRow = typeof familyMembers.$inferSelect;

/** SHA-256 hex of a raw token: only this is stored (`family_members.invitation_token`), never the token. */
export function hashInvitationToken(rawToken: string): string {
  return createHash('sha256').update(rawToken).digest('hex');
}

/**
 * A new link for invitation `memberId` (ADR 014): its `ref` (kept on the outbox row), the raw token derived
 * from it with the link secret (never stored) and the token's SHA-256 (kept on the member row).
 */
function newToken(ctx: ServerContext, memberId: number): { ref: string; raw: string; hash: string } {
  const ref = newLinkRef('invitation', memberId);
  const raw = linkToken(linkSecret(ctx.config), ref);
  return { ref, raw, hash: hashInvitationToken(raw) };
}

function toInvitationDto(row: MemberRow): InvitationDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    color: row.color,
    role: row.role,
    invitation_expires_at: row.invitationExpiresAt?.toISOString() ?? null,
    invitation_sent_at: row.invitationSentAt?.toISOString() ?? null,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    // node-postgres and PGlite both put the SQLSTATE on the error as `code`.
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The signed-in user's member row (the inviter), if it still exists. */
async function inviterOf(
  tx: DbOrTx,
  familyId: number,
  userId: number,
): Promise<{ id: number; name: string } | null> {
  const [row] = await tx
    .select({ id: familyMembers.id, name: familyMembers.name })
    .from(userAccounts)
    .innerJoin(familyMembers, eq(familyMembers.id, userAccounts.familyMemberId))
    .where(
      and(
        eq(userAccounts.id, userId),
        eq(userAccounts.familyId, familyId),
        eq(familyMembers.familyId, familyId),
      ),
    );
  return row ?? null;
}

/**
 * Writes the invitation e-mail to the outbox in `tx`, so it exists exactly when the invitation does. The row
 * holds the link's `ref`, not its token: the dispatcher renders the link when it sends (ADR 014). The dedupe
 * key names the link (by its ref): a resend is a new message, a retry of the same transaction is not.
 */
async function enqueueInvitationEmail(
  ctx: ServerContext,
  tx: DbOrTx,
  args: { member: MemberRow; linkRef: string; familyName: string; timezone: string; inviterName: string },
): Promise<void> {
  const { member } = args;
  const now = ctx.clock.now();
  await enqueue(tx, {
    ...invitationEmail({
      publicUrl: ctx.config.PUBLIC_URL,
      token: LINK_TOKEN_PLACEHOLDER,
      familyName: args.familyName,
      inviterName: args.inviterName,
      inviteeName: member.name,
      expiresAt: member.invitationExpiresAt,
      // The reader's calendar date in the family's zone, in SPEC §9's long form (PPP).
      formatExpiry: (at) => format(new TZDate(at, args.timezone), 'PPP'),
    }),
    familyId: member.familyId,
    familyMemberId: member.id,
    recipient: member.email ?? '',
    dedupeKey: `invitation:${args.linkRef}`,
    linkRef: args.linkRef,
    source: { kind: 'invitation', id: member.id },
    now,
    expiresAt: member.invitationExpiresAt,
    // Without SMTP nothing would leave the machine: the history says so, and the inviter gets the link.
    ...(configuredChannels(ctx.config).email ? {} : { notSentBecause: 'no_email_provider' as const }),
  });
}

/** The reply of invite and resend: the link only when no e-mail provider will deliver it (issue 21). */
function sentReply(ctx: ServerContext, member: MemberRow, rawToken: string): InvitationSentDto {
  return {
    ...toInvitationDto(member),
    invitation_link: configuredChannels(ctx.config).email
      ? null
      : invitationLink(ctx.config.PUBLIC_URL, rawToken),
  };
}

function expiryFrom(now: Date): Date {
  return new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60_000);
}

/**
 * SPEC §7 `POST /api/family-members/invite`: a pending member with a fresh token (stored hashed), expiring in
 * 7 days, and the invitation e-mail in the outbox, all in one transaction. With no e-mail provider the e-mail is
 * recorded as not sent (`no_email_provider`) and the reply carries the link (issue 21).
 * @throws HttpError 409 when the family is full (pending invitations count), the e-mail already has an
 *   account, or it already has a pending invitation in this family.
 */
export async function invite(
  ctx: ServerContext,
  familyId: number,
  userId: number,
  input: z.output<typeof inviteSchema>,
): Promise<InvitationSentDto> {
  return ctx.db.transaction(async (tx) => {
    const family = await assertRoomForOneMore(tx, familyId);
    // Accounts of every family: a question row-level security lets a family's request ask only this way.
    if (await emailHasAccount(tx, input.email)) throw conflict(ACCOUNT_EXISTS_MESSAGE);
    const [invited] = await tx
      .select({ id: familyMembers.id })
      .from(familyMembers)
      .where(
        and(
          eq(familyMembers.familyId, familyId),
          eq(familyMembers.invitationStatus, PENDING),
          eq(familyMembers.email, input.email),
        ),
      );
    if (invited) throw conflict(ALREADY_INVITED_MESSAGE);

    const inviter = await inviterOf(tx, familyId, userId);
    const now = ctx.clock.now();
    const [inserted] = await tx
      .insert(familyMembers)
      .values({
        familyId,
        name: input.name,
        email: input.email,
        role: input.role,
        color: input.color,
        invitationStatus: PENDING,
        invitationSentAt: now,
        invitationExpiresAt: expiryFrom(now),
        invitedBy: inviter?.id ?? null,
        createdAt: now,
      })
      .returning({ id: familyMembers.id });
    if (!inserted) throw new Error('invitation insert returned no row');
    // The token is derived from the member's id, so it is set once the row exists (same transaction).
    const token = newToken(ctx, inserted.id);
    const [member] = await tx
      .update(familyMembers)
      .set({ invitationToken: token.hash })
      .where(and(eq(familyMembers.id, inserted.id), eq(familyMembers.familyId, familyId)))
      .returning();
    if (!member) throw new Error('invitation update returned no row');
    await enqueueInvitationEmail(ctx, tx, {
      member,
      linkRef: token.ref,
      familyName: family.familyName,
      timezone: family.timezone,
      inviterName: inviter?.name ?? 'A family member',
    });
    return sentReply(ctx, member, token.raw);
  });
}

/** SPEC §7 `GET /api/family-members/invitations`: the family's pending invitations, oldest first. */
export async function listInvitations(ctx: ServerContext, familyId: number): Promise<InvitationDto[]> {
  const rows = await ctx.db
    .select()
    .from(familyMembers)
    .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.invitationStatus, PENDING)))
    .orderBy(asc(familyMembers.id));
  return rows.map(toInvitationDto);
}

async function findPendingInvitation(tx: DbOrTx, familyId: number, invitationId: number): Promise<MemberRow> {
  const [row] = await tx
    .select()
    .from(familyMembers)
    .where(
      and(
        eq(familyMembers.id, invitationId),
        eq(familyMembers.familyId, familyId),
        eq(familyMembers.invitationStatus, PENDING),
      ),
    )
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * SPEC §7 `POST /api/family-members/invitations/{id}/resend`: a new token (the old link stops working),
 * a new 7-day expiry and a new e-mail (or, with no e-mail provider, a new link in the reply, issue 21).
 * @throws HttpError 404 for an id that is not a pending invitation of this family (nothing changes).
 */
export async function resendInvitation(
  ctx: ServerContext,
  familyId: number,
  userId: number,
  invitationId: number,
): Promise<InvitationSentDto> {
  return ctx.db.transaction(async (tx) => {
    const family = await lockFamily(tx, familyId);
    await findPendingInvitation(tx, familyId, invitationId);
    const now = ctx.clock.now();
    const token = newToken(ctx, invitationId);
    const [member] = await tx
      .update(familyMembers)
      .set({ invitationToken: token.hash, invitationSentAt: now, invitationExpiresAt: expiryFrom(now) })
      .where(and(eq(familyMembers.id, invitationId), eq(familyMembers.familyId, familyId)))
      .returning();
    if (!member) throw notFound();
    const inviter = await inviterOf(tx, familyId, userId);
    await enqueueInvitationEmail(ctx, tx, {
      member,
      linkRef: token.ref,
      familyName: family.name,
      timezone: family.timezone,
      inviterName: inviter?.name ?? 'A family member',
    });
    return sentReply(ctx, member, token.raw);
  });
}

/** Locks the family row for the rest of `tx` (member writes of one family go one at a time). */
async function lockFamily(tx: DbOrTx, familyId: number): Promise<{ name: string; timezone: string }> {
  const [family] = await tx
    .select({ name: families.name, timezone: families.timezone })
    .from(families)
    .where(eq(families.id, familyId))
    .for('update');
  if (!family) throw notFound();
  return family;
}

/**
 * SPEC §7 `DELETE /api/family-members/invitations/{id}`: cancels the invitation. The pending member row goes,
 * so its link answers 404 and its place in the plan is free again; the row is kept for its Undo (`recordUndo`,
 * ADR 051: the same link works again after an Undo).
 * @returns the undo id for the reply.
 * @throws HttpError 404 for an id that is not a pending invitation of this family (nothing changes).
 */
export async function cancelInvitation(
  ctx: ServerContext,
  familyId: number,
  invitationId: number,
): Promise<string> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await findPendingInvitation(tx, familyId, invitationId);
    const rows = await jsonRows(tx, 'family_members', familyId, eq(familyMembers.id, invitationId));
    await tx
      .delete(familyMembers)
      .where(and(eq(familyMembers.id, invitationId), eq(familyMembers.familyId, familyId)));
    const removed = { family_members: rows };
    return recordUndo(tx, familyId, 'invitation', { id: invitationId, removed, changed: [] }, now);
  });
}

/** The pending, unexpired invitation a raw token opens, or null (unknown, used, cancelled, resent-over, expired). */
async function findByToken(
  tx: DbOrTx,
  rawToken: string,
  now: Date,
  lock: boolean,
): Promise<MemberRow | null> {
  // Tokens we issue are 43 characters; anything far off is not worth a query.
  if (rawToken.length < 20 || rawToken.length > 200) return null;
  const query = tx
    .select()
    .from(familyMembers)
    .where(
      and(
        eq(familyMembers.invitationToken, hashInvitationToken(rawToken)),
        eq(familyMembers.invitationStatus, PENDING),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  if (row.invitationExpiresAt && row.invitationExpiresAt.getTime() <= now.getTime()) return null;
  return row;
}

/**
 * SPEC §7 `GET /api/family-members/invitations/validate/{token}` (signed out): who is invited, by whom.
 * @throws HttpError 404 for an unknown, expired, cancelled, resent-over or used token.
 */
export async function validateInvitation(
  ctx: ServerContext,
  rawToken: string,
): Promise<InvitationDetailsDto> {
  const row = await findByToken(ctx.db, rawToken, ctx.clock.now(), false);
  if (!row) throw notFound(INVALID_INVITATION_MESSAGE);
  let inviterName: string | null = null;
  const invitedBy = row.invitedBy;
  if (invitedBy !== null) {
    // The token named the family: the inviter is read in that family's scope, not the system scope.
    const [inviter] = await withFamilyScope(ctx.db, row.familyId, () =>
      ctx.db
        .select({ name: familyMembers.name })
        .from(familyMembers)
        .where(and(eq(familyMembers.id, invitedBy), eq(familyMembers.familyId, row.familyId))),
    );
    inviterName = inviter?.name ?? null;
  }
  return {
    name: row.name,
    email: row.email,
    role: row.role,
    color: row.color,
    inviter_name: inviterName,
    invitation_expires_at: row.invitationExpiresAt?.toISOString() ?? null,
  };
}

/**
 * SPEC §7 `POST /api/family-members/invitations/{token}/accept` (signed out): creates the user account linked
 * to the invited member, marks it accepted and burns the token. The invitee then signs in (SPEC §2: the
 * success view offers Sign In); no session is started here.
 * @throws HttpError 404 for a token that no longer opens an invitation; 409 when the e-mail got an account
 *   meanwhile; 400 for a bad phone, or a password that is common or the e-mail or family name (issue 25).
 */
export async function acceptInvitation(
  ctx: ServerContext,
  rawToken: string,
  input: z.output<typeof acceptInvitationSchema>,
): Promise<void> {
  const phoneNumber = input.phone_number === undefined ? undefined : normalisePhone(ctx, input.phone_number);
  // Issue 25: a common password is refused before any work; the e-mail and family name once they are known.
  assertAcceptablePassword(input.password, {}, 'password');
  // argon2 is slow on purpose: hash before taking row locks. A refused token wastes this work, which also
  // keeps the answer time the same for good and bad tokens.
  const passwordHash = await hashPassword(input.password);
  try {
    await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const member = await findByToken(tx, rawToken, now, true);
      if (!member?.email) throw notFound(INVALID_INVITATION_MESSAGE);
      // The token named the family: the rest of the transaction sees only its rows (row lock kept).
      await narrowToFamily(tx, member.familyId);
      const [family] = await tx
        .select({ name: families.name })
        .from(families)
        .where(eq(families.id, member.familyId));
      assertAcceptablePassword(input.password, { email: member.email, familyName: family?.name }, 'password');
      // In any family: the one cross-family question, answered by the database function.
      if (await emailHasAccount(tx, member.email)) throw conflict(ACCOUNT_EXISTS_MESSAGE);
      await tx.insert(userAccounts).values({
        email: member.email,
        passwordHash,
        familyId: member.familyId,
        familyMemberId: member.id,
        createdAt: now,
        updatedAt: now,
      });
      await tx
        .update(familyMembers)
        .set({
          invitationStatus: ACCEPTED,
          invitationToken: null,
          ...(phoneNumber !== undefined && phoneNumber !== null ? { phoneNumber, ...PHONE_CHANGED } : {}),
        })
        .where(and(eq(familyMembers.id, member.id), eq(familyMembers.familyId, member.familyId)));
    });
  } catch (error) {
    // Two accepts racing for one e-mail: the unique index decides, and the loser gets the same 409.
    if (isUniqueViolation(error)) throw conflict(ACCOUNT_EXISTS_MESSAGE);
    throw error;
  }
}
