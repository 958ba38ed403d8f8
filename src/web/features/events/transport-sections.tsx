import type { ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import {
  DROPOFF_PREFIX,
  LEAD_TIME_CHOICES,
  PICKUP_PREFIX,
  type EventFormValues,
} from '../../../core/contracts/events.ts';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import { Field, Select } from '../../components/ui/field.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { FormSection } from './form-section.tsx';

/**
 * The Drop-off and Pickup sections (SPEC §2) ask the same things of different fields: who drives, and how long
 * before the event's start (drop-off) or end (pickup); the task it creates is titled with the SPEC §5 prefix.
 */
const TRANSPORT = [
  {
    title: 'Drop-off Coordination',
    toggle: 'Needs drop-off',
    who: 'Drop-off by',
    lead: 'Drop-off lead time',
    anchor: 'start',
    prefix: DROPOFF_PREFIX,
    flag: 'has_dropoff',
    assignee: 'dropoff_assigned_to',
    minutesBefore: 'dropoff_minutes_before',
  },
  {
    title: 'Pickup Coordination',
    toggle: 'Needs pickup',
    who: 'Pickup by',
    lead: 'Pickup lead time',
    anchor: 'end',
    prefix: PICKUP_PREFIX,
    flag: 'has_pickup',
    assignee: 'pickup_assigned_to',
    minutesBefore: 'pickup_minutes_before',
  },
] as const;

/** The Event form's Drop-off Coordination and Pickup Coordination sections (SPEC §2), in that order. */
export function TransportSections({
  form,
  members,
}: {
  form: UseFormReturn<EventFormValues>;
  members: FamilyMemberDto[];
}) {
  const { control, register, setValue, formState } = form;
  const values = useWatch({ control });
  const errors = formState.errors;
  const memberName = (id: string) => members.find((m) => String(m.id) === id)?.name ?? '';
  return (
    <>
      {TRANSPORT.map((t) => {
        const driver = values[t.assignee];
        return (
          <TransportSection
            key={t.flag}
            title={t.title}
            label={t.toggle}
            on={values[t.flag] ?? false}
            onToggle={(on) => setValue(t.flag, on)}
            who={
              <Field label={t.who} error={errors[t.assignee]?.message}>
                {(a11y) => (
                  <Select {...a11y} {...register(t.assignee)}>
                    <option value="">To be decided</option>
                    {members.map((m) => (
                      <option key={m.id} value={m.id}>
                        {m.name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            }
            when={
              <Field label={t.lead}>
                {(a11y) => (
                  <Select {...a11y} {...register(t.minutesBefore, { valueAsNumber: true })}>
                    {LEAD_TIME_CHOICES.map((m) => (
                      <option key={m} value={m}>
                        {m} minutes before {t.anchor}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            }
            note={
              driver
                ? `Creates the task '${t.prefix}${values.title || '…'}' for ${memberName(driver)}.`
                : 'No driver yet: it shows as a gap in Driving this week until someone takes it.'
            }
          />
        );
      })}
    </>
  );
}

function TransportSection({
  title,
  label,
  on,
  onToggle,
  who,
  when,
  note,
}: {
  title: string;
  label: string;
  on: boolean;
  onToggle: (on: boolean) => void;
  who: ReactNode;
  when: ReactNode;
  note: string | null;
}) {
  return (
    <FormSection
      title={title}
      action={
        <div className="w-48">
          <Switch label={label} checked={on} onCheckedChange={onToggle} />
        </div>
      }
    >
      {on ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            {who}
            {when}
          </div>
          {note ? <p className="text-xs text-slate-600">{note}</p> : null}
        </>
      ) : (
        <p className="text-sm text-slate-600">No one needs to be driven.</p>
      )}
    </FormSection>
  );
}
