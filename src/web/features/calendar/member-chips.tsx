import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Check } from 'lucide-react';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import { chipColorVars } from '../../../core/members/chip-colors.ts';
import { initials } from '../../../core/members/initials.ts';
import type { MemberFilterState } from '../../components/member-filter.tsx';
import { cn } from '../../components/ui/cn.ts';

/** Whether a sideways scroller (`ref`) has more to show before (`start`) or after (`end`) what is in view. */
function useScrollEdges(ref: RefObject<HTMLDivElement | null>): { start: boolean; end: boolean } {
  const [edges, setEdges] = useState({ start: false, end: false });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const start = el.scrollLeft > 1;
      const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setEdges((was) => (was.start === start && was.end === end ? was : { start, end }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [ref]);
  return edges;
}

/** The scroller's faded ends (a CSS mask) where it has more to show: the cue that the row scrolls. */
function fadeMask({ start, end }: { start: boolean; end: boolean }): string | undefined {
  if (!start && !end) return undefined;
  return `linear-gradient(to right, ${start ? 'transparent, black 2.5rem' : 'black'}, ${
    end ? 'black calc(100% - 3.5rem), transparent' : 'black'
  })`;
}

/**
 * The member filter as a row of chips above the calendar (issue 22: on phones and narrower screens, where the
 * side panel would sit below the grid): one toggle per member, then Select All and Clear All (SPEC §4). The
 * row scrolls sideways when it does not fit, its ends faded where there is more (issue 46: the cue).
 */
export function MemberChips({
  members,
  filter,
  className,
}: {
  members: FamilyMemberDto[];
  filter: MemberFilterState;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const mask = fadeMask(useScrollEdges(ref));
  return (
    <div
      ref={ref}
      role="group"
      aria-label="Filter by Family Member"
      data-testid="member-chips"
      className={cn('-mx-1 flex items-center gap-2 overflow-x-auto px-1 py-1', className)}
      style={mask ? { maskImage: mask, WebkitMaskImage: mask } : undefined}
    >
      {members.map((m) => {
        const on = filter.selected.has(m.id);
        const colors = chipColorVars(m.color);
        return (
          <button
            key={m.id}
            type="button"
            aria-pressed={on}
            onClick={() => filter.toggle(m.id)}
            className={cn(
              'inline-flex h-10 shrink-0 items-center gap-2 rounded-full border py-1 pr-3 pl-1 text-sm whitespace-nowrap',
              on ? 'font-medium' : 'border-slate-300 bg-white text-slate-700',
            )}
            style={
              on
                ? { backgroundColor: colors.background, borderColor: colors.edge, color: colors.text }
                : undefined
            }
          >
            <span
              aria-hidden
              className="inline-flex h-8 w-8 items-center justify-center rounded-full text-xs font-semibold text-white"
              style={{ backgroundColor: colors.solid }}
            >
              {on ? <Check className="h-4 w-4" /> : initials(m.name)}
            </span>
            {m.name}
          </button>
        );
      })}
      <button
        type="button"
        onClick={filter.selectAll}
        className="h-10 shrink-0 rounded-md px-2 text-sm font-medium whitespace-nowrap text-indigo-700 hover:bg-indigo-50"
      >
        Select All
      </button>
      <button
        type="button"
        onClick={filter.clearAll}
        className="h-10 shrink-0 rounded-md px-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100"
      >
        Clear All
      </button>
    </div>
  );
}
