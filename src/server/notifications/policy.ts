import { and, eq, sql } from 'drizzle-orm';
import type { NotificationChannel, SuppressionReason } from '../../core/contracts/notifications.ts';
import type { DbOrTx } from '../db/types.ts';
import { appSettings, familyMembers, families } from '../db/schema/families.ts';

/** What policy decided for one message: the recipient to use, and a reason when it must not be sent. */
export interface PolicyDecision {
  recipient: string;
  suppressed: SuppressionReason | null;
}

export interface PolicyInput {
  familyId: number;
  familyMemberId: number | null;
  channel: NotificationChannel;
  /** An explicit address or number; undefined means "the member's own e-mail / phone". */
  recipient: string | undefined;
  /** Transactional e-mail the user asked for (an invitation): the notification switches do not apply. */
  transactional: boolean;
}

/** What policy reads from the database for one (family, member, channel). */
export interface PolicyFacts {
  channelEnabledForFamily: boolean;
  /** The family's global switch for this channel (`disable_all_emails` / `disable_all_sms`) is 'true'. */
  switchedOff: boolean;
  member: {
    email: string | null;
    phoneNumber: string | null;
    /** The phone number was confirmed by a code sent to it (issue 20, `phone_verified_at` set). */
    phoneVerified: boolean;
    smsOptedOut: boolean;
  } | null;
}

/** Thrown when a message names a family or member that does not exist (in that family): a caller bug. */
export class UnknownRecipientError extends Error {}

const switchKeyOf = (channel: NotificationChannel) =>
  channel === 'email' ? 'disable_all_emails' : channel === 'push' ? 'disable_all_push' : 'disable_all_sms';

/**
 * Reads, in one query, the family's plan flag and global switch for `channel` and the member (only within
 * that family).
 * @throws UnknownRecipientError when the family, or the member within that family, does not exist.
 */
export async function loadPolicyFacts(
  tx: DbOrTx,
  familyId: number,
  familyMemberId: number | null,
  channel: NotificationChannel,
): Promise<PolicyFacts> {
  const [found] = await tx
    .select({
      smsEnabled: families.smsEnabled,
      emailEnabled: families.emailEnabled,
      memberId: familyMembers.id,
      email: familyMembers.email,
      phoneNumber: familyMembers.phoneNumber,
      smsOptedOut: familyMembers.smsOptedOut,
      phoneVerifiedAt: familyMembers.phoneVerifiedAt,
      switchValue: appSettings.value,
    })
    .from(families)
    .leftJoin(
      familyMembers,
      and(
        eq(familyMembers.familyId, families.id),
        familyMemberId === null ? sql`false` : eq(familyMembers.id, familyMemberId),
      ),
    )
    .leftJoin(
      appSettings,
      and(eq(appSettings.familyId, families.id), eq(appSettings.key, switchKeyOf(channel))),
    )
    .where(eq(families.id, familyId));
  if (!found) throw new UnknownRecipientError(`family ${familyId} does not exist`);
  if (familyMemberId !== null && found.memberId === null) {
    throw new UnknownRecipientError(`member ${familyMemberId} is not in family ${familyId}`);
  }
  return {
    channelEnabledForFamily:
      channel === 'email' ? found.emailEnabled : channel === 'push' ? true : found.smsEnabled,
    switchedOff: found.switchValue === 'true',
    member:
      found.memberId === null
        ? null
        : {
            email: found.email,
            phoneNumber: found.phoneNumber,
            phoneVerified: found.phoneVerifiedAt !== null,
            smsOptedOut: found.smsOptedOut ?? false,
          },
  };
}

/**
 * The policy rules (issue 3 "Policy"), in order:
 * 1. the family's global switches `disable_all_emails` / `disable_all_sms` in app_settings (value 'true', SPEC §7);
 * 2. the family's plan flags `email_enabled` / `sms_enabled` (SPEC §3; SMS is off by default);
 * 3. for SMS, a member who replied STOP (`sms_opted_out`);
 * 4. a missing e-mail address or phone number;
 * 5. for SMS to a member's own number, a number not verified by a code (`phone_unverified`, issue 20 / ADR 009).
 * Steps 1–2 are skipped for transactional messages, step 5 for the one transactional SMS: the code itself.
 */
export function applyPolicy(facts: PolicyFacts, input: PolicyInput): PolicyDecision {
  const isEmail = input.channel === 'email';
  const own = isEmail ? facts.member?.email : facts.member?.phoneNumber;
  const recipient = (input.recipient ?? own ?? '').trim();
  const decide = (suppressed: SuppressionReason | null): PolicyDecision => ({ recipient, suppressed });
  if (!input.transactional) {
    if (facts.switchedOff) return decide(switchKeyOf(input.channel));
    if (!facts.channelEnabledForFamily)
      return decide(isEmail ? 'family_email_disabled' : 'family_sms_disabled');
  }
  if (!isEmail && facts.member?.smsOptedOut) return decide('sms_opted_out');
  if (recipient === '') return decide(isEmail ? 'no_email' : 'no_phone');
  if (!isEmail && !input.transactional && facts.member && !facts.member.phoneVerified) {
    return decide('phone_unverified');
  }
  return decide(null);
}

/**
 * Decides, inside the enqueueing transaction, whether a message may be sent (`applyPolicy` on freshly read facts).
 * @throws UnknownRecipientError when the family, or the member within that family, does not exist.
 */
export async function decidePolicy(tx: DbOrTx, input: PolicyInput): Promise<PolicyDecision> {
  return applyPolicy(await loadPolicyFacts(tx, input.familyId, input.familyMemberId, input.channel), input);
}
