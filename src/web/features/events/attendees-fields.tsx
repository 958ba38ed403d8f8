import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { EventFormValues } from '../../../core/contracts/events.ts';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import { memberColorTokens } from '../../../core/members/colors.ts';
import { initials } from '../../../core/members/initials.ts';
import { alertSmsLabel, reminderGapAdvice } from '../../../core/notifications/reminder-channel.ts';
import { cn } from '../../components/ui/cn.ts';

/**
 * The Event form's Attendees (one toggle per member) and Alert Family Members (SPEC §2: the members neither
 * attending nor organizing, each marked 'SMS' / 'No SMS' as SPEC §5 says, 'SMS after verification' for a number
 * not verified yet; issue 46: with the way the alert really goes, or why it goes nowhere and what to do).
 */
export function AttendeesFields({
  form,
  members,
}: {
  form: UseFormReturn<EventFormValues>;
  members: FamilyMemberDto[];
}) {
  const { control, setValue } = form;
  const values = useWatch({ control });
  const attendees = values.attendees ?? [];
  const organizer = values.organizer_id ?? '';
  const alertable = members.filter((m) => String(m.id) !== organizer && !attendees.includes(String(m.id)));
  // A reason that holds for the whole family (nothing set up, or turned off) is said once, not per member.
  const familyGap = members.find(
    (m) => m.reminder_gap === 'not_set_up' || m.reminder_gap === 'switched_off',
  )?.reminder_gap;
  return (
    <>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Attendees</legend>
        <div className="flex flex-wrap gap-2">
          {members.map((m) => {
            const on = attendees.includes(String(m.id));
            const tokens = memberColorTokens(m.color);
            return (
              <button
                key={m.id}
                type="button"
                aria-pressed={on}
                onClick={() =>
                  setValue(
                    'attendees',
                    on ? attendees.filter((a) => a !== String(m.id)) : [...attendees, String(m.id)],
                  )
                }
                className={cn(
                  'inline-flex min-h-10 items-center gap-2 rounded-full border px-3 py-1 text-sm',
                  on
                    ? 'border-indigo-600 bg-indigo-50 font-medium text-indigo-800'
                    : 'border-slate-300 text-slate-700',
                )}
              >
                <span
                  aria-hidden
                  className={cn(
                    'inline-flex h-6 w-6 items-center justify-center rounded-full text-[10px] font-semibold',
                    tokens.background,
                    tokens.text,
                  )}
                >
                  {initials(m.name)}
                </span>
                {m.name}
              </button>
            );
          })}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Alert Family Members</legend>
        {familyGap && alertable.length > 0 ? (
          <p data-testid="alert-family-reach" className="mb-2 text-xs text-slate-600">
            Alerts cannot reach anyone yet. {reminderGapAdvice(familyGap, 'you')}.
          </p>
        ) : null}
        {alertable.length === 0 ? (
          <p className="text-sm text-slate-600">Everyone is already attending or organizing.</p>
        ) : (
          <ul className="space-y-1">
            {alertable.map((m) => {
              const id = String(m.id);
              const checked = (values.alert_members ?? []).includes(id);
              return (
                <li key={m.id}>
                  <label className="flex min-h-10 items-center gap-3 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={() =>
                        setValue(
                          'alert_members',
                          checked
                            ? (values.alert_members ?? []).filter((a) => a !== id)
                            : [...(values.alert_members ?? []), id],
                        )
                      }
                      className="h-4 w-4 rounded border-slate-300 text-indigo-600"
                    />
                    <span className="flex min-w-0 flex-col">
                      <span className="flex flex-wrap items-center gap-2">
                        {m.name}
                        <span
                          data-testid="alert-sms"
                          className={cn(
                            'rounded-full px-2 py-0.5 text-xs font-medium',
                            m.reminder_channel === 'sms'
                              ? 'bg-green-100 text-green-800'
                              : 'bg-slate-100 text-slate-700',
                          )}
                        >
                          {alertSmsLabel(m)}
                        </span>
                      </span>
                      {m.reminder_channel === 'sms' || familyGap ? null : (
                        <span data-testid="alert-reach" className="text-xs text-slate-600">
                          {m.reminder_channel === 'email'
                            ? 'The alert goes by e-mail.'
                            : `No alert reaches ${m.name} yet. ${reminderGapAdvice(m.reminder_gap ?? 'add_contact', m.name)}.`}
                        </span>
                      )}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
    </>
  );
}
