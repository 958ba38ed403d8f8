import { z } from 'zod';
import { searchTerms } from '../search/terms.ts';

/** Longest `q` `GET /api/search` reads, in characters. */
export const SEARCH_QUERY_MAX = 200;

/** Most results `GET /api/search` answers (the best first). */
export const SEARCH_RESULTS_MAX = 30;

/** Query of `GET /api/search?q=` (issue 45): the words to look for in the family's items. */
export const searchQuerySchema = z.object({
  q: z
    .string('Type a word to search for')
    .max(SEARCH_QUERY_MAX, `Search for at most ${SEARCH_QUERY_MAX} characters`)
    .refine((q) => searchTerms(q).length > 0, 'Type a word to search for'),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const SEARCH_KINDS = ['event', 'task', 'note', 'activity'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** One item a search found. */
export interface SearchResultDto {
  kind: SearchKind;
  /** The item's id; of a recurring event, its series' id (a series is found once). */
  id: number;
  title: string;
  /** A few words of the item around what matched (plain text, at most about 160 characters), or '' when only the title matched. */
  snippet: string;
  /**
   * The family date `YYYY-MM-DD` of the item: an event's start (of a series, its next occurrence from today
   * within 400 days, else its first; of a series found only by an edited occurrence, that occurrence), a task's
   * or activity request's due date, a note's last change; null when it has none.
   */
  date: string | null;
  /** Of a series: the start of the occurrence `date` names (family wall-clock), for `/add-event/{id}?occurrence=`. */
  occurrence_start: string | null;
}

/** Reply of `GET /api/search`. */
export interface SearchReplyDto {
  results: SearchResultDto[];
}
