import { referralLink } from '../../core/contracts/waitlist.ts';
import type { OutgoingMessage } from '../notifications/providers/provider.ts';
import type { WaitlistEntryRow } from './service.ts';

/**
 * The e-mail a waitlist join sends to the address that joined (issue 20): the entry's real place in line, its
 * referral link and how many families joined through it. The join's reply no longer carries these for an
 * address already on the list, so only the mailbox's owner learns them. Plain text; nothing in it comes from
 * the visitor except their own address.
 * @param created whether this join made the entry (else the address was already on the list).
 * @param publicUrl the app's origin, for the link (`PUBLIC_URL`).
 * @returns the message for the e-mail provider (`id` is the entry's id).
 */
export function waitlistEmail(
  entry: WaitlistEntryRow,
  created: boolean,
  publicUrl: string,
  now: Date,
): OutgoingMessage {
  const place = `#${entry.position.toLocaleString('en-US')}`;
  const link = referralLink(publicUrl, entry.referralCode);
  const joined =
    entry.referralCount === 1
      ? '1 family has joined through your link.'
      : `${entry.referralCount.toLocaleString('en-US')} families have joined through your link.`;
  const lines = created
    ? ["You're on the FamilyHub beta waitlist.", '', `Your place in line: ${place}`]
    : [
        'This address is already on the FamilyHub beta waitlist; someone (perhaps you) asked to join with it again.',
        '',
        `Your place in line: ${place}`,
        joined,
      ];
  return {
    id: entry.id,
    channel: 'email',
    recipient: entry.email,
    subject: created ? "You're on the FamilyHub waitlist" : "You're already on the FamilyHub waitlist",
    body: [...lines, '', 'Know another busy family? Share your link:', link, ''].join('\n'),
    html: null,
    dedupeKey: `waitlist:${entry.id}:${now.toISOString()}`,
    expiresAt: null,
  };
}
