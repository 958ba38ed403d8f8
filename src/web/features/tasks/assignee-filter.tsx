import { useState } from 'react';
import { Check } from 'lucide-react';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import { memberColorTokens } from '../../../core/members/colors.ts';
import { initials } from '../../../core/members/initials.ts';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../components/ui/cn.ts';

/** A member's initials in their colour (SPEC §3), named for screen readers. */
export function MemberInitials({ member, className }: { member: FamilyMemberDto; className?: string }) {
  const tokens = memberColorTokens(member.color);
  return (
    <span
      title={member.name}
      className={cn(
        'inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
        tokens.background,
        tokens.text,
        className,
      )}
    >
      <span aria-hidden>{initials(member.name)}</span>
      <span className="sr-only">{member.name}</span>
    </span>
  );
}

/**
 * SPEC §4 member filter state: a toggle adds or removes an id, Select All selects all, Clear All empties; on the
 * first load of members all are selected, once. `shown` is the set to filter by: empty (show everything) when
 * nothing or every member is selected, so an item whose assignee has since been removed is not hidden.
 */
export function useAssigneeFilter(members: FamilyMemberDto[] | undefined) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [seeded, setSeeded] = useState(false);
  if (members && !seeded) {
    // Adjusting state while rendering (React's pattern for state derived from a prop's first value).
    setSeeded(true);
    setSelected(new Set(members.map((m) => String(m.id))));
  }
  const all = members?.map((m) => String(m.id)) ?? [];
  const everyone = all.length > 0 && all.every((id) => selected.has(id));
  return {
    selected,
    shown: everyone ? new Set<string>() : selected,
    toggle: (id: string) =>
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

interface AssigneeFilterProps {
  members: FamilyMemberDto[];
  filter: ReturnType<typeof useAssigneeFilter>;
}

/** The 'Filter by Assignee' panel: one toggle per member (initials, or a check mark when selected). */
export function AssigneeFilter({ members, filter }: AssigneeFilterProps) {
  return (
    <Card className="p-4">
      <h2 className="text-sm font-semibold text-slate-900">Filter by Assignee</h2>
      <ul className="mt-3 space-y-1">
        {members.map((member) => {
          const id = String(member.id);
          const on = filter.selected.has(id);
          const tokens = memberColorTokens(member.color);
          return (
            <li key={id}>
              <button
                type="button"
                aria-pressed={on}
                onClick={() => filter.toggle(id)}
                className="flex min-h-11 w-full items-center gap-3 rounded-md px-2 py-1 text-left text-sm text-slate-800 hover:bg-slate-100"
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
                {member.name}
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
