import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, TriangleAlert } from 'lucide-react';
import type { DrivingLegDto } from '../../../core/contracts/driving.ts';
import { weekDates } from '../../../core/calendar/range.ts';
import { formatDay, formatTime } from '../../../core/reminders/summary.ts';
import { joinNames } from '../../../core/driving/words.ts';
import { addLocalDays, isLocalDate } from '../../../core/time/local-time.ts';
import { todayIn } from '../../../core/time/today.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { browserTimeZone } from '../../platform/device-zone.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../../common/session.ts';
import { useDriving } from '../../common/driving/api.ts';
import { useFamilyMembers } from '../../common/members.ts';

/** Where a leg's event opens: its occurrence in the event form. */
function legHref(leg: DrivingLegDto): string {
  const params = new URLSearchParams({ from: 'driving' });
  if (leg.series_id !== null && leg.occurrence_start && leg.series_id === leg.event_id) {
    params.set('occurrence', leg.occurrence_start);
  }
  return `/add-event/${String(leg.event_id)}?${params.toString()}`;
}

/** "Pick up Lucia from Soccer" / "Drop off Lucia at Piano" (no passengers: "Pick up from Soccer"). */
function legWhat(leg: DrivingLegDto, names: ReadonlyMap<number, string>): string {
  const who = joinNames(leg.passenger_ids.flatMap((id) => names.get(id) ?? []));
  return leg.kind === 'pickup'
    ? `Pick up${who ? ` ${who}` : ''} from ${leg.title}`
    : `Drop off${who ? ` ${who}` : ''} at ${leg.title}`;
}

/** A day's legs in time order: the moment that matters (`at`), then when the driver leaves, then the title. */
function byTime(a: DrivingLegDto, b: DrivingLegDto): number {
  return a.at.localeCompare(b.at) || a.from.localeCompare(b.from) || a.title.localeCompare(b.title);
}

/**
 * Issue 27 "Driving this week": the family's pickups and drop-offs of one week (Sunday to Saturday, the
 * family's days; `?date=` picks another), each day in time order with its driver on every row (issue 46).
 * The banner names each leg that needs attention (which one, when, why) and, apart, how many legs each
 * driver has this week.
 */
export function DrivingPage() {
  const session = useSession();
  const today = todayIn(session.data?.family_timezone ?? browserTimeZone(), new Date());
  const [params] = useSearchParams();
  const requested = params.get('date');
  // `?date=YYYY-MM-DD` opens the week holding that date (a link from a message); else this week.
  const [anchor, setAnchor] = useState<string | null>(requested && isLocalDate(requested) ? requested : null);
  const days = weekDates(anchor ?? today);
  const first = days[0] ?? today;
  const last = days.at(-1) ?? today;
  const driving = useDriving({ start: first, end: last });
  const members = useFamilyMembers();
  const names = useMemo(() => new Map((members.data ?? []).map((m) => [m.id, m.name])), [members.data]);
  const legs = useMemo(
    () => [...(driving.data?.legs ?? [])].sort((a, b) => a.day.localeCompare(b.day) || byTime(a, b)),
    [driving.data],
  );
  const problems = legs.filter((l) => l.issues.length > 0);
  const byDriver = new Map<string, number>();
  let undecided = 0;
  for (const l of legs) {
    if (l.driver_id === null) undecided += 1;
    else {
      const who = names.get(l.driver_id) ?? 'Someone';
      byDriver.set(who, (byDriver.get(who) ?? 0) + 1);
    }
  }
  const totals = [
    ...[...byDriver].sort(([a], [b]) => a.localeCompare(b)).map(([who, n]) => `${who} drives ${String(n)}`),
    ...(undecided > 0 ? [`${String(undecided)} without a driver`] : []),
  ].join(' · ');
  const thisWeek = days.includes(today);

  return (
    <div className="space-y-4">
      <PageHeader
        title={thisWeek ? 'Driving this week' : 'Driving'}
        subtitle={`${formatDay(first)} – ${formatDay(last)}`}
        actions={
          <>
            <Button
              variant="secondary"
              size="icon"
              aria-label="Previous week"
              onClick={() => setAnchor(addLocalDays(first, -7))}
            >
              <ChevronLeft className="h-4 w-4" />
            </Button>
            <Button variant="secondary" disabled={thisWeek} onClick={() => setAnchor(null)}>
              This week
            </Button>
            <Button
              variant="secondary"
              size="icon"
              aria-label="Next week"
              onClick={() => setAnchor(addLocalDays(first, 7))}
            >
              <ChevronRight className="h-4 w-4" />
            </Button>
          </>
        }
      />

      {driving.isError ? (
        <ErrorAlert>Could not load the pickups and drop-offs. {driving.error.message}</ErrorAlert>
      ) : null}
      {driving.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading pickups and drop-offs" />
        </div>
      ) : null}

      {driving.data && legs.length === 0 ? <EmptyState>No pickups or drop-offs this week.</EmptyState> : null}

      {legs.length > 0 ? (
        <>
          <div
            role="status"
            data-testid="driving-status"
            className={cn(
              'rounded-md px-3 py-2 text-sm',
              problems.length > 0 ? 'bg-amber-50 text-amber-900' : 'bg-green-50 text-green-900',
            )}
          >
            {problems.length > 0 ? (
              <>
                <p className="font-medium">
                  {problems.length === 1
                    ? '1 pickup or drop-off needs attention:'
                    : `${String(problems.length)} pickups and drop-offs need attention:`}
                </p>
                <ul className="mt-1 space-y-1" data-testid="driving-problems">
                  {problems.map((leg) => (
                    <li key={leg.key}>
                      <Link
                        to={legHref(leg)}
                        className="underline decoration-amber-400 underline-offset-2 hover:decoration-amber-700"
                      >
                        {formatDay(leg.day)}, {formatTime(leg.at)}: {legWhat(leg, names)}
                      </Link>{' '}
                      ({leg.issues.map((i) => i.message).join('; ')})
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p>Every pickup and drop-off has a driver who is free.</p>
            )}
          </div>
          <p data-testid="driving-totals" className="text-sm text-slate-700">
            <span className="font-medium">Totals for the week:</span> {totals}
          </p>
          {driving.data?.legs_truncated ? (
            <p role="status" className="text-sm text-amber-900">
              This week has more pickups and drop-offs than one page shows: the first{' '}
              {legs.length.toLocaleString('en-US')} are listed.
            </p>
          ) : null}
          {days.map((day) => {
            const ofDay = legs.filter((l) => l.day === day);
            if (ofDay.length === 0) return null;
            return (
              <section key={day} aria-labelledby={`day-${day}`} className="space-y-2">
                <h2 id={`day-${day}`} className="text-sm font-semibold text-slate-700">
                  {formatDay(day)}
                  {day === today ? ' (today)' : ''}
                </h2>
                <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
                  {ofDay.map((leg) => (
                    <LegRow key={leg.key} leg={leg} names={names} />
                  ))}
                </ul>
              </section>
            );
          })}
        </>
      ) : null}
    </div>
  );
}

function LegRow({ leg, names }: { leg: DrivingLegDto; names: ReadonlyMap<number, string> }) {
  const driver = leg.driver_id === null ? null : (names.get(leg.driver_id) ?? 'Someone');
  return (
    <li data-testid="driving-leg" data-problem={leg.issues.length > 0 ? 'true' : undefined}>
      <Link
        to={legHref(leg)}
        className="flex flex-col gap-1 px-3 py-2 outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-indigo-600 sm:flex-row sm:items-start sm:gap-4"
      >
        <span className="w-20 shrink-0 text-sm font-semibold text-slate-900">{formatTime(leg.at)}</span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm text-slate-900">{legWhat(leg, names)}</span>
          <span className="block text-xs text-slate-600">
            Leave {formatTime(leg.from)} · back {formatTime(leg.to)}
          </span>
          {/* A gap is said once, where the driver's name goes; the clashes are listed here. */}
          {leg.issues
            .filter((issue) => issue.type !== 'no_driver')
            .map((issue) => (
              <span
                key={issue.message}
                data-testid="driving-issue"
                className="mt-1 flex items-center gap-1 text-xs font-medium text-amber-900"
              >
                <TriangleAlert aria-hidden className="h-3.5 w-3.5 shrink-0 fill-amber-300 text-amber-800" />
                {issue.message}
              </span>
            ))}
          {leg.issues_truncated ? (
            <span className="mt-1 block text-xs text-amber-900">…and more clashes (open the event)</span>
          ) : null}
        </span>
        <span
          data-testid="driving-driver"
          className={cn(
            'shrink-0 self-start rounded-full px-2 py-0.5 text-xs font-medium',
            driver === null ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-800',
          )}
        >
          {driver === null ? 'No driver yet' : `Driver: ${driver}`}
        </span>
      </Link>
    </li>
  );
}
