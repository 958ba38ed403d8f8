import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeReturnPath } from '../../../core/auth/return-path.ts';
import { loginSchema, type LoginPayload } from '../../../core/contracts/auth.ts';
import { ApiError, serverMessageOr } from '../../platform/api.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { useLogin, usePasskeySignIn, useRecoveryCodeSignIn } from './api.ts';
import { AuthCard } from '../../components/auth-card.tsx';

/** What to say when a passkey sign-in fails: the server's message, or the browser's prompt was closed. */
function passkeyFailure(error: unknown): string {
  if (error instanceof ApiError) return serverMessageOr(error, 'That passkey could not be verified.');
  if (error instanceof Error && error.name === 'NotAllowedError')
    return 'The passkey request was cancelled or timed out. Please try again.';
  return 'Passkeys are not available in this browser.';
}

/**
 * Issue 25's second step: the passkey, or one of the recovery codes instead. `onRestart` goes back to the
 * password (the step expired).
 */
function SecondStep({ onDone, onRestart }: { onDone: () => void; onRestart: () => void }) {
  const passkey = usePasskeySignIn();
  const recovery = useRecoveryCodeSignIn();
  const [useCode, setUseCode] = useState(false);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const fail = (error: unknown, fallback: string) => {
    if (error instanceof ApiError && error.status === 401) onRestart();
    setFailure(error instanceof ApiError ? serverMessageOr(error, fallback) : passkeyFailure(error));
  };

  return (
    <AuthCard title="One more step" subtitle="Your account is protected with a passkey.">
      <div className="space-y-4">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        {useCode ? (
          <form
            noValidate
            className="space-y-4"
            onSubmit={async (event) => {
              event.preventDefault();
              setFailure(null);
              try {
                await recovery.mutateAsync(code);
                onDone();
              } catch (error) {
                fail(error, 'That recovery code is not valid or has been used.');
              }
            }}
          >
            <Field label="Recovery code" hint="One of the codes you saved when you added your passkey.">
              {(a11y) => (
                <Input
                  autoComplete="one-time-code"
                  autoCapitalize="none"
                  spellCheck={false}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  {...a11y}
                />
              )}
            </Field>
            <Button
              type="submit"
              className="w-full justify-center"
              disabled={recovery.isPending || !code.trim()}
            >
              {recovery.isPending ? 'Checking...' : 'Sign In with Recovery Code'}
            </Button>
            <Button variant="ghost" className="w-full justify-center" onClick={() => setUseCode(false)}>
              Use my passkey instead
            </Button>
          </form>
        ) : (
          <>
            <Button
              className="w-full justify-center"
              disabled={passkey.isPending}
              onClick={async () => {
                setFailure(null);
                try {
                  await passkey.mutateAsync('second-factor');
                  onDone();
                } catch (error) {
                  fail(error, 'That passkey could not be verified.');
                }
              }}
            >
              <KeyRound className="h-4 w-4" aria-hidden />
              {passkey.isPending ? 'Waiting for your passkey...' : 'Use My Passkey'}
            </Button>
            <Button variant="ghost" className="w-full justify-center" onClick={() => setUseCode(true)}>
              Use a recovery code instead
            </Button>
          </>
        )}
      </div>
    </AuthCard>
  );
}

/**
 * SPEC §2 Login: e-mail and password, 'Sign In' / 'Signing in...', a link to register; with issue 25's
 * "Forgot password?" link, "Sign in with a passkey", and the second step for accounts with a passkey. Signed
 * in, it goes to `/`, or (issue 46) to `?next=`'s path when it is one of this site (`safeReturnPath`).
 */
export function LoginPage() {
  const navigate = useNavigate();
  // Issue 46: `?next=/tasks` (a signed-out deep link) is where sign-in returns; only a path of this site.
  const [params] = useSearchParams();
  const home = safeReturnPath(params.get('next')) ?? '/';
  const login = useLogin();
  const passkey = usePasskeySignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState(false);
  const form = useForm<LoginPayload>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const reply = await login.mutateAsync(values);
      if ('second_factor_required' in reply) setSecondStep(true);
      else navigate(home);
    } catch (error) {
      setFailure(serverMessageOr(error, 'Login failed. Please try again.'));
    }
  });

  if (secondStep) {
    return (
      <SecondStep
        onDone={() => navigate(home)}
        onRestart={() => {
          setSecondStep(false);
          form.setValue('password', '');
        }}
      />
    );
  }

  return (
    <AuthCard title="Sign in" subtitle="Welcome back to your family's hub.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <Field label="Email" error={errors.email?.message}>
          {(a11y) => (
            <Input type="email" autoComplete="email webauthn" {...a11y} {...form.register('email')} />
          )}
        </Field>
        <Field label="Password" error={errors.password?.message}>
          {(a11y) => (
            <Input type="password" autoComplete="current-password" {...a11y} {...form.register('password')} />
          )}
        </Field>
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-indigo-700 underline">
            Forgot password?
          </Link>
        </p>
        <Button type="submit" className="w-full justify-center" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <div className="mt-4 flex items-center gap-3 text-xs text-slate-600" aria-hidden>
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Button
        variant="secondary"
        className="mt-4 w-full justify-center"
        disabled={passkey.isPending}
        onClick={async () => {
          setFailure(null);
          try {
            await passkey.mutateAsync('passkey');
            navigate(home);
          } catch (error) {
            setFailure(passkeyFailure(error));
          }
        }}
      >
        <KeyRound className="h-4 w-4" aria-hidden />
        {passkey.isPending ? 'Waiting for your passkey...' : 'Use a Passkey'}
      </Button>
      <p className="mt-6 text-center text-sm text-slate-600">
        New to FamilyHub?{' '}
        <Link to="/register" className="font-medium text-indigo-700 underline">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
