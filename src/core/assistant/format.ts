import { countSmsSegments, smsEncoding } from '../notifications/sms-segments.ts';
import { addLocalDays, localDateOf, localWeekday } from '../time/local-time.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Short SMS time of a local date-time: '4pm', '4:30pm', '12pm', '12:15am'. */
export function formatTime(local: string): string {
  const hour = Number(local.slice(11, 13));
  const minute = local.slice(14, 16);
  const suffix = hour < 12 ? 'am' : 'pm';
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return minute === '00' ? `${h12}${suffix}` : `${h12}:${minute}${suffix}`;
}

/** A time range on one day: '4-5:30pm', '11am-12pm', '9:15-10am'. */
export function formatTimeRange(start: string, end: string): string {
  const a = formatTime(start);
  const b = formatTime(end);
  const sameHalf = a.slice(-2) === b.slice(-2) && localDateOf(start) === localDateOf(end);
  return sameHalf ? `${a.slice(0, -2)}-${b}` : `${a}-${b}`;
}

/** 'Tue Dec 1' for a `YYYY-MM-DD` (or the date part of a local date-time). */
export function formatDate(local: string): string {
  const date = localDateOf(local);
  return `${WEEKDAYS[localWeekday(date)]} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
}

/** 'today', 'tomorrow' or 'Tue Dec 1' relative to `today` (`YYYY-MM-DD`). */
export function relativeDay(date: string, today: string): string {
  if (date === today) return 'today';
  if (date === addLocalDays(today, 1)) return 'tomorrow';
  return formatDate(date);
}

/** 'Today (Mon Nov 30)', 'Tomorrow (Tue Dec 1)' or 'Sat Dec 5': a heading for a day's answer. */
export function dayHeading(date: string, today: string): string {
  const rel = relativeDay(date, today);
  if (rel === 'today') return `Today (${formatDate(date)})`;
  if (rel === 'tomorrow') return `Tomorrow (${formatDate(date)})`;
  return rel;
}

/**
 * How many SMS segments one assistant text may take (issue 43): 2, i.e. 306 GSM-7 septets (2 × 153, 3GPP TS
 * 23.040 §9.2.3.24.1 concatenation) or 134 UCS-2 code units. What does not fit waits for "Reply MORE".
 */
export const REPLY_MAX_SEGMENTS = 2;

/** True when `text` fits one assistant SMS (at most REPLY_MAX_SEGMENTS segments). */
export function fitsSms(text: string): boolean {
  return countSmsSegments(text).segments <= REPLY_MAX_SEGMENTS;
}

/**
 * `head` followed by every one of `items`, joined with '; ', then '.'. A list longer than one SMS is split
 * into SMS by `smsPages` at the '; ' between items, never inside one.
 */
export function fitList(head: string, items: readonly string[]): string {
  return items.length === 0 ? head : `${head} ${items.join('; ')}.`;
}

/**
 * Plain-text stand-ins for characters outside the GSM-7 default alphabet and its extension table (3GPP TS
 * 23.038 §6.2.1): one of them anywhere turns a whole SMS into UCS-2 (70/67 characters a segment instead of
 * 160/153).
 */
const PLAIN: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u02bc': "'",
  '`': "'",
  '\u00b4': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2033': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00a0': ' ',
  '\u2007': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2022': '-',
  '\u00b7': '-',
};

/** Pictographs, their modifiers and joiners: dropped from a reply (there is no GSM-7 form of an emoji). */
const EMOJI =
  /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0e|\ufe0f|\u20e3/gu;

/**
 * `text` in the GSM-7 alphabet wherever its content allows (3GPP TS 23.038): curly quotes, dashes, ellipses
 * and odd spaces made plain (`PLAIN`), letters with accents GSM-7 lacks written without them ("\u00f3" \u2192 "o"; the
 * accented letters GSM-7 has, such as "\u00e9", stay), emoji dropped. Whatever has no plain form (Chinese,
 * Cyrillic, Greek lowercase) stays, and the SMS is then UCS-2, as it must be.
 * @returns the text and whether any emoji was dropped (the reply then says so).
 */
export function toGsm7(text: string): { text: string; dropped: boolean } {
  let dropped = false;
  const noEmoji = text.replace(EMOJI, () => {
    dropped = true;
    return '';
  });
  let out = '';
  for (const ch of noEmoji) {
    if (smsEncoding(ch) === 'GSM-7') out += ch;
    else if (PLAIN[ch] !== undefined) out += PLAIN[ch];
    else {
      const bare = ch.normalize('NFD').replace(/\p{Diacritic}/gu, '');
      out += bare !== '' && smsEncoding(bare) === 'GSM-7' ? bare : ch;
    }
  }
  // An emoji between two words leaves two spaces; one before punctuation (or a quote's end: 'Did you mean
  // "Nan's 70th"?') leaves a space before it.
  const tidy = dropped ? out.replace(/ {2,}/g, ' ').replace(/ ([.,;:)?!]|"(?=[\s?.,;:)]|$))/g, '$1') : out;
  return { text: tidy, dropped };
}

/** What ends an SMS that has more after it: how many items are left, and the word that brings them. */
function moreTail(left: number): string {
  return left > 0 ? ` +${left} more. Reply MORE` : ' Reply MORE for the rest';
}

/**
 * Splits an assistant reply into SMS of at most REPLY_MAX_SEGMENTS segments each (3GPP TS 23.040: 160
 * GSM-7 septets alone, 153 each when concatenated; UCS-2 70/67). A reply that fits is one SMS. Otherwise
 * each SMS but the last ends with "+N more. Reply MORE" (N: the list items still to come) and is cut at
 * the '; ' between list items (at a sentence or a word when there is no list), never inside a word.
 * @returns the SMS in order: the first is sent as the answer, each later one answers a MORE.
 */
export function smsPages(text: string): string[] {
  const pages: string[] = [];
  let rest = text.trim();
  while (rest !== '') {
    const page = nextSms(rest);
    pages.push(page.text);
    rest = page.rest;
  }
  return pages;
}

/**
 * The first SMS of `text` (see smsPages) and the text still to send after it ('' when it all fits): the
 * longest start that fits REPLY_MAX_SEGMENTS segments with its MORE tail, cut at the best boundary.
 */
export function nextSms(text: string): { text: string; rest: string } {
  if (fitsSms(text)) return { text, rest: '' };
  const items = (s: string) => (s === '' ? 0 : s.split('; ').length);
  const cuts: number[][] = [[], [], []];
  for (let i = 1; i < text.length; i += 1) {
    if (text.startsWith('; ', i)) cuts[0]?.push(i);
    else if (text.startsWith('. ', i) || text.startsWith(': ', i)) cuts[1]?.push(i + 1);
    else if (text[i] === ' ') cuts[2]?.push(i);
  }
  for (const level of cuts) {
    for (let k = level.length - 1; k >= 0; k -= 1) {
      const at = level[k] ?? 0;
      const head = text.slice(0, at).trimEnd();
      const rest = text
        .slice(at)
        .replace(/^[;\s]+/, '')
        .trim();
      const left = level === cuts[0] ? items(rest.replace(/\.$/, '')) : 0;
      const candidate = `${head}${level === cuts[0] ? ';' : ''}${moreTail(left)}`;
      if (fitsSms(candidate)) return { text: candidate, rest };
    }
  }
  // One word longer than an SMS: cut it by characters.
  const chars = Array.from(text);
  let n = chars.length;
  while (n > 1 && !fitsSms(`${chars.slice(0, n).join('')}${moreTail(0)}`)) n -= 1;
  return { text: `${chars.slice(0, n).join('')}${moreTail(0)}`, rest: chars.slice(n).join('') };
}

/** 'Maya', 'Maya and Leo', 'Ana, Maya and Leo'. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
