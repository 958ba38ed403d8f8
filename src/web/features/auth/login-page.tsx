import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { loginSchema, type LoginPayload } from '../../../core/contracts/auth.ts';
import { serverMessageOr } from '../../app/api.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { useLogin } from './api.ts';
import { AuthCard } from '../../components/auth-card.tsx';

/** SPEC §2 Login: e-mail and password, 'Sign In' / 'Signing in...', a link to register. */
export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginPayload>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await login.mutateAsync(values);
      navigate('/');
    } catch (error) {
      setFailure(serverMessageOr(error, 'Login failed. Please try again.'));
    }
  });

  return (
    <AuthCard title="Sign in" subtitle="Welcome back to your family's hub.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <Field label="Email" error={errors.email?.message}>
          {(a11y) => <Input type="email" autoComplete="email" {...a11y} {...form.register('email')} />}
        </Field>
        <Field label="Password" error={errors.password?.message}>
          {(a11y) => (
            <Input type="password" autoComplete="current-password" {...a11y} {...form.register('password')} />
          )}
        </Field>
        <Button type="submit" className="w-full justify-center" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        New to FamilyHub?{' '}
        <Link to="/register" className="font-medium text-indigo-700 underline">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
