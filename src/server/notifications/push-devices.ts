import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/types.ts';
import { appSettings, sessions, userAccounts } from '../db/schema/families.ts';
import { pushSubscriptions } from '../db/schema/push.ts';

/** One device a member's push messages go to. */
export interface PushDevice {
  id: number;
  deviceLabel: string;
}

/**
 * The devices of `memberIds` (members of `familyId`; every member when absent): the subscriptions of the active
 * accounts linked to each member (`user_accounts.family_member_id`) whose session is still live at `now` (a
 * device lives as long as the session that subscribed it; an expired session's devices go with it when it is
 * pruned, and get nothing before). Members without a linked account or without devices are absent. The outbox
 * sends to these and the member card counts these, so the two never disagree.
 * @returns member id → devices, oldest first.
 */
export async function pushDevicesOf(
  db: DbOrTx,
  familyId: number,
  now: Date,
  memberIds?: readonly number[],
): Promise<Map<number, PushDevice[]>> {
  const devices = new Map<number, PushDevice[]>();
  const ids = memberIds ? [...new Set(memberIds)] : null;
  if (ids?.length === 0) return devices;
  const rows = await db
    .select({
      memberId: sql<number>`${userAccounts.familyMemberId}`,
      id: pushSubscriptions.id,
      deviceLabel: pushSubscriptions.deviceLabel,
    })
    .from(pushSubscriptions)
    .innerJoin(
      userAccounts,
      and(
        eq(userAccounts.id, pushSubscriptions.userId),
        eq(userAccounts.familyId, pushSubscriptions.familyId),
      ),
    )
    .innerJoin(
      sessions,
      and(
        eq(sessions.sid, pushSubscriptions.sessionSid),
        gt(sessions.expire, now),
        gt(sessions.absoluteExpire, now),
      ),
    )
    .where(
      and(
        eq(pushSubscriptions.familyId, familyId),
        isNotNull(userAccounts.familyMemberId),
        ids ? inArray(userAccounts.familyMemberId, ids) : undefined,
        eq(userAccounts.isActive, true),
      ),
    )
    .orderBy(asc(pushSubscriptions.id));
  for (const row of rows) {
    const list = devices.get(row.memberId) ?? [];
    list.push({ id: row.id, deviceLabel: row.deviceLabel });
    devices.set(row.memberId, list);
  }
  return devices;
}

/** The family's "Disable all push notifications" switch (app setting `disable_all_push` is 'true'). */
export async function pushSwitchedOff(db: DbOrTx, familyId: number): Promise<boolean> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(and(eq(appSettings.familyId, familyId), eq(appSettings.key, 'disable_all_push')));
  return row?.value === 'true';
}
