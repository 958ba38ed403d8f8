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
export const searchResultDtoSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number().int().meta({
    description: 'The item’s id; of a recurring event, its series’ id (a series is found once).',
  }),
  title: z.string(),
  snippet: z.string().meta({
    description:
      'A few words of the item around what matched (plain text, at most about 160 characters), or the empty string when only the title matched.',
  }),
  date: z.string().nullable().meta({
    description:
      'The family date `YYYY-MM-DD` of the item: an event’s start (of a series, its next occurrence from today within 400 days, else its first; of a series found only by an edited occurrence, that occurrence), a task’s or activity request’s due date, a note’s last change; null when it has none.',
  }),
  occurrence_start: z.string().nullable().meta({
    description:
      'Of a series: the start of the occurrence `date` names (family wall-clock), for `/add-event/{id}?occurrence=`.',
  }),
});
export type SearchResultDto = z.output<typeof searchResultDtoSchema>;

/** Reply of `GET /api/search`. */
export const searchReplyDtoSchema = z.object({ results: z.array(searchResultDtoSchema) });
export type SearchReplyDto = z.output<typeof searchReplyDtoSchema>;
