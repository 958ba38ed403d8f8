import { useQuery } from '@tanstack/react-query';
import type { SearchReplyDto, SearchResultDto } from '../../../core/contracts/search.ts';
import { searchTerms } from '../../../core/search/terms.ts';
import { apiFetch } from '../../platform/api.ts';

/**
 * `GET /api/search?q=` (issue 45) for the words the user typed, once they hold a letter or digit (the server
 * refuses others with 400). Keeps the last results on screen while the next query loads.
 */
export function useSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['search', query],
    queryFn: () => apiFetch<SearchReplyDto>(`/api/search?q=${encodeURIComponent(query)}`),
    enabled: searchTerms(query).length > 0,
    placeholderData: (previous) => previous,
    staleTime: 10_000,
  });
}

/** Where a result opens: the item's own form (an event's found occurrence, when it is one of a series). */
export function resultHref(result: SearchResultDto): string {
  const id = String(result.id);
  switch (result.kind) {
    case 'event':
      return result.occurrence_start
        ? `/add-event/${id}?occurrence=${encodeURIComponent(result.occurrence_start)}`
        : `/add-event/${id}`;
    case 'task':
      return `/add-task/${id}`;
    case 'note':
      return `/add-note/${id}`;
    case 'activity':
      return `/add-activity/${id}`;
  }
}

/** The word shown before a result's title. */
export const KIND_LABELS: Record<SearchResultDto['kind'], string> = {
  event: 'Event',
  task: 'Task',
  note: 'Note',
  activity: 'Activity request',
};
