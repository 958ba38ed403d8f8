import { useState } from 'react';
import { format } from 'date-fns';
import { Laptop } from 'lucide-react';
import { serverMessageOr } from '../../platform/api.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useAccountSessions, useAppPasswords, useEndOtherSessions, useEndSession } from './api.ts';

const when = (iso: string) => format(new Date(iso), 'MMM d, yyyy, h:mm a');

/**
 * Issue 25: where the user is signed in, with "Sign out" per session and "Sign out everywhere else" (which also
 * revokes every app password, issue 40).
 */
export function SessionsCard() {
  const sessions = useAccountSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const { toast } = useToast();
  const [confirmAll, setConfirmAll] = useState(false);
  const others = (sessions.data ?? []).filter((s) => !s.current);
  const appPasswords = useAppPasswords().data ?? [];

  return (
    <Card className="p-6" role="region" aria-labelledby="sessions-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
            Signed-in Devices
          </h2>
          <p className="mt-1 text-sm text-slate-600">Sign out anywhere you don't recognise.</p>
        </div>
        <Button
          variant="secondary"
          disabled={(others.length === 0 && appPasswords.length === 0) || endOthers.isPending}
          onClick={() => setConfirmAll(true)}
        >
          Sign Out Everywhere Else
        </Button>
      </div>
      {sessions.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : sessions.isError ? (
        <div className="mt-4">
          <ErrorAlert>{serverMessageOr(sessions.error, 'Could not load your devices.')}</ErrorAlert>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" aria-label="Signed-in devices">
          {sessions.data.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-3 py-3">
              <Laptop className="h-5 w-5 text-slate-500" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-slate-900">
                  {session.device}
                  {session.current ? (
                    <span className="ml-2 inline-block rounded-full whitespace-nowrap bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-xs text-slate-600">
                  Signed in {when(session.signed_in_at)} · Last used {when(session.last_used_at)}
                </p>
              </div>
              {session.current ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Sign out ${session.device}, last used ${when(session.last_used_at)}`}
                  disabled={endOne.isPending}
                  onClick={() =>
                    endOne.mutate(session.id, {
                      onSuccess: () =>
                        toast({ title: 'Signed out', description: `${session.device} is signed out.` }),
                      onError: (error) =>
                        toast({
                          title: 'Error',
                          description: serverMessageOr(error, 'Could not sign it out.'),
                          variant: 'destructive',
                        }),
                    })
                  }
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        message="Sign out every other device? They will need your password to sign in again."
        details="Every app password is revoked too: calendar apps stop syncing until you connect them again."
        confirmLabel="Sign Out Everywhere Else"
        busy={endOthers.isPending}
        onConfirm={() =>
          endOthers.mutate(undefined, {
            onSuccess: ({ ended, app_passwords_revoked: revoked }) => {
              setConfirmAll(false);
              toast({
                title: 'Signed out everywhere else',
                description: `${ended} other device${ended === 1 ? '' : 's'} signed out${
                  revoked > 0 ? `, ${revoked} app password${revoked === 1 ? '' : 's'} revoked` : ''
                }.`,
              });
            },
            onError: (error) =>
              toast({
                title: 'Error',
                description: serverMessageOr(error, 'Could not sign them out.'),
                variant: 'destructive',
              }),
          })
        }
      />
    </Card>
  );
}
