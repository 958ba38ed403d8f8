import { distance } from 'fastest-levenshtein';

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
  tmrrw: 'tomorrow',
  tmrro: 'tomorrow',
  tmorw: 'tomorrow',
  tmorow: 'tomorrow',
  tmorrow: 'tomorrow',
  tomoz: 'tomorrow',
  tmoz: 'tomorrow',
  '2moz': 'tomorrow',
  tomozza: 'tomorrow',
  morrow: 'tomorrow',
  tmoro: 'tomorrow',
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
  nite: 'night',
  arvo: 'afternoon',
  morn: 'morning',
  mornin: 'morning',
  aft: 'afternoon',
  aftn: 'afternoon',
  afternoo: 'afternoon',
  evenin: 'evening',
  evng: 'evening',
  arvos: 'afternoons',
  xmas: 'christmas',
  tgiving: 'thanksgiving',
  tgivin: 'thanksgiving',
  thxgiving: 'thanksgiving',
  thanksgivin: 'thanksgiving',
  nye: 'new years eve',
  bday: 'birthday',
  anythin: 'anything',
  nothin: 'nothing',
  somethin: 'something',
  goin: 'going',
  doin: 'doing',
  comin: 'coming',
  happenin: 'happening',
  havin: 'having',
  takin: 'taking',
  gettin: 'getting',
  collectin: 'collecting',
  wat: 'what',
  wot: 'what',
  wots: 'what is',
  ther: 'there',
  hw: 'homework',
  any1: 'anyone',
  ne1: 'anyone',
  some1: 'someone',
  every1: 'everyone',
  evry1: 'everyone',
  no1: 'nobody',
  wut: 'what',
  wht: 'what',
  waht: 'what',
  whta: 'what',
  whats: 'what is',
  wats: 'what is',
  wuts: 'what is',
  whos: 'who is',
  whens: 'when is',
  wheres: 'where is',
  hows: 'how is',
  wen: 'when',
  wens: 'when is',
  wk: 'week',
  wknd: 'weekend',
  wkend: 'weekend',
  wkd: 'weekend',
  wknds: 'weekends',
  wkends: 'weekends',
  weeknd: 'weekend',
  mnth: 'month',
  mth: 'month',
  rn: 'right now',
  n: 'and',
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
  omg: '',
  lol: '',
  lmao: '',
  haha: '',
  um: '',
  umm: '',
  uh: '',
  btw: '',
  tbh: '',
  fyi: '',
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
  [/\b(any|some|every|no) thing\b/g, '$1thing'],
  // Holiday nicknames the holiday dataset does not carry.
  [/\bturkey day\b/g, 'thanksgiving'],
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
    // Numeric dates keep one separator ('/') so the date reader sees "11-29", "29.11" and "11/29" alike; a
    // time such as "4.30pm" or a range "5-7pm" is left alone.
    .replace(/\b(\d{1,2})[.-](\d{1,2})(?:[.-](\d{2,4}))?\b(?![:.]?\d|\s*(?:am|pm|a|p)\b)/g, (_m, a, b, y) =>
      y === undefined ? `${a}/${b}` : `${a}/${b}/${y}`,
    )
    // Strip diacritics so "José" and "jose" match.
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[^\p{L}\p{N}':/]+/gu, ' ')
    // A colon only means something inside a time (4:30); a lone apostrophe only inside a word.
    .replace(/(^|\D):|:(\D|$)/g, '$1 $2')
    .replace(/(^|\s)'+|'+(\s|$)/g, '$1$2');
  const words = s
    // "w/e" is a weekend; otherwise a slash between words separates them ("sat/sun").
    .replace(/(^|\s)w\/e(?:nd)?(?=\s|$)/g, '$1weekend')
    .replace(/(\p{L})\/(?=\p{L})/gu, '$1 ')
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

/**
 * Edit distance for typo-tolerant word matches: Levenshtein (fastest-levenshtein), with one swap of two
 * adjacent letters counted as a single edit ("scocer" → "soccer"), as texters' most common slip.
 */
export function editDistance(a: string, b: string): number {
  const d = distance(a, b);
  if (d === 2 && a.length === b.length) {
    const diff = [...a].flatMap((ch, i) => (ch === b[i] ? [] : [i]));
    const [i, j] = diff;
    if (diff.length === 2 && i !== undefined && j === i + 1 && a[i] === b[j] && a[j] === b[i]) return 1;
  }
  return d;
}

/** Drops a plural or possessive ending so "lessons" meets "lesson". */
export function stem(word: string): string {
  if (word.endsWith("'s")) return word.slice(0, -2);
  // A plural of an -ing or -ed noun: "spellings" meets "spelling" (and so "spell").
  if (word.length > 7 && /(?:ings|eds)$/.test(word)) return stem(word.slice(0, -1));
  // Past tenses and -ing forms: "cleaned" meets "clean", "watered" meets "water", "called" meets "call".
  if (word.length > 5 && word.endsWith('ied')) return `${word.slice(0, -3)}y`;
  if (word.length > 5 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 6 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('es') && /(ch|sh|ss|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/**
 * True when a typed word means a title word: equal after stemming, or a typo of it (one edit for words of
 * 4–6 letters, two for longer ones, the first letter right: texters slip inside a word, and "goin" is not
 * "Join" nor "bake" "Cake"); a typed word of 4+ letters (or 3 letters, half the word) also matches the start
 * of a longer title word ("ortho" → "orthodontist"), and one of 4+ letters the end of a compound ("room" →
 * "bedroom").
 */
export function wordsMatch(typed: string, title: string): boolean {
  const a = stem(typed);
  const b = stem(title);
  if (a === b) return true;
  if (a.length >= 3 && b.startsWith(a) && (a.length >= 4 || a.length >= b.length / 2)) return true;
  // The end of a compound: "room" means "bedroom".
  if (a.length >= 4 && b.length > a.length + 2 && b.endsWith(a)) return true;
  return a[0] === b[0] && isTypo(a, b);
}

/** One edit between words of 4–6 letters, two between longer ones (the shorter word counts). */
function isTypo(a: string, b: string): boolean {
  const shorter = Math.min(a.length, b.length);
  if (shorter < 4) return false;
  return editDistance(a, b) <= (shorter >= 7 ? 2 : 1);
}

/**
 * Matches a typed word against a title word (typo-tolerant `wordsMatch` in production). `loose`, when given,
 * is a wider typo match (two edits in a short word) that may stand for one word of a question of several
 * whose other words all match (`relevance`).
 */
export type WordMatcher = ((typed: string, titleWord: string) => boolean) & {
  loose?: (typed: string, titleWord: string) => boolean;
};

/**
 * The matcher for one family (issue 43): a typed word that is itself a word of the family's vocabulary (its
 * titles, places and names, after stemming) means that word only, never a typo of another ("sale" is not
 * "sail", "meet" is not "meat"); any other word is matched by `wordsMatch`.
 * @param vocabulary the family's words, lowercase, as `normalizeQuestion` writes them.
 */
export function familyMatcher(vocabulary: Iterable<string>): WordMatcher {
  const known = new Set<string>();
  for (const w of vocabulary) known.add(stem(w));
  const match: WordMatcher = (typed, title) => {
    const a = stem(typed);
    if (known.has(a)) return a === stem(title) || (a.length >= 4 && stem(title).startsWith(a));
    return wordsMatch(typed, title);
  };
  // Two edits in a word of 4+ letters, first letter right, and never a word of the family's own ("sail" may be
  // "sale" beside "cake"): only for one word of several whose others all match (relevance).
  match.loose = (typed, title) => {
    const [a, b] = [stem(typed), stem(title)];
    return !known.has(a) && a.length >= 4 && b.length >= 4 && a[0] === b[0] && editDistance(a, b) <= 2;
  };
  return match;
}

/**
 * A looser match, for "Did you mean …?" only (issue 43): `wordsMatch`, or one edit anywhere in a word of 4+
 * letters ("bake" → "Cake"). Never used to answer, only to ask.
 */
export function nearlyMatch(typed: string, title: string): boolean {
  return wordsMatch(typed, title) || isTypo(stem(typed), stem(title));
}
