/**
 * Clean text in (issue 20, item 4): what a name or title may hold, shared by the API contracts, the ICS writer and
 * the message templates. Pure.
 */

/**
 * Control characters: C0 (with CR, LF and TAB), DEL, C1, the Unicode line/paragraph separators, and the
 * bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069; issue 42). None belongs in
 * a single-line field; a CR or LF in a name would start a new line in an ICS feed (RFC 5545 §3.1), an e-mail
 * header or an SMS, the others render as nothing or move the cursor, and a bidi override reorders what follows it
 * ("a\u202Egnp.exe" shows as "aexe.png": Trojan Source, CVE-2021-42574). The marks U+200E, U+200F and U+061C
 * stay allowed: they change no order of their own, and right-to-left writers use them.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

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

/**
 * What a callback-phishing lure looks like in a name (issue 42): a phone number (seven or more digits, however
 * spaced, bracketed, dotted or dashed) or a word of the "security / account / verify / support / suspended"
 * family, as a whole word, in any case. The text is NFKC-normalised first, so full-width letters and digits are
 * caught too. Names are written into the invitation e-mail that goes to an address outside the family, so a name
 * "Security Team, call 1 (800) …" would otherwise arrive as our words.
 */
const PHONE_NUMBER_LIKE = /\p{Nd}(?:[\s().-]*\p{Nd}){6,}/u;
const LURE_WORD =
  /(?<![\p{L}\p{N}])(?:secur\p{L}*|account\p{L}*|verif\p{L}*|support\p{L}*|suspen\p{L}*)(?![\p{L}\p{N}])/iu;

/** True when `value` holds a phone number or a lure word (see `PHONE_NUMBER_LIKE`, `LURE_WORD`). */
export function hasMessageLure(value: string): boolean {
  const normalized = value.normalize('NFKC');
  return PHONE_NUMBER_LIKE.test(normalized) || LURE_WORD.test(normalized);
}

/**
 * True when a stored name may be quoted in a message we send outside the family: a plain name (`isPlainName`)
 * without control characters or lures. Older rows were accepted before these rules; templates fall back to a
 * neutral phrase for them.
 */
export function isSafeNameForMessages(value: string): boolean {
  return isPlainName(value) && !hasControlCharacter(value) && !hasMessageLure(value);
}

/** The 400 message for a name holding a phone number or a lure word. */
export const MESSAGE_LURE_MESSAGE =
  'Names cannot hold phone numbers or the words security, account, verify, support or suspended';

/** The 400 message for a name that is not a plain name. */
export const PLAIN_NAME_MESSAGE =
  'Use letters, spaces and simple punctuation only (no web addresses or symbols)';

/** The 400 message for a single-line field holding a control character. */
export const CONTROL_CHARACTER_MESSAGE = 'Must not contain line breaks or control characters';
