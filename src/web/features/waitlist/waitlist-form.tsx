import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router';
import {
  FAMILY_SIZES,
  REFERRAL_PARAM,
  UTM_PARAMS,
  waitlistFormSchema,
  type WaitlistFormValues,
  type WaitlistJoinDto,
  type WaitlistJoinPayload,
} from '../../../core/contracts/waitlist.ts';
import { ApiError, serverMessageOr } from '../../platform/api.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input, Textarea } from '../../components/ui/field.tsx';
import { cn } from '../../components/ui/cn.ts';
import { useJoinWaitlist } from './api.ts';
import { JoinSuccess } from './join-success.tsx';

const FORM_FIELDS = ['email', 'family_size', 'biggest_challenge'] as const;

/** The landing URL's attribution (`?ref=` and the UTM parameters), forwarded with the join. */
function useAttribution(): Pick<WaitlistJoinPayload, 'ref' | (typeof UTM_PARAMS)[number]> {
  const [params] = useSearchParams();
  const attribution: Record<string, string> = {};
  for (const name of [REFERRAL_PARAM, ...UTM_PARAMS]) {
    const value = params.get(name);
    if (value) attribution[name] = value;
  }
  return attribution;
}

/**
 * SPEC §2 Waitlist form (email, family size, biggest challenge) with SPEC §5 messages, the SPEC §8 inline
 * alert ('Something went wrong. Please try again.' or the server's message), and, once joined, the success
 * view with the position in line and the referral link.
 */
export function WaitlistForm() {
  const attribution = useAttribution();
  const join = useJoinWaitlist();
  const [joined, setJoined] = useState<WaitlistJoinDto | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<WaitlistFormValues>({
    resolver: zodResolver(waitlistFormSchema),
    defaultValues: { email: '', biggest_challenge: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      setJoined(await join.mutateAsync({ ...values, ...attribution }));
    } catch (error) {
      // The server holds the same rules; if it names a field, show its message there too.
      if (error instanceof ApiError && error.fields) {
        for (const field of FORM_FIELDS) {
          const message = error.fields[field];
          if (message) form.setError(field, { message });
        }
      }
      setFailure(serverMessageOr(error, 'Something went wrong. Please try again.'));
    }
  });

  if (joined) return <JoinSuccess result={joined} />;

  const sizeError = errors.family_size?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-labelledby="waitlist-form-title">
      <div>
        <h2 id="waitlist-form-title" className="text-xl font-bold text-slate-900">
          Join the beta waitlist
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Tell us a little about your family. We're letting families in a few at a time.
        </p>
      </div>
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <Field label="Email" error={errors.email?.message}>
        {(a11y) => (
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            {...a11y}
            {...form.register('email')}
          />
        )}
      </Field>

      <fieldset aria-describedby={sizeError ? 'family-size-error' : undefined}>
        <legend className="block text-sm font-medium text-slate-800">Family size</legend>
        <div className="mt-1 grid grid-cols-3 gap-2">
          {FAMILY_SIZES.map((size) => (
            <label key={size} className="relative">
              <input
                type="radio"
                value={size}
                className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0"
                aria-invalid={Boolean(sizeError)}
                {...form.register('family_size')}
              />
              <span
                className={cn(
                  'flex h-10 cursor-pointer items-center justify-center rounded-md border bg-white text-sm font-medium text-slate-700 shadow-sm transition-colors',
                  'peer-checked:border-indigo-600 peer-checked:bg-indigo-50 peer-checked:text-indigo-800 hover:bg-slate-50',
                  'peer-focus-visible:ring-2 peer-focus-visible:ring-indigo-500 peer-focus-visible:ring-offset-1',
                  sizeError ? 'border-red-500' : 'border-slate-300',
                )}
              >
                {size} <span className="sr-only">people</span>
              </span>
            </label>
          ))}
        </div>
        {sizeError ? (
          <p id="family-size-error" role="alert" className="mt-1 text-sm text-red-700">
            {sizeError}
          </p>
        ) : null}
      </fieldset>

      <Field label="Biggest challenge" error={errors.biggest_challenge?.message}>
        {(a11y) => (
          <Textarea
            rows={3}
            placeholder="e.g. Remembering who picks up whom after practice"
            {...a11y}
            {...form.register('biggest_challenge')}
          />
        )}
      </Field>

      <Button type="submit" size="lg" className="w-full justify-center" disabled={isSubmitting}>
        {isSubmitting ? 'Joining...' : 'Join the Waitlist'}
      </Button>
      <p className="text-center text-xs text-slate-600">
        Free to join. We only use your e-mail to invite you to the beta.
      </p>
    </form>
  );
}
