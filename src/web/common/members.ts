import { useQuery } from '@tanstack/react-query';
import type { FamilyMemberDto } from '../../core/contracts/members.ts';
import { apiFetch } from '../platform/api.ts';

/**
 * The `family-members` query key. Members and pending invitations share the prefix, so one invalidation
 * refreshes every screen's member list (calendar, tasks, notes, activity requests, Family Members).
 */
export const membersQueryKey = ['family-members'] as const;

/** SPEC §7 `GET /api/family-members` (also asked for early, src/web/features/calendar/opening-data.ts). */
export const MEMBERS_PATH = '/api/family-members';

/**
 * SPEC §7 `GET /api/family-members`: the family's members, for names, initials, colours, choices and filters.
 * One query under one key for every screen, so a change made on the Family Members screen shows everywhere.
 */
export function useFamilyMembers() {
  return useQuery({
    queryKey: membersQueryKey,
    queryFn: () => apiFetch<FamilyMemberDto[]>(MEMBERS_PATH),
  });
}
