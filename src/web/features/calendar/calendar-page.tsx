import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import type { EventOccurrenceDto } from '../../../core/contracts/events.ts';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import {
  CALENDAR_VIEWS,
  headerText,
  matchesMemberFilter,
  parseView,
  shiftDate,
  visibleRange,
  weekDates,
  weekRangeText,
  type CalendarView,
} from '../../../core/calendar/layout.ts';
import { isLocalDate } from '../../../core/time/local-time.ts';
import { todayIn } from '../../../core/time/today.ts';
import { browserTimeZone } from '../../components/time-zone-field.tsx';
import { MemberFilter, useMemberFilter } from '../../components/member-filter.tsx';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../auth/api.ts';
import { useCalendarMembers, useOccurrences } from './api.ts';
import { MonthView } from './month-view.tsx';
import { TimeGrid } from './time-grid.tsx';
import { eventHref } from './event-chip.tsx';
import { CalendarSync } from './calendar-sync.tsx';

const VIEW_LABELS: Record<CalendarView, string> = { month: 'Month', week: 'Week', day: 'Day' };
const UNIT: Record<CalendarView, string> = { month: 'month', week: 'week', day: 'day' };

/**
 * SPEC §2 Calendar screen: Month, Week and Day views (`?view=`), starting on today with every member selected;
 * previous / next by the view's unit; the member filter; only the visible days are fetched. "Today" is the
 * family's date (issue 18: in the session's `family_timezone`, this device's zone only until the session is read).
 */
export function CalendarPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const view = parseView(params.get('view'));
  const today = todayIn(session.data?.family_timezone ?? browserTimeZone(), new Date());
  const requested = params.get('date');
  const [date, setDate] = useState(requested && isLocalDate(requested) ? requested : today);

  const range = visibleRange(view, date);
  const occurrences = useOccurrences(range);
  const members = useCalendarMembers();
  const filter = useMemberFilter(members.data);
  const membersById = useMemo(
    () => new Map<number, FamilyMemberDto>((members.data ?? []).map((m) => [m.id, m])),
    [members.data],
  );
  const items = (occurrences.data ?? []).filter((item) => matchesMemberFilter(item, filter.active));

  const setView = (next: CalendarView, nextDate = date) => {
    setDate(nextDate);
    setParams({ view: next });
  };
  const openEvent = (item: EventOccurrenceDto) => void navigate(eventHref(item, view));
  const addOn = (day: string, hour?: string) => {
    const q = new URLSearchParams({ date: day });
    if (hour) q.set('hour', hour);
    q.set('view', view);
    void navigate(`/add-event?${q.toString()}`);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{headerText(view, date)}</h1>
          {view === 'week' ? <p className="text-sm text-slate-600">{weekRangeText(date)}</p> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div className="flex items-center rounded-md border border-slate-300 bg-white">
            <button
              type="button"
              aria-label={`Previous ${UNIT[view]}`}
              onClick={() => setDate(shiftDate(view, date, -1))}
              className="inline-flex h-10 w-10 items-center justify-center text-slate-700 hover:bg-slate-100"
            >
              <ChevronLeft className="h-5 w-5" aria-hidden />
            </button>
            <button
              type="button"
              onClick={() => setDate(today)}
              className="h-10 border-x border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-100"
            >
              Today
            </button>
            <button
              type="button"
              aria-label={`Next ${UNIT[view]}`}
              onClick={() => setDate(shiftDate(view, date, 1))}
              className="inline-flex h-10 w-10 items-center justify-center text-slate-700 hover:bg-slate-100"
            >
              <ChevronRight className="h-5 w-5" aria-hidden />
            </button>
          </div>
          <div
            role="group"
            aria-label="View"
            className="flex rounded-md border border-slate-300 bg-white p-0.5"
          >
            {CALENDAR_VIEWS.map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={v === view}
                onClick={() => setView(v)}
                className={cn(
                  'h-9 rounded px-3 text-sm font-medium',
                  v === view ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100',
                )}
              >
                {VIEW_LABELS[v]}
              </button>
            ))}
          </div>
          <Button onClick={() => void navigate(`/add-event?view=${view}`)}>
            <Plus className="h-4 w-4" aria-hidden />
            Add Event
          </Button>
        </div>
      </div>

      {occurrences.isError ? (
        <ErrorAlert>Could not load events. {occurrences.error.message}</ErrorAlert>
      ) : null}

      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="relative min-w-0">
          {occurrences.isPending ? (
            <div className="absolute inset-0 z-10 flex items-start justify-center pt-24">
              <Spinner label="Loading events" />
            </div>
          ) : null}
          {view === 'month' ? (
            <MonthView
              date={date}
              today={today}
              items={items}
              membersById={membersById}
              onOpenDay={(day) => setView('day', day)}
              onAddOnDay={(day) => addOn(day)}
              onOpenEvent={openEvent}
            />
          ) : (
            <TimeGrid
              dates={view === 'week' ? weekDates(date) : [date]}
              today={today}
              items={items}
              membersById={membersById}
              {...(view === 'week' ? { onOpenDay: (day: string) => setView('day', day) } : {})}
              onSlot={(day, hour) => addOn(day, hour)}
              onOpenEvent={openEvent}
            />
          )}
        </div>
        <aside>
          {members.data ? (
            <MemberFilter
              title="Filter by Family Member"
              subtitle="Filter by Attendee"
              members={members.data}
              filter={filter}
            />
          ) : members.isError ? (
            <ErrorAlert>Could not load family members.</ErrorAlert>
          ) : null}
          <div className="mt-4">
            <CalendarSync />
          </div>
        </aside>
      </div>
    </div>
  );
}
