import { useQuery } from '@tanstack/react-query';
import type { EventOccurrenceDto } from '../../../core/contracts/events.ts';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import { apiFetch } from '../../app/api.ts';

/** SPEC §7 `GET /api/family-members`. */
export const MEMBERS_PATH = '/api/family-members';

/**
 * SPEC §7 `GET /api/events` for only the visible days (`start` … `end`, inclusive, family-local). Keyed under
 * `events` so that every event change (which invalidates `['events']`) refetches it.
 */
export function useOccurrences(range: { start: string; end: string }) {
  return useQuery({
    queryKey: ['events', 'range', range.start, range.end],
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

/** `GET /api/family-members` under the shared `family-members` key (initials, colours, the filter). */
export function useCalendarMembers() {
  return useQuery({
    queryKey: ['family-members'],
    queryFn: () => apiFetch<FamilyMemberDto[]>(MEMBERS_PATH),
  });
}
