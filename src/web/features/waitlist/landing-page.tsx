import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link } from 'react-router';
import {
  Bell,
  CalendarDays,
  Car,
  Check,
  ClipboardList,
  ListChecks,
  MessageSquare,
  StickyNote,
  Sun,
} from 'lucide-react';
import { WAITLIST_COUNT_FALLBACK } from '../../../core/contracts/waitlist.ts';
import { useWaitlistCount } from './api.ts';
import { WaitlistForm } from './waitlist-form.tsx';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/** SPEC §9: the live count, or 2847 only when loading it fails; `null` while it loads. */
function useDisplayedCount(): number | null {
  const count = useWaitlistCount();
  if (count.isPending) return null;
  return count.isError ? WAITLIST_COUNT_FALLBACK : count.data;
}

/** The hero's line about the count, worded for an empty list and for one family too. */
export function CountLine({ count }: { count: number }) {
  if (count === 0) return <>Be the first family on the waitlist.</>;
  return (
    <>
      Join{' '}
      <strong className="font-bold text-indigo-700" data-testid="waitlist-count">
        {count.toLocaleString('en-US')}
      </strong>{' '}
      {count === 1 ? 'family' : 'families'} already on the waitlist.
    </>
  );
}

const FEATURES: { icon: Icon; title: string; text: string }[] = [
  {
    icon: CalendarDays,
    title: 'One shared calendar',
    text: 'Month, week and day views, with a colour for every family member and a filter to see just one person.',
  },
  {
    icon: ListChecks,
    title: 'Tasks and chores',
    text: 'Assign a task to one or several people, set when it is due, and send a reminder before it is.',
  },
  {
    icon: ClipboardList,
    title: 'Activity requests',
    text: 'Propose an activity, let the family accept or decline it, and add accepted ones to the calendar.',
  },
  {
    icon: StickyNote,
    title: 'Notes board',
    text: 'Shopping lists, ideas and important notes in one place. Pin what matters and drag to reorder.',
  },
  {
    icon: Car,
    title: 'Pickups and drop-offs',
    text: 'Mark who drives to and from an event, and FamilyHub creates their transport task automatically.',
  },
  {
    icon: MessageSquare,
    title: 'Ask by text message',
    text: '"What\'s on tomorrow?" The assistant answers schedule questions by SMS from your family\'s calendar.',
  },
];

// An example day with the product's defaults: the 7:30 AM summary, a drop-off planned 15 minutes before
// the event, and task reminders 30 minutes before the due time.
const REMINDERS: { time: string; icon: Icon; title: string; text: string }[] = [
  {
    time: '7:30 AM',
    icon: Sun,
    title: 'Daily summary',
    text: "Today: Maya's dentist at 3:30 PM, soccer practice at 5:00 PM, Leo packs the lunches.",
  },
  {
    time: '2:45 PM',
    icon: Car,
    title: 'Drop-off at 3:15 PM',
    text: "Dad: take Maya to Dr. Chen's office for her 3:30 PM appointment.",
  },
  {
    time: '4:30 PM',
    icon: Bell,
    title: 'Task due at 5:00 PM',
    text: 'Leo: "Pack the soccer bag".',
  },
];

const FREE_PLAN = [
  'Up to 4 family members',
  '50 events a month',
  'Unlimited tasks and notes',
  'E-mail notifications',
];

function Logo() {
  return (
    <Link
      to="/"
      className="flex shrink-0 items-center gap-2 text-base font-bold text-indigo-700 min-[360px]:text-lg"
    >
      <img
        src="/favicon.svg"
        alt=""
        width={32}
        height={32}
        className="h-7 w-7 min-[360px]:h-8 min-[360px]:w-8"
      />
      FamilyHub
    </Link>
  );
}

function Section({
  id,
  title,
  intro,
  centered = false,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  centered?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-20">
      <div className={centered ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
        <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {title}
        </h2>
        <p className="mt-3 text-base text-slate-600 sm:text-lg">{intro}</p>
      </div>
      <div className="mt-10">{children}</div>
    </section>
  );
}

/**
 * SPEC §2 Waitlist page, shown to signed-out visitors at `/` and every unknown path: what FamilyHub does,
 * the live waitlist count, reminder example times, statistics, SPEC §1's free plan, sign-in and register
 * links, and the waitlist form. No images beyond the inline logo and icons, so the first paint is light.
 *
 * At `/` signed-out visitors get this page as HTML rendered at build time (prerender.tsx, ADR 012) with the
 * form and the count brought to life by landing-island.ts; the `data-count` attributes name the parts the
 * island fills in. The SPA renders it too, for unknown paths and for the service worker's copy of `/`.
 */
export function LandingPage() {
  const count = useDisplayedCount();
  return (
    <div className="min-h-screen bg-white text-slate-900">
      <header className="border-b border-slate-100 bg-white/90">
        <nav
          aria-label="Account"
          className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 min-[360px]:px-4 sm:px-6"
        >
          <Logo />
          <div className="flex items-center gap-0.5 sm:gap-3">
            <Link
              to="/login"
              className="rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 sm:px-3"
            >
              Sign in
            </Link>
            <Link
              to="/register"
              className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium whitespace-nowrap text-white hover:bg-indigo-700"
            >
              Register
            </Link>
          </div>
        </nav>
      </header>

      <main>
        <div className="bg-gradient-to-b from-indigo-50 via-white to-white">
          <div className="mx-auto grid max-w-6xl items-start gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.15fr_1fr] lg:gap-16 lg:py-20">
            <div className="lg:pt-6">
              <p className="inline-flex items-center gap-2 rounded-full bg-indigo-100 px-3 py-1 text-xs font-semibold text-indigo-800">
                <span className="h-2 w-2 rounded-full bg-indigo-600" aria-hidden="true" />
                Private beta: now inviting families
              </p>
              <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
                Your family's week, finally in one place.
              </h1>
              <p className="mt-5 text-lg text-slate-600">
                FamilyHub brings the calendar, chores, activity sign-ups, notes and reminders together, so
                everyone knows who's driving, what's due and where to be.
              </p>
              <p className="mt-6 text-base text-slate-700" aria-live="polite" data-count="line">
                {count === null ? (
                  <span className="inline-block h-5 w-64 max-w-full animate-pulse rounded bg-slate-200 align-middle" />
                ) : (
                  <CountLine count={count} />
                )}
              </p>
              <ul className="mt-6 hidden space-y-2 text-sm text-slate-700 lg:block">
                {[
                  "A 7:30 AM summary of everyone's day",
                  'Pickup and drop-off reminders that name the driver',
                  'Free for families of up to 4',
                ].map((line) => (
                  <li key={line} className="flex items-center gap-2">
                    <Check aria-hidden="true" className="h-4 w-4 shrink-0 text-emerald-600" />
                    {line}
                  </li>
                ))}
              </ul>
            </div>

            <div
              id="join"
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-lg shadow-indigo-100/60 sm:p-8"
            >
              <WaitlistForm />
            </div>
          </div>
        </div>

        <section aria-label="FamilyHub in numbers" className="border-y border-slate-100 bg-slate-50">
          <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-x-4 gap-y-8 px-4 py-10 sm:px-6 lg:grid-cols-4">
            {[
              {
                value: count === null ? '…' : count.toLocaleString('en-US'),
                label: count === 1 ? 'family on the waitlist' : 'families on the waitlist',
                part: 'count',
              },
              { value: '7:30 AM', label: 'daily summary for everyone who wants it' },
              { value: '30 min', label: 'default reminder before a task is due' },
              { value: '5', label: 'shared spaces: calendar, tasks, activities, notes, members' },
            ].map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse justify-end">
                <dt data-count={stat.part && 'label'} className="mt-1 text-sm text-slate-600">
                  {stat.label}
                </dt>
                <dd
                  data-count={stat.part && 'value'}
                  className="text-2xl font-extrabold tracking-tight text-indigo-700 sm:text-3xl"
                >
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </section>

        <Section
          id="features"
          title="Everything your family juggles, in one shared place"
          intro="Every member sees the same plan, on the phone or the laptop, and each family's data stays private to that family."
        >
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: FeatureIcon, title, text }) => (
              <li key={title} className="rounded-xl border border-slate-200 p-6">
                <div className="flex h-10 w-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
                  <FeatureIcon aria-hidden="true" className="h-5 w-5" />
                </div>
                <h3 className="mt-4 text-base font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-sm text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
        </Section>

        <div className="bg-slate-900 text-white">
          <section
            aria-labelledby="reminders"
            className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-20"
          >
            <div>
              <h2 id="reminders" className="text-2xl font-bold tracking-tight sm:text-3xl">
                Reminders at the moment they help
              </h2>
              <p className="mt-3 text-base text-slate-300 sm:text-lg">
                A summary of everyone's day at 7:30 AM. Pickups and drop-offs planned 15 minutes ahead. A
                reminder 30 minutes before a task is due, by e-mail or text message, to the person doing it.
              </p>
            </div>
            <ol aria-label="An example day of reminders" className="space-y-3">
              {REMINDERS.map(({ time, icon: ReminderIcon, title, text }) => (
                <li key={time} className="flex gap-3 rounded-xl bg-white/10 p-4 ring-1 ring-white/10">
                  <div className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-indigo-500/30 text-indigo-200">
                    <ReminderIcon aria-hidden="true" className="h-5 w-5" />
                  </div>
                  <div className="min-w-0">
                    <p className="text-sm">
                      <time className="font-semibold text-indigo-200">{time}</time>
                      <span className="text-white"> · {title}</span>
                    </p>
                    <p className="text-sm text-slate-300">{text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>
        </div>

        <Section
          id="free-plan"
          centered
          title="Free for most families"
          intro="Start on the free plan when your invitation arrives. No card needed."
        >
          <div className="mx-auto max-w-md rounded-2xl border-2 border-indigo-600 p-6 shadow-lg shadow-indigo-100/60 sm:p-8">
            <p className="text-sm font-semibold text-indigo-700">Free plan</p>
            <p className="mt-2 flex items-baseline gap-1">
              <span className="text-4xl font-extrabold tracking-tight">$0</span>
              <span className="text-sm text-slate-600">per month</span>
            </p>
            <ul className="mt-6 space-y-3">
              {FREE_PLAN.map((item) => (
                <li key={item} className="flex items-center gap-3 text-sm text-slate-800">
                  <Check aria-hidden="true" className="h-5 w-5 shrink-0 text-indigo-600" />
                  {item}
                </li>
              ))}
            </ul>
            <a
              href="#join"
              className="mt-8 flex h-11 items-center justify-center rounded-md bg-indigo-600 px-5 text-base font-medium text-white hover:bg-indigo-700"
            >
              Join the waitlist
            </a>
          </div>
        </Section>
      </main>

      <footer className="border-t border-slate-100">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:px-6">
          <p>© {new Date().getFullYear()} FamilyHub</p>
          <nav aria-label="Footer" className="flex gap-6">
            <Link to="/login" className="hover:text-slate-900">
              Sign in
            </Link>
            <Link to="/register" className="hover:text-slate-900">
              Register
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
