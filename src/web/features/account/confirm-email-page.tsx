import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { serverMessageOr } from '../../platform/api.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useConfirmEmail } from './api.ts';

/**
 * Issue 25 `/confirm-email/{token}`: a button (not an automatic call, so a mail scanner opening the link
 * changes nothing) that makes the new address the account's sign-in e-mail.
 */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const confirm = useConfirmEmail();
  const [failure, setFailure] = useState<string | null>(null);

  if (confirm.data) {
    return (
      <AuthCard title="Email address changed">
        <p role="status" className="text-sm text-slate-700">
          You now sign in with <strong>{confirm.data.email}</strong>. We have told your old address.
        </p>
        <Link
          to="/"
          className="mt-6 inline-flex h-10 w-full items-center justify-center rounded-md bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-700"
        >
          Continue to FamilyHub
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Confirm your new email" subtitle="This makes it the address you sign in with.">
      <div className="space-y-4">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <Button
          className="w-full justify-center"
          disabled={confirm.isPending}
          onClick={async () => {
            setFailure(null);
            try {
              await confirm.mutateAsync(token);
            } catch (error) {
              setFailure(serverMessageOr(error, 'Something went wrong. Please try again.'));
            }
          }}
        >
          {confirm.isPending ? 'Confirming...' : 'Confirm New Email'}
        </Button>
      </div>
    </AuthCard>
  );
}
