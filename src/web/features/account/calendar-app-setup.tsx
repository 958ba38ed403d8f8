import { useId, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import type { CreatedAppPasswordDto } from '../../../core/contracts/account.ts';
import { Button } from '../../components/ui/button.tsx';

/** One value a calendar app needs: read-only, selected on focus, with its own Copy button. */
function CopyField({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      // Where the clipboard is refused, the text is selected to copy by hand.
      input.current?.select();
      setState('failed');
    }
  };
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          ref={input}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className={`h-10 w-full min-w-0 rounded-md sm:flex-1 border border-slate-300 bg-slate-50 px-3 text-slate-900 ${mono ? 'font-mono text-sm sm:text-base sm:tracking-wide' : 'text-sm'}`}
        />
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => void copy()}
          aria-label={`Copy ${label.toLowerCase()}`}
        >
          {state === 'copied' ? (
            <Check className="h-4 w-4" aria-hidden />
          ) : (
            <Copy className="h-4 w-4" aria-hidden />
          )}
          {state === 'copied' ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p aria-live="polite" className="text-xs text-slate-600">
        {state === 'copied' ? `${label} copied.` : state === 'failed' ? 'Selected: copy it by hand.' : ''}
      </p>
    </div>
  );
}

/** Steps for one kind of calendar app, folded until opened (a native disclosure: keyboard and screen readers). */
function Steps({ title, steps }: { title: string; steps: readonly string[] }) {
  return (
    <details className="group rounded-md border border-slate-200 bg-white">
      <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600">
        {title}
      </summary>
      <ol className="list-decimal space-y-1 px-3 pt-1 pb-3 pl-8 text-sm break-words text-slate-700">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </details>
  );
}

/**
 * Issue 40: what a new app password gives a calendar app, shown once: the address, the user name and the
 * password (each with Copy), and step-by-step text for iPhone, Android with DAVx⁵ and Thunderbird.
 */
export function CalendarAppSetup({
  created,
  onDone,
}: {
  created: CreatedAppPasswordDto;
  onDone: () => void;
}) {
  const host = new URL(created.caldav_url).host;
  return (
    <section
      aria-labelledby="app-password-ready-heading"
      className="mt-4 space-y-4 rounded-lg border border-emerald-200 bg-emerald-50/60 p-4"
    >
      <div>
        <h3 id="app-password-ready-heading" className="text-base font-semibold text-slate-900">
          “{created.name}” is ready
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          Type these into the calendar app now. <strong>The password is shown only this once</strong>:
          FamilyHub keeps no readable copy. If you lose it, revoke it and make a new one.
        </p>
      </div>
      <div className="grid grid-cols-1 gap-3">
        <CopyField label="Server Address" value={created.caldav_url} />
        <CopyField label="User Name" value={created.username} />
        <CopyField label="Password" value={created.password} mono />
      </div>
      <div className="space-y-2">
        <h4 className="text-sm font-semibold text-slate-900">How to add it</h4>
        <Steps
          title="iPhone or iPad"
          steps={[
            'Open Settings → Calendar → Accounts → Add Account → Other.',
            'Tap Add CalDAV Account.',
            `Server: ${host}`,
            `User Name: ${created.username}`,
            'Password: the password above.',
            `Description: ${created.name}. Tap Next, then Save.`,
          ]}
        />
        <Steps
          title="Android (DAVx⁵)"
          steps={[
            'Install DAVx⁵ from Google Play or F-Droid and open it.',
            'Tap + and choose Login with URL and user name.',
            `Base URL: ${created.caldav_url}`,
            `User name: ${created.username}`,
            'Password: the password above. Tap Login.',
            'Tick the calendars to sync; they appear in your calendar app.',
          ]}
        />
        <Steps
          title="Thunderbird"
          steps={[
            'In the Calendar, choose New Calendar… → On the Network.',
            `Username: ${created.username}`,
            `Location: ${created.caldav_url}`,
            'Click Find Calendars and enter the password above when asked.',
            'Pick the calendars and click Subscribe.',
          ]}
        />
      </div>
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </section>
  );
}
