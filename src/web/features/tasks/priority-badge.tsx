import { PRIORITY_LABELS, type Priority } from '../../../core/contracts/tasks.ts';
import { cn } from '../../components/ui/cn.ts';

const PRIORITY_STYLES: Record<Priority, string> = {
  low: 'bg-slate-100 text-slate-800',
  medium: 'bg-amber-100 text-amber-900',
  high: 'bg-red-100 text-red-800',
};

/** 'High priority' as a coloured badge (tasks and activity requests). */
export function PriorityBadge({ priority }: { priority: Priority }) {
  return (
    <span
      className={cn(
        'rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        PRIORITY_STYLES[priority],
      )}
    >
      {PRIORITY_LABELS[priority]} priority
    </span>
  );
}
