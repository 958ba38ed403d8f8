import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useSignedInEmail, useSignOutToAccept } from './api.ts';

/**
 * /register-invitation/{token} while signed in. Accepting an invitation creates a new account, so it needs the
 * user signed out: this says whose account is signed in and offers to sign out, which comes back to the
 * invitation (instead of the signed-in 404 page).
 */
export function SignedInInvitationPage() {
  const { token } = useParams();
  const email = useSignedInEmail();
  const signOut = useSignOutToAccept(token);
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">You are already signed in</h1>
      <p className="mt-3 text-slate-700">
        You are signed in as <strong className="break-words">{email ?? 'another account'}</strong>. To accept
        this invitation, sign out first.
      </p>
      {signOut.isError ? (
        <div className="mt-4 text-left">
          <ErrorAlert>Could not sign out. Please try again.</ErrorAlert>
        </div>
      ) : null}
      <div className="mt-6 flex flex-col items-center gap-3">
        <Button onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {signOut.isPending ? 'Signing out...' : 'Sign Out and Accept Invitation'}
        </Button>
        <Link to="/" className="font-medium text-indigo-700 underline">
          Back to the calendar
        </Link>
      </div>
    </div>
  );
}
