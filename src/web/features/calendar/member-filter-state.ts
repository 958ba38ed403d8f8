import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import type { MemberFilterState } from '../../components/member-filter.tsx';

/** The query parameter the calendar's member filter lives in: absent = everyone, `none`, or ids `3,7`. */
export const MEMBERS_PARAM = 'members';
/** Where this device remembers the filter (the same text as the parameter; absent = everyone). */
export const MEMBERS_STORAGE_KEY = 'familyhub.calendar.members';

/**
 * Reads a filter text (`none`, or comma-separated ids) against the family's members: the selected ids, or null
 * for "everyone" (no text, or ids none of which is a member any more, e.g. a link from another family).
 */
export function parseMembersParam(text: string | null, memberIds: readonly number[]): Set<number> | null {
  if (text === null) return null;
  if (text === 'none') return new Set();
  const known = new Set(memberIds);
  const ids = text
    .split(',')
    .map(Number)
    .filter((id) => known.has(id));
  return ids.length > 0 ? new Set(ids) : null;
}

/** The filter text for a selection: null when everyone is selected (so a member added later shows too). */
export function formatMembersParam(
  selected: ReadonlySet<number>,
  memberIds: readonly number[],
): string | null {
  if (memberIds.every((id) => selected.has(id))) return null;
  if (selected.size === 0) return 'none';
  return [...selected].sort((a, b) => a - b).join(',');
}

function readStored(): string | null {
  try {
    return localStorage.getItem(MEMBERS_STORAGE_KEY);
  } catch {
    return null; // storage blocked (private mode settings): the URL still carries the filter
  }
}

function writeStored(text: string | null): void {
  try {
    if (text === null) localStorage.removeItem(MEMBERS_STORAGE_KEY);
    else localStorage.setItem(MEMBERS_STORAGE_KEY, text);
  } catch {
    // storage blocked: the filter lives in the URL only
  }
}

/**
 * The calendar's member filter (SPEC §4 rules, issue 22 "a filter that stays"): it lives in the `members`
 * query parameter and this device remembers it (localStorage), so it survives moving between screens and
 * reloading. Opened without the parameter, the calendar takes the remembered filter and writes it into the URL;
 * with neither, every member is selected. Changes replace the history entry rather than add one.
 */
export function useCalendarMemberFilter(members: FamilyMemberDto[] | undefined): MemberFilterState {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get(MEMBERS_PARAM);
  const ids = useMemo(() => (members ?? []).map((m) => m.id), [members]);
  const text = fromUrl ?? readStored();
  const chosen = members ? parseMembersParam(text, ids) : null;
  const selected: ReadonlySet<number> = chosen ?? new Set(ids);

  // The remembered filter, once the members are known, goes into the URL (so the address shows what is shown).
  const remembered = members && fromUrl === null ? formatMembersParam(selected, ids) : null;
  useEffect(() => {
    if (remembered === null) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(MEMBERS_PARAM, remembered);
        return next;
      },
      { replace: true },
    );
  }, [remembered, setParams]);

  const apply = (next: ReadonlySet<number>) => {
    const value = formatMembersParam(next, ids);
    writeStored(value);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (value === null) updated.delete(MEMBERS_PARAM);
        else updated.set(MEMBERS_PARAM, value);
        return updated;
      },
      { replace: true },
    );
  };
  const everyone = ids.length > 0 && ids.every((id) => selected.has(id));
  return {
    selected,
    active: everyone ? new Set<number>() : selected,
    toggle: (id: number) => {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      apply(next);
    },
    selectAll: () => apply(new Set(ids)),
    clearAll: () => apply(new Set()),
  };
}
