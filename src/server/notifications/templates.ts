/**
 * Every message FamilyHub sends, in one place: plain text for every channel plus simple HTML for e-mail.
 * A template returns the content part of an `OutboundMessage`; the caller adds who, when and the dedupe key.
 */
import { isSafeNameForMessages } from '../../core/text/clean.ts';

/** The content of an e-mail: spread it into `enqueue(tx, { ...content, familyId, … })`. */
export interface EmailContent {
  channel: 'email';
  kind: string;
  subject: string;
  body: string;
  html: string;
  /** Transactional mail the user asked for (not a notification): global notification switches do not apply. */
  transactional: boolean;
}

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** `PUBLIC_URL` joined with `path`, without doubling the slash. */
export function publicLink(publicUrl: string, path: string): string {
  return publicUrl.replace(/\/+$/, '') + path;
}

/** The invitation accept page (SPEC §2 `/register-invitation/{token}`) for a raw token. */
export function invitationLink(publicUrl: string, token: string): string {
  return publicLink(publicUrl, `/register-invitation/${encodeURIComponent(token)}`);
}

/**
 * Hides secrets that a stored message body carries (the token in an invitation, password-reset or
 * e-mail-confirmation link), for showing message history: the family sees that the message went out, not a
 * working link.
 */
export function redactSecrets(text: string): string {
  return text.replace(/(\/(?:register-invitation|reset-password|confirm-email)\/)[^\s"'<>)]+/g, '$1…');
}

/**
 * "the Rivera family" for a family named "Rivera", without doubling words the name already has:
 * "The Riveras" → "The Riveras family", "Rivera Family" → "the Rivera Family".
 */
export function familyPhrase(familyName: string): string {
  const name = familyName.trim();
  const article = /^the\s/i.test(name) ? '' : 'the ';
  const noun = /\bfamily$/i.test(name) ? '' : ' family';
  return `${article}${name}${noun}`;
}

/** The HTML frame every e-mail shares: a heading, the content, and the sender line. */
export function layout(title: string, inner: string): string {
  return (
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">' +
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>${inner}` +
    '<p style="color:#6b7280;font-size:12px">Sent by FamilyHub.</p></body></html>'
  );
}

export interface InvitationEmailInput {
  /** `config.PUBLIC_URL`: the accept link is built from it. */
  publicUrl: string;
  /** The raw invitation token (only its hash is stored on the member row). */
  token: string;
  familyName: string;
  inviterName: string;
  inviteeName: string;
  /** When the invitation stops working, or null for "never". Shown in UTC words unless `formatExpiry` is given. */
  expiresAt: Date | null;
  /** Formats `expiresAt` for the reader (e.g. in the family's time zone); defaults to an ISO date (UTC). */
  formatExpiry?: (expiresAt: Date) => string;
}

/**
 * The invitation e-mail (issue 3's first message kind; sent by the invitations feature through `enqueue`).
 * Transactional: the family's "Disable All Email Notifications" switch does not stop an invitation the
 * user has just asked to send.
 */
export function invitationEmail(input: InvitationEmailInput): EmailContent {
  const link = invitationLink(input.publicUrl, input.token);
  const expiry = input.expiresAt
    ? `This invitation expires on ${(input.formatExpiry ?? ((d: Date) => d.toISOString().slice(0, 10)))(input.expiresAt)}.`
    : 'This invitation does not expire.';
  // Names go to an address outside the family: a stored name that today's rules would refuse (a phone number or a
  // "security / account / verify / support" lure, accepted before issue 42) is replaced by a neutral phrase.
  const family = isSafeNameForMessages(input.familyName) ? familyPhrase(input.familyName) : 'a family';
  const inviterName = isSafeNameForMessages(input.inviterName) ? input.inviterName : 'A family member';
  const greeting = isSafeNameForMessages(input.inviteeName) ? `Hi ${input.inviteeName},` : 'Hi,';
  const subject = `${inviterName} invited you to join ${family} on FamilyHub`;
  const body = [
    greeting,
    '',
    `${inviterName} has invited you to join ${family} on FamilyHub, where your family shares its calendar, tasks and notes.`,
    '',
    `Accept the invitation: ${link}`,
    '',
    expiry,
    'If you were not expecting this, you can ignore this e-mail.',
  ].join('\n');
  const html = layout(
    `Join ${family} on FamilyHub`,
    `<p>${escapeHtml(greeting)}</p>` +
      `<p>${escapeHtml(inviterName)} has invited you to join <strong>${escapeHtml(family)}</strong> on FamilyHub, where your family shares its calendar, tasks and notes.</p>` +
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#ffffff;border-radius:6px;text-decoration:none">Accept invitation</a></p>` +
      `<p>Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p>${escapeHtml(expiry)} If you were not expecting this, you can ignore this e-mail.</p>`,
  );
  return { channel: 'email', kind: 'invitation', subject, body, html, transactional: true };
}
