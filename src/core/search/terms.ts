/**
 * The words of a family search (issue 45): what the user typed, cut into terms that PostgreSQL's text search
 * can match as prefixes. Pure; the server turns the terms into a `tsquery` and ranks what matches.
 */

/** Most terms a search reads: the first 8 words (a sentence pasted into the field searches for its start). */
export const SEARCH_TERMS_MAX = 8;

/** Longest term kept, in characters: PostgreSQL's text search indexes no word longer than 2,047 bytes. */
const TERM_MAX_LENGTH = 64;

/**
 * The search terms of `query`: its runs of letters and digits (any script), each at most 64 characters, without
 * repeats (ignoring case), at most {@link SEARCH_TERMS_MAX}. Everything else separates, as PostgreSQL's parser
 * splits the stored text ("Maya's" → "Maya", "s"); a one-character term is dropped when a longer one is there
 * (the "s" of "Maya's" would match any word starting with s). Case is left to the database, which folds the
 * query's terms as it folded the stored words (its `simple` configuration, in its own locale).
 * @returns `[]` when `query` holds no letter or digit.
 */
export function searchTerms(query: string): string[] {
  const words = query.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
  const seen = new Set<string>();
  const unique: string[] = [];
  for (const word of words) {
    const term = [...word].slice(0, TERM_MAX_LENGTH).join('');
    if (seen.has(term.toLowerCase())) continue;
    seen.add(term.toLowerCase());
    unique.push(term);
  }
  const long = unique.filter((t) => [...t].length > 1);
  return (long.length > 0 ? long : unique).slice(0, SEARCH_TERMS_MAX);
}

/**
 * The `tsquery` text of `terms` for `to_tsquery('simple', …)`: every term as a prefix, all required
 * ("ortho den" → `'ortho':* & 'den':*`). Terms come from {@link searchTerms} (letters and digits only), quoted
 * anyway so no character can be read as query syntax; the database folds their case.
 */
export function prefixQuery(terms: readonly string[]): string {
  return terms.map((t) => `'${t.replaceAll("'", "''")}':*`).join(' & ');
}

/**
 * How near in time a result is, as a factor in (0, 1]: 1 today, 0.5 thirty days away (before or after), and
 * 0.5 for an item without a date (a note). Ranking multiplies text relevance by `0.5 + 0.5 × nearness`, so a
 * better match still beats a nearer one, and of two equal matches the nearer comes first.
 * @param days whole days between the item's date and today (family days), or null for no date.
 */
export function nearness(days: number | null): number {
  if (days === null) return 0.5;
  return 1 / (1 + Math.abs(days) / 30);
}

/**
 * The order of search results: by `rank × (0.5 + 0.5 × nearness)`, higher first; ties by date (earlier first,
 * undated last), then kind and id so the order is stable.
 */
export function compareResults(
  a: { score: number; date: string | null; kind: string; id: number },
  b: { score: number; date: string | null; kind: string; id: number },
): number {
  return (
    b.score - a.score ||
    (a.date ?? '9999').localeCompare(b.date ?? '9999') ||
    a.kind.localeCompare(b.kind) ||
    a.id - b.id
  );
}

/** Longest snippet, in characters (before the ellipses). */
export const SNIPPET_MAX = 160;

/**
 * A few words of `text` around the first word that starts with one of `terms` (ignoring case), for a result
 * line: about {@link SNIPPET_MAX} characters on whole words, "…" where text was left out, line breaks and runs of
 * spaces as one space. The start of the text when no word matches (the match was elsewhere, e.g. the title);
 * '' for an empty text.
 */
export function snippetOf(text: string, terms: readonly string[]): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  if (flat === '') return '';
  const lower = flat.toLowerCase();
  let at = -1;
  for (const term of terms) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term.toLowerCase())}`, 'u');
    const found = pattern.exec(lower)?.index ?? -1;
    if (found >= 0 && (at < 0 || found < at)) at = found;
  }
  if (flat.length <= SNIPPET_MAX) return flat;
  // Start a third of the way before the match, on a word's start.
  let from = Math.max(0, (at < 0 ? 0 : at) - Math.floor(SNIPPET_MAX / 3));
  if (from > 0) from = flat.indexOf(' ', from) + 1 || from;
  let to = Math.min(flat.length, from + SNIPPET_MAX);
  if (to < flat.length) to = flat.lastIndexOf(' ', to) > from ? flat.lastIndexOf(' ', to) : to;
  return `${from > 0 ? '…' : ''}${flat.slice(from, to).trim()}${to < flat.length ? '…' : ''}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
