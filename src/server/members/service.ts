import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type FamilyMemberDto,
  PHONE_MESSAGE,
  type memberCreateSchema,
  type memberPatchSchema,
} from '../../core/contracts/members.ts';
import { toE164 } from '../../core/members/phone.ts';
import { destroyUserSessions } from '../auth/sessions.ts';
import type { DbOrTx } from '../db/client.ts';
import { events } from '../db/schema/events.ts';
import { families, familyMembers, userAccounts } from '../db/schema/families.ts';
import { notes } from '../db/schema/notes.ts';
import { activityProposals, tasks } from '../db/schema/tasks.ts';
import type { ServerContext } from '../http/context.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';

export const LAST_PARENT_DELETE_MESSAGE =
  'You cannot delete the last parent in the family. Add another parent first.';
export const LAST_PARENT_ROLE_MESSAGE = 'The family needs at least one parent. Add another parent first.';
export const DELETE_SELF_MESSAGE = 'You cannot delete your own profile while signed in as it.';

/** Invitation status of a member who belongs to the family (the default, SPEC §4). */
export const ACCEPTED = 'accepted';
/** Invitation status of an invited member who has not accepted yet. */
export const PENDING = 'pending';

type MemberRow = typeof familyMembers.$inferSelect;

/** The wire shape of SPEC §7 `GET /api/family-members` for one row. */
export function toMemberDto(row: MemberRow): FamilyMemberDto {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    role: row.role,
    email: row.email,
    phone_number: row.phoneNumber,
    daily_summary_enabled: row.dailySummaryEnabled,
  };
}

/** The plan-limit message (SPEC issue 4), with the family's own number. */
export function planLimitMessage(maxMembers: number): string {
  return `Your plan allows up to ${maxMembers} family members.`;
}

/**
 * Locks the family row for the rest of `tx` and checks that one more member fits the plan: members and
 * pending invitations together stay within `families.max_members`. The row lock serialises concurrent adds
 * and invites of one family, so two requests cannot both take the last place.
 * @throws HttpError 404 when the family does not exist, 409 with the plan message when it is full.
 */
export async function assertRoomForOneMore(
  tx: DbOrTx,
  familyId: number,
): Promise<{ familyName: string; timezone: string }> {
  const [family] = await tx
    .select({ name: families.name, timezone: families.timezone, maxMembers: families.maxMembers })
    .from(families)
    .where(eq(families.id, familyId))
    .for('update');
  if (!family) throw notFound();
  const [row] = await tx
    .select({ n: count() })
    .from(familyMembers)
    .where(eq(familyMembers.familyId, familyId));
  if ((row?.n ?? 0) >= family.maxMembers) throw conflict(planLimitMessage(family.maxMembers));
  return { familyName: family.name, timezone: family.timezone };
}

/**
 * A phone number as typed in E.164, read in the configured default region (`DEFAULT_PHONE_REGION`).
 * null (no phone) stays null.
 * @throws HttpError 400 with a `phone_number` field error when the number cannot exist.
 */
export function normalisePhone(ctx: ServerContext, raw: string | null): string | null {
  if (raw === null) return null;
  const e164 = toE164(raw, ctx.config.DEFAULT_PHONE_REGION);
  if (!e164) throw badRequest(PHONE_MESSAGE, { phone_number: PHONE_MESSAGE });
  return e164;
}

/** SPEC §7 `GET /api/family-members`: the family's members (accepted ones; invitations are listed apart), oldest first. */
export async function listMembers(ctx: ServerContext, familyId: number): Promise<FamilyMemberDto[]> {
  const rows = await ctx.db
    .select()
    .from(familyMembers)
    .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.invitationStatus, ACCEPTED)))
    .orderBy(asc(familyMembers.id));
  return rows.map(toMemberDto);
}

/**
 * SPEC §7 `POST /api/family-members`: adds a member without an account.
 * @throws HttpError 409 'Your plan allows up to N family members.' when the family is full; 400 for a bad phone.
 */
export async function createMember(
  ctx: ServerContext,
  familyId: number,
  input: z.output<typeof memberCreateSchema>,
): Promise<FamilyMemberDto> {
  const phoneNumber = normalisePhone(ctx, input.phone_number ?? null);
  return ctx.db.transaction(async (tx) => {
    await assertRoomForOneMore(tx, familyId);
    const [row] = await tx
      .insert(familyMembers)
      .values({
        familyId,
        name: input.name,
        color: input.color,
        role: input.role,
        phoneNumber,
        email: input.email ?? null,
        dailySummaryEnabled: input.daily_summary_enabled ?? false,
        invitationStatus: ACCEPTED,
        createdAt: ctx.clock.now(),
      })
      .returning();
    if (!row) throw new Error('member insert returned no row');
    return toMemberDto(row);
  });
}

async function findAcceptedMember(tx: DbOrTx, familyId: number, memberId: number): Promise<MemberRow> {
  const [row] = await tx
    .select()
    .from(familyMembers)
    .where(
      and(
        eq(familyMembers.id, memberId),
        eq(familyMembers.familyId, familyId),
        eq(familyMembers.invitationStatus, ACCEPTED),
      ),
    )
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** True when the family has an accepted parent other than `memberId`. */
async function hasAnotherParent(tx: DbOrTx, familyId: number, memberId: number): Promise<boolean> {
  const [row] = await tx
    .select({ n: count() })
    .from(familyMembers)
    .where(
      and(
        eq(familyMembers.familyId, familyId),
        eq(familyMembers.invitationStatus, ACCEPTED),
        eq(familyMembers.role, 'parent'),
        ne(familyMembers.id, memberId),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/**
 * SPEC §7 `PATCH /api/family-members/{id}`: changes the fields present (the Daily Reminders switch sends
 * `daily_summary_enabled` alone). A family keeps at least one parent, so the last parent's role stays.
 * @throws HttpError 404 for an id outside the family (nothing changes), 409 for the last parent's role, 400 for a bad phone.
 */
export async function updateMember(
  ctx: ServerContext,
  familyId: number,
  memberId: number,
  input: z.output<typeof memberPatchSchema>,
): Promise<FamilyMemberDto> {
  // undefined: the phone is not part of this change.
  const phoneNumber = input.phone_number === undefined ? undefined : normalisePhone(ctx, input.phone_number);
  return ctx.db.transaction(async (tx) => {
    // Lock the family first, as every other member write does, so that concurrent role changes of the
    // last two parents cannot both pass the check below.
    await tx.select({ id: families.id }).from(families).where(eq(families.id, familyId)).for('update');
    const member = await findAcceptedMember(tx, familyId, memberId);
    if (input.role !== undefined && input.role !== 'parent' && member.role === 'parent') {
      if (!(await hasAnotherParent(tx, familyId, memberId))) throw conflict(LAST_PARENT_ROLE_MESSAGE);
    }
    const [row] = await tx
      .update(familyMembers)
      .set({
        name: input.name,
        color: input.color,
        role: input.role,
        phoneNumber,
        email: input.email,
        dailySummaryEnabled: input.daily_summary_enabled,
      })
      .where(and(eq(familyMembers.id, memberId), eq(familyMembers.familyId, familyId)))
      .returning();
    if (!row) throw notFound();
    return toMemberDto(row);
  });
}

/**
 * Removes a member id from everything of the family that points at it, without deleting any of those rows:
 * event attendees and alert lists, task assignees (the first remaining assignee becomes `assigned_to`),
 * organiser, pickup and drop-off drivers, proposal assignee/assigner and note author become null.
 * Member ids are stored as strings in the JSON lists (SPEC §3).
 */
export async function removeMemberReferences(tx: DbOrTx, familyId: number, memberId: number): Promise<void> {
  const idText = String(memberId);
  const idJson = JSON.stringify([idText]);
  await tx
    .update(events)
    .set({
      attendees: sql`${events.attendees} - ${idText}::text`,
      alertMembers: sql`${events.alertMembers} - ${idText}::text`,
    })
    .where(
      and(
        eq(events.familyId, familyId),
        sql`(${events.attendees} @> ${idJson}::jsonb or ${events.alertMembers} @> ${idJson}::jsonb)`,
      ),
    );
  await tx
    .update(events)
    .set({
      organizerId: sql`case when ${events.organizerId} = ${memberId} then null else ${events.organizerId} end`,
      pickupAssignedTo: sql`case when ${events.pickupAssignedTo} = ${memberId} then null else ${events.pickupAssignedTo} end`,
      dropoffAssignedTo: sql`case when ${events.dropoffAssignedTo} = ${memberId} then null else ${events.dropoffAssignedTo} end`,
    })
    .where(
      and(
        eq(events.familyId, familyId),
        sql`${memberId} in (${events.organizerId}, ${events.pickupAssignedTo}, ${events.dropoffAssignedTo})`,
      ),
    );
  await tx
    .update(tasks)
    .set({
      assignedToIds: sql`${tasks.assignedToIds} - ${idText}::text`,
      // `assigned_to` is the first selected assignee (SPEC §7): the next one takes its place.
      assignedTo: sql`case when ${tasks.assignedTo} = ${memberId}
        then ((${tasks.assignedToIds} - ${idText}::text) ->> 0)::integer else ${tasks.assignedTo} end`,
    })
    .where(
      and(
        eq(tasks.familyId, familyId),
        sql`(${tasks.assignedToIds} @> ${idJson}::jsonb or ${tasks.assignedTo} = ${memberId})`,
      ),
    );
  await tx
    .update(activityProposals)
    .set({
      assignedTo: sql`case when ${activityProposals.assignedTo} = ${memberId} then null else ${activityProposals.assignedTo} end`,
      assignedBy: sql`case when ${activityProposals.assignedBy} = ${memberId} then null else ${activityProposals.assignedBy} end`,
    })
    .where(
      and(
        eq(activityProposals.familyId, familyId),
        sql`${memberId} in (${activityProposals.assignedTo}, ${activityProposals.assignedBy})`,
      ),
    );
  await tx
    .update(notes)
    .set({ familyMemberId: null })
    .where(and(eq(notes.familyId, familyId), eq(notes.familyMemberId, memberId)));
}

/**
 * SPEC §7 `DELETE /api/family-members/{id}`. Removes the member from events, tasks and proposals (what they
 * authored stays), deactivates their account and ends its sessions, so it can no longer sign in.
 * @param callerUserId the signed-in user: deleting one's own profile is refused (it would end this session).
 * @throws HttpError 404 for an id outside the family (nothing changes); 409 for the last parent or oneself.
 */
export async function deleteMember(
  ctx: ServerContext,
  familyId: number,
  callerUserId: number,
  memberId: number,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.select({ id: families.id }).from(families).where(eq(families.id, familyId)).for('update');
    const member = await findAcceptedMember(tx, familyId, memberId);
    const [caller] = await tx
      .select({ memberId: userAccounts.familyMemberId })
      .from(userAccounts)
      .where(eq(userAccounts.id, callerUserId));
    if (caller?.memberId === memberId) throw conflict(DELETE_SELF_MESSAGE);
    if (member.role === 'parent' && !(await hasAnotherParent(tx, familyId, memberId))) {
      throw conflict(LAST_PARENT_DELETE_MESSAGE);
    }
    await removeMemberReferences(tx, familyId, memberId);
    const accounts = await tx
      .update(userAccounts)
      .set({ isActive: false, updatedAt: ctx.clock.now() })
      .where(and(eq(userAccounts.familyId, familyId), eq(userAccounts.familyMemberId, memberId)))
      .returning({ id: userAccounts.id });
    for (const account of accounts) await destroyUserSessions(tx, account.id);
    await tx
      .delete(familyMembers)
      .where(and(eq(familyMembers.id, memberId), eq(familyMembers.familyId, familyId)));
  });
}
