import { BellRing } from 'lucide-react';
import { Link } from 'react-router';
import type { AccountDto } from '../../../core/contracts/account.ts';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import { reminderGapAdvice, remindersText } from '../../../core/notifications/reminder-channel.ts';
import { Card } from '../../components/ui/card.tsx';

/** What each channel does for `member` now, one sentence each, from the same fields as the line above them. */
function channelNotes(member: FamilyMemberDto, pushSwitchedOff: boolean): string[] {
  const notes: string[] = [];
  if (member.reminder_channel === 'sms') notes.push('Texts go to your verified phone number.');
  else if (member.reminder_channel === 'email' && member.email) notes.push(`E-mails go to ${member.email}.`);
  else
    notes.push(
      `No e-mail or text reaches you now. ${reminderGapAdvice(member.reminder_gap ?? 'not_set_up', 'you')}.`,
    );
  if (member.phone_number && !member.phone_verified)
    notes.push('Your phone number gets no texts until it is verified.');
  if (pushSwitchedOff) notes.push('Push notifications are turned off for the whole family.');
  else if (member.push_devices === 0)
    notes.push('No device gets push notifications yet: turn them on below on each device you use.');
  return notes;
}

const onOff = (on: boolean) => (on ? 'On' : 'Off');

/**
 * Issue 41, Account Settings "Your reminders": how the signed-in member's reminders arrive, the same line as their
 * member card (`remindersText` over the same `FamilyMemberDto`), why a channel is not used, and their own
 * switches. The switches themselves stay where SPEC §2 puts them, on the Family Members screen.
 */
export function RemindersCard({ account }: { account: AccountDto }) {
  const { member } = account;
  return (
    <Card className="p-6" role="region" aria-labelledby="reminders-heading">
      <h2 id="reminders-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <BellRing className="h-5 w-5 shrink-0 text-indigo-600" aria-hidden />
        Your reminders
      </h2>
      {member ? (
        <>
          <p data-testid="account-channels" className="mt-2 text-sm font-medium text-slate-900">
            {remindersText(member)}
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600">
            {channelNotes(member, account.push_switched_off).map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
          <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
            <div className="flex gap-1">
              <dt>Daily Reminders (7:30 AM summary):</dt>
              <dd className="font-medium text-slate-900">{onOff(member.daily_summary_enabled)}</dd>
            </div>
            {member.role === 'parent' ? (
              <div className="flex gap-1">
                <dt>Pickup alerts:</dt>
                <dd className="font-medium text-slate-900">{onOff(member.driving_alerts_enabled)}</dd>
              </div>
            ) : null}
          </dl>
        </>
      ) : (
        <p data-testid="account-channels" className="mt-2 text-sm text-slate-600">
          Your account is not linked to a family member, so no reminders reach you.
        </p>
      )}
      <p className="mt-3 text-sm text-slate-600">
        The switches for e-mail, SMS and push, and your own, are on the{' '}
        <Link to="/family-members" className="font-medium text-indigo-700 underline">
          Family Members
        </Link>{' '}
        screen.
      </p>
    </Card>
  );
}
