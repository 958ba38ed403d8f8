/** How reminders reach a member for real: by SMS, by e-mail, or not at all. */
export type ReminderChannel = 'sms' | 'email' | null;

/** What a family's set-up allows, channel by channel. */
export interface FamilyChannels {
  /** The family's SMS is on (`families.sms_enabled`, `disable_all_sms` not 'true') and an SMS provider is configured. */
  sms: boolean;
  /** The family's e-mail is on (`families.email_enabled`, `disable_all_emails` not 'true') and SMTP is configured. */
  email: boolean;
}

/**
 * The channel a member's reminders really arrive by (issue 21), for the 'SMS' / 'E-mail' labels: SMS when the
 * family's SMS is on and configured and the member has a phone number (stored E.164, so one that exists) that
 * was verified by a code sent to it (issue 20, ADR 009) and did not reply STOP; otherwise e-mail when that is on and configured and the member has an address; otherwise null.
 * The order is the scheduler's (src/server/scheduler/audience.ts `channelFor`: SMS first, then e-mail).
 */
export function reminderChannel(
  family: FamilyChannels,
  member: { phoneNumber: string | null; phoneVerified: boolean; email: string | null; smsOptedOut: boolean },
): ReminderChannel {
  if (family.sms && member.phoneNumber?.trim() && member.phoneVerified && !member.smsOptedOut) return 'sms';
  if (family.email && member.email?.trim()) return 'email';
  return null;
}

/**
 * Issue 46: where a family's channel stands. `on`: it works; `switched_off`: the family turned it off (Global
 * Notification Settings, a parent can turn it on); `not_set_up`: the server has no provider for it, or the
 * family's plan has it off (`families.sms_enabled`): whoever runs FamilyHub can change that.
 */
export type ChannelState = 'on' | 'switched_off' | 'not_set_up';

/**
 * Why a member gets no reminder (issue 46), in the order the fix is tried: `verify_phone` (SMS works and their
 * number waits for its code), `switched_off` / `not_set_up` (the family has no working channel: see
 * `ChannelState`), else the member lacks what the working channel needs: `add_email`, `add_phone`, or
 * `add_contact` (either would do).
 */
export const REMINDER_GAPS = [
  'verify_phone',
  'switched_off',
  'not_set_up',
  'add_email',
  'add_phone',
  'add_contact',
] as const;
export type ReminderGap = (typeof REMINDER_GAPS)[number];

/**
 * Why `reminderChannel` answers null for `member` in a family whose channels stand as `family` says; null when
 * the member is reachable.
 */
export function reminderGap(
  family: { sms: ChannelState; email: ChannelState },
  member: { phoneNumber: string | null; phoneVerified: boolean; email: string | null; smsOptedOut: boolean },
): ReminderGap | null {
  const sms = family.sms === 'on';
  const email = family.email === 'on';
  if (reminderChannel({ sms, email }, member) !== null) return null;
  if (sms && member.phoneNumber?.trim() && !member.phoneVerified && !member.smsOptedOut)
    return 'verify_phone';
  if (!sms && !email) {
    return family.sms === 'switched_off' || family.email === 'switched_off' ? 'switched_off' : 'not_set_up';
  }
  if (sms && email) return 'add_contact';
  return email ? 'add_email' : 'add_phone';
}

/**
 * What to do about a gap, as a sentence ending without a full stop (issue 46: "Not reachable" said neither why
 * nor what to do), for `name` (a member's name, or "you"): e.g. "Verify Ana's phone number on Family Members".
 */
export function reminderGapAdvice(gap: ReminderGap, name: string): string {
  const whose = name === 'you' ? 'your' : `${name}'s`;
  switch (gap) {
    case 'verify_phone':
      return `Verify ${whose} phone number on Family Members`;
    case 'switched_off':
      return 'E-mail and SMS are turned off in Global Notification Settings on Family Members';
    case 'not_set_up':
      return 'This FamilyHub has no e-mail or SMS set up: ask whoever runs it to set one up';
    case 'add_email':
      return `Add an e-mail address to ${whose} profile on Family Members`;
    case 'add_phone':
      return `Add a phone number to ${whose} profile on Family Members and verify it`;
    case 'add_contact':
      return `Add an e-mail address or phone number to ${whose} profile on Family Members`;
  }
}

/**
 * The label shown next to a member wherever reminders are offered: 'SMS', 'E-mail', or (issue 46) why not:
 * 'After phone verification', 'Turned off', 'Not set up', 'No e-mail address', 'No phone number', 'No e-mail or
 * phone'.
 */
export function reminderChannelLabel(channel: ReminderChannel, gap: ReminderGap | null = null): string {
  if (channel === 'sms') return 'SMS';
  if (channel === 'email') return 'E-mail';
  switch (gap) {
    case 'verify_phone':
      return 'After phone verification';
    case 'switched_off':
      return 'Turned off';
    case 'add_email':
      return 'No e-mail address';
    case 'add_phone':
      return 'No phone number';
    case 'add_contact':
      return 'No e-mail or phone';
    default:
      return 'Not set up';
  }
}

/**
 * SPEC §5: the Alert Family Members list marks each member 'SMS' when they have a phone number, else 'No SMS';
 * issue 46: a number not verified yet (no text goes to it) is 'SMS after verification'.
 */
export function alertSmsLabel(member: { phone_number: string | null; phone_verified: boolean }): string {
  if (!member.phone_number) return 'No SMS';
  return member.phone_verified ? 'SMS' : 'SMS after verification';
}

/**
 * Issue 41: the line that says how a member's reminders really arrive, on their member card and in their Account
 * Settings alike: 'SMS', 'E-mail' or why neither (`reminderChannelLabel`, issue 46), and push on their account's devices beside it,
 * e.g. 'Reminders: E-mail + push on 2 devices', 'Reminders: Push on 1 device'. `push_devices` counts only the
 * devices the outbox sends to (0 when the family turned push off).
 */
export function remindersText(member: {
  reminder_channel: ReminderChannel;
  reminder_gap: ReminderGap | null;
  push_devices: number;
}): string {
  const push =
    member.push_devices > 0
      ? `push on ${member.push_devices} device${member.push_devices === 1 ? '' : 's'}`
      : null;
  if (!push) return `Reminders: ${reminderChannelLabel(member.reminder_channel, member.reminder_gap)}`;
  if (member.reminder_channel === null) return `Reminders: ${push.charAt(0).toUpperCase()}${push.slice(1)}`;
  return `Reminders: ${reminderChannelLabel(member.reminder_channel)} + ${push}`;
}

/**
 * A task card's reminder line (issue 21, instead of an unconditional 'SMS reminder enabled'): 'SMS reminder',
 * 'E-mail reminder' when every assignee is reached the same way; otherwise each assignee's way, e.g.
 * 'Reminder: Ana by SMS, Leo by e-mail, Sam not reachable'. Issue 46: when nobody is reached, the line says
 * why, e.g. 'No reminder: e-mail and SMS are not set up' or 'No reminder: Ana's phone is not verified'.
 */
export function taskReminderText(
  assignees: readonly { name: string; channel: ReminderChannel; gap: ReminderGap | null }[],
): string {
  const channels = new Set(assignees.map((a) => a.channel));
  if (channels.size <= 1) {
    const [only] = [...channels];
    if (only === 'sms') return 'SMS reminder';
    if (only === 'email') return 'E-mail reminder';
    return `No reminder: ${noReminderReason(assignees)}`;
  }
  const way = (c: ReminderChannel) =>
    c === 'sms' ? 'by SMS' : c === 'email' ? 'by e-mail' : 'not reachable';
  return `Reminder: ${assignees.map((a) => `${a.name} ${way(a.channel)}`).join(', ')}`;
}

/** Why none of `assignees` gets a reminder: the family's reason when it has one, else each member's. */
function noReminderReason(assignees: readonly { name: string; gap: ReminderGap | null }[]): string {
  const [first] = assignees;
  if (!first) return 'nobody is assigned';
  if (first.gap === 'not_set_up') return 'e-mail and SMS are not set up';
  if (first.gap === 'switched_off') return 'e-mail and SMS are turned off';
  const reason = (a: { name: string; gap: ReminderGap | null }) => {
    switch (a.gap) {
      case 'verify_phone':
        return `${a.name}'s phone is not verified`;
      case 'add_email':
        return `${a.name} has no e-mail address`;
      case 'add_phone':
        return `${a.name} has no phone number`;
      default:
        return `${a.name} has no e-mail or phone`;
    }
  };
  return assignees.map(reason).join(', ');
}
