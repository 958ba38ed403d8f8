import { useState } from 'react';
import { Check } from 'lucide-react';
import type { FamilyMemberDto } from '../../core/contracts/members.ts';
import { memberColorTokens } from '../../core/members/colors.ts';
import { initials } from '../../core/members/initials.ts';
import { Card } from './ui/card.tsx';
import { cn } from './ui/cn.ts';

/** The state `useMemberFilter` returns; `MemberFilter` renders it. Ids are family member ids. */
export interface MemberFilterState {
  /** The members whose toggles are on. */
  selected: ReadonlySet<number>;
  /**
   * The set to filter by: empty (show everything) when nothing or every member is selected, so an item with no
   * member, or whose member has since been removed, still shows by default.
   */
  active: ReadonlySet<number>;
  toggle: (id: number) => void;
  selectAll: () => void;
  clearAll: () => void;
}

/**
 * SPEC §4 member filter state, shared by the Calendar, Tasks and Activity Signups screens: a toggle adds or
 * removes an id, Select All selects all, Clear All empties; all members are selected once, when they first load.
 */
export function useMemberFilter(members: FamilyMemberDto[] | undefined): MemberFilterState {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [seeded, setSeeded] = useState(false);
  if (members && !seeded) {
    // State derived from the first loaded value, set while rendering (React's documented pattern).
    setSeeded(true);
    setSelected(new Set(members.map((m) => m.id)));
  }
  const all = members?.map((m) => m.id) ?? [];
  const everyone = all.length > 0 && all.every((id) => selected.has(id));
  return {
    selected,
    active: everyone ? new Set<number>() : selected,
    toggle: (id: number) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    selectAll: () => setSelected(new Set(all)),
    clearAll: () => setSelected(new Set()),
  };
}

interface MemberFilterProps {
  /** The panel's heading: 'Filter by Family Member' (Calendar) or 'Filter by Assignee' (Tasks, Activity Signups). */
  title: string;
  /** An optional line under the heading (the Calendar's 'Filter by Attendee'). */
  subtitle?: string;
  members: FamilyMemberDto[];
  filter: MemberFilterState;
}

/** SPEC §4 member filter panel: a toggle per member (initials, or a check mark when selected), Select All, Clear All. */
export function MemberFilter({ title, subtitle, members, filter }: MemberFilterProps) {
  return (
    <Card className="p-3 sm:p-4">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      {subtitle && <p className="text-xs text-slate-600">{subtitle}</p>}
      {/* Issue 46: two toggles a row until the panel is a side column (lg), so it stays short on a phone. */}
      <ul className="mt-3 grid grid-cols-2 gap-1 lg:grid-cols-1">
        {members.map((member) => {
          const on = filter.selected.has(member.id);
          const tokens = memberColorTokens(member.color);
          return (
            <li key={member.id}>
              <button
                type="button"
                aria-pressed={on}
                onClick={() => filter.toggle(member.id)}
                className="flex min-h-11 w-full min-w-0 items-center gap-2 rounded-md px-2 py-1 text-left text-sm text-slate-800 hover:bg-slate-100 lg:gap-3"
              >
                <span
                  aria-hidden
                  className={cn(
                    'inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                    on ? cn(tokens.dot, 'text-white') : cn(tokens.background, tokens.text),
                  )}
                >
                  {on ? <Check className="h-4 w-4" /> : initials(member.name)}
                </span>
                <span className="min-w-0 truncate">{member.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          onClick={filter.selectAll}
          className="rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50"
        >
          Select All
        </button>
        <button
          type="button"
          onClick={filter.clearAll}
          className="rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          Clear All
        </button>
      </div>
    </Card>
  );
}
