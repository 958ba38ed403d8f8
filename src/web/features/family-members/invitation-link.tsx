import { useRef, useState } from 'react';
import { Check, Copy, Share2 } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';

type CopyState = 'idle' | 'copied' | 'failed';

/** Whether the device offers its share sheet (phones, the installed app); not most desktop browsers. */
function canShare(): boolean {
  return typeof navigator.share === 'function';
}

/**
 * Issue 21: 'Copy invitation link' (and the device's share sheet where there is one) for an invitation that no
 * e-mail provider will deliver. Where the clipboard is refused, the link is selected to copy by hand.
 * @param compact the pending-invitation card's small buttons, without the link field.
 */
export function InvitationLinkActions({
  link,
  name,
  compact = false,
}: {
  link: string;
  name: string;
  compact?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      input.current?.select();
      setCopy('failed');
    }
  }

  async function share() {
    try {
      await navigator.share({
        title: 'Join our family on FamilyHub',
        text: `${name}, join our family:`,
        url: link,
      });
    } catch {
      // Dismissing the share sheet rejects; nothing to report.
    }
  }

  const buttons = (
    <>
      <Button
        variant={compact ? 'secondary' : 'primary'}
        size="sm"
        onClick={() => void copyLink()}
        aria-label={compact ? `Copy invitation link for ${name}` : undefined}
      >
        {copy === 'copied' ? (
          <Check className="h-4 w-4" aria-hidden />
        ) : (
          <Copy className="h-4 w-4" aria-hidden />
        )}
        {copy === 'copied' ? 'Link copied' : 'Copy invitation link'}
      </Button>
      {canShare() ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void share()}
          aria-label={`Share invitation link for ${name}`}
        >
          <Share2 className="h-4 w-4" aria-hidden />
          Share
        </Button>
      ) : null}
    </>
  );

  if (compact) return buttons;
  return (
    <div className="space-y-3">
      <label htmlFor="invitation-link" className="block text-sm font-medium text-slate-800">
        Invitation link for {name}
      </label>
      <input
        id="invitation-link"
        ref={input}
        readOnly
        value={link}
        onFocus={(e) => e.currentTarget.select()}
        className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800"
      />
      <div className="flex flex-wrap gap-2">{buttons}</div>
      <p role="status" className="text-sm text-slate-700">
        {copy === 'copied'
          ? 'Invitation link copied. Send it to them by text or e-mail.'
          : copy === 'failed'
            ? 'Copying is not allowed here: the link is selected, copy it by hand.'
            : ''}
      </p>
    </div>
  );
}
