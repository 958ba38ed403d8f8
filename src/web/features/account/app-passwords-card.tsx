import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { CalendarSync } from 'lucide-react';
import {
  createAppPasswordSchema,
  type AppPasswordDto,
  type CreateAppPasswordPayload,
  type CreatedAppPasswordDto,
} from '../../../core/contracts/account.ts';
import { ApiError, serverMessageOr } from '../../platform/api.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useAppPasswords, useCreateAppPassword, useRevokeAppPassword } from './api.ts';
import { CalendarAppSetup } from './calendar-app-setup.tsx';

const day = (iso: string) => format(new Date(iso), 'MMM d, yyyy');
const moment = (iso: string) => format(new Date(iso), 'MMM d, yyyy, h:mm a');

/** The form: a name for the calendar app, then the app password (shown once, in `CalendarAppSetup`). */
function CreateForm({ onCreated }: { onCreated: (created: CreatedAppPasswordDto) => void }) {
  const create = useCreateAppPassword();
  const { toast } = useToast();
  const form = useForm<CreateAppPasswordPayload>({
    resolver: zodResolver(createAppPasswordSchema),
    defaultValues: { name: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      form.reset();
      onCreated(created);
      toast({ title: 'App password created', description: 'Copy it now: it is shown only once.' });
    } catch (error) {
      const field = error instanceof ApiError ? error.fields?.name : undefined;
      if (field) form.setError('name', { message: field });
      else form.setError('root', { message: serverMessageOr(error, 'Failed to create app password.') });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1 space-y-3">
        {errors.root?.message ? <ErrorAlert>{errors.root.message}</ErrorAlert> : null}
        <Field
          label="Calendar App Name"
          error={errors.name?.message}
          hint="So you can tell them apart, e.g. “Mum’s iPhone”."
        >
          {(a11y) => <Input maxLength={100} autoComplete="off" {...a11y} {...form.register('name')} />}
        </Field>
      </div>
      <Button type="submit" disabled={isSubmitting} className="sm:mt-6">
        {isSubmitting ? 'Creating...' : 'Create App Password'}
      </Button>
    </form>
  );
}

/** The account's app passwords with created and last-used times, each with Revoke (after a confirmation). */
function AppPasswordList() {
  const list = useAppPasswords();
  const revoke = useRevokeAppPassword();
  const { toast } = useToast();
  const [target, setTarget] = useState<AppPasswordDto | null>(null);

  if (list.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  }
  if (list.isError) {
    return (
      <div className="mt-4">
        <ErrorAlert>{serverMessageOr(list.error, 'Could not load your app passwords.')}</ErrorAlert>
      </div>
    );
  }
  return (
    <>
      {list.data.length === 0 ? (
        <p className="mt-4 rounded-md bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">
          No app passwords yet. Make one for each calendar app you connect.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" aria-label="App passwords">
          {list.data.map((item) => (
            <li key={item.id} className="flex items-center gap-3 py-3">
              <CalendarSync className="h-5 w-5 shrink-0 text-slate-500" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium break-words text-slate-900">{item.name}</p>
                <p className="text-xs text-slate-600">
                  <span className="whitespace-nowrap">Created {day(item.created_at)}</span> ·{' '}
                  <span className="whitespace-nowrap">
                    {item.last_used_at ? `Last used ${moment(item.last_used_at)}` : 'Never used'}
                  </span>
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                className="shrink-0"
                aria-label={`Revoke ${item.name}`}
                onClick={() => setTarget(item)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
        message={`Are you sure you want to revoke “${target?.name ?? ''}”?`}
        details="Calendar apps using it stop syncing at once and will ask for a password; make a new app password to connect them again."
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={() => {
          if (!target) return;
          const { id, name } = target;
          revoke.mutate(id, {
            onSuccess: () => {
              setTarget(null);
              toast({ title: 'App password revoked', description: `“${name}” no longer signs in.` });
            },
            onError: (error) =>
              toast({
                title: 'Error',
                description: serverMessageOr(error, 'Failed to revoke app password.'),
                variant: 'destructive',
              }),
          });
        }}
      />
    </>
  );
}

/**
 * Issue 40 "Connect a calendar app": calendar apps (iPhone, Android with DAVx⁵, Thunderbird) sign in to FamilyHub's
 * CalDAV server with an app password, never the account password. Make one per app, see it once, revoke it when
 * the device goes.
 */
export function AppPasswordsCard() {
  const [created, setCreated] = useState<CreatedAppPasswordDto | null>(null);
  return (
    <Card className="p-6" role="region" aria-labelledby="app-passwords-heading">
      <h2 id="app-passwords-heading" className="text-lg font-semibold text-slate-900">
        Connect a Calendar App
      </h2>
      <p className="mt-1 max-w-prose text-sm text-slate-600">
        Your phone’s or computer’s calendar and reminders apps can show the family calendar and the family’s
        tasks, and changes made there come back here. They sign in with an app password, never your FamilyHub
        password: make one for each app, and revoke it when you stop using the device.
      </p>
      {created ? (
        <CalendarAppSetup created={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateForm onCreated={setCreated} />
      )}
      <h3 className="mt-6 text-sm font-semibold text-slate-900">Your App Passwords</h3>
      <AppPasswordList />
    </Card>
  );
}
