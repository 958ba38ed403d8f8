import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../http/errors.ts';

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones. Please choose something less easy to guess.';
export const PERSONAL_PASSWORD_MESSAGE = 'Your password must not be your email or family name.';

/** How many of the list's most common passwords are refused (issue 25). */
export const COMMON_PASSWORD_COUNT = 10_000;

/**
 * The 10,000 most common passwords, most common first: the head of `passwords-common` in the npm package
 * `@zxcvbn-ts/language-common` (zxcvbn-ts, MIT; the list is ranked by frequency in public breach corpora).
 * Updating the package updates the list. Compared lowercased.
 */
const COMMON = new Set(
  dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()),
);

/** Letters and digits only, lowercased: "The Riveras!" → "theriveras". */
function squash(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Why a new password is refused, or null when it may be used (issue 25, ASVS 5.0 V6.2.4 and V6.2.11):
 * - one of the 10,000 most common passwords (case-insensitive);
 * - the user's own e-mail, its part before the @, or the family name, ignoring case, spaces, punctuation and a
 *   leading "the" or trailing digits ("riveras2024" for the Riveras).
 * SPEC §5's 6-character minimum is checked by the schema before this.
 */
export function passwordProblem(
  password: string,
  context: { email?: string | null | undefined; familyName?: string | null | undefined },
): string | null {
  if (COMMON.has(password.toLowerCase())) return COMMON_PASSWORD_MESSAGE;
  const squashed = squash(password);
  const withoutDigits = squashed.replace(/\d+$/, '');
  const personal = new Set<string>();
  if (context.email) {
    personal.add(squash(context.email));
    personal.add(squash(context.email.split('@')[0] ?? ''));
  }
  if (context.familyName) {
    const family = squash(context.familyName);
    personal.add(family);
    personal.add(family.replace(/^the/, ''));
    personal.add(family.replace(/family$/, ''));
  }
  personal.delete('');
  for (const word of personal) {
    if (word.length >= 3 && (squashed === word || withoutDigits === word)) return PERSONAL_PASSWORD_MESSAGE;
  }
  return null;
}

/**
 * `passwordProblem` as a 400 naming `field`.
 * @throws HttpError 400 `validation_failed` with the message on `field` when the password is refused.
 */
export function assertAcceptablePassword(
  password: string,
  context: { email?: string | null | undefined; familyName?: string | null | undefined },
  field: string,
): void {
  const problem = passwordProblem(password, context);
  if (problem) throw badRequest(problem, { [field]: problem });
}
