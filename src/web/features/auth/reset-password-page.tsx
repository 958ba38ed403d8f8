import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { resetPasswordFormSchema } from '../../../core/contracts/auth.ts';
import { ApiError, serverMessageOr } from '../../platform/api.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { useResetPassword } from './api.ts';

type ResetForm = z.infer<typeof resetPasswordFormSchema>;

/**
 * Issue 25 `/reset-password/{token}`: the new password, twice. Done: every device is signed out and the
 * user signs in again. A bad or used link says so and offers a new one.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await reset.mutateAsync({ token, ...values });
      setDone(true);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields?.token) setLinkProblem(fields.token);
      else if (fields?.password) form.setError('password', { message: fields.password });
      else setFailure(serverMessageOr(error, 'Something went wrong. Please try again.'));
    }
  });

  if (done) {
    return (
      <AuthCard title="Password changed">
        <p role="status" className="text-sm text-slate-700">
          Your new password is set, and every device that was signed in has been signed out.
        </p>
        <Link
          to="/login"
          className="mt-6 inline-flex h-10 w-full items-center justify-center rounded-md bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-700"
        >
          Sign In
        </Link>
      </AuthCard>
    );
  }

  if (linkProblem) {
    return (
      <AuthCard title="Invalid or Expired Link">
        <p className="text-sm text-slate-700">{linkProblem}</p>
        <Link
          to="/forgot-password"
          className="mt-6 inline-flex h-10 w-full items-center justify-center rounded-md bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-700"
        >
          Get a New Link
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" subtitle="At least 6 characters, and not an easy one to guess.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <Field label="New Password" error={errors.password?.message}>
          {(a11y) => (
            <Input type="password" autoComplete="new-password" {...a11y} {...form.register('password')} />
          )}
        </Field>
        <Field label="Confirm New Password" error={errors.confirmPassword?.message}>
          {(a11y) => (
            <Input
              type="password"
              autoComplete="new-password"
              {...a11y}
              {...form.register('confirmPassword')}
            />
          )}
        </Field>
        <Button type="submit" className="w-full justify-center" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Set New Password'}
        </Button>
      </form>
    </AuthCard>
  );
}
