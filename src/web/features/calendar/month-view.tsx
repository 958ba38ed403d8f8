import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import type { EventOccurrenceDto } from '../../../core/contracts/events.ts';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import {
  itemsByDate,
  layoutMonthWeek,
  longDayName,
  MONTH_CELL_MAX_EVENTS,
} from '../../../core/calendar/layout.ts';
import { monthGrid } from '../../../core/calendar/range.ts';
import { cn } from '../../components/ui/cn.ts';
import { occurrenceIssues, useIssuesByOccurrence } from '../../common/driving/driving-issues.tsx';
import {
  chipColorSheet,
  chipElement,
  monthInitialsMinWidth,
  monthTimeMinWidth,
  sameChipContent,
} from './event-chip.tsx';
import { useLongPressPeek } from './long-press.tsx';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/**
 * How long a click or tap on a day waits for a second one (issue 46: a double-click or double tap adds an event
 * there, so the first must not open the day view yet); about the double-click time of common desktops.
 */
const DOUBLE_CLICK_WAIT_MS = 400;
/**
 * A week row's lines: the day numbers, `MONTH_CELL_MAX_EVENTS` event lines (a chip is 20 px, or 28 px where it
 * takes two lines, `TWO_LINE_ROW`), then '+N more'. Bars and chips sit on the same lines so that a bar runs
 * straight across the days it covers.
 */
const ROW_TEMPLATE = {
  gridTemplateRows: `2rem repeat(${String(MONTH_CELL_MAX_EVENTS)}, 1.375rem) 1.5rem`,
};
const TWO_LINE_ROW = {
  gridTemplateRows: `2rem repeat(${String(MONTH_CELL_MAX_EVENTS)}, 1.875rem) 1.5rem`,
};
/**
 * Grid places as classes (issue 23: a chip mounts without style properties). Columns 1–7 and spans 1–7 by
 * day; rows 2 to `MONTH_CELL_MAX_EVENTS + 1` for the event lines (row 1 holds the day numbers), then '+N more'.
 * Written out whole so that Tailwind finds them in the source.
 */
const COLUMN = [
  'col-start-1',
  'col-start-2',
  'col-start-3',
  'col-start-4',
  'col-start-5',
  'col-start-6',
  'col-start-7',
];
const SPAN = [
  'col-span-1',
  'col-span-2',
  'col-span-3',
  'col-span-4',
  'col-span-5',
  'col-span-6',
  'col-span-7',
];
const LINE = ['row-start-2', 'row-start-3', 'row-start-4'];
const MORE_ROW = 'row-start-5';
if (LINE.length !== MONTH_CELL_MAX_EVENTS) throw new Error('month-view: one row class per event line');
/**
 * Where a chip or bar on event line `line` (0-based) sits: the line's row class on screen; a line beyond
 * `MONTH_CELL_MAX_EVENTS`, which only printing lays out (`usePrinting`), by its grid row number instead.
 */
function linePlace(line: number): { className: string; gridRow?: number } {
  const className = LINE[line];
  return className === undefined ? { className: '', gridRow: line + 2 } : { className };
}
/** The month view's root, the scope of its colour sheet. */
const SCOPE = '[data-testid="month-view"]';
let colorSheet: string | undefined;
/** The month grid's chip colours (`chipColorSheet`), built when the month is first drawn. */
function monthColorSheet(): string {
  colorSheet ??= chipColorSheet(SCOPE);
  return colorSheet;
}

interface MonthViewProps {
  date: string;
  today: string;
  items: EventOccurrenceDto[];
  membersById: ReadonlyMap<number, FamilyMemberDto>;
  onOpenDay: (date: string) => void;
  onAddOnDay: (date: string) => void;
  onOpenEvent: (item: EventOccurrenceDto) => void;
}

interface MonthChipProps {
  /** Where the chip sits ('row:b:lane:start' for a bar, 'row:c:day:line' for a chip): what a click opens. */
  spot: string;
  onOpenAt: (spot: string) => void;
  item: EventOccurrenceDto;
  issues: readonly string[];
  membersById: ReadonlyMap<number, FamilyMemberDto>;
  variant: 'month' | 'bar';
  continuesBefore?: boolean;
  continuesAfter?: boolean;
  /** Classes: the chip's place in the week row's grid and its margins. */
  className: string;
  /** False when the grid is too narrow for a chip's time / initials to show (`useChipFit`). */
  time: boolean;
  initials: boolean;
  /** The grid row (1-based) of an event line beyond the screen's classes (`linePlace`): printing only. */
  gridRow?: number;
}

/**
 * True when a month chip would draw the same thing: its occurrence may be another day's (a series' next
 * month) as long as its text is the same, since a click asks the month view what sits at `spot` now.
 */
function sameMonthChip(a: MonthChipProps, b: MonthChipProps): boolean {
  return (Object.keys(a) as (keyof MonthChipProps)[]).every((key) =>
    key === 'item'
      ? sameChipContent(a.item, b.item)
      : key === 'issues'
        ? a.issues.join('\n') === b.issues.join('\n')
        : a[key] === b[key],
  );
}

/**
 * Issue 23: a chip of the month grid, drawn again only when what it shows changes. Chips are keyed by their
 * place in the grid, so that a month switch reuses the elements and updates only the chips whose text differs.
 */
const MonthChip = memo(function MonthChip({ spot, onOpenAt, gridRow, ...chip }: MonthChipProps) {
  // No hook: the chip draws again only when what it shows changes, and a click asks for what sits at `spot`.
  // A style property only for a printed line beyond the screen's (issue 23: screen chips mount without one).
  const style: CSSProperties | undefined = gridRow === undefined ? undefined : { gridRowStart: gridRow };
  return chipElement({ ...chip, style, onOpen: () => onOpenAt(spot), colorsFromSheet: true });
}, sameMonthChip);

/**
 * Whether the page is being printed (or emulates print media): true from `beforeprint`, or from the
 * `matchMedia('print')` query starting to match, until `afterprint` or the query no longer matching. The
 * state is set with `flushSync` so that the grid is drawn again before the browser lays the page out for
 * paper (a `beforeprint` listener's ordinary update would come after it).
 */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(() => window.matchMedia('print').matches);
  useEffect(() => {
    const query = window.matchMedia('print');
    const set = (on: boolean) => flushSync(() => setPrinting(on));
    const follow = () => set(query.matches);
    const before = () => set(true);
    query.addEventListener('change', follow);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', follow);
    return () => {
      query.removeEventListener('change', follow);
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', follow);
    };
  }, []);
  return printing;
}

/** What a month chip has room for (`useChipFit`). */
interface ChipFit {
  time: boolean;
  initials: boolean;
}

/**
 * Whether the month grid (`ref`, its root element) is wide enough for its chips' time and initials to show
 * (`monthTimeMinWidth`, `monthInitialsMinWidth`: its content width in CSS px against the root font size),
 * measured before the first paint and followed as it is resized. Both true until measured. A chip makes
 * neither where it has no room (issue 23: fewer elements; ADR 028: a measure, not a container query, since a
 * size container makes the grid's style wait for its layout).
 */
function useChipFit(ref: RefObject<HTMLDivElement | null>): ChipFit {
  const [fit, setFit] = useState<ChipFit>({ time: true, initials: true });
  useLayoutEffect(() => {
    const grid = ref.current;
    if (!grid) return;
    const decide = (width: number) => {
      const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      const time = width >= monthTimeMinWidth(rem);
      const initials = width >= monthInitialsMinWidth(rem);
      setFit((was) => (was.time === time && was.initials === initials ? was : { time, initials }));
    };
    const style = getComputedStyle(grid);
    const edges = ['borderLeftWidth', 'borderRightWidth', 'paddingLeft', 'paddingRight'] as const;
    decide(
      edges.reduce(
        (width, edge) => width - Number.parseFloat(style[edge]),
        grid.getBoundingClientRect().width,
      ),
    );
    const observer = new ResizeObserver(([entry]) => {
      if (entry) decide(entry.contentRect.width);
    });
    observer.observe(grid);
    return () => observer.disconnect();
  }, [ref]);
  return fit;
}

/**
 * SPEC §2 month view: 7 columns from Sunday, at most 3 events a day then '+N more' (which opens that day); on
 * paper (`usePrinting`, ADR 053) every event of every day, the week rows growing to their busiest day.
 * Issue 22: multi-day and all-day events are one bar per week row; chips give the title the room (issue 46: on
 * two lines, without the time, where the grid is too narrow for it). A click or tap on a day (its cell or its
 * number) opens it in day view; a double-click or double tap adds an event on it; Enter on its number opens it.
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
  const weeks = useMemo(() => monthGrid(date), [date]);
  const month = date.slice(0, 7);
  const printing = usePrinting();
  // Once per data change, month or switch to paper: the month's items by day (one pass), then each week row's
  // bars and chips (every one of them on paper) and how many event lines it takes.
  const { rows, itemAt } = useMemo(() => {
    const byDate = itemsByDate(
      items,
      weeks.flat().map((cell) => cell.date),
    );
    const spots = new Map<string, EventOccurrenceDto>();
    const laidOut = weeks.map((week, row) => {
      const dates = week.map((cell) => cell.date);
      const layout = layoutMonthWeek(
        dates,
        dates.map((d) => byDate.get(d) ?? []),
        printing ? Number.POSITIVE_INFINITY : MONTH_CELL_MAX_EVENTS,
      );
      let lines = MONTH_CELL_MAX_EVENTS;
      for (const bar of layout.bars) {
        spots.set(`${String(row)}:b:${String(bar.lane)}:${String(bar.start)}`, bar.item);
        lines = Math.max(lines, bar.lane + 1);
      }
      for (const chip of layout.chips) {
        spots.set(`${String(row)}:c:${String(chip.day)}:${String(chip.line)}`, chip.item);
        lines = Math.max(lines, chip.line + 1);
      }
      return { dates, layout, lines };
    });
    return { rows: laidOut, itemAt: spots };
  }, [items, weeks, printing]);
  const issuesByOccurrence = useIssuesByOccurrence();
  // A single, stable open handler for every chip: it looks up what sits at the chip's spot now.
  const latest = useRef({ itemAt, onOpenEvent });
  useLayoutEffect(() => {
    latest.current = { itemAt, onOpenEvent };
  });
  const openAt = useCallback((spot: string) => {
    const item = latest.current.itemAt.get(spot);
    if (item) latest.current.onOpenEvent(item);
  }, []);
  // One long-press for every chip of the grid (issue 22's peek), not a hook per chip.
  const peek = useLongPressPeek();
  const gridRef = useRef<HTMLDivElement>(null);
  const fit = useChipFit(gridRef);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The day and time (the event's timeStamp, ms) of a click still waiting for a second one.
  const first = useRef<{ day: string; at: number } | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  // From clicks, not `dblclick`: a touch screen's double tap sends two clicks and, on many, no `dblclick`.
  const click = (day: string, e: MouseEvent) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const waiting = first.current;
    first.current = null;
    if (e.detail === 0) {
      onOpenDay(day); // Enter or Space on the day's number: no second click to wait for
    } else if (waiting?.day === day && e.timeStamp - waiting.at < DOUBLE_CLICK_WAIT_MS) {
      onAddOnDay(day);
    } else {
      first.current = { day, at: e.timeStamp };
      timer.current = setTimeout(() => {
        first.current = null;
        onOpenDay(day);
      }, DOUBLE_CLICK_WAIT_MS);
    }
  };
  const twoLines = !fit.time;

  return (
    <div
      ref={gridRef}
      className="touch-manipulation overflow-hidden rounded-lg border border-slate-200 bg-white"
      data-testid="month-view"
      {...peek.handlers}
    >
      <style>{monthColorSheet()}</style>
      {peek.bubble}
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
      {/* Rows, days and chips keyed by their place, not their date: a month switch updates the elements. */}
      {rows.map(({ dates, layout, lines }, row) => (
        <div
          key={row}
          className="grid grid-cols-7 border-b border-slate-200 pb-1 last:border-b-0"
          // On paper the print style sheet's rows, `--month-lines` of them (styles.css).
          style={
            printing
              ? { ...ROW_TEMPLATE, ['--month-lines' as string]: lines }
              : twoLines
                ? TWO_LINE_ROW
                : ROW_TEMPLATE
          }
          data-testid="month-week"
        >
          {dates.map((day, i) => {
            const inMonth = day.slice(0, 7) === month;
            return (
              <div
                key={i}
                data-date={day}
                onClick={(e) => click(day, e)}
                className={cn(
                  'row-span-full cursor-pointer border-slate-200 hover:bg-indigo-50/40',
                  COLUMN[i],
                  i < 6 && 'border-r',
                  inMonth ? 'bg-white' : 'bg-slate-50',
                )}
              />
            );
          })}
          {dates.map((day, i) => (
            <button
              key={i}
              type="button"
              onClick={(e) => click(day, e)}
              aria-label={`${longDayName(day)}: open in day view`}
              className={cn(
                COLUMN[i],
                'row-start-1 mt-1 ml-1 inline-flex h-7 w-7 items-center justify-center self-start justify-self-start rounded-full text-sm font-medium hover:bg-slate-200',
                day === today
                  ? 'bg-indigo-600 text-white hover:bg-indigo-700'
                  : day.slice(0, 7) === month
                    ? 'text-slate-900'
                    : 'text-slate-600',
              )}
            >
              {Number(day.slice(8, 10))}
            </button>
          ))}
          {layout.bars.map((bar) => {
            // Issue 46: a bar one day wide in a phone's grid (~50 px: 'Tea…') is drawn as that day's chips are,
            // its title on two lines; its ends are in its name ('Nov 19 – Nov 21').
            const oneDay = twoLines && bar.span === 1;
            const place = linePlace(bar.lane);
            return (
              <MonthChip
                key={`b-${String(bar.lane)}-${String(bar.start)}`}
                spot={`${String(row)}:b:${String(bar.lane)}:${String(bar.start)}`}
                onOpenAt={openAt}
                item={bar.item}
                issues={occurrenceIssues(issuesByOccurrence, bar.item)}
                membersById={membersById}
                time={fit.time}
                initials={!oneDay}
                variant={oneDay ? 'month' : 'bar'}
                continuesBefore={!oneDay && bar.continuesBefore}
                continuesAfter={!oneDay && bar.continuesAfter}
                gridRow={place.gridRow}
                className={cn(
                  COLUMN[bar.start],
                  SPAN[bar.span - 1],
                  place.className,
                  'self-start',
                  oneDay
                    ? 'mx-px'
                    : [bar.continuesBefore ? 'ml-0' : 'ml-0.5', bar.continuesAfter ? 'mr-0' : 'mr-0.5'],
                )}
              />
            );
          })}
          {layout.chips.map((chip) => {
            const place = linePlace(chip.line);
            return (
              <MonthChip
                key={`c-${String(chip.day)}-${String(chip.line)}`}
                spot={`${String(row)}:c:${String(chip.day)}:${String(chip.line)}`}
                onOpenAt={openAt}
                item={chip.item}
                issues={occurrenceIssues(issuesByOccurrence, chip.item)}
                membersById={membersById}
                time={fit.time}
                initials={fit.initials}
                variant="month"
                gridRow={place.gridRow}
                className={cn(COLUMN[chip.day], place.className, twoLines ? 'mx-px' : 'mx-0.5', 'self-start')}
              />
            );
          })}
          {layout.more.map((more, i) =>
            more > 0 ? (
              <button
                key={i}
                type="button"
                onClick={(e) => {
                  e.stopPropagation();
                  onOpenDay(dates[i] ?? '');
                }}
                aria-label={`+${String(more)} more on ${longDayName(dates[i] ?? '')}: open in day view`}
                className={cn(
                  COLUMN[i],
                  MORE_ROW,
                  'mx-1 self-center justify-self-start rounded px-1 text-xs font-semibold text-slate-700 hover:bg-slate-200 hover:text-slate-900',
                )}
              >
                +{more}
                <span className="hidden sm:inline"> more</span>
              </button>
            ) : null,
          )}
        </div>
      ))}
    </div>
  );
}
