import { useMemo } from 'react';
import { format, parseISO } from 'date-fns';
import { MapPin, Plus, Repeat } from 'lucide-react';
import type { EventOccurrenceDto } from '../../../core/contracts/events.ts';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import { clockTime, itemsByDate, lastDayOf } from '../../../core/calendar/layout.ts';
import { addLocalDays, localDateOf } from '../../../core/time/local-time.ts';
import { Button } from '../../components/ui/button.tsx';
import { attendeesOf, eventColors, Initials } from './event-chip.tsx';

/** The agenda's time column for an occurrence on `day`: its times, 'All day', or how a longer one runs. */
function timesOn(item: EventOccurrenceDto, day: string): { first: string; second: string | null } {
  const from = localDateOf(item.start_date);
  const to = lastDayOf(item);
  if (item.is_all_day) {
    if (from === to) return { first: 'All day', second: null };
    return { first: 'All day', second: `until ${format(parseISO(to), 'EEE d')}` };
  }
  const end = item.end_date;
  if (from === to || end === null) {
    return {
      first: clockTime(item.start_date),
      second: end && end !== item.start_date ? clockTime(end) : null,
    };
  }
  if (day === from)
    return { first: clockTime(item.start_date), second: `to ${format(parseISO(to), 'EEE d')}` };
  if (day === to) return { first: 'Until', second: clockTime(end) };
  return { first: 'All day', second: `until ${format(parseISO(to), 'EEE d')}` };
}

/**
 * One event as a full-width row (the agenda, and the list behind an overlap's '+N'): times, a bar in its
 * member's colour, the whole title (never cut), location and up to 3 attendee initials. Opens the event.
 */
export function EventRow({
  item,
  day,
  membersById,
  onOpen,
}: {
  item: EventOccurrenceDto;
  /** The day the row is listed under (an event over several days reads differently on each); default its first. */
  day?: string;
  membersById: ReadonlyMap<number, FamilyMemberDto>;
  onOpen: (item: EventOccurrenceDto) => void;
}) {
  const colors = eventColors(item, membersById);
  const attendees = attendeesOf(item, membersById);
  const times = timesOn(item, day ?? localDateOf(item.start_date));
  return (
    <button
      type="button"
      onClick={() => onOpen(item)}
      // No aria-label: the name is the visible text (times, title, location) plus what only shows as a picture
      // (initials, the repeat icon), so a voice-control user can say what they see (WCAG 2.5.3).
      data-testid="agenda-item"
      className="flex w-full items-stretch gap-3 rounded-lg px-2 py-2 text-left hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-none"
    >
      <span className="w-16 shrink-0 text-xs leading-5 text-slate-700 tabular-nums" data-testid="agenda-time">
        <span className="block font-semibold text-slate-900">{times.first}</span>
        {times.second ? <span className="block">{times.second}</span> : null}
      </span>
      <span aria-hidden className="w-1 shrink-0 rounded-full" style={{ backgroundColor: colors.edge }} />
      <span className="min-w-0 flex-1">
        <span className="flex items-start gap-1">
          <span
            className="min-w-0 flex-1 text-sm font-semibold break-words text-slate-900"
            data-testid="agenda-title"
          >
            {item.title}
          </span>
          {item.series_id !== null ? (
            <Repeat aria-hidden className="mt-1 h-3.5 w-3.5 shrink-0 text-slate-600" />
          ) : null}
        </span>
        {item.location ? (
          <span className="mt-0.5 flex items-center gap-1 text-xs text-slate-700">
            <MapPin aria-hidden className="h-3 w-3 shrink-0" />
            <span className="min-w-0 break-words">{item.location}</span>
          </span>
        ) : null}
      </span>
      <span aria-hidden className="contents">
        <Initials members={attendees} className="mt-0.5 flex self-start" />
      </span>
      {attendees.length > 0 || item.series_id !== null ? (
        <span className="sr-only">
          {attendees.length > 0 ? `, with ${attendees.map((m) => m.name).join(', ')}` : ''}
          {item.series_id !== null ? ', repeats' : ''}
        </span>
      ) : null}
    </button>
  );
}

interface AgendaViewProps {
  dates: string[];
  today: string;
  items: EventOccurrenceDto[];
  membersById: ReadonlyMap<number, FamilyMemberDto>;
  onOpenEvent: (item: EventOccurrenceDto) => void;
  onAddOnDay: (date: string) => void;
  /** Lists more days after the last one (the list grows; it does not move). */
  onShowMore: () => void;
  /**
   * The days' events have not arrived yet (the first load): neither "No events" nor "Show more days" is
   * shown, so nothing is said that is not known and nothing stands where the days are about to appear (CLS).
   */
  loading?: boolean;
}

/** 'Today', 'Tomorrow', or the weekday, then the date: 'Today · Sunday, November 22'. */
function dayHeading(day: string, today: string): string {
  const date = format(parseISO(day), 'EEEE, MMMM d');
  if (day === today) return `Today · ${date}`;
  if (day === addLocalDays(today, 1)) return `Tomorrow · ${date}`;
  return date;
}

/**
 * Issue 22 agenda: the listed days' events as a scrolling list by day, today first when it is in the range
 * (with 'Nothing planned' when it is empty), days without events left out. Each event shows its whole title
 * and its time. The phone's default view.
 */
export function AgendaView({
  dates,
  today,
  items,
  membersById,
  onOpenEvent,
  onAddOnDay,
  onShowMore,
  loading = false,
}: AgendaViewProps) {
  const byDate = useMemo(() => itemsByDate(items, dates), [items, dates]);
  const days = dates.filter((d) => d === today || (byDate.get(d)?.length ?? 0) > 0);
  const empty = days.every((d) => (byDate.get(d)?.length ?? 0) === 0);
  return (
    <div className="space-y-4" data-testid="agenda-view">
      {days.map((day) => {
        const list = byDate.get(day) ?? [];
        return (
          <section
            key={day}
            aria-labelledby={`agenda-${day}`}
            className="rounded-lg border border-slate-200 bg-white p-2"
            data-date={day}
          >
            <div className="flex items-center justify-between gap-2 px-2 pt-1 pb-1">
              <h2
                id={`agenda-${day}`}
                className={
                  day === today ? 'text-sm font-bold text-indigo-700' : 'text-sm font-semibold text-slate-900'
                }
              >
                {dayHeading(day, today)}
              </h2>
              <button
                type="button"
                onClick={() => onAddOnDay(day)}
                aria-label={`Add event on ${format(parseISO(day), 'EEEE, MMMM d')}`}
                className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
              >
                <Plus className="h-4 w-4" aria-hidden />
              </button>
            </div>
            {list.length === 0 ? (
              <p className="px-2 pb-2 text-sm text-slate-600">Nothing planned.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {list.map((item) => (
                  <li key={`${String(item.id)}-${item.start_date}`}>
                    <EventRow item={item} day={day} membersById={membersById} onOpen={onOpenEvent} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
      {loading ? null : empty ? (
        <p className="text-center text-sm text-slate-600">
          No events from {format(parseISO(dates[0] ?? today), 'MMMM d')} to{' '}
          {format(parseISO(dates.at(-1) ?? today), 'MMMM d')}.
        </p>
      ) : null}
      {loading ? null : (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={onShowMore}>
            Show more days
          </Button>
        </div>
      )}
    </div>
  );
}
