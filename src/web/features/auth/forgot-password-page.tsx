import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { forgotPasswordSchema, type ForgotPasswordPayload } from '../../../core/contracts/auth.ts';
import { serverMessageOr } from '../../platform/api.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { useForgotPassword } from './api.ts';

/**
 * Issue 25 "Forgot password" (`/forgot-password`): asks for the e-mail and says the same thing whether or
 * not it has an account.
 */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ForgotPasswordPayload>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await forgot.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      setFailure(serverMessageOr(error, 'Something went wrong. Please try again.'));
    }
  });

  if (sentTo) {
    return (
      <AuthCard title="Check your email">
        <div role="status" className="space-y-3 text-sm text-slate-700">
          <p>
            If <strong>{sentTo}</strong> has a FamilyHub account, we have sent it a link to choose a new
            password.
          </p>
          <p>The link works once, for 60 minutes. Nothing arrived? Check your spam folder, or try again.</p>
        </div>
        <p className="mt-6 text-center text-sm">
          <Link to="/login" className="font-medium text-indigo-700 underline">
            Back to sign in
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot your password?" subtitle="We'll e-mail you a link to choose a new one.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <Field label="Email" error={errors.email?.message}>
          {(a11y) => <Input type="email" autoComplete="email" {...a11y} {...form.register('email')} />}
        </Field>
        <Button type="submit" className="w-full justify-center" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Remembered it?{' '}
        <Link to="/login" className="font-medium text-indigo-700 underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
