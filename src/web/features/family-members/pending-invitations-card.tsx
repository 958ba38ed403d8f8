import { format } from 'date-fns';
import { Mail, RotateCw, X } from 'lucide-react';
import type { InvitationDto } from '../../../core/contracts/members.ts';
import { roleLabel } from '../../../core/members/colors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { InvitationLinkActions } from './invitation-link.tsx';
import { MemberAvatar } from './member-avatar.tsx';

interface PendingInvitationsCardProps {
  invitations: InvitationDto[];
  /** Date.now() of this render, passed in so that "expired" is decided in one place. */
  now: number;
  onResend: (invitation: InvitationDto) => void;
  onCancel: (invitation: InvitationDto) => void;
  busyId: number | null;
  /** Links known from this session's invite / resend replies (no e-mail provider), by invitation id. */
  links: Readonly<Record<number, string>>;
}

/** SPEC §9 long date (PPP) of an expiry, or 'Never'. */
function expiryText(expiresAt: string | null, now: number): string {
  if (!expiresAt) return 'Expires: Never';
  const at = new Date(expiresAt);
  return `${at.getTime() <= now ? 'Expired' : 'Expires'}: ${format(at, 'PPP')}`;
}

/**
 * SPEC §2 'Pending Invitations (count)': initials, name, e-mail, expiry, role, Resend and Cancel; and 'Copy
 * invitation link' while this session knows the link (issue 21: no e-mail provider; otherwise Resend makes one).
 */
export function PendingInvitationsCard({
  invitations,
  now,
  onResend,
  onCancel,
  busyId,
  links,
}: PendingInvitationsCardProps) {
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Mail className="h-5 w-5 text-indigo-600" aria-hidden />
        Pending Invitations ({invitations.length})
      </h2>
      <ul className="mt-4 divide-y divide-slate-100">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-3">
            <MemberAvatar name={invitation.name} color={invitation.color} className="h-10 w-10 text-sm" />
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">{invitation.name}</p>
              <p className="truncate text-sm text-slate-700">{invitation.email}</p>
              <p className="text-xs text-slate-600">
                {expiryText(invitation.invitation_expires_at, now)} · {roleLabel(invitation.role)}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {links[invitation.id] ? (
                <InvitationLinkActions link={links[invitation.id] ?? ''} name={invitation.name} compact />
              ) : null}
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onResend(invitation)}
                disabled={busyId === invitation.id}
                aria-label={`Resend invitation to ${invitation.name}`}
              >
                <RotateCw className="h-4 w-4" aria-hidden />
                Resend
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onCancel(invitation)}
                disabled={busyId === invitation.id}
                aria-label={`Cancel invitation to ${invitation.name}`}
                className="text-red-700"
              >
                <X className="h-4 w-4" aria-hidden />
                Cancel
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
