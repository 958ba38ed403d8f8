import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginPayload, RegisterPayload, SessionDto } from '../../../core/contracts/auth.ts';
import { apiFetch } from '../../app/api.ts';

export const sessionQueryKey = ['session'] as const;

/** SPEC §7/§9: the session call, cached 30 s, refetched on focus, never retried; a 401 is an error. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: () => apiFetch<SessionDto>('/api/auth/session'),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    retry: false,
  });
}

/** Signs in; on success the session is refreshed (SPEC §7). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: LoginPayload) => apiFetch('/api/auth/login', { method: 'POST', body: payload }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

/** Registers the family and signs in; on success the session is refreshed. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: RegisterPayload) =>
      apiFetch('/api/auth/register', { method: 'POST', body: payload }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

/**
 * Signs out (SPEC §4): the call, then a full page load of /login, which also drops every cached reply so the
 * next person at this browser sees nothing of this family. A failure is only logged and the user stays.
 */
export function useLogout() {
  return useMutation({
    mutationFn: () => apiFetch('/api/auth/logout', { method: 'POST' }),
    onSuccess: () => window.location.assign('/login'),
    onError: (error) => console.error('Sign out failed', error),
  });
}
