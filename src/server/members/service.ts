import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type FamilyMemberDto,
  MEMBER_ROLE,
  OWNER_ROLE,
  PHONE_MESSAGE,
  type memberCreateSchema,
  type memberPatchSchema,
} from '../../core/contracts/members.ts';
import { toE164 } from '../../core/members/phone.ts';
import {
  type ChannelState,
  reminderChannel,
  reminderGap,
} from '../../core/notifications/reminder-channel.ts';
import { revokeAppPasswordsOf } from '../auth/app-passwords.ts';
import { destroyUserSessions } from '../auth/sessions.ts';
import { revokeFeedsOfRemovedAccounts } from '../calendar-feed/service.ts';
import type { DbOrTx } from '../db/types.ts';
import { appSettings, families, familyMembers, userAccounts } from '../db/schema/families.ts';
import type { ServerContext } from '../context.ts';
import { syncFamilyTransportTasks } from '../driving/transport-tasks.ts';
import { pushDevicesOf, pushSwitchedOff } from '../notifications/push-devices.ts';
import { configuredChannels } from '../notifications/providers/from-config.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { MAX_CODE_ATTEMPTS, PHONE_CHANGED } from './phone-verification.ts';

export const LAST_PARENT_DELETE_MESSAGE =
  'You cannot delete the last parent in the family. Add another parent first.';
export const LAST_PARENT_ROLE_MESSAGE = 'The family needs at least one parent. Add another parent first.';
export const DELETE_SELF_MESSAGE = 'You cannot delete your own profile while signed in as it.';
export const DELETE_OWNER_MESSAGE =
  "The family's owner cannot be deleted. The owner can hand the family to another parent first.";
export const LAST_LOGIN_PARENT_MESSAGE =
  'You cannot delete the last parent who can sign in. Invite another parent first.';
export const NOT_OWNER_MESSAGE = "Only the family's owner can hand the family to someone else.";
export const NEW_OWNER_MESSAGE = 'The family can only be handed to another parent who can sign in.';

/** Invitation status of a member who belongs to the family (the default, SPEC §4). */
export const ACCEPTED = 'accepted';
/** Invitation status of an invited member who has not accepted yet. */
export const PENDING = 'pending';

type MemberRow = typeof familyMembers.$inferSelect;

/**
 * Where each of the family's channels stands (issues 21, 46): `on` when its plan flag is on, its global switch
 * not 'true' and a provider is configured; `switched_off` when only the family's switch stops it; else
 * `not_set_up` (no provider, or the plan flag off: the operator's to change).
 */
async function familyChannels(
  ctx: ServerContext,
  tx: DbOrTx,
  familyId: number,
): Promise<FamilyChannelStates> {
  const [family] = await tx
    .select({ sms: families.smsEnabled, email: families.emailEnabled })
    .from(families)
    .where(eq(families.id, familyId));
  const switches = await tx
    .select({ key: appSettings.key, value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.familyId, familyId));
  const off = (key: string) => switches.some((s) => s.key === key && s.value === 'true');
  const configured = configuredChannels(ctx.config);
  const state = (available: boolean, switchKey: string): ChannelState =>
    !available ? 'not_set_up' : off(switchKey) ? 'switched_off' : 'on';
  return {
    sms: state(Boolean(family?.sms) && configured.sms, 'disable_all_sms'),
    email: state(Boolean(family?.email) && configured.email, 'disable_all_emails'),
  };
}

/** The family's channels, channel by channel. */
interface FamilyChannelStates {
  sms: ChannelState;
  email: ChannelState;
}

/** Who of a family can sign in: member id → account, for the members with an active account. */
type Logins = Map<number, { userId: number; isOwner: boolean }>;

/** What `toMemberDto` needs beyond the row: the family's logins and channels, and who is asking. */
interface MemberContext {
  logins: Logins;
  channels: FamilyChannelStates;
  /** Issue 41: push devices per member id (empty when the family turned push off). */
  pushDevices: Map<number, number>;
  callerUserId: number;
  /** For "Code sent": a code pending past its expiry is not. */
  now: Date;
}

async function memberContext(
  ctx: ServerContext,
  tx: DbOrTx,
  familyId: number,
  callerUserId: number,
): Promise<MemberContext> {
  return {
    logins: await loginsOf(tx, familyId),
    channels: await familyChannels(ctx, tx, familyId),
    pushDevices: await pushDeviceCounts(tx, familyId, ctx.clock.now()),
    callerUserId,
    now: ctx.clock.now(),
  };
}

/**
 * Issue 41: member id → how many push devices the member's account has (`pushDevicesOf`, the devices the outbox
 * sends to), or an empty map when the family's `disable_all_push` is 'true' (nothing would be pushed).
 */
async function pushDeviceCounts(tx: DbOrTx, familyId: number, now: Date): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (await pushSwitchedOff(tx, familyId)) return counts;
  for (const [memberId, devices] of await pushDevicesOf(tx, familyId, now))
    counts.set(memberId, devices.length);
  return counts;
}

/** The family's active accounts by member id (`FamilyMemberDto.has_login` / `is_owner`). */
async function loginsOf(tx: DbOrTx, familyId: number): Promise<Logins> {
  const rows = await tx
    .select({ id: userAccounts.id, memberId: userAccounts.familyMemberId, role: userAccounts.role })
    .from(userAccounts)
    .where(and(eq(userAccounts.familyId, familyId), eq(userAccounts.isActive, true)));
  const logins: Logins = new Map();
  for (const r of rows) {
    if (r.memberId !== null) logins.set(r.memberId, { userId: r.id, isOwner: r.role === OWNER_ROLE });
  }
  return logins;
}

/**
 * The wire shape of SPEC §7 `GET /api/family-members` for one row; the family's logins and the signed-in user's
 * id give `has_login`, `is_owner` and `is_you`, its channels `reminder_channel`.
 */
export function toMemberDto(
  row: MemberRow,
  { logins, channels, pushDevices, callerUserId, now }: MemberContext,
): FamilyMemberDto {
  const login = logins.get(row.id);
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    role: row.role,
    email: row.email,
    phone_number: row.phoneNumber,
    daily_summary_enabled: row.dailySummaryEnabled,
    driving_alerts_enabled: row.drivingAlertsEnabled,
    has_login: login !== undefined,
    is_owner: login?.isOwner ?? false,
    is_you: login !== undefined && login.userId === callerUserId,
    phone_verified: row.phoneNumber !== null && row.phoneVerifiedAt !== null,
    phone_code_pending:
      row.phoneVerifiedAt === null &&
      row.phoneCodeHash !== null &&
      row.phoneCodeAttempts < MAX_CODE_ATTEMPTS &&
      (row.phoneCodeExpiresAt?.getTime() ?? 0) > now.getTime(),
    reminder_channel: reminderChannel(
      { sms: channels.sms === 'on', email: channels.email === 'on' },
      { ...row, phoneVerified: row.phoneVerifiedAt !== null },
    ),
    reminder_gap: reminderGap(channels, { ...row, phoneVerified: row.phoneVerifiedAt !== null }),
    push_devices: pushDevices.get(row.id) ?? 0,
  };
}

/** `toMemberDto` for one row read inside `tx`, as `callerUserId` sees it (the phone-verification replies). */
export async function memberDtoOf(
  ctx: ServerContext,
  tx: DbOrTx,
  familyId: number,
  callerUserId: number,
  row: MemberRow,
): Promise<FamilyMemberDto> {
  return toMemberDto(row, await memberContext(ctx, tx, familyId, callerUserId));
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
export async function listMembers(
  ctx: ServerContext,
  familyId: number,
  callerUserId: number,
): Promise<FamilyMemberDto[]> {
  const rows = await ctx.db
    .select()
    .from(familyMembers)
    .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.invitationStatus, ACCEPTED)))
    .orderBy(asc(familyMembers.id));
  const context = await memberContext(ctx, ctx.db, familyId, callerUserId);
  return rows.map((row) => toMemberDto(row, context));
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
    return toMemberDto(row, await memberContext(ctx, tx, familyId, 0)); // a new member has no account yet
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

/** True when the family has an accepted parent other than `memberId` (with an active account if `withLogin`). */
async function hasAnotherParent(
  tx: DbOrTx,
  familyId: number,
  memberId: number,
  withLogin = false,
): Promise<boolean> {
  if (withLogin) {
    const [row] = await tx
      .select({ n: count() })
      .from(familyMembers)
      .innerJoin(
        userAccounts,
        and(eq(userAccounts.familyMemberId, familyMembers.id), eq(userAccounts.isActive, true)),
      )
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
 * A new phone number is not verified (issue 20): its verification and pending code are cleared.
 * @throws HttpError 404 for an id outside the family (nothing changes), 409 for the last parent's role, 400 for a bad phone.
 */
export async function updateMember(
  ctx: ServerContext,
  familyId: number,
  callerUserId: number,
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
    const phoneChanged = phoneNumber !== undefined && phoneNumber !== member.phoneNumber;
    const [row] = await tx
      .update(familyMembers)
      .set({
        name: input.name,
        color: input.color,
        role: input.role,
        phoneNumber,
        email: input.email,
        dailySummaryEnabled: input.daily_summary_enabled,
        drivingAlertsEnabled: input.driving_alerts_enabled,
        ...(phoneChanged ? PHONE_CHANGED : {}),
      })
      .where(and(eq(familyMembers.id, memberId), eq(familyMembers.familyId, familyId)))
      .returning();
    if (!row) throw notFound();
    return toMemberDto(row, await memberContext(ctx, tx, familyId, callerUserId));
  });
}

/**
 * SPEC §7 `DELETE /api/family-members/{id}`. Removes the member from events, tasks and proposals (what they
 * authored stays) — the database does that, by the foreign keys of migration 0018 (ADR 017): attendee, alert
 * and assignee rows go, organiser, drivers, proposal assignee/assigner and note author become null, and a task's
 * next assignee becomes its `assigned_to`. Deactivates their account, ends its sessions and revokes its app
 * passwords (issue 40), so it can no longer sign in, nor a calendar app with it.
 * The family's owner cannot be deleted, nor the last parent, nor the last parent who can sign in (issue 21).
 * @param callerUserId the signed-in user: deleting one's own profile is refused (it would end this session).
 * @throws HttpError 404 for an id outside the family (nothing changes); 409 for the owner, the last parent
 *   (with a login), or oneself.
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
    const login = (await loginsOf(tx, familyId)).get(memberId);
    if (member.role === 'parent' && !(await hasAnotherParent(tx, familyId, memberId))) {
      throw conflict(LAST_PARENT_DELETE_MESSAGE);
    }
    if (login?.isOwner) throw conflict(DELETE_OWNER_MESSAGE);
    if (login && member.role === 'parent' && !(await hasAnotherParent(tx, familyId, memberId, true))) {
      throw conflict(LAST_LOGIN_PARENT_MESSAGE);
    }
    const accounts = await tx
      .update(userAccounts)
      .set({ isActive: false, updatedAt: ctx.clock.now() })
      .where(and(eq(userAccounts.familyId, familyId), eq(userAccounts.familyMemberId, memberId)))
      .returning({ id: userAccounts.id });
    for (const account of accounts) await destroyUserSessions(tx, account.id);
    await revokeAppPasswordsOf(
      tx,
      familyId,
      accounts.map((a) => a.id),
    );
    await revokeFeedsOfRemovedAccounts(
      tx,
      familyId,
      accounts.map((a) => a.id),
      ctx.clock.now(),
    );
    await tx
      .delete(familyMembers)
      .where(and(eq(familyMembers.id, memberId), eq(familyMembers.familyId, familyId)));
    // The drives they had are without a driver now (ON DELETE SET NULL): their transport tasks go (ADR 047).
    await syncFamilyTransportTasks(tx, familyId, ctx.clock.now());
  });
}

/**
 * `POST /api/family-members/{id}/make-owner` (issue 21): the owner hands the family to another parent with an
 * active account; the former owner becomes an ordinary member (`user_accounts.role` 'member').
 * @throws HttpError 404 for an id outside the family; 403 when the caller is not the owner; 409 when the member
 *   is not a parent with a login (nothing changes).
 */
export async function transferOwnership(
  ctx: ServerContext,
  familyId: number,
  callerUserId: number,
  memberId: number,
): Promise<FamilyMemberDto[]> {
  await ctx.db.transaction(async (tx) => {
    await tx.select({ id: families.id }).from(families).where(eq(families.id, familyId)).for('update');
    const member = await findAcceptedMember(tx, familyId, memberId);
    const logins = await loginsOf(tx, familyId);
    const callerIsOwner = [...logins.values()].some((l) => l.userId === callerUserId && l.isOwner);
    if (!callerIsOwner) throw forbidden(NOT_OWNER_MESSAGE);
    const target = logins.get(memberId);
    if (!target || target.isOwner || member.role !== 'parent') throw conflict(NEW_OWNER_MESSAGE);
    const now = ctx.clock.now();
    await tx
      .update(userAccounts)
      .set({ role: MEMBER_ROLE, updatedAt: now })
      .where(and(eq(userAccounts.familyId, familyId), eq(userAccounts.id, callerUserId)));
    await tx
      .update(userAccounts)
      .set({ role: OWNER_ROLE, updatedAt: now })
      .where(and(eq(userAccounts.familyId, familyId), eq(userAccounts.id, target.userId)));
  });
  return listMembers(ctx, familyId, callerUserId);
}
