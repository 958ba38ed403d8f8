import { format, parseISO } from 'date-fns';
import type { EventOccurrenceDto } from '../../../core/contracts/events.ts';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import {
  GRID_MAX_HEIGHT_PX,
  HOUR_HEIGHT_PX,
  HOUR_ORDER,
  hourLabel,
  hourValue,
  layoutDayColumn,
  occursOn,
  splitAllDay,
} from '../../../core/calendar/layout.ts';
import { cn } from '../../components/ui/cn.ts';
import { EventChip } from './event-chip.tsx';

interface TimeGridProps {
  dates: string[];
  today: string;
  items: EventOccurrenceDto[];
  membersById: ReadonlyMap<number, FamilyMemberDto>;
  onOpenDay?: (date: string) => void;
  onSlot: (date: string, hour: string) => void;
  onOpenEvent: (item: EventOccurrenceDto) => void;
}

/**
 * SPEC §2 week and day views: an All Day band for all-day and multi-day events, then 24 hourly rows from 6 AM
 * wrapping to 5 AM, 64 px an hour, in a scroll area at most 640 px tall. A click on an hour adds an event
 * there; overlapping timed events sit side by side in equal columns.
 */
export function TimeGrid({
  dates,
  today,
  items,
  membersById,
  onOpenDay,
  onSlot,
  onOpenEvent,
}: TimeGridProps) {
  const columns = dates.map((date) => {
    const { allDay, timed } = splitAllDay(items.filter((item) => occursOn(item, date)));
    return { date, allDay, placed: layoutDayColumn(date, timed) };
  });
  const template = { gridTemplateColumns: `4rem repeat(${String(dates.length)}, minmax(0, 1fr))` };

  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white" data-testid="time-grid">
      <div className="grid border-b border-slate-200 bg-slate-50" style={template}>
        <div />
        {dates.map((date) => {
          const label = (
            <>
              <span className="block text-xs font-semibold text-slate-600 uppercase">
                {format(parseISO(date), 'EEE')}
              </span>
              <span
                className={cn(
                  'mx-auto mt-0.5 flex h-8 w-8 items-center justify-center rounded-full text-base font-semibold',
                  date === today ? 'bg-indigo-600 text-white' : 'text-slate-900',
                )}
              >
                {Number(date.slice(8, 10))}
              </span>
            </>
          );
          return onOpenDay ? (
            <button
              key={date}
              type="button"
              onClick={() => onOpenDay(date)}
              aria-label={`${format(parseISO(date), 'EEEE, MMMM d')}: open in day view`}
              className="py-2 text-center hover:bg-slate-100"
            >
              {label}
            </button>
          ) : (
            <div key={date} className="py-2 text-center">
              {label}
            </div>
          );
        })}
      </div>

      <div className="grid border-b border-slate-200" style={template} data-testid="all-day-band">
        <div className="flex items-center justify-end pr-2 text-xs font-medium text-slate-600">All Day</div>
        {columns.map((col) => (
          <div key={col.date} className="min-h-10 space-y-1 border-l border-slate-200 p-1">
            {col.allDay.map((item) => (
              <EventChip
                key={`${String(item.id)}-${item.start_date}`}
                item={item}
                membersById={membersById}
                onOpen={onOpenEvent}
                variant="compact"
                showTime={false}
              />
            ))}
          </div>
        ))}
      </div>

      <div className="overflow-y-auto" style={{ maxHeight: GRID_MAX_HEIGHT_PX }} data-testid="hour-scroll">
        <div className="grid" style={template}>
          <div>
            {HOUR_ORDER.map((hour) => (
              <div
                key={hour}
                style={{ height: HOUR_HEIGHT_PX }}
                className="border-b border-transparent pt-1 pr-2 text-right text-xs text-slate-500"
              >
                {hourLabel(hour)}
              </div>
            ))}
          </div>
          {columns.map((col) => (
            <div key={col.date} className="relative border-l border-slate-200" data-date={col.date}>
              {HOUR_ORDER.map((hour) => (
                <button
                  key={hour}
                  type="button"
                  style={{ height: HOUR_HEIGHT_PX }}
                  onClick={() => onSlot(col.date, hourValue(hour))}
                  aria-label={`Add event on ${format(parseISO(col.date), 'MMMM d')} at ${hourLabel(hour)}`}
                  data-hour={hourValue(hour)}
                  className="block w-full border-b border-slate-100 hover:bg-indigo-50/60 focus-visible:bg-indigo-50 focus-visible:outline-none"
                />
              ))}
              {col.placed.map((p) => (
                <EventChip
                  key={`${String(p.item.id)}-${p.item.start_date}`}
                  item={p.item}
                  membersById={membersById}
                  onOpen={onOpenEvent}
                  variant="block"
                  className="absolute"
                  style={{
                    top: p.top,
                    height: p.height - 2,
                    left: `calc(${String((p.column / p.columns) * 100)}% + 2px)`,
                    width: `calc(${String(100 / p.columns)}% - 4px)`,
                  }}
                />
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
