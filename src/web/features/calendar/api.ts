import { useQuery } from '@tanstack/react-query';
import type { EventOccurrenceDto } from '../../../core/contracts/events.ts';
import { apiFetch } from '../../app/api.ts';

/**
 * SPEC §7 `GET /api/events` for only the visible days (`start` … `end`, inclusive, family-local). Keyed under
 * `events` so that every event change (which invalidates `['events']`) refetches it.
 */
export function useOccurrences(range: { start: string; end: string }) {
  return useQuery({
    queryKey: ['events', 'range', range.start, range.end],
    queryFn: () =>
      apiFetch<EventOccurrenceDto[]>(
        `/api/events?start=${encodeURIComponent(range.start)}&end=${encodeURIComponent(range.end)}`,
      ),
    placeholderData: (previous) => previous,
  });
}
