import { useQuery } from '@tanstack/react-query';
import type { DrivingDto } from '../../../core/contracts/driving.ts';
import { addLocalDays } from '../../../core/time/local-time.ts';
import { apiFetch } from '../../platform/api.ts';

/** Longest range one `GET /api/driving` call covers (the server's limit). */
export const DRIVING_MAX_DAYS = 62;

/**
 * Issue 27 `GET /api/driving` for the family days `start` … `end` (inclusive; cut to `DRIVING_MAX_DAYS`).
 * Keyed under `events`, so that every event change (which invalidates `['events']`) refetches it.
 */
export function useDriving(range: { start: string; end: string }, enabled = true) {
  const path = drivingPath(range);
  return useQuery({
    queryKey: ['events', 'driving', path],
    queryFn: () => apiFetch<DrivingDto>(path),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/**
 * The path of `GET /api/driving` for the family days `start` … `end`, cut to `DRIVING_MAX_DAYS`: the one
 * spelling the calendar's query and the early fetch (src/web/features/calendar/opening-data.ts) share.
 */
export function drivingPath(range: { start: string; end: string }): string {
  const last = addLocalDays(range.start, DRIVING_MAX_DAYS - 1);
  const end = range.end < last ? range.end : last;
  return `/api/driving?start=${encodeURIComponent(range.start)}&end=${encodeURIComponent(end)}`;
}
