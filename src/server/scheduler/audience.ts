import { and, eq, inArray, or } from 'drizzle-orm';
import type { NotificationChannel } from '../../core/contracts/notifications.ts';
import type { DbOrTx } from '../db/types.ts';
import { appSettings, familyMembers, families } from '../db/schema/families.ts';
import { policyFactsKey } from '../notifications/outbox.ts';
import type { PolicyFacts } from '../notifications/policy.ts';

/** What the scheduler needs to know about a family to address its members. */
export interface FamilyFacts {
  id: number;
  name: string;
  timezone: string;
  smsEnabled: boolean;
  emailEnabled: boolean;
  /** `disable_all_sms` / `disable_all_emails` are 'true' in app_settings (SPEC §7). */
  smsSwitchedOff: boolean;
  emailSwitchedOff: boolean;
}

export interface MemberFacts {
  id: number;
  familyId: number;
  name: string;
  email: string | null;
  phoneNumber: string | null;
  /** `phone_verified_at` is set: the number may get SMS (issue 20, ADR 009). */
  phoneVerified: boolean;
  smsOptedOut: boolean;
  dailySummaryEnabled: boolean;
  /** parent / child / other (SPEC §3). */
  role: string;
  /** Issue 27: the evening SMS about tomorrow's uncovered pickups (opt-out). */
  drivingAlertsEnabled: boolean;
}

/** Families and their members, read in bulk (three indexed queries for any number of families). */
export interface Audience {
  families: Map<number, FamilyFacts>;
  members: Map<number, MemberFacts>;
}

/** Loads the families `familyIds` (deduplicated by the caller or not) with their members and switches. */
export async function loadAudience(db: DbOrTx, familyIds: readonly number[]): Promise<Audience> {
  const ids = [...new Set(familyIds)];
  const audience: Audience = { families: new Map(), members: new Map() };
  if (ids.length === 0) return audience;
  // One after the other: inside a transaction these share one connection.
  const familyRows = await db
    .select({
      id: families.id,
      name: families.name,
      timezone: families.timezone,
      smsEnabled: families.smsEnabled,
      emailEnabled: families.emailEnabled,
    })
    .from(families)
    .where(inArray(families.id, ids));
  const switchRows = await db
    .select({ familyId: appSettings.familyId, key: appSettings.key, value: appSettings.value })
    .from(appSettings)
    .where(
      and(
        inArray(appSettings.familyId, ids),
        or(eq(appSettings.key, 'disable_all_sms'), eq(appSettings.key, 'disable_all_emails')),
      ),
    );
  const memberRows = await db
    .select({
      id: familyMembers.id,
      familyId: familyMembers.familyId,
      name: familyMembers.name,
      email: familyMembers.email,
      phoneNumber: familyMembers.phoneNumber,
      smsOptedOut: familyMembers.smsOptedOut,
      phoneVerifiedAt: familyMembers.phoneVerifiedAt,
      dailySummaryEnabled: familyMembers.dailySummaryEnabled,
      role: familyMembers.role,
      drivingAlertsEnabled: familyMembers.drivingAlertsEnabled,
    })
    .from(familyMembers)
    .where(inArray(familyMembers.familyId, ids));
  for (const f of familyRows) {
    audience.families.set(f.id, { ...f, smsSwitchedOff: false, emailSwitchedOff: false });
  }
  for (const s of switchRows) {
    const family = audience.families.get(s.familyId);
    if (!family || s.value !== 'true') continue;
    if (s.key === 'disable_all_sms') family.smsSwitchedOff = true;
    else family.emailSwitchedOff = true;
  }
  for (const { phoneVerifiedAt, ...m } of memberRows) {
    audience.members.set(m.id, { ...m, phoneVerified: phoneVerifiedAt !== null });
  }
  return audience;
}

/**
 * SMS when the member has a verified phone number (issue 20) and SMS may reach them (family plan flag on, global
 * SMS switch off, no STOP); otherwise e-mail (issue 8). Policy still has the last word at enqueue.
 */
export function channelFor(family: FamilyFacts, member: MemberFacts): NotificationChannel {
  const smsPossible =
    Boolean(member.phoneNumber?.trim()) &&
    member.phoneVerified &&
    family.smsEnabled &&
    !family.smsSwitchedOff &&
    !member.smsOptedOut;
  return smsPossible ? 'sms' : 'email';
}

/** The policy facts `enqueueMany` would read one query at a time, built from the bulk-loaded audience. */
export function policyFactsOf(audience: Audience): Map<string, PolicyFacts> {
  const facts = new Map<string, PolicyFacts>();
  for (const member of audience.members.values()) {
    const family = audience.families.get(member.familyId);
    if (!family) continue;
    const memberFacts = {
      email: member.email,
      phoneNumber: member.phoneNumber,
      phoneVerified: member.phoneVerified,
      smsOptedOut: member.smsOptedOut,
    };
    facts.set(policyFactsKey(family.id, member.id, 'email'), {
      channelEnabledForFamily: family.emailEnabled,
      switchedOff: family.emailSwitchedOff,
      member: memberFacts,
    });
    facts.set(policyFactsKey(family.id, member.id, 'sms'), {
      channelEnabledForFamily: family.smsEnabled,
      switchedOff: family.smsSwitchedOff,
      member: memberFacts,
    });
  }
  return facts;
}

/** Member ids from a jsonb list of id strings, keeping only members of `familyId` that `audience` holds. */
export function membersOf(
  audience: Audience,
  familyId: number,
  ids: readonly (string | number | null)[],
): MemberFacts[] {
  const found = new Map<number, MemberFacts>();
  for (const id of ids) {
    if (id === null) continue;
    const member = audience.members.get(Number(id));
    if (member && member.familyId === familyId) found.set(member.id, member);
  }
  return [...found.values()];
}

/** "Mia", "Mia and Leo", "Mia, Leo and Sam". */
export function namesText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}
