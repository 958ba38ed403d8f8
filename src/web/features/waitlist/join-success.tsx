import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { referralLink, type WaitlistJoinDto } from '../../../core/contracts/waitlist.ts';
import { Button } from '../../components/ui/button.tsx';

/** The 'Copy Referral Link' button's state: not pressed yet, copied, or refused by the browser. */
export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * SPEC §2 Waitlist success view: the position in line and the 'Copy Referral Link' button, which puts the
 * entry's `/?ref=CODE` link on the clipboard and confirms it (visibly and to screen readers). Where the
 * clipboard is refused, the link is selected so the visitor can copy it by hand.
 *
 * `origin` (default: the page's) and `initialCopy` exist for the build-time render of the landing page
 * (prerender.tsx), which writes this view's three button states as templates for the landing island; the
 * `data-success` attributes name the parts the island fills in.
 */
export function JoinSuccess({
  result,
  origin = window.location.origin,
  initialCopy = 'idle',
}: {
  result: WaitlistJoinDto;
  origin?: string;
  initialCopy?: CopyState;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const linkInput = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>(initialCopy);
  const link = referralLink(origin, result.referral_code);

  // The form this view replaces had focus: move it here so keyboard and screen-reader users hear the result.
  useEffect(() => heading.current?.focus(), []);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      linkInput.current?.select();
      setCopy('failed');
    }
  }

  return (
    <div className="text-center">
      <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
        <Check aria-hidden="true" className="h-6 w-6" />
      </div>
      <h2
        ref={heading}
        tabIndex={-1}
        data-success="heading"
        className="mt-4 text-xl font-bold text-slate-900 focus:outline-none"
      >
        You&apos;re on the list!
      </h2>
      <p className="mt-4 text-sm text-slate-600">Your place in line</p>
      <p data-success="position" className="text-5xl font-extrabold tracking-tight text-indigo-700">
        #{result.position.toLocaleString('en-US')}
      </p>
      <p className="mt-3 text-sm text-slate-600">We have e-mailed your place in line and your link to you.</p>
      <div className="mt-6 rounded-lg bg-slate-50 p-4 text-left">
        <p className="text-sm font-medium text-slate-800">Know another busy family? Share your link:</p>
        <label htmlFor="referral-link" className="sr-only">
          Your referral link
        </label>
        <input
          id="referral-link"
          ref={linkInput}
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className="mt-2 block w-full truncate rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-700"
        />
        <Button
          data-success="copy"
          onClick={copyLink}
          className="mt-3 w-full justify-center"
          variant={copy === 'copied' ? 'secondary' : 'primary'}
        >
          {copy === 'copied' ? (
            <Check aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Copy aria-hidden="true" className="h-4 w-4" />
          )}
          Copy Referral Link
        </Button>
        <p role="status" data-success="copy-status" className="mt-2 min-h-5 text-center text-sm">
          {copy === 'copied' ? (
            <span className="text-emerald-700">Referral link copied to your clipboard.</span>
          ) : null}
          {copy === 'failed' ? (
            <span className="text-slate-700">
              Couldn't copy automatically: the link is selected, copy it by hand.
            </span>
          ) : null}
        </p>
      </div>
    </div>
  );
}
