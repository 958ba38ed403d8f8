import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountDto,
  AddPasskeyReply,
  AppPasswordDto,
  ChangeEmailPayload,
  ChangePasswordPayload,
  ConfirmedEmailReply,
  CreateAppPasswordPayload,
  CreatedAppPasswordDto,
  PendingEmailReply,
  RecoveryCodesReply,
  SessionListItemDto,
  SignOutOthersReply,
} from '../../../core/contracts/account.ts';
import { apiFetch } from '../../platform/api.ts';
import { accountQueryKey as accountKey } from '../../common/query-keys.ts';
import { sessionQueryKey } from '../../common/session.ts';

const sessionsKey = ['account', 'sessions'] as const;
const appPasswordsKey = ['account', 'app-passwords'] as const;

/** Issue 25 `GET /api/account`. */
export function useAccount() {
  return useQuery({ queryKey: accountKey, queryFn: () => apiFetch<AccountDto>('/api/account') });
}

/** Issue 25 `GET /api/account/sessions`. */
export function useAccountSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () => apiFetch<SessionListItemDto[]>('/api/account/sessions'),
  });
}

/** Issue 25: changes the password (other sessions end). */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ChangePasswordPayload) =>
      apiFetch('/api/account/password', { method: 'POST', body: payload }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** Issue 25: asks to move the account to a new e-mail (a link goes there). */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ChangeEmailPayload) =>
      apiFetch<PendingEmailReply>('/api/account/email', { method: 'POST', body: payload }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKey }),
  });
}

/** Issue 25: confirms the new e-mail from the link's token. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<ConfirmedEmailReply>('/api/account/email/confirm', { method: 'POST', body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

/** Issue 25: signs one session out. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** Issue 25: signs every other session out; and (issue 40) revokes every app password. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<SignOutOthersReply>('/api/account/sessions/sign-out-others', {
        method: 'POST',
        body: {},
      }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionsKey });
      await queryClient.invalidateQueries({ queryKey: appPasswordsKey });
    },
  });
}

/** Issue 40 `GET /api/account/app-passwords`: the account's app passwords (never the password). */
export function useAppPasswords() {
  return useQuery({
    queryKey: appPasswordsKey,
    queryFn: () => apiFetch<AppPasswordDto[]>('/api/account/app-passwords'),
  });
}

/** Issue 40: makes an app password; the reply holds the password, shown once. */
export function useCreateAppPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CreateAppPasswordPayload) =>
      apiFetch<CreatedAppPasswordDto>('/api/account/app-passwords', { method: 'POST', body: payload }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appPasswordsKey }),
  });
}

/** Issue 40: revokes an app password; calendar apps using it are refused from their next request. */
export function useRevokeAppPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(`/api/account/app-passwords/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appPasswordsKey }),
  });
}

/**
 * Issue 25: adds a passkey: the password, the browser's WebAuthn prompt (@simplewebauthn/browser, loaded
 * only here), then the server's check.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ currentPassword, name }: { currentPassword: string; name: string }) => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const optionsJSON = await apiFetch<Parameters<typeof startRegistration>[0]['optionsJSON']>(
        '/api/account/passkeys/options',
        { method: 'POST', body: { current_password: currentPassword } },
      );
      const response = await startRegistration({ optionsJSON });
      return apiFetch<AddPasskeyReply>('/api/account/passkeys', { method: 'POST', body: { response, name } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKey }),
  });
}

/** Issue 25: removes a passkey (password again). */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, currentPassword }: { id: number; currentPassword: string }) =>
      apiFetch(`/api/account/passkeys/${id}`, {
        method: 'DELETE',
        body: { current_password: currentPassword },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKey }),
  });
}

/** Issue 25: new recovery codes (password again). */
export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currentPassword: string) =>
      apiFetch<RecoveryCodesReply>('/api/account/recovery-codes', {
        method: 'POST',
        body: { current_password: currentPassword },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKey }),
  });
}
