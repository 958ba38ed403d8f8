/**
 * Text clean-up for texted questions: lowercase, emoji and punctuation out, texting shorthand and common
 * misspellings of the words the parser looks for spelled out ("2moro" → "tomorrow", "wats" → "what is").
 */

/** Shorthand and misspellings → the word the intent and date parsers know. Keys are whole words. */
const REPLACEMENTS: Record<string, string> = {
  '2moro': 'tomorrow',
  '2morro': 'tomorrow',
  '2morrow': 'tomorrow',
  '2mrw': 'tomorrow',
  '2mro': 'tomorrow',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmrow: 'tomorrow',
  tmw: 'tomorrow',
  tomoro: 'tomorrow',
  tomorow: 'tomorrow',
  tommorow: 'tomorrow',
  tommorrow: 'tomorrow',
  tomorrw: 'tomorrow',
  tomrrow: 'tomorrow',
  '2day': 'today',
  tdy: 'today',
  tday: 'today',
  todya: 'today',
  '2nite': 'tonight',
  '2night': 'tonight',
  tonite: 'tonight',
  wat: 'what',
  wut: 'what',
  wht: 'what',
  waht: 'what',
  whta: 'what',
  whats: 'what is',
  wats: 'what is',
  wuts: 'what is',
  whos: 'who is',
  whens: 'when is',
  wen: 'when',
  wens: 'when is',
  wk: 'week',
  wknd: 'weekend',
  wkend: 'weekend',
  nxt: 'next',
  sched: 'schedule',
  sked: 'schedule',
  shedule: 'schedule',
  scedule: 'schedule',
  schedual: 'schedule',
  schedle: 'schedule',
  calender: 'calendar',
  calandar: 'calendar',
  u: 'you',
  r: 'are',
  im: 'i am',
  ive: 'i have',
  pls: '',
  plz: '',
  please: '',
  thx: '',
  hey: '',
  hi: '',
  hello: '',
  yo: '',
  b4: 'before',
  pikup: 'pickup',
  pickin: 'picking',
  droping: 'dropping',
  dropof: 'dropoff',
  overdo: 'overdue',
  ovedue: 'overdue',
  overdeu: 'overdue',
  wednsday: 'wednesday',
  wensday: 'wednesday',
  wendsday: 'wednesday',
  wednesdy: 'wednesday',
  thurday: 'thursday',
  thrusday: 'thursday',
  tuesdy: 'tuesday',
  teusday: 'tuesday',
  saterday: 'saturday',
  satuday: 'saturday',
  fri: 'friday',
  frday: 'friday',
  mon: 'monday',
  sat: 'saturday',
  sun: 'sunday',
  tues: 'tuesday',
  thurs: 'thursday',
  thur: 'thursday',
  weds: 'wednesday',
  wed: 'wednesday',
};

/** Contractions spelled out so that patterns see one form. */
const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\bwhat's\b/g, 'what is'],
  [/\bwho's\b/g, 'who is'],
  [/\bwhen's\b/g, 'when is'],
  [/\bwhere's\b/g, 'where is'],
  [/\bhow's\b/g, 'how is'],
  [/\bthat's\b/g, 'that is'],
  [/\bit's\b/g, 'it is'],
  [/\bi'm\b/g, 'i am'],
  [/\bi've\b/g, 'i have'],
  [/\bwhat're\b/g, 'what are'],
  [/\bdon't\b/g, 'do not'],
];

/**
 * Normalises a texted question into lowercase words separated by single spaces. Apostrophes of possessives
 * are kept ("maya's") so the name matcher can see them; everything else that is not a letter, digit, ':' (for
 * times like 4:30) or '/' (12/3) becomes a space. Emoji are dropped.
 * @param keep words never rewritten as shorthand: the family's first names (a member called Sat or Tom).
 */
export function normalizeQuestion(text: string, keep: ReadonlySet<string> = new Set()): string {
  let s = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200d|\ufe0f/gu, ' ')
    .replace(/@/g, ' at ')
    .replace(/&/g, ' and ')
    .replace(/\+/g, ' ');
  for (const [re, out] of CONTRACTIONS) s = s.replace(re, out);
  s = s
    // Strip diacritics so "José" and "jose" match.
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[^\p{L}\p{N}':/]+/gu, ' ')
    // A colon only means something inside a time (4:30); a lone apostrophe only inside a word.
    .replace(/(^|\D):|:(\D|$)/g, '$1 $2')
    .replace(/(^|\s)'+|'+(\s|$)/g, '$1$2');
  const words = s
    .split(/\s+/)
    .filter((w) => w !== '')
    .map((w) => (keep.has(w.replace(/'s$/, '')) ? w : (REPLACEMENTS[w] ?? w)))
    .filter((w) => w !== '');
  return words.join(' ');
}

/** The first word of a stored name, lowercased and without diacritics ("Maya Rivera" → "maya"). */
export function firstNameKey(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return first
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), for typo-tolerant word matches. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i < rows; i += 1) {
    const row = d[i];
    if (!row) continue;
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, at(i - 2, j - 2) + 1);
      row[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** Drops a plural or possessive ending so "lessons" meets "lesson". */
export function stem(word: string): string {
  if (word.endsWith("'s")) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith('es') && /(ch|sh|ss|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/**
 * True when a typed word means a title word: equal after stemming, or a typo of it (one edit for words of
 * 4–6 letters, two for longer ones); a typed word of 4+ letters (or 3 letters, half the word) also
 * matches the start of a longer title word ("ortho" → "orthodontist").
 */
export function wordsMatch(typed: string, title: string): boolean {
  const a = stem(typed);
  const b = stem(title);
  if (a === b) return true;
  if (a.length >= 3 && b.startsWith(a) && (a.length >= 4 || a.length >= b.length / 2)) return true;
  const shorter = Math.min(a.length, b.length);
  if (shorter < 4) return false;
  const allowed = shorter >= 7 ? 2 : 1;
  return editDistance(a, b) <= allowed;
}
