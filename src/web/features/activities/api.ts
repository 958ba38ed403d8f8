import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActivityConversionPayload,
  ActivityFormPayload,
  ActivityProposalDto,
} from '../../../core/contracts/activities.ts';
import type { UndoableDeleteReply } from '../../../core/contracts/replies.ts';
import type { EventDto } from '../../../core/contracts/events.ts';
import { apiFetch } from '../../platform/api.ts';

export const proposalsQueryKey = ['activity-proposals'] as const;

/** SPEC §7 `GET /api/activity-proposals`: already by due date ascending, undated last. */
export function useProposals() {
  return useQuery({
    queryKey: proposalsQueryKey,
    queryFn: () => apiFetch<ActivityProposalDto[]>('/api/activity-proposals'),
  });
}

/** SPEC §7 `GET /api/activity-proposals/{id}` for the edit form; `null` id: no call. */
export function useProposal(id: number | null) {
  return useQuery({
    queryKey: [...proposalsQueryKey, id],
    queryFn: () => apiFetch<ActivityProposalDto>(`/api/activity-proposals/${String(id)}`),
    enabled: id !== null,
  });
}

/** SPEC §7: after a proposal change, proposals are refetched. */
function useRefetchProposals() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: proposalsQueryKey });
}

/** `POST /api/activity-proposals`. */
export function useCreateProposal() {
  const refetch = useRefetchProposals();
  return useMutation({
    mutationFn: (payload: ActivityFormPayload) =>
      apiFetch<ActivityProposalDto>('/api/activity-proposals', { method: 'POST', body: payload }),
    onSuccess: refetch,
  });
}

/** `PATCH /api/activity-proposals/{id}` with the form's fields. */
export function useUpdateProposal() {
  const refetch = useRefetchProposals();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: Partial<ActivityFormPayload> }) =>
      apiFetch<ActivityProposalDto>(`/api/activity-proposals/${String(id)}`, {
        method: 'PATCH',
        body: payload,
      }),
    onSuccess: refetch,
  });
}

/** Accept or Decline: `PATCH` with the status and `response_date` as an ISO timestamp (SPEC §7). */
export function useRespondToProposal() {
  const refetch = useRefetchProposals();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'accepted' | 'declined' }) =>
      apiFetch<ActivityProposalDto>(`/api/activity-proposals/${String(id)}`, {
        method: 'PATCH',
        body: { status, response_date: new Date().toISOString() },
      }),
    onSuccess: refetch,
  });
}

/** `DELETE /api/activity-proposals/{id}`. */
export function useDeleteProposal() {
  const refetch = useRefetchProposals();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<UndoableDeleteReply>(`/api/activity-proposals/${String(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: refetch,
  });
}

/**
 * 'Add to Calendar': `POST /api/events?activity_conversion=true&activity_id={id}` with the payload built by
 * `toActivityConversionPayload`. The proposal's status is left as it is and it remembers the event (issue 21);
 * events and proposals are refetched (SPEC §7).
 */
export function useConvertProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: ActivityConversionPayload }) =>
      apiFetch<EventDto>(`/api/events?activity_conversion=true&activity_id=${String(id)}`, {
        method: 'POST',
        body: payload,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['events'] }),
        queryClient.invalidateQueries({ queryKey: proposalsQueryKey }),
      ]),
  });
}
