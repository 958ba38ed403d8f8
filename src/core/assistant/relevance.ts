import { normalizeQuestion } from './normalize.ts';

/** Matches a typed word against a title word (typo-tolerant `wordsMatch` in production). */
export type WordMatcher = (typed: string, titleWord: string) => boolean;

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
  appt: 'appointment',
  docs: 'doctor',
  doc: 'doctor',
  teeth: 'dentist',
  meal: 'dinner',
  homework: 'homework',
};

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
  const titleWords = normalizeQuestion(title).split(' ');
  const whereWords = location ? normalizeQuestion(location).split(' ') : [];
  let matched = 0;
  let inTitle = 0;
  for (const w of words) {
    const alt = SYNONYMS[w];
    const means = (tw: string) => match(w, tw) || (alt !== undefined && match(alt, tw));
    if (titleWords.some(means)) {
      matched += 1;
      inTitle += 1;
    } else if (whereWords.some(means)) matched += 1;
  }
  const n = words.length;
  const needed = n <= 2 ? n : Math.ceil((2 * n) / 3);
  return { matched, inTitle, enough: n > 0 && inTitle > 0 && matched >= needed };
}

/** Orders relevance best first: more words matched, then more of them in the title. */
export function compareRelevance(x: Relevance, y: Relevance): number {
  return y.matched - x.matched || y.inTitle - x.inTitle;
}
