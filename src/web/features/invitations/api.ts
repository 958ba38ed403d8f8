import { useMutation, useQuery } from '@tanstack/react-query';
import type { AcceptInvitationPayload, InvitationDetailsDto } from '../../../core/contracts/members.ts';
import { apiFetch } from '../../app/api.ts';

/** SPEC §7 `GET /api/family-members/invitations/validate/{token}`; a 404 means invalid or expired. */
export function useInvitationDetails(token: string | undefined) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () =>
      apiFetch<InvitationDetailsDto>(
        `/api/family-members/invitations/validate/${encodeURIComponent(token ?? '')}`,
      ),
    enabled: Boolean(token),
    // The answer changes once the invitation is used: never serve it from cache.
    staleTime: 0,
    gcTime: 0,
  });
}

/** SPEC §7 `POST /api/family-members/invitations/{token}/accept`: password and phone_number (null when empty). */
export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (payload: AcceptInvitationPayload) =>
      apiFetch<{ ok: true }>(`/api/family-members/invitations/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
        body: payload,
      }),
  });
}
