/**
 * The account e-mails of issue 25: the password-reset and e-mail-confirmation links, and the security notices
 * sent after every change to how someone signs in (ASVS 5.0 V6.3.7: users are told of changes to their
 * authentication details). All are transactional: the family's notification switches never stop them.
 */
import { escapeHtml, layout, publicLink, type EmailContent } from './templates.ts';

/** The reset page (issue 25 `/reset-password/{token}`) for a raw token. */
export function passwordResetLink(publicUrl: string, token: string): string {
  return publicLink(publicUrl, `/reset-password/${encodeURIComponent(token)}`);
}

/** The e-mail confirmation page (issue 25 `/confirm-email/{token}`) for a raw token. */
export function emailConfirmationLink(publicUrl: string, token: string): string {
  return publicLink(publicUrl, `/confirm-email/${encodeURIComponent(token)}`);
}

const NOT_YOU =
  'If this was not you, reset your password now from the sign-in page ("Forgot password?") and check your signed-in devices under Account Settings.';

function button(link: string, label: string): string {
  return (
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>` +
    `<p>Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
  );
}

function paragraphs(lines: readonly string[]): string {
  return lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
}

/** A notice without a link: the same lines as text and as HTML paragraphs. */
function notice(kind: string, subject: string, lines: readonly string[]): EmailContent {
  return {
    channel: 'email',
    kind,
    subject,
    body: lines.join('\n\n'),
    html: layout(subject, paragraphs(lines)),
    transactional: true,
  };
}

/**
 * The password-reset e-mail: a single-use link valid for `validMinutes` (60). Sent only to an address that
 * has an account; the request's answer is the same either way.
 */
export function passwordResetEmail(input: {
  publicUrl: string;
  token: string;
  validMinutes: number;
}): EmailContent {
  const link = passwordResetLink(input.publicUrl, input.token);
  const subject = 'Reset your FamilyHub password';
  const intro = 'Someone asked to reset the password of the FamilyHub account for this e-mail address.';
  const validity = `The link works once, for ${input.validMinutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`;
  return {
    channel: 'email',
    kind: 'password_reset',
    subject,
    body: [intro, '', `Choose a new password: ${link}`, '', validity].join('\n'),
    html: layout(
      subject,
      `<p>${escapeHtml(intro)}</p>${button(link, 'Choose a new password')}<p>${escapeHtml(validity)}</p>`,
    ),
    transactional: true,
  };
}

/**
 * After a password change or reset. `everywhere`: every session ended (a reset); otherwise every session but
 * the one that made the change.
 */
export function passwordChangedEmail(input: { everywhere: boolean }): EmailContent {
  return notice('password_changed', 'Your FamilyHub password was changed', [
    'The password of your FamilyHub account was just changed.',
    input.everywhere
      ? 'Every device that was signed in has been signed out; sign in again with the new password.'
      : 'Every other device that was signed in has been signed out.',
    NOT_YOU,
  ]);
}

/** To the new address: the link that makes it the account's sign-in e-mail, valid for `validHours`. */
export function emailConfirmationEmail(input: {
  publicUrl: string;
  token: string;
  validHours: number;
}): EmailContent {
  const link = emailConfirmationLink(input.publicUrl, input.token);
  const subject = 'Confirm your new FamilyHub e-mail address';
  const intro = 'You asked to sign in to FamilyHub with this e-mail address from now on.';
  const validity = `The link works once, for ${input.validHours} hours. If you did not ask for this, ignore this e-mail and nothing changes.`;
  return {
    channel: 'email',
    kind: 'email_change_confirm',
    subject,
    body: [intro, '', `Confirm the new address: ${link}`, '', validity].join('\n'),
    html: layout(
      subject,
      `<p>${escapeHtml(intro)}</p>${button(link, 'Confirm new address')}<p>${escapeHtml(validity)}</p>`,
    ),
    transactional: true,
  };
}

/** To the old address, once the new one is confirmed. */
export function emailChangedEmail(input: { newEmail: string }): EmailContent {
  return notice('email_changed', 'Your FamilyHub e-mail address was changed', [
    `Your FamilyHub account now signs in with ${input.newEmail} instead of this address, and FamilyHub will write there from now on.`,
    NOT_YOU,
  ]);
}

/** A passkey was added (`name` as the user gave it). */
export function passkeyAddedEmail(input: { name: string }): EmailContent {
  return notice('passkey_added', 'A passkey was added to your FamilyHub account', [
    `A passkey named "${input.name}" was added to your FamilyHub account. From now on, signing in with your password also asks for a passkey or a recovery code.`,
    NOT_YOU,
  ]);
}

/** A passkey was removed; `remaining` passkeys are left (0: the second step is off). */
export function passkeyRemovedEmail(input: { name: string; remaining: number }): EmailContent {
  return notice('passkey_removed', 'A passkey was removed from your FamilyHub account', [
    `The passkey named "${input.name}" was removed from your FamilyHub account.`,
    input.remaining === 0
      ? 'No passkey is left, so signing in asks for your password only, and your recovery codes no longer work.'
      : `${input.remaining} passkey${input.remaining === 1 ? ' is' : 's are'} still set up.`,
    NOT_YOU,
  ]);
}

/** "Sign out everywhere else" ended `count` sessions and revoked `appPasswords` app passwords (issue 40). */
export function sessionsEndedEmail(input: { count: number; appPasswords: number }): EmailContent {
  const devices = `${input.count} other signed-in device${input.count === 1 ? ' was' : 's were'} signed out of your FamilyHub account`;
  const apps =
    input.appPasswords > 0
      ? ` and ${input.appPasswords} app password${input.appPasswords === 1 ? ' was' : 's were'} revoked (calendar apps using ${input.appPasswords === 1 ? 'it' : 'them'} need a new one)`
      : '';
  return notice('sessions_ended', 'Your other FamilyHub sessions were signed out', [
    `${devices}${apps} ("Sign out everywhere else").`,
    NOT_YOU,
  ]);
}

/** An app password (issue 40) named `name` was made: it lets a calendar app read and change the calendar. */
export function appPasswordCreatedEmail(input: { name: string }): EmailContent {
  return notice('app_password_created', 'An app password was made for your FamilyHub account', [
    `An app password named "${input.name}" was made for your FamilyHub account. A calendar app that signs in with it reaches your family's calendar. You can revoke it under Account Settings.`,
    NOT_YOU,
  ]);
}

/** An app password named `name` was revoked. */
export function appPasswordRevokedEmail(input: { name: string }): EmailContent {
  return notice('app_password_revoked', 'An app password was revoked from your FamilyHub account', [
    `The app password named "${input.name}" was revoked: calendar apps signed in with it no longer reach your FamilyHub calendar.`,
    NOT_YOU,
  ]);
}

/** A recovery code was used to sign in; `left` unused codes remain. */
export function recoveryCodeUsedEmail(input: { left: number }): EmailContent {
  return notice('recovery_code_used', 'A recovery code was used to sign in to FamilyHub', [
    `Someone signed in to your FamilyHub account with one of your recovery codes. ${input.left} unused code${input.left === 1 ? ' is' : 's are'} left; you can make new ones under Account Settings.`,
    NOT_YOU,
  ]);
}

/** New recovery codes replaced the old ones. */
export function recoveryCodesRenewedEmail(): EmailContent {
  return notice('recovery_codes_renewed', 'New FamilyHub recovery codes were made', [
    'New recovery codes were made for your FamilyHub account; the old ones no longer work.',
    NOT_YOU,
  ]);
}
