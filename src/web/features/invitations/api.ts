import { useMutation, useQuery } from '@tanstack/react-query';
import type { SessionDto } from '../../../core/contracts/auth.ts';
import type { AcceptInvitationPayload, InvitationDetailsDto } from '../../../core/contracts/members.ts';
import type { OkReply } from '../../../core/contracts/replies.ts';
import { apiFetch } from '../../platform/api.ts';

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
      apiFetch<OkReply>(`/api/family-members/invitations/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
        body: payload,
      }),
  });
}

/**
 * The signed-in account's e-mail (SPEC §7 `GET /api/auth/session`). Signed-in routes render only once the app
 * has this reply, so it is read from the same cache entry (key `['session']`) without a second request.
 */
export function useSignedInEmail(): string | undefined {
  const session = useQuery({
    queryKey: ['session'],
    queryFn: () => apiFetch<SessionDto>('/api/auth/session'),
    staleTime: 30_000,
    retry: false,
  });
  return session.data?.email;
}

/**
 * Signs out (SPEC §7 `POST /api/auth/logout`) to accept an invitation: then a full page load of the invitation
 * link, which drops every cached reply of the account that was signed in and shows the signed-out form.
 */
export function useSignOutToAccept(token: string | undefined) {
  return useMutation({
    mutationFn: () => apiFetch('/api/auth/logout', { method: 'POST' }),
    onSuccess: () =>
      window.location.assign(
        token ? `/register-invitation/${encodeURIComponent(token)}` : '/register-invitation',
      ),
  });
}
