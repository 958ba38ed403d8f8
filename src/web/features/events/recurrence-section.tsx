import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { EventFormValues } from '../../../core/contracts/events.ts';
import {
  describeRecurrence,
  RECURRENCE_LABELS,
  RECURRENCE_PATTERNS,
} from '../../../core/recurrence/patterns.ts';
import { isLocalDate } from '../../../core/time/local-time.ts';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { FormSection } from './form-section.tsx';

/** The Event form's Recurring Event section (SPEC §2): the Repeats switch, the pattern and its optional end date. */
export function RecurrenceSection({ form }: { form: UseFormReturn<EventFormValues> }) {
  const { control, register, setValue, formState } = form;
  const values = useWatch({ control });
  const errors = formState.errors;
  const startForDescription = `${values.event_date ?? ''}T${values.start_hour ?? '09'}:${values.start_minute ?? '00'}:00`;
  return (
    <FormSection
      title="Recurring Event"
      action={
        <div className="w-48">
          <Switch
            label="Repeats"
            checked={values.is_recurring ?? false}
            onCheckedChange={(on) => setValue('is_recurring', on)}
          />
        </div>
      }
    >
      {values.is_recurring ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Repeat"
            error={errors.recurrence_pattern?.message}
            hint={
              values.recurrence_pattern && isLocalDate(values.event_date ?? '')
                ? describeRecurrence(values.recurrence_pattern, startForDescription)
                : undefined
            }
          >
            {(a11y) => (
              <Select {...a11y} {...register('recurrence_pattern')}>
                <option value="">Select a pattern</option>
                {RECURRENCE_PATTERNS.map((p) => (
                  <option key={p} value={p}>
                    {RECURRENCE_LABELS[p]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Recurrence End Date (optional)" error={errors.recurrence_end_date?.message}>
            {(a11y) => <Input type="date" {...a11y} {...register('recurrence_end_date')} />}
          </Field>
        </div>
      ) : (
        <p className="text-sm text-slate-600">This event happens once.</p>
      )}
    </FormSection>
  );
}
