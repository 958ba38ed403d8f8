import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WaitlistCountDto,
  WaitlistJoinDto,
  WaitlistJoinPayload,
} from '../../../core/contracts/waitlist.ts';
import { apiFetch } from '../../platform/api.ts';

const countQueryKey = ['waitlist', 'count'] as const;

/** SPEC §7 `GET /api/waitlist/count`: how many people are on the list (the caller shows SPEC §9's fallback on failure). */
export function useWaitlistCount() {
  return useQuery({
    queryKey: countQueryKey,
    queryFn: async () => (await apiFetch<WaitlistCountDto>('/api/waitlist/count')).count,
  });
}

/** SPEC §7 `POST /api/waitlist/join`; on success the count is refreshed so it includes the new entry. */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: WaitlistJoinPayload) =>
      apiFetch<WaitlistJoinDto>('/api/waitlist/join', { method: 'POST', body: payload }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: countQueryKey }),
  });
}
