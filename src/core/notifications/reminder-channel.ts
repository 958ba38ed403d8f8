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

/** The label shown next to a member wherever reminders or alerts are offered. */
export function reminderChannelLabel(channel: ReminderChannel): string {
  if (channel === 'sms') return 'SMS';
  if (channel === 'email') return 'E-mail';
  return 'Not reachable';
}

/**
 * Issue 41: the line that says how a member's reminders really arrive, on their member card and in their Account
 * Settings alike: 'SMS', 'E-mail' or 'Not reachable' (issue 21), and push on their account's devices beside it,
 * e.g. 'Reminders: E-mail + push on 2 devices', 'Reminders: Push on 1 device'. `push_devices` counts only the
 * devices the outbox sends to (0 when the family turned push off).
 */
export function remindersText(member: { reminder_channel: ReminderChannel; push_devices: number }): string {
  const push =
    member.push_devices > 0
      ? `push on ${member.push_devices} device${member.push_devices === 1 ? '' : 's'}`
      : null;
  if (!push) return `Reminders: ${reminderChannelLabel(member.reminder_channel)}`;
  if (member.reminder_channel === null) return `Reminders: ${push.charAt(0).toUpperCase()}${push.slice(1)}`;
  return `Reminders: ${reminderChannelLabel(member.reminder_channel)} + ${push}`;
}

/**
 * A task card's reminder line (issue 21, instead of an unconditional 'SMS reminder enabled'): 'SMS reminder',
 * 'E-mail reminder' or 'No reminder can be sent' when every assignee is reached the same way; otherwise each
 * assignee's way, e.g. 'Reminder: Ana by SMS, Leo by e-mail, Sam not reachable'.
 */
export function taskReminderText(assignees: readonly { name: string; channel: ReminderChannel }[]): string {
  const channels = new Set(assignees.map((a) => a.channel));
  if (channels.size <= 1) {
    const [only] = [...channels];
    if (only === 'sms') return 'SMS reminder';
    if (only === 'email') return 'E-mail reminder';
    return 'No reminder can be sent';
  }
  const way = (c: ReminderChannel) =>
    c === 'sms' ? 'by SMS' : c === 'email' ? 'by e-mail' : 'not reachable';
  return `Reminder: ${assignees.map((a) => `${a.name} ${way(a.channel)}`).join(', ')}`;
}
