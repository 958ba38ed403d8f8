import { BellRing, Crown, Mail, Pencil, Phone, Trash2 } from 'lucide-react';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import { memberColorTokens, roleLabel } from '../../../core/members/colors.ts';
import { reminderGapAdvice, remindersText } from '../../../core/notifications/reminder-channel.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Switch } from '../../components/ui/switch.tsx';
import { MemberAvatar } from './member-avatar.tsx';

const ROLE_BADGE: Record<string, string> = {
  parent: 'bg-indigo-100 text-indigo-800',
  child: 'bg-emerald-100 text-emerald-800',
  other: 'bg-slate-100 text-slate-800',
};

interface MemberCardProps {
  member: FamilyMemberDto;
  onEdit: () => void;
  onDelete: () => void;
  /** Offered to the family's owner on the cards of other parents who can sign in; absent otherwise. */
  onMakeOwner?: (() => void) | undefined;
  /** The phone as the family reads it (national format for the family's region). */
  phoneText?: string | undefined;
  onDailyRemindersChange: (on: boolean) => void;
  dailyRemindersBusy: boolean;
  /**
   * Issue 27: the evening text about tomorrow's pickups with no driver (parents only; absent for others).
   */
  onDrivingAlertsChange?: ((on: boolean) => void) | undefined;
  /** Issue 20: opens the 'Verify' dialog for an unverified number; absent when the caller may not verify it. */
  onVerifyPhone?: (() => void) | undefined;
}

/**
 * SPEC §2 member card: initials in the member's colour, name, role badge, edit and delete icons, colour name,
 * e-mail and phone when present, the 'Daily Reminders' switch and, for parents, 'Pickup alerts' (issue 27). The family's owner (issue 21) carries an
 * 'Owner' badge and no delete icon: nobody can delete them.
 */
export function MemberCard({
  member,
  onEdit,
  onDelete,
  onMakeOwner,
  phoneText,
  onDailyRemindersChange,
  dailyRemindersBusy,
  onDrivingAlertsChange,
  onVerifyPhone,
}: MemberCardProps) {
  const tokens = memberColorTokens(member.color);
  return (
    <Card className="flex flex-col gap-4 p-5" aria-label={member.name} role="article">
      <div className="flex items-start gap-3">
        <MemberAvatar name={member.name} color={member.color} />
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold break-words text-slate-900">{member.name}</h2>
          <span
            className={cn(
              'mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium',
              ROLE_BADGE[member.role] ?? ROLE_BADGE.other,
            )}
          >
            {roleLabel(member.role)}
          </span>
          {member.is_owner ? (
            <span className="mt-1 ml-1 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
              <Crown className="h-3 w-3" aria-hidden />
              Owner
            </span>
          ) : null}
        </div>
        <div className="flex shrink-0 gap-1">
          <Button variant="ghost" size="icon" aria-label={`Edit ${member.name}`} onClick={onEdit}>
            <Pencil className="h-4 w-4" aria-hidden />
          </Button>
          {member.is_owner ? null : (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${member.name}`}
              onClick={onDelete}
              className="text-red-700 hover:bg-red-50"
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          )}
        </div>
      </div>
      <dl className="space-y-1.5 text-sm text-slate-700">
        <div className="flex items-center gap-2">
          <dt className="sr-only">Colour</dt>
          <span aria-hidden className={cn('h-3 w-3 rounded-full', tokens.dot)} />
          <dd>{tokens.label}</dd>
        </div>
        {member.email ? (
          <div className="flex items-center gap-2">
            <dt>
              <span className="sr-only">Email</span>
              <Mail className="h-4 w-4 text-slate-500" aria-hidden />
            </dt>
            <dd className="truncate">{member.email}</dd>
          </div>
        ) : null}
        {member.phone_number ? (
          <div className="flex items-center gap-2">
            <dt>
              <span className="sr-only">Phone</span>
              <Phone className="h-4 w-4 text-slate-500" aria-hidden />
            </dt>
            <dd className="flex flex-wrap items-center gap-2">
              {phoneText ?? member.phone_number}
              <PhoneStatus member={member} />
              {!member.phone_verified && onVerifyPhone ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={onVerifyPhone}
                  aria-label={`Verify ${member.name}'s phone number`}
                >
                  Verify
                </Button>
              ) : null}
            </dd>
          </div>
        ) : null}
        <div className="flex items-center gap-2">
          <dt>
            <span className="sr-only">Reminders by</span>
            <BellRing className="h-4 w-4 text-slate-500" aria-hidden />
          </dt>
          <dd>
            <span data-testid="member-channels">{remindersText(member)}</span>
            {/* What this member lacks; a reason of the whole family is said once, above the cards. */}
            {member.reminder_gap &&
            member.reminder_gap !== 'not_set_up' &&
            member.reminder_gap !== 'switched_off' ? (
              <span data-testid="member-reach-advice" className="block text-xs text-slate-600">
                {reminderGapAdvice(member.reminder_gap, member.name)}.
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
        <Switch
          label="Daily Reminders"
          checked={member.daily_summary_enabled}
          onCheckedChange={onDailyRemindersChange}
          disabled={dailyRemindersBusy}
        />
        {onDrivingAlertsChange ? (
          <Switch
            label="Pickup alerts"
            checked={member.driving_alerts_enabled}
            onCheckedChange={onDrivingAlertsChange}
            disabled={dailyRemindersBusy}
          />
        ) : null}
        {onMakeOwner ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={onMakeOwner}
            aria-label={`Make ${member.name} the owner`}
          >
            <Crown className="h-4 w-4" aria-hidden />
            Make owner
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

/** Issue 20: 'Verified', 'Code sent' or 'Not verified' next to the number. */
function PhoneStatus({ member }: { member: FamilyMemberDto }) {
  const [label, tone] = member.phone_verified
    ? ['Verified', 'bg-emerald-100 text-emerald-800']
    : member.phone_code_pending
      ? ['Code sent', 'bg-sky-100 text-sky-900']
      : ['Not verified', 'bg-amber-100 text-amber-900'];
  return <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', tone)}>{label}</span>;
}
