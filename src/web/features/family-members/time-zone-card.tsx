import { useState, type FormEvent } from 'react';
import { Globe } from 'lucide-react';
import { ApiError } from '../../platform/api.ts';
import { TimeZoneField } from '../../components/time-zone-field.tsx';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useFamilyTimezone, useUpdateFamilyTimezone } from './api.ts';

const FAILURE = 'Failed to update the time zone.';

/**
 * Global Settings (issue 18): the family's time zone, shown and changed with the same control as at
 * registration. A change waits for Save, with a line saying what it changes.
 */
export function TimeZoneCard() {
  const zone = useFamilyTimezone();
  const update = useUpdateFamilyTimezone();
  const { toast } = useToast();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const current = zone.data;
  const chosen = draft ?? current ?? '';
  const changed = current !== undefined && chosen !== current;

  const choose = (next: string) => {
    setError(undefined);
    setDraft(next);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    update.mutate(chosen, {
      onSuccess: (setting) => {
        setDraft(null);
        toast({
          title: 'Settings updated',
          description: `The family's time zone is now ${setting.value.replaceAll('_', ' ')}.`,
        });
      },
      onError: (failure) => {
        // The server's field message ('Choose a time zone from the list') belongs under the control.
        setError(failure instanceof ApiError ? failure.fields?.value : undefined);
        toast({ title: 'Error', description: FAILURE, variant: 'destructive' });
      },
    });
  };

  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Globe className="h-5 w-5 text-indigo-600" aria-hidden />
        Family Time Zone
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The calendar&apos;s today, reminders and the 7:30 AM summary use the family&apos;s clock
        {current ? `: ${current.replaceAll('_', ' ')}` : ''}.
      </p>
      {zone.isPending ? (
        <Spinner className="mt-4" label="Loading the time zone" />
      ) : zone.isError ? (
        <div className="mt-4">
          <ErrorAlert>Could not load the family&apos;s time zone.</ErrorAlert>
        </div>
      ) : (
        <form onSubmit={save} noValidate className="mt-4 space-y-3">
          <TimeZoneField
            label="Time zone"
            value={chosen}
            onChange={choose}
            error={error}
            disabled={update.isPending}
          />
          {changed ? (
            <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              Reminders and the 7:30 AM summary follow the new zone ({chosen.replaceAll('_', ' ')}). Events
              made in FamilyHub keep their time of day; imported events keep their own zone.
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit" disabled={!changed || update.isPending}>
              {update.isPending ? 'Saving...' : 'Save time zone'}
            </Button>
            {changed ? (
              <Button variant="secondary" onClick={() => choose(current)} disabled={update.isPending}>
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
      )}
    </Card>
  );
}
