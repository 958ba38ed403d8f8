import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, Select } from './ui/field.tsx';

/** A select's choice: the value sent and the label shown. */
interface Choice {
  value: string;
  label: string;
}

/**
 * The `<option>`s of a native select from a list of choices (SPEC §9 hours, minutes and durations,
 * priorities, …), each sent as `value` and shown as `label`.
 */
export function ChoiceOptions({ choices }: { choices: readonly Choice[] }) {
  return choices.map((c) => (
    <option key={c.value} value={c.value}>
      {c.label}
    </option>
  ));
}

/**
 * A labelled select of `choices` with its inline error: pass the field's react-hook-form `register()` result
 * (with `valueAsNumber` for numeric fields) as `registration`.
 */
export function ChoiceField({
  label,
  error,
  registration,
  choices,
}: {
  label: string;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
  choices: readonly Choice[];
}) {
  return (
    <Field label={label} error={error}>
      {(a11y) => (
        <Select {...a11y} {...registration}>
          <ChoiceOptions choices={choices} />
        </Select>
      )}
    </Field>
  );
}
