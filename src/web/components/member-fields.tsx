import type { UseFormRegisterReturn } from 'react-hook-form';
import { MEMBER_ROLES, roleLabel } from '../../core/members/colors.ts';
import { Field, Input, Select } from './ui/field.tsx';

/**
 * 'Password' and 'Confirm Password' for a new account (register, accept invitation): pass each field's
 * react-hook-form `register()` result and its error message.
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  passwordError,
  confirmPasswordError,
}: {
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  passwordError: string | undefined;
  confirmPasswordError: string | undefined;
}) {
  return (
    <>
      <Field label="Password" error={passwordError}>
        {(a11y) => <Input type="password" autoComplete="new-password" {...a11y} {...password} />}
      </Field>
      <Field label="Confirm Password" error={confirmPasswordError}>
        {(a11y) => <Input type="password" autoComplete="new-password" {...a11y} {...confirmPassword} />}
      </Field>
    </>
  );
}

/**
 * 'Phone (optional)' for SMS reminders (SPEC §2, E.164 as the placeholder shows). `autoComplete` is 'tel' when
 * the user types their own number, 'off' when they type someone else's.
 */
export function PhoneField({
  registration,
  error,
  hint = 'For SMS reminders, e.g. +1234567890',
  autoComplete = 'tel',
}: {
  registration: UseFormRegisterReturn;
  error: string | undefined;
  hint?: string;
  autoComplete?: 'tel' | 'off';
}) {
  return (
    <Field label="Phone (optional)" error={error} hint={hint}>
      {(a11y) => (
        <Input type="tel" autoComplete={autoComplete} placeholder="+1234567890" {...a11y} {...registration} />
      )}
    </Field>
  );
}

/** 'Role': the SPEC §3 member roles (Parent, Child, Other) in a select. */
export function RoleSelect({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <Field label="Role" error={error}>
      {(a11y) => (
        <Select {...a11y} {...registration}>
          {MEMBER_ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
