import { useLayoutEffect, useRef, useState } from 'react';
import { format, parseISO } from 'date-fns';
import type { EventOccurrenceDto } from '../../../core/contracts/events.ts';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import {
  clockTime,
  GRID_MAX_HEIGHT_PX,
  HOUR_HEIGHT_PX,
  HOUR_ORDER,
  hourLabel,
  hourValue,
  layoutDayColumn,
  layoutSpanBars,
  limitColumns,
  occursOn,
  OVERFLOW_TILE_PX,
  splitAllDay,
  type OverflowTile,
} from '../../../core/calendar/layout.ts';
import { cn } from '../../components/ui/cn.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EventChip } from './event-chip.tsx';
import { EventRow } from './agenda-view.tsx';

interface TimeGridProps {
  dates: string[];
  today: string;
  items: EventOccurrenceDto[];
  membersById: ReadonlyMap<number, FamilyMemberDto>;
  onOpenDay?: (date: string) => void;
  onSlot: (date: string, hour: string) => void;
  onOpenEvent: (item: EventOccurrenceDto) => void;
}

/** The width (px) of one day column, measured (and followed) on the hour grid; 0 before the first layout. */
function useDayColumnWidth(days: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const column = el.querySelector<HTMLElement>('[data-day-column]');
      setWidth(column ? column.getBoundingClientRect().width : el.clientWidth / Math.max(1, days));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [days]);
  return { ref, width };
}

/**
 * SPEC §2 week and day views: an All Day band, then 24 hourly rows from 6 AM wrapping to 5 AM, 64 px an hour,
 * in a scroll area at most 640 px tall. A click on an hour adds an event there. Issue 22: multi-day and all-day
 * events are one bar each across the band. Overlapping timed events sit side by side in equal widths, up to
 * four always (issue 46); of a wider group, what fits beside a '+N' that lists the whole group.
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
  const { ref, width } = useDayColumnWidth(dates.length);
  const [slot, setSlot] = useState<{ date: string; tile: OverflowTile<EventOccurrenceDto> } | null>(null);
  const visible = items.filter((item) => dates.some((d) => occursOn(item, d)));
  const { allDay, timed } = splitAllDay(visible);
  const bars = layoutSpanBars(allDay, dates);
  const lanes = Math.max(1, ...bars.map((b) => b.lane + 1));
  const columns = dates.map((date) => {
    const placed = layoutDayColumn(
      date,
      timed.filter((item) => occursOn(item, date)),
    );
    // Before the first measurement every group is drawn in full (one frame; the observer corrects it).
    return { date, ...limitColumns(placed, width > 0 ? width : Number.POSITIVE_INFINITY) };
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

      <div
        className="grid border-b border-slate-200 py-1"
        style={{ ...template, gridTemplateRows: `repeat(${String(lanes)}, 1.5rem)` }}
        data-testid="all-day-band"
      >
        <div
          className="flex items-center justify-end pr-2 text-xs font-medium text-slate-600"
          style={{ gridColumn: 1, gridRow: `1 / span ${String(lanes)}` }}
        >
          All Day
        </div>
        {dates.map((date, i) => (
          <div
            key={date}
            aria-hidden
            className="border-l border-slate-200"
            style={{ gridColumn: i + 2, gridRow: `1 / span ${String(lanes)}` }}
          />
        ))}
        {bars.map((bar) => (
          <EventChip
            key={`${String(bar.item.id)}-${bar.item.start_date}`}
            item={bar.item}
            membersById={membersById}
            onOpen={onOpenEvent}
            variant="bar"
            continuesBefore={bar.continuesBefore}
            continuesAfter={bar.continuesAfter}
            className={cn(
              'self-center',
              bar.continuesBefore ? 'ml-0' : 'ml-1',
              bar.continuesAfter ? 'mr-0' : 'mr-1',
            )}
            style={{
              gridColumn: `${String(bar.start + 2)} / span ${String(bar.span)}`,
              gridRow: bar.lane + 1,
            }}
          />
        ))}
      </div>

      <div className="overflow-y-auto" style={{ maxHeight: GRID_MAX_HEIGHT_PX }} data-testid="hour-scroll">
        <div className="grid" style={template} ref={ref}>
          <div>
            {HOUR_ORDER.map((hour) => (
              <div
                key={hour}
                style={{ height: HOUR_HEIGHT_PX }}
                className="border-b border-transparent pt-1 pr-2 text-right text-xs text-slate-600"
              >
                {hourLabel(hour)}
              </div>
            ))}
          </div>
          {columns.map((col) => (
            <div
              key={col.date}
              className="relative border-l border-slate-200"
              data-date={col.date}
              data-day-column
            >
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
              {col.shown.map((p) => {
                const room = p.narrowed ? `(100% - ${String(OVERFLOW_TILE_PX)}px)` : '100%';
                const roomPx =
                  width > 0 ? width - (p.narrowed ? OVERFLOW_TILE_PX : 0) : Number.POSITIVE_INFINITY;
                return (
                  <EventChip
                    key={`${String(p.item.id)}-${p.item.start_date}`}
                    item={p.item}
                    membersById={membersById}
                    onOpen={onOpenEvent}
                    variant="block"
                    blockSize={{ width: roomPx / p.columns - 4, height: p.height - 2 }}
                    className="absolute"
                    style={{
                      top: p.top,
                      height: p.height - 2,
                      left: `calc(${room} * ${String(p.column / p.columns)} + 2px)`,
                      width: `calc(${room} / ${String(p.columns)} - 4px)`,
                    }}
                  />
                );
              })}
              {col.overflow.map((tile) => (
                <button
                  key={tile.group}
                  type="button"
                  data-testid="overflow-tile"
                  onClick={() => setSlot({ date: col.date, tile })}
                  aria-label={`+${String(tile.hidden)} more at ${clockTime(tile.items[0]?.start_date ?? '')}: list all ${String(tile.items.length)} events`}
                  className="absolute rounded-md border border-slate-300 bg-slate-100 text-xs font-semibold text-slate-800 shadow-sm hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-none"
                  style={{
                    top: tile.top,
                    height: Math.max(24, tile.height - 2),
                    right: 2,
                    width: OVERFLOW_TILE_PX - 4,
                  }}
                >
                  +{tile.hidden}
                </button>
              ))}
            </div>
          ))}
        </div>
      </div>

      <Dialog
        open={slot !== null}
        onOpenChange={(open) => {
          if (!open) setSlot(null);
        }}
        title={
          slot
            ? `${format(parseISO(slot.date), 'EEEE, MMMM d')} from ${clockTime(slot.tile.items[0]?.start_date ?? '')}`
            : ''
        }
        description={slot ? `${String(slot.tile.items.length)} events at the same time` : undefined}
      >
        <ul className="space-y-2">
          {(slot?.tile.items ?? []).map((item) => (
            <li key={`${String(item.id)}-${item.start_date}`}>
              <EventRow
                item={item}
                membersById={membersById}
                onOpen={(e) => {
                  setSlot(null);
                  onOpenEvent(e);
                }}
              />
            </li>
          ))}
        </ul>
      </Dialog>
    </div>
  );
}
