import { type WordMatcher, normalizeQuestion } from './normalize.ts';

export type { WordMatcher } from './normalize.ts';

/**
 * Words that say how people talk about an item, not which item: they never have to match a title
 * ("when is Maya's *appointment*", "did *mom* approve").
 */
const GENERIC = new Set(
  (
    'appt appointment appointments thing things stuff event events plan plans need needs status ' +
    'mom mum dad mother father mommy mummy daddy parents kids children done finished completed yet been ' +
    'his her their its our your my approved approve ok okay said say yes no request requests go going'
  ).split(' '),
);

/** The same thing said another way: typed word → the word titles use (tried beside the typed word). */
const SYNONYMS: Record<string, string> = {
  fly: 'flight',
  flying: 'flight',
  flights: 'flight',
  land: 'flight',
  lands: 'flight',
  landing: 'flight',
  landed: 'flight',
  bought: 'buy',
  get: 'buy',
  got: 'buy',
  purchase: 'buy',
  purchased: 'buy',
  footy: 'football',
  footie: 'football',
  appt: 'appointment',
  docs: 'doctor',
  doc: 'doctor',
  teeth: 'dentist',
  meal: 'dinner',
  homework: 'homework',
};

/** Words for the kind of thing an event is, which its title may leave out ("Piano" for "piano lesson"). */
const SOFT = new Set(['lesson', 'lessons', 'class', 'classes', 'session', 'sessions', 'club']);

/** A birthday said by the age in a title ("Nan's 70th", "Leo turns 8"): "nan's party", "nans birthday". */
const CELEBRATION = new Set(['birthday', 'birthdays', 'party', 'celebration', 'bash']);
const AGE = /^\d{1,3}(?:st|nd|rd|th)$/;

/**
 * The words of a question that may name an item, as typed (a reply that quotes them quotes the texter's own
 * words); generic words are dropped. Synonyms are tried when matching (see relevance).
 */
export function queryWords(words: readonly string[]): string[] {
  return words.filter((w) => !GENERIC.has(w) && !GENERIC.has(SYNONYMS[w] ?? w));
}

/** How well `words` name an item: how many of them match its title (or, second, its location). */
export interface Relevance {
  /** Query words found in the title or location. */
  matched: number;
  /** Of them, found in the title. */
  inTitle: number;
  /** True when enough words matched to call it this item (all of one or two words, two thirds of more). */
  enough: boolean;
}

/**
 * Scores an item (an event, task or request) against the question's words: each word counts once when it
 * matches a word of the title or of the location (typo-tolerant through `match`). A question of one or two
 * words must match all of them; longer ones two thirds, so "when does grandma's flight land" still finds
 * "Grandma's flight" while "when's date night" never settles for any event that merely has "night" in it.
 */
export function relevance(
  words: readonly string[],
  title: string,
  location: string | null,
  match: WordMatcher,
): Relevance {
  const titleWords = withCompounds(normalizeQuestion(title).split(' '));
  const whereWords = location ? withCompounds(normalizeQuestion(location).split(' ')) : [];
  const means = (w: string, tw: string) => {
    const alt = SYNONYMS[w];
    return match(w, tw) || (alt !== undefined && match(alt, tw)) || (CELEBRATION.has(w) && AGE.test(tw));
  };
  // "hair cut" is "Haircut": two typed words written as one in the title count as two matched words.
  const joined = new Set<number>();
  for (let i = 0; i + 1 < words.length; i += 1) {
    const pair = `${words[i]}${words[i + 1]}`;
    if (pair.length >= 6 && titleWords.some((tw) => tw === pair)) joined.add(i).add(i + 1);
  }
  let matched = 0;
  let inTitle = 0;
  let loose = 0;
  for (const [i, w] of words.entries()) {
    if (joined.has(i) || titleWords.some((tw) => means(w, tw))) {
      matched += 1;
      inTitle += 1;
    } else if (whereWords.some((tw) => means(w, tw))) matched += 1;
    else if (match.loose && titleWords.some((tw) => match.loose?.(w, tw))) loose += 1;
  }
  // "piano lesson" for "Piano": a word that only says what kind of thing it is need not match, when
  // another word does.
  const unmatchedSoft = words.filter(
    (w, i) => SOFT.has(w) && !joined.has(i) && ![...titleWords, ...whereWords].some((tw) => means(w, tw)),
  ).length;
  const n = matched > 0 ? words.length - unmatchedSoft : words.length;
  const needed = n <= 2 ? n : Math.ceil((2 * n) / 3);
  // One wider typo ("cake sail") is taken when every other word of a question of several matched.
  const typo = n >= 2 && loose === 1 && matched === n - 1 && inTitle > 0 ? 1 : 0;
  return {
    matched: matched + typo,
    inTitle: inTitle + typo,
    enough: n > 0 && inTitle > 0 && matched + typo >= needed,
  };
}

/** A title's words and each two neighbours written as one ("Book club" also reads as "bookclub"). */
function withCompounds(words: readonly string[]): string[] {
  const pairs = words.slice(1).map((w, i) => `${words[i] ?? ''}${w}`);
  return [...words, ...pairs.filter((p) => p.length >= 6)];
}

/** Orders relevance best first: more words matched, then more of them in the title. */
export function compareRelevance(x: Relevance, y: Relevance): number {
  return y.matched - x.matched || y.inTitle - x.inTitle;
}
