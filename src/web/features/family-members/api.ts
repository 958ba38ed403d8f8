import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FamilyMemberDto,
  FamilyPlanDto,
  InvitationDto,
  InvitationSentDto,
  InvitePayload,
  MemberCreatePayload,
  MemberPatchPayload,
} from '../../../core/contracts/members.ts';
import type { SettingDto, SettingKey, SwitchKey } from '../../../core/contracts/settings.ts';
import type { UndoableDeleteReply } from '../../../core/contracts/replies.ts';
import { apiFetch } from '../../platform/api.ts';
import { membersQueryKey } from '../../common/members.ts';
import { recentMessagesQueryKey } from '../../common/query-keys.ts';

export const invitationsQueryKey = ['family-members', 'invitations'] as const;
const settingQueryKey = (key: SettingKey) => ['settings', key] as const;

/** SPEC §7 `GET /api/family-members/invitations`: pending invitations. */
export function useInvitations() {
  return useQuery({
    queryKey: invitationsQueryKey,
    queryFn: () => apiFetch<InvitationDto[]>('/api/family-members/invitations'),
  });
}

/**
 * `GET /api/family-members/plan` (issue 46): the member limit and the places taken. Under the `family-members`
 * prefix, so every member or invitation change refetches it.
 */
export function useFamilyPlan() {
  return useQuery({
    queryKey: [...membersQueryKey, 'plan'] as const,
    queryFn: () => apiFetch<FamilyPlanDto>('/api/family-members/plan'),
  });
}

/** Members and invitations share the `family-members` prefix: one invalidation refreshes both. */
function useRefetchMembers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: membersQueryKey });
}

/** `POST /api/family-members`. */
export function useCreateMember() {
  const refetch = useRefetchMembers();
  return useMutation({
    mutationFn: (payload: MemberCreatePayload) =>
      apiFetch<FamilyMemberDto>('/api/family-members', { method: 'POST', body: payload }),
    onSuccess: refetch,
  });
}

/** `PATCH /api/family-members/{id}`: all form fields, or `daily_summary_enabled` alone. */
export function useUpdateMember() {
  const refetch = useRefetchMembers();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: MemberPatchPayload }) =>
      apiFetch<FamilyMemberDto>(`/api/family-members/${id}`, { method: 'PATCH', body: patch }),
    onSuccess: refetch,
  });
}

/**
 * `DELETE /api/family-members/{id}`. The server also takes the member off events, tasks and proposals, so
 * every cached list is refetched, not only the members.
 */
export function useDeleteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<undefined>(`/api/family-members/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/**
 * `POST /api/family-members/{id}/make-owner` (issue 21): the owner hands the family to another parent with a
 * login; the reply is the updated member list.
 */
export function useMakeOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<FamilyMemberDto[]>(`/api/family-members/${id}/make-owner`, { method: 'POST' }),
    onSuccess: (members) => queryClient.setQueryData(membersQueryKey, members),
  });
}

/** Invitations and their e-mails: the pending list and the Recent messages card both change. */
function useRefetchInvitations() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membersQueryKey }),
      queryClient.invalidateQueries({ queryKey: recentMessagesQueryKey }),
    ]);
}

/**
 * Invitation links the server answered in this session (issue 21: with no e-mail provider the link is only ever
 * known from the invite / resend reply; it is not stored readable). Kept in memory by invitation id; after a
 * reload they are gone and Resend gives a fresh one.
 */
const invitationLinksKey = ['invitation-links'] as const;
type InvitationLinks = Readonly<Record<number, string>>;

/** The links known for pending invitations, by invitation id. */
export function useInvitationLinks(): InvitationLinks {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: invitationLinksKey,
    // Never fetched: the cache is the store, and a blanket invalidation must not wipe it.
    queryFn: () => queryClient.getQueryData<InvitationLinks>(invitationLinksKey) ?? {},
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return query.data ?? {};
}

function useRememberLink() {
  const queryClient = useQueryClient();
  return (sent: InvitationSentDto) => {
    const link = sent.invitation_link;
    if (link === null) return;
    queryClient.setQueryData<InvitationLinks>(invitationLinksKey, (links) => ({ ...links, [sent.id]: link }));
  };
}

/** `POST /api/family-members/invite`; the reply's link (no e-mail provider) is remembered for the card. */
export function useInvite() {
  const refetch = useRefetchInvitations();
  const remember = useRememberLink();
  return useMutation({
    mutationFn: (payload: InvitePayload) =>
      apiFetch<InvitationSentDto>('/api/family-members/invite', { method: 'POST', body: payload }),
    onSuccess: (sent) => {
      remember(sent);
      return refetch();
    },
  });
}

/** `POST /api/family-members/invitations/{id}/resend`; a new link replaces the old one. */
export function useResendInvitation() {
  const refetch = useRefetchInvitations();
  const remember = useRememberLink();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<InvitationSentDto>(`/api/family-members/invitations/${id}/resend`, { method: 'POST' }),
    onSuccess: (sent) => {
      remember(sent);
      return refetch();
    },
  });
}

/** `DELETE /api/family-members/invitations/{id}`. */
export function useCancelInvitation() {
  const refetch = useRefetchMembers();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<UndoableDeleteReply>(`/api/family-members/invitations/${id}`, {
        method: 'DELETE',
      }),
    onSuccess: refetch,
  });
}

/** SPEC §7 `GET /api/settings/{key}`: true when the switch reads 'true'. */
export function useSetting(key: SwitchKey) {
  return useQuery({
    queryKey: settingQueryKey(key),
    queryFn: () => apiFetch<SettingDto>(`/api/settings/${key}`),
    select: (setting) => setting.value === 'true',
  });
}

/** SPEC §7 `POST /api/settings`: key and value as a string. */
export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, on }: { key: SwitchKey; on: boolean }) =>
      apiFetch<SettingDto>('/api/settings', { method: 'POST', body: { key, value: on ? 'true' : 'false' } }),
    onSuccess: (setting) => queryClient.setQueryData(settingQueryKey(setting.key), setting),
  });
}

/** `GET /api/settings/timezone` (issue 18): the family's IANA time zone. */
export function useFamilyTimezone() {
  return useQuery({
    queryKey: settingQueryKey('timezone'),
    queryFn: () => apiFetch<SettingDto>('/api/settings/timezone'),
    select: (setting) => setting.value,
  });
}

/**
 * `POST /api/settings` with `timezone`: the server moves the family's own events and re-plans its reminders, and
 * the session carries the zone the calendar reads "today" in, so every cached reply is fetched again.
 */
export function useUpdateFamilyTimezone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (zone: string) =>
      apiFetch<SettingDto>('/api/settings', { method: 'POST', body: { key: 'timezone', value: zone } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** `POST /api/family-members/{id}/phone-verification` (issue 20): texts a 6-digit code to the member's number. */
export function useSendPhoneCode() {
  const refetch = useRefetchMembers();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<FamilyMemberDto>(`/api/family-members/${id}/phone-verification`, { method: 'POST', body: {} }),
    onSuccess: refetch,
  });
}

/** `POST /api/family-members/{id}/phone-verification/confirm` (issue 20): confirms the code. */
export function useConfirmPhoneCode() {
  const refetch = useRefetchMembers();
  return useMutation({
    mutationFn: ({ id, code }: { id: number; code: string }) =>
      apiFetch<FamilyMemberDto>(`/api/family-members/${id}/phone-verification/confirm`, {
        method: 'POST',
        body: { code },
      }),
    onSuccess: refetch,
  });
}
