import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, XCircle } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { acceptInvitationFormSchema, type InvitationDetailsDto } from '../../../core/contracts/members.ts';
import { roleLabel } from '../../../core/members/colors.ts';
import { ApiError, serverMessageOr } from '../../platform/api.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { NewPasswordFields, PhoneField } from '../../components/member-fields.tsx';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAcceptInvitation, useInvitationDetails } from './api.ts';

type FormInput = z.input<typeof acceptInvitationFormSchema>;
type FormOutput = z.output<typeof acceptInvitationFormSchema>;

const INVALID_TITLE = 'Invalid or Expired Invitation';
const INVALID_TEXT =
  'This invitation link is invalid, expired, or has already been used. Please contact your family member for a new invitation.';

/**
 * SPEC §2 Invitation page at /register-invitation/{token}: verifying, invalid or expired, the form, success.
 * Without a token: 'Invalid Link'.
 */
export function InvitationPage() {
  const { token } = useParams();
  const details = useInvitationDetails(token);
  const [accepted, setAccepted] = useState<string | null>(null);
  const [burnt, setBurnt] = useState(false);

  if (!token) {
    return <Problem title="Invalid Link" text="This registration link is invalid or malformed." />;
  }
  if (accepted !== null) return <Success email={accepted} />;
  if (details.isPending) {
    return (
      <AuthCard title="Verifying invitation...">
        <div className="flex justify-center py-6">
          <Spinner label="Verifying invitation" />
        </div>
      </AuthCard>
    );
  }
  if (details.isError || burnt) {
    const notFound = burnt || (details.error instanceof ApiError && details.error.status === 404);
    return notFound ? (
      <Problem title={INVALID_TITLE} text={INVALID_TEXT} />
    ) : (
      <Problem
        title="Something went wrong"
        text="We could not check this invitation. Please try again in a moment."
      />
    );
  }
  return (
    <AcceptForm
      token={token}
      invitation={details.data}
      onAccepted={() => setAccepted(details.data.email ?? '')}
      onGone={() => setBurnt(true)}
    />
  );
}

function Problem({ title, text }: { title: string; text: string }) {
  return (
    <AuthCard title={title}>
      <div className="flex flex-col items-center gap-4 text-center">
        <XCircle className="h-12 w-12 text-red-600" aria-hidden />
        <p className="text-slate-700">{text}</p>
        <Link to="/login" className="text-sm font-medium text-indigo-700 underline">
          Go to sign in
        </Link>
      </div>
    </AuthCard>
  );
}

function Success({ email }: { email: string }) {
  return (
    <AuthCard title="Welcome to the family!">
      <div className="flex flex-col items-center gap-4 text-center">
        <CheckCircle2 className="h-12 w-12 text-green-700" aria-hidden />
        <p className="text-slate-700">
          Your account has been created. Sign in{email ? ` with ${email}` : ''} to see your family&apos;s
          calendar, tasks and notes.
        </p>
        <Link
          to="/login"
          className="inline-flex h-10 w-full items-center justify-center rounded-md bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-700"
        >
          Sign In
        </Link>
      </div>
    </AuthCard>
  );
}

interface AcceptFormProps {
  token: string;
  invitation: InvitationDetailsDto;
  onAccepted: () => void;
  /** The link stopped working while the form was open (used, cancelled or resent meanwhile). */
  onGone: () => void;
}

function AcceptForm({ token, invitation, onAccepted, onGone }: AcceptFormProps) {
  const accept = useAcceptInvitation(token);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(acceptInvitationFormSchema),
    defaultValues: { password: '', confirmPassword: '', phone_number: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await accept.mutateAsync({
        password: values.password,
        confirmPassword: values.confirmPassword,
        phone_number: values.phone_number ?? null,
      });
      onAccepted();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return onGone();
      const phoneMessage = error instanceof ApiError ? error.fields?.phone_number : undefined;
      if (phoneMessage) form.setError('phone_number', { message: phoneMessage });
      setFailure(serverMessageOr(error, 'Could not create your account. Please try again.'));
    }
  });

  return (
    <AuthCard title="Join your family on FamilyHub">
      <p className="text-slate-700">
        <strong>{invitation.inviter_name ?? 'A family member'}</strong> has invited you to join their family.
      </p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-slate-50 p-4 text-sm">
        <dt className="font-medium text-slate-600">Name</dt>
        <dd className="text-slate-900">{invitation.name}</dd>
        <dt className="font-medium text-slate-600">Email</dt>
        <dd className="break-all text-slate-900">{invitation.email}</dd>
        <dt className="font-medium text-slate-600">Role</dt>
        <dd className="text-slate-900">{roleLabel(invitation.role)}</dd>
      </dl>
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" autoComplete="username" value={invitation.email ?? ''} readOnly hidden />
        <NewPasswordFields
          password={form.register('password')}
          confirmPassword={form.register('confirmPassword')}
          passwordError={errors.password?.message}
          confirmPasswordError={errors.confirmPassword?.message}
        />
        <PhoneField registration={form.register('phone_number')} error={errors.phone_number?.message} />
        <Button type="submit" className="w-full justify-center" disabled={isSubmitting}>
          {isSubmitting ? 'Creating account...' : 'Accept Invitation'}
        </Button>
      </form>
    </AuthCard>
  );
}
