import { useEffect, useMemo, useRef } from 'react';
import { format, parseISO } from 'date-fns';
import type { EventOccurrenceDto } from '../../../core/contracts/events.ts';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import { itemsByDate, monthCellItems, monthGrid } from '../../../core/calendar/layout.ts';
import { cn } from '../../components/ui/cn.ts';
import { EventChip } from './event-chip.tsx';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** How long a click waits for a second one, so that a double-click does not also open the day view. */
const DOUBLE_CLICK_WAIT_MS = 250;

interface MonthViewProps {
  date: string;
  today: string;
  items: EventOccurrenceDto[];
  membersById: ReadonlyMap<number, FamilyMemberDto>;
  onOpenDay: (date: string) => void;
  onAddOnDay: (date: string) => void;
  onOpenEvent: (item: EventOccurrenceDto) => void;
}

/**
 * SPEC §2 month view: 7 columns from Sunday, at most 3 events a day then '+N more'. A click on a day opens it
 * in day view; a double-click adds an event on it.
 */
export function MonthView({
  date,
  today,
  items,
  membersById,
  onOpenDay,
  onAddOnDay,
  onOpenEvent,
}: MonthViewProps) {
  const cells = useMemo(() => monthGrid(date).flat(), [date]);
  const byDate = useMemo(
    () =>
      itemsByDate(
        items,
        cells.map((cell) => cell.date),
      ),
    [items, cells],
  );
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const click = (day: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => onOpenDay(day), DOUBLE_CLICK_WAIT_MS);
  };
  const doubleClick = (day: string) => {
    if (timer.current) clearTimeout(timer.current);
    onAddOnDay(day);
  };

  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white" data-testid="month-view">
      <div className="grid grid-cols-7 border-b border-slate-200 bg-slate-50">
        {WEEKDAYS.map((d) => (
          <div
            key={d}
            className="px-2 py-2 text-center text-xs font-semibold tracking-wide text-slate-600 uppercase"
          >
            {d}
          </div>
        ))}
      </div>
      <div className="grid grid-cols-7">
        {cells.map((cell) => {
          const { shown, more } = monthCellItems(byDate.get(cell.date) ?? []);
          const isToday = cell.date === today;
          return (
            <div
              key={cell.date}
              data-date={cell.date}
              onClick={() => click(cell.date)}
              onDoubleClick={() => doubleClick(cell.date)}
              className={cn(
                'flex min-h-28 cursor-pointer flex-col gap-1 border-r border-b border-slate-200 p-1.5 hover:bg-indigo-50/40 [&:nth-child(7n)]:border-r-0',
                cell.inMonth ? 'bg-white' : 'bg-slate-50 text-slate-500',
              )}
            >
              <button
                type="button"
                onClick={(e) => {
                  e.stopPropagation();
                  onOpenDay(cell.date);
                }}
                aria-label={`${format(parseISO(cell.date), 'EEEE, MMMM d')}: open in day view`}
                className={cn(
                  'inline-flex h-7 w-7 items-center justify-center self-start rounded-full text-sm font-medium hover:bg-slate-200',
                  isToday
                    ? 'bg-indigo-600 text-white hover:bg-indigo-700'
                    : cell.inMonth
                      ? 'text-slate-900'
                      : '',
                )}
              >
                {Number(cell.date.slice(8, 10))}
              </button>
              {shown.map((item) => (
                <EventChip
                  key={`${String(item.id)}-${item.start_date}`}
                  item={item}
                  membersById={membersById}
                  onOpen={onOpenEvent}
                  variant="compact"
                />
              ))}
              {more > 0 ? (
                <span className="px-1 text-xs font-medium text-slate-600">+{more} more</span>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
