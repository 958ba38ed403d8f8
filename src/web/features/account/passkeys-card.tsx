import { useState } from 'react';
import { format } from 'date-fns';
import { KeyRound } from 'lucide-react';
import type { PasskeyDto } from '../../../core/contracts/account.ts';
import { ApiError, serverMessageOr } from '../../platform/api.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useAddPasskey, useNewRecoveryCodes, useRemovePasskey } from './api.ts';

/** What the open dialog is for. */
type Task = { kind: 'add' } | { kind: 'remove'; passkey: PasskeyDto } | { kind: 'codes' };

/** Why a WebAuthn prompt failed, in words. */
function browserFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return serverMessageOr(error, fallback);
  if (error instanceof Error && error.name === 'NotAllowedError')
    return 'The passkey request was cancelled or timed out. Please try again.';
  if (error instanceof Error && error.name === 'InvalidStateError')
    return 'This device already has a passkey for your account.';
  return fallback;
}

/** The codes, shown once, with a way to copy them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Each code signs you in once if your passkey is not at hand. Keep them somewhere safe, such as a
        password manager or a printed copy: they will not be shown again.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-4 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}>
          Copy Codes
        </Button>
        <Button onClick={onDone}>I Have Saved Them</Button>
      </div>
    </div>
  );
}

/**
 * Issue 25: the passkeys that make the optional second step (and can sign in alone), and the recovery codes
 * that go with them. Every change asks for the password again.
 */
export function PasskeysCard({ passkeys, codesLeft }: { passkeys: PasskeyDto[]; codesLeft: number }) {
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const renew = useNewRecoveryCodes();
  const { toast } = useToast();
  const [task, setTask] = useState<Task | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const busy = add.isPending || remove.isPending || renew.isPending;

  const open = (next: Task) => {
    setTask(next);
    setCodes(null);
    setFailure(null);
    setPassword('');
    setName(next.kind === 'add' ? 'My passkey' : '');
  };
  const close = () => setTask(null);

  const submit = async () => {
    if (!task) return;
    setFailure(null);
    try {
      if (task.kind === 'add') {
        const reply = await add.mutateAsync({ currentPassword: password, name });
        toast({ title: 'Passkey added', description: `"${reply.passkey.name}" is ready.` });
        if (reply.recovery_codes) setCodes(reply.recovery_codes);
        else close();
      } else if (task.kind === 'remove') {
        await remove.mutateAsync({ id: task.passkey.id, currentPassword: password });
        toast({ title: 'Passkey removed', description: `"${task.passkey.name}" no longer signs you in.` });
        close();
      } else {
        setCodes((await renew.mutateAsync(password)).recovery_codes);
      }
    } catch (error) {
      setFailure(browserFailure(error, 'Something went wrong. Please try again.'));
    }
  };

  const titles = {
    add: 'Add a Passkey',
    remove: `Remove "${task?.kind === 'remove' ? task.passkey.name : ''}"`,
    codes: 'New Recovery Codes',
  } as const;

  return (
    <Card className="p-6" role="region" aria-labelledby="passkeys-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="passkeys-heading" className="text-lg font-semibold text-slate-900">
            Passkeys
          </h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            {passkeys.length > 0
              ? `Signing in with your password also asks for a passkey. Recovery codes left: ${codesLeft}.`
              : 'Optional: a passkey (your phone, computer or security key) makes your password alone not enough to get in.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {passkeys.length > 0 ? (
            <Button variant="secondary" onClick={() => open({ kind: 'codes' })}>
              New Recovery Codes
            </Button>
          ) : null}
          <Button onClick={() => open({ kind: 'add' })}>
            <KeyRound className="h-4 w-4" aria-hidden />
            Add a Passkey
          </Button>
        </div>
      </div>
      {passkeys.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-200" aria-label="Passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center gap-3 py-3">
              <KeyRound className="h-5 w-5 text-slate-500" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-slate-900">{passkey.name}</p>
                <p className="text-xs text-slate-600">
                  Added {format(new Date(passkey.created_at), 'MMM d, yyyy')}
                  {passkey.last_used_at
                    ? ` · Last used ${format(new Date(passkey.last_used_at), 'MMM d, yyyy, h:mm a')}`
                    : ' · Not used yet'}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove passkey ${passkey.name}`}
                onClick={() => open({ kind: 'remove', passkey })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}

      <Dialog
        open={task !== null}
        onOpenChange={(next) => {
          if (!next && !busy) close();
        }}
        title={codes ? 'Save Your Recovery Codes' : task ? titles[task.kind] : ''}
        description={
          codes
            ? undefined
            : task?.kind === 'add'
              ? 'Enter your password, then follow your browser to create the passkey.'
              : task?.kind === 'remove'
                ? passkeys.length === 1
                  ? 'This is your only passkey: without it, your password alone signs you in and your recovery codes stop working.'
                  : 'This passkey will no longer sign you in.'
                : 'The old codes stop working at once.'
        }
      >
        {codes ? (
          <RecoveryCodes codes={codes} onDone={close} />
        ) : (
          <form
            noValidate
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
            {task?.kind === 'add' ? (
              <Field label="Passkey Name" hint="So you can tell your passkeys apart, e.g. “Ana’s phone”.">
                {(a11y) => (
                  <Input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} {...a11y} />
                )}
              </Field>
            ) : null}
            <Field label="Current Password">
              {(a11y) => (
                <Input
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  {...a11y}
                />
              )}
            </Field>
            <div className="flex justify-end gap-3">
              <Button variant="secondary" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button
                type="submit"
                variant={task?.kind === 'remove' ? 'destructive' : 'primary'}
                disabled={busy || !password || (task?.kind === 'add' && !name.trim())}
              >
                {busy
                  ? 'Working...'
                  : task?.kind === 'add'
                    ? 'Create Passkey'
                    : task?.kind === 'remove'
                      ? 'Remove Passkey'
                      : 'Make New Codes'}
              </Button>
            </div>
          </form>
        )}
      </Dialog>
    </Card>
  );
}
