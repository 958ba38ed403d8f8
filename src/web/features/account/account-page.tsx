import type { ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  changeEmailSchema,
  changePasswordSchema,
  type ChangeEmailPayload,
  type ChangePasswordPayload,
} from '../../../core/contracts/account.ts';
import { ApiError, serverMessageOr } from '../../platform/api.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useAccount, useChangeEmail, useChangePassword } from './api.ts';
import { AppPasswordsCard } from './app-passwords-card.tsx';
import { PasskeysCard } from './passkeys-card.tsx';
import { RemindersCard } from './reminders-card.tsx';
import { SessionsCard } from './sessions-card.tsx';

/** Puts the server's field messages on the form's fields; true when there were any. */
function showFieldErrors<T extends Record<string, unknown>>(
  error: unknown,
  setError: (name: keyof T & string, error: { message: string }) => void,
  names: readonly (keyof T & string)[],
): boolean {
  const fields = error instanceof ApiError ? error.fields : undefined;
  let shown = false;
  for (const name of names) {
    const message = fields?.[name];
    if (message) {
      setError(name, { message });
      shown = true;
    }
  }
  return shown;
}

/** A password box with its label and message; `autoComplete` tells password managers which one it is. */
function PasswordField({
  label,
  error,
  autoComplete,
  registration,
}: {
  label: string;
  error: string | undefined;
  autoComplete: 'current-password' | 'new-password';
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field label={label} error={error}>
      {(a11y) => <Input type="password" autoComplete={autoComplete} {...a11y} {...registration} />}
    </Field>
  );
}

/** The form's own message (not a field's), across the whole row. */
function FormError({ message, span }: { message: string | undefined; span: string }) {
  return message ? (
    <div className={span}>
      <ErrorAlert>{message}</ErrorAlert>
    </div>
  ) : null;
}

/** Issue 25: change the sign-in e-mail (a link to the new address confirms it). */
function EmailCard({ email, pending }: { email: string; pending: string | null }) {
  const change = useChangeEmail();
  const { toast } = useToast();
  const form = useForm<ChangeEmailPayload>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { new_email: '', current_password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { pending_email } = await change.mutateAsync(values);
      form.reset();
      toast({
        title: 'Check your new inbox',
        description: `We sent a confirmation link to ${pending_email}.`,
      });
    } catch (error) {
      if (!showFieldErrors<ChangeEmailPayload>(error, form.setError, ['new_email', 'current_password']))
        form.setError('root', { message: serverMessageOr(error, 'Could not change your email.') });
    }
  });

  return (
    <Card className="p-6" role="region" aria-labelledby="email-heading">
      <h2 id="email-heading" className="text-lg font-semibold text-slate-900">
        Email
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        You sign in with <strong className="text-slate-900">{email}</strong>.
      </p>
      {pending ? (
        <p role="status" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Waiting for you to open the link we sent to <strong>{pending}</strong>.
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <FormError message={errors.root?.message} span="sm:col-span-2" />
        <Field label="New Email" error={errors.new_email?.message}>
          {(a11y) => <Input type="email" autoComplete="email" {...a11y} {...form.register('new_email')} />}
        </Field>
        <PasswordField
          label="Current Password"
          error={errors.current_password?.message}
          autoComplete="current-password"
          registration={form.register('current_password')}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Change Email'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Issue 25: change the password (current one required; other devices are signed out). */
function PasswordCard() {
  const change = useChangePassword();
  const { toast } = useToast();
  const form = useForm<ChangePasswordPayload>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset();
      toast({ title: 'Password changed', description: 'Every other device has been signed out.' });
    } catch (error) {
      if (
        !showFieldErrors<ChangePasswordPayload>(error, form.setError, [
          'current_password',
          'new_password',
          'confirm_password',
        ])
      )
        form.setError('root', { message: serverMessageOr(error, 'Could not change your password.') });
    }
  });

  return (
    <Card className="p-6" role="region" aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
        Password
      </h2>
      <p className="mt-1 text-sm text-slate-600">Changing it signs out every other device.</p>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-3">
        <FormError message={errors.root?.message} span="sm:col-span-3" />
        <PasswordField
          label="Current Password"
          error={errors.current_password?.message}
          autoComplete="current-password"
          registration={form.register('current_password')}
        />
        <PasswordField
          label="New Password"
          error={errors.new_password?.message}
          autoComplete="new-password"
          registration={form.register('new_password')}
        />
        <PasswordField
          label="Confirm New Password"
          error={errors.confirm_password?.message}
          autoComplete="new-password"
          registration={form.register('confirm_password')}
        />
        <div className="sm:col-span-3">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Change Password'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/**
 * Issue 25 Account Settings (`/account`): e-mail, password, passkeys and recovery codes, app passwords for calendar
 * apps (issue 40), signed-in devices, and (issue 41) the notifications: "Your reminders" and `deviceNotifications`,
 * the push feature's "Notifications on this device" card, composed in app/routes.tsx because features do not
 * import each other.
 */
export function AccountPage({ deviceNotifications }: { deviceNotifications?: ReactNode } = {}) {
  const account = useAccount();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Account Settings"
        subtitle="How you sign in to FamilyHub, and where you are signed in."
      />
      {account.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : account.isError ? (
        <ErrorAlert>{serverMessageOr(account.error, 'Could not load your account.')}</ErrorAlert>
      ) : (
        <div className="space-y-6">
          <EmailCard email={account.data.email} pending={account.data.pending_email} />
          <PasswordCard />
          <PasskeysCard passkeys={account.data.passkeys} codesLeft={account.data.recovery_codes_left} />
          <AppPasswordsCard />
          <section aria-label="Notifications" data-testid="account-notifications" className="space-y-6">
            <RemindersCard account={account.data} />
            {deviceNotifications}
          </section>
          <SessionsCard />
        </div>
      )}
    </div>
  );
}
