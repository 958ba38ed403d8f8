import { isLocalDate } from '../time/local-time.ts';
import { editDistance } from './normalize.ts';

/*
 * Day and month words and their typo corrector, shared by the texted-question reader (dates.ts) and the event
 * command reader (event-command.ts). No holiday data here, so the browser's quick add does not load it.
 */

/** The day and month words the typo corrector knows, with the abbreviations chrono reads. */
export const DATE_WORDS = [
  ...'monday tuesday wednesday thursday friday saturday sunday'.split(' '),
  ...'january february march april june july august september october november december'.split(' '),
  ...'today tomorrow tonight weekend morning afternoon evening'.split(' '),
];
export const KNOWN_DATE_WORDS = new Set([
  ...DATE_WORDS,
  ...'may mon tue tues wed thu thur thurs fri sat sun jan feb mar apr jun jul aug sep sept oct nov dec'.split(
    ' ',
  ),
  ...'week weeks next this last night noon midnight day days'.split(' '),
]);

const CLIPPED_WEEKDAY = /^(mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|satur|sun)[a-z]{0,3}d(?:y|ey|ie|i)$/;
const WEEKDAY_BY_PREFIX: Record<string, string> = {
  mon: 'monday',
  tue: 'tuesday',
  wed: 'wednesday',
  thu: 'thursday',
  fri: 'friday',
  sat: 'saturday',
  sun: 'sunday',
};

/**
 * Corrects a misspelt day or month word with edit distance (fastest-levenshtein; a swap of two adjacent letters
 * is one edit): the one date word within one edit (two for words of 7+ letters), with the same first letter, and 4+ letters typed ("saturdy", "wendsday",
 * "fridya", "decmber"). Several equally near (or none): the word is left as typed.
 */
export function correctDateWord(word: string): string {
  if (word.length < 4 || KNOWN_DATE_WORDS.has(word) || /\d/.test(word)) return word;
  // A weekday's first letters and a clipped "-day" ("satdy", "sundy", "wedsdy", "thursdy"): that weekday.
  const clipped = CLIPPED_WEEKDAY.exec(word)?.[1];
  if (clipped !== undefined) return WEEKDAY_BY_PREFIX[clipped.slice(0, 3)] ?? word;
  // "evenings", "mornings": a recurring part of days, not one day; left for the unread-span check.
  if (/^(mornings|afternoons|evenings|nights)$/.test(word)) return word;
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  let tie = false;
  for (const candidate of DATE_WORDS) {
    if (candidate[0] !== word[0]) continue;
    const d = editDistance(word, candidate);
    const allowed = Math.max(word.length, candidate.length) >= 7 ? 2 : 1;
    if (d > allowed) continue;
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance) tie = true;
  }
  return best !== null && !tie ? best : word;
}

/** Day-of-month words: "the 3rd", "on the 21st", "monday 14th" (an ordinal needs no "the"). */
const DAY_OF_MONTH =
  /(?<!\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* )\b(?:on )?(?:the (\d{1,2})(?:st|nd|rd|th)?|(\d{1,2})(?:st|nd|rd|th))\b(?! (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|of))/;

/**
 * "the 3rd", "on the 21st": the next date with that day of the month (this month if still ahead).
 * @returns null when the text names no day of the month; 'invalid' for one no month has ("the 45th").
 */
export function dayOfMonth(text: string, today: string): { date: string; phrase: RegExp } | 'invalid' | null {
  const m = DAY_OF_MONTH.exec(text);
  if (!m) return null;
  const wanted = Number(m[1] ?? m[2]);
  if (wanted < 1 || wanted > 31) return 'invalid';
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  if (wanted < Number(today.slice(8, 10))) month += 1;
  // A month without that day (the 31st in November) is skipped, as a calendar would.
  for (let i = 0; i < 12; i += 1, month += 1) {
    if (month > 12) {
      month = 1;
      year += 1;
    }
    const date = `${year}-${pad2(month)}-${pad2(wanted)}`;
    if (isLocalDate(date)) return { date, phrase: DAY_OF_MONTH };
  }
  return 'invalid';
}

const pad2 = (n: number) => String(n).padStart(2, '0');
