/**
 * Clean text in (issue 20, item 4): what a name or title may hold, shared by the API contracts, the ICS writer and
 * the message templates. Pure.
 */

/**
 * Control characters: C0 (with CR, LF and TAB), DEL, C1, and the Unicode line/paragraph separators. None belongs in
 * a single-line field; a CR or LF in a name would start a new line in an ICS feed (RFC 5545 §3.1), an e-mail
 * header or an SMS, and the others render as nothing or move the cursor.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** True when the text holds a control character (see `CONTROL_CHARACTERS`). */
export function hasControlCharacter(value: string): boolean {
  return value.search(CONTROL_CHARACTERS) >= 0;
}

/** The text with every control character replaced by a space (a single line). */
export function withoutControlCharacters(value: string): string {
  return value.replace(CONTROL_CHARACTERS, ' ');
}

/** Control characters other than LF (see `CONTROL_CHARACTERS`). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_EXCEPT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Multi-line text: CR LF and bare CR become LF, every other control character a space. */
export function withOnlyLineFeeds(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(CONTROL_EXCEPT_LF, ' ');
}

/**
 * A person's or family's name: letters (any script, with their combining marks), digits, spaces and common
 * punctuation (`' ’ - . , & ( )`), and no dot directly before a letter or digit, so that a name can be neither
 * markup nor a web address ("unlock at evil.example") when it is written into an e-mail or SMS we send.
 */
const NAME_PATTERN = /^[\p{L}\p{M}\p{N} '’.,&()-]*$/u;
const DOMAIN_LIKE = /\.[\p{L}\p{N}]/u;

/** True when `value` is allowed as a person's or family's name (see `NAME_PATTERN`). */
export function isPlainName(value: string): boolean {
  return NAME_PATTERN.test(value) && !DOMAIN_LIKE.test(value);
}

/** The 400 message for a name that is not a plain name. */
export const PLAIN_NAME_MESSAGE =
  'Use letters, spaces and simple punctuation only (no web addresses or symbols)';

/** The 400 message for a single-line field holding a control character. */
export const CONTROL_CHARACTER_MESSAGE = 'Must not contain line breaks or control characters';
