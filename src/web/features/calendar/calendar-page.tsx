import { lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import type { DrivingLegDto } from '../../../core/contracts/driving.ts';
import type { EventOccurrenceDto } from '../../../core/contracts/events.ts';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import { headerText, matchesMemberFilter, rangeText, shiftDate } from '../../../core/calendar/layout.ts';
import {
  AGENDA_DAYS,
  CALENDAR_VIEWS,
  calendarAddress,
  shownDates,
  type CalendarView,
} from '../../../core/calendar/range.ts';
import { todayIn } from '../../../core/time/today.ts';
import { browserTimeZone } from '../../platform/device-zone.ts';
import { MemberFilter } from '../../components/member-filter.tsx';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../../common/session.ts';
import { calendarDateOf, calendarReturnState } from '../../common/calendar-return.ts';
import { AgendaView } from './agenda-view.tsx';
import { useDriving } from '../../common/driving/api.ts';
import { DrivingIssuesProvider } from '../../common/driving/driving-issues.tsx';
import { useOccurrences } from './api.ts';
import { MonthView } from './month-view.tsx';
import { eventHref } from './event-chip.tsx';
import { CalendarSync } from './calendar-sync.tsx';
import { MemberChips } from './member-chips.tsx';
import { useCalendarMemberFilter } from './member-filter-state.ts';
import { PHONE_QUERY, rememberFamilyZone } from './opening-data.ts';
import { QuickAdd } from './quick-add.tsx';
import { useFamilyMembers } from '../../common/members.ts';

const VIEW_LABELS: Record<CalendarView, string> = {
  month: 'Month',
  week: 'Week',
  day: 'Day',
  agenda: 'Agenda',
};
const UNIT: Record<CalendarView, string> = { month: 'month', week: 'week', day: 'day', agenda: 'days' };
/** The most days the agenda grows to with 'Show more days' (the API answers at most 400 a call). */
const AGENDA_MAX_DAYS = 364;
const NO_LEGS: DrivingLegDto[] = [];
/**
 * The week and day views' time grid, loaded when first shown: the month (desktop) and agenda (phone) open the
 * calendar, and the signed-in shell stays within its size budget (issue 23).
 */
const TimeGrid = lazy(async () => ({ default: (await import('./time-grid.tsx')).TimeGrid }));

let phoneList: MediaQueryList | undefined;
/** The phone media query, made once (it is read at every render of the calendar, e.g. each month switch). */
const phoneQuery = () => (phoneList ??= window.matchMedia(PHONE_QUERY));
/**
 * Whether the phone query matches, kept from its change events while the calendar listens, and unknown (read
 * afresh) while nothing listens. Issue 23: `matches` evaluates the query again at each read, twice a render
 * (2.8 ms of self time in a profile of 40 month switches).
 */
let phoneNow: boolean | undefined;
const subscribePhone = (onChange: () => void) => {
  const query = phoneQuery();
  phoneNow = query.matches; // as it is now: React reads it again once subscribed, in case it changed since
  const changed = () => {
    phoneNow = query.matches;
    onChange();
  };
  query.addEventListener('change', changed);
  return () => {
    query.removeEventListener('change', changed);
    phoneNow = undefined;
  };
};
const isPhoneNow = () => (phoneNow ??= phoneQuery().matches);
/**
 * True below 768 px (SPEC §2's phone layout), following the window as it is resized or turned. Rendered on the
 * server (the signed-in page's agenda, ADR 025) it is true: the server renders what a phone opens on, and the
 * page shows it only below 768 px.
 */
function useIsPhone(): boolean {
  return useSyncExternalStore(subscribePhone, isPhoneNow, () => true);
}
/** The toolbar's icons, made once: the same elements at every render, so React does not draw them again. */
const PREVIOUS_ICON = <ChevronLeft className="h-5 w-5" aria-hidden />;
const NEXT_ICON = <ChevronRight className="h-5 w-5" aria-hidden />;
const ADD_ICON = <Plus className="h-4 w-4" aria-hidden />;

/**
 * SPEC §2 Calendar screen: Month, Week and Day views, and issue 22's Agenda (`?view=`; without it the agenda on
 * a phone, the month otherwise), starting on today; previous / next by the view's unit; the member filter,
 * kept in the URL and on this device (chips above the calendar, the side panel on wide screens); only the
 * shown days are fetched. "Today" is the family's date (in the session's `family_timezone`, this device's
 * zone only until the session is read).
 */
export function CalendarPage() {
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const phone = useIsPhone();
  const { view, requested } = calendarAddress(params, phone);
  const zone = session.data?.family_timezone;
  const today = todayIn(zone ?? browserTimeZone(), new Date());
  // The next opening fetches its first range before this code loads, with this zone (issue 23).
  useEffect(() => {
    if (zone) rememberFamilyZone(zone);
  }, [zone]);
  // Until the family moves away from it, the calendar follows "today" (which can change once the session is read).
  // Back from an event form, the date it was opened on (issue 46), unless the address names one.
  const [picked, setPicked] = useState<string | null>(requested ?? calendarDateOf(state));
  const date = picked ?? today;
  const [agendaLength, setAgendaLength] = useState(AGENDA_DAYS);

  // The same rule as the early fetch's (./opening-data.ts), so its replies are the ones asked for here.
  const dates = shownDates(view, date, phone, agendaLength);
  const occurrences = useOccurrences({ start: dates[0] ?? date, end: dates.at(-1) ?? date });
  // Issue 27: transport clashes flagged on the chips of the shown days.
  const driving = useDriving({ start: dates[0] ?? date, end: dates.at(-1) ?? date });
  const members = useFamilyMembers();
  const filter = useCalendarMemberFilter(members.data);
  const membersById = useMemo(
    () => new Map<number, FamilyMemberDto>((members.data ?? []).map((m) => [m.id, m])),
    [members.data],
  );
  const items = useMemo(
    () => (occurrences.data ?? []).filter((item) => matchesMemberFilter(item, filter.active)),
    [occurrences.data, filter.active],
  );

  const goTo = (next: string) => {
    setPicked(next);
    setAgendaLength(AGENDA_DAYS);
  };
  const setView = (next: CalendarView, nextDate = date) => {
    goTo(nextDate);
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('view', next);
      updated.delete('date');
      return updated;
    });
  };
  // Issue 46: the form comes back to this date (its address keeps the view), not to today's. This page's own
  // history entry keeps the date too, so that the browser's Back from the form returns to it.
  const toForm = (href: string) => {
    void navigate({ search: params.toString() }, { replace: true, state: calendarReturnState(date) });
    void navigate(href, { state: calendarReturnState(date) });
  };
  const openEvent = (item: EventOccurrenceDto) => toForm(eventHref(item, view));
  const addOn = (day: string, hour?: string) => {
    const q = new URLSearchParams({ date: day });
    if (hour) q.set('hour', hour);
    q.set('view', view);
    toForm(`/add-event?${q.toString()}`);
  };

  const filterPanel = members.data ? (
    <MemberFilter
      title="Filter by Family Member"
      subtitle="Filter by Attendee"
      members={members.data}
      filter={filter}
    />
  ) : members.isError ? (
    <ErrorAlert>Could not load family members.</ErrorAlert>
  ) : null;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{headerText(view, date)}</h1>
          {view === 'week' || view === 'agenda' ? (
            <p className="text-sm text-slate-600">{rangeText(dates)}</p>
          ) : null}
        </div>
        <div className="flex w-full flex-wrap items-center gap-2 md:w-auto">
          <div className="flex items-center rounded-md border border-slate-300 bg-white">
            <button
              type="button"
              aria-label={view === 'agenda' ? 'Earlier days' : `Previous ${UNIT[view]}`}
              onClick={() => goTo(shiftDate(view, date, -1, phone))}
              className="inline-flex h-10 w-10 items-center justify-center text-slate-700 hover:bg-slate-100"
            >
              {PREVIOUS_ICON}
            </button>
            <button
              type="button"
              onClick={() => goTo(today)}
              className="h-10 border-x border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-100"
            >
              Today
            </button>
            <button
              type="button"
              aria-label={view === 'agenda' ? 'Later days' : `Next ${UNIT[view]}`}
              onClick={() => goTo(shiftDate(view, date, 1, phone))}
              className="inline-flex h-10 w-10 items-center justify-center text-slate-700 hover:bg-slate-100"
            >
              {NEXT_ICON}
            </button>
          </div>
          <Button className="ml-auto md:ml-0" onClick={() => toForm(`/add-event?view=${view}`)}>
            {ADD_ICON}
            Add Event
          </Button>
          <div
            role="group"
            aria-label="View"
            className="flex w-full rounded-md border border-slate-300 bg-white p-0.5 md:order-first md:w-auto"
          >
            {CALENDAR_VIEWS.map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={v === view}
                onClick={() => setView(v)}
                className={cn(
                  'h-9 flex-1 rounded px-3 text-sm font-medium md:flex-none',
                  v === view ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100',
                )}
              >
                {VIEW_LABELS[v]}
              </button>
            ))}
          </div>
        </div>
      </div>

      <QuickAdd onEditDetails={(query) => toForm(`/add-event?${query}&view=${view}`)} />

      {members.data ? (
        <MemberChips members={members.data} filter={filter} className="2xl:hidden" />
      ) : members.isPending ? (
        // The chip row's height (py-1 around h-10 chips) held while members load, so nothing below moves (CLS).
        <div aria-hidden className="h-12 2xl:hidden" />
      ) : null}

      {occurrences.isError ? (
        <ErrorAlert>Could not load events. {occurrences.error.message}</ErrorAlert>
      ) : null}

      <div className="grid gap-4 2xl:grid-cols-[minmax(0,1fr)_16rem]">
        <DrivingIssuesProvider legs={driving.data?.legs ?? NO_LEGS}>
          {/* Below 2xl the side panel comes after the calendar: the calendar keeps most of a screen's height
              while its events load and grow it, so the panel starts below the first screen and is not pushed
              down in view (issue 23: CLS 0). */}
          <div className="relative min-h-[75vh] min-w-0 2xl:min-h-0">
            {/* Also while another range's events stand in for these (placeholder data): they are not this range's. */}
            {occurrences.isPending || occurrences.isPlaceholderData ? (
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
            ) : view === 'agenda' ? (
              <AgendaView
                dates={dates}
                today={today}
                items={items}
                membersById={membersById}
                onOpenEvent={openEvent}
                onAddOnDay={(day) => addOn(day)}
                onShowMore={() => setAgendaLength((n) => Math.min(AGENDA_MAX_DAYS, n + AGENDA_DAYS))}
                loading={occurrences.isPending}
              />
            ) : (
              <Suspense fallback={<Spinner label="Loading" />}>
                <TimeGrid
                  dates={dates}
                  today={today}
                  items={items}
                  membersById={membersById}
                  {...(view === 'week' ? { onOpenDay: (day: string) => setView('day', day) } : {})}
                  onSlot={(day, hour) => addOn(day, hour)}
                  onOpenEvent={openEvent}
                />
              </Suspense>
            )}
          </div>
        </DrivingIssuesProvider>
        <aside className="space-y-4">
          <div className="hidden 2xl:block">{filterPanel}</div>
          {members.isError ? <div className="2xl:hidden">{filterPanel}</div> : null}
          <CalendarSync />
        </aside>
      </div>
    </div>
  );
}
