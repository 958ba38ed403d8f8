import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ForgotPasswordPayload,
  LoginPayload,
  LoginReply,
  RegisterPayload,
  ResetPasswordPayload,
} from '../../../core/contracts/auth.ts';
import { apiFetch } from '../../platform/api.ts';
import { sessionQueryKey } from '../../common/session.ts';

/**
 * Signs in; on success the session is refreshed (SPEC §7). The reply says when a second step (passkey or
 * recovery code, issue 25) is due instead.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: LoginPayload) =>
      apiFetch<LoginReply>('/api/auth/login', { method: 'POST', body: payload }),
    onSuccess: (reply) => {
      if ('ok' in reply) return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      return undefined;
    },
  });
}

/**
 * Issue 25: the second step with a passkey (`mode: 'second-factor'`, after the password) or a sign-in with a
 * passkey alone (`mode: 'passkey'`): the options call, the browser's WebAuthn prompt
 * (@simplewebauthn/browser), the answer. The WebAuthn code loads only when a passkey is used.
 */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (mode: 'second-factor' | 'passkey') => {
      const base = mode === 'passkey' ? '/api/auth/passkey' : '/api/auth/second-factor/passkey';
      const optionsUrl = mode === 'passkey' ? '/api/auth/passkey/options' : '/api/auth/second-factor/options';
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const optionsJSON = await apiFetch<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
        optionsUrl,
        {
          method: 'POST',
          body: {},
        },
      );
      const response = await startAuthentication({ optionsJSON });
      return apiFetch(base, { method: 'POST', body: { response } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

/** Issue 25: the second step with a recovery code. */
export function useRecoveryCodeSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch('/api/auth/second-factor/recovery-code', { method: 'POST', body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

/** Issue 25 "Forgot password": asks for a reset link (the answer is the same for any address). */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (payload: ForgotPasswordPayload) =>
      apiFetch('/api/auth/forgot-password', { method: 'POST', body: payload }),
  });
}

/** Issue 25: sets a new password from a reset link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (payload: ResetPasswordPayload) =>
      apiFetch('/api/auth/reset-password', { method: 'POST', body: payload }),
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
