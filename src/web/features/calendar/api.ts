import { useQuery } from '@tanstack/react-query';
import type { EventOccurrenceDto } from '../../../core/contracts/events.ts';
import { apiFetch } from '../../platform/api.ts';

/**
 * SPEC §7 `GET /api/events` for only the visible days (`start` … `end`, inclusive, family-local). Keyed under
 * `events` so that every event change (which invalidates `['events']`) refetches it.
 */
export function useOccurrences(range: { start: string; end: string }) {
  return useQuery({
    queryKey: occurrencesQueryKey(range),
    queryFn: () => apiFetch<EventOccurrenceDto[]>(occurrencesPath(range)),
    placeholderData: (previous) => previous,
  });
}

/**
 * The path of SPEC §7 `GET /api/events` for the family days `start` … `end`: the one spelling the calendar's
 * query and the early fetch (./opening-data.ts) share, so the early reply is adopted (same path).
 */
export function occurrencesPath(range: { start: string; end: string }): string {
  return `/api/events?start=${encodeURIComponent(range.start)}&end=${encodeURIComponent(range.end)}`;
}

/** The query key of {@link useOccurrences} for the family days `start` … `end`. */
export function occurrencesQueryKey(range: { start: string; end: string }) {
  return ['events', 'range', range.start, range.end] as const;
}
