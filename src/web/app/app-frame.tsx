import type { ReactNode } from 'react';
import { LogOut, Menu, Search, UserCog } from 'lucide-react';
import { Spinner } from '../components/ui/spinner.tsx';
import { NAV_ENTRIES } from './navigation.ts';

/** Whether `pathname` opens the calendar, the signed-in home (the server frames these pages, ADR 023). */
export function isHomePath(pathname: string): boolean {
  return pathname === '/' || pathname === '/calendar';
}

/** A grey bar standing in for text not known yet, `className` giving its size. */
function Bar({ className }: { className: string }) {
  return <span aria-hidden className={`block rounded bg-slate-200 ${className}`} />;
}

/**
 * The signed-in home as it looks before its code and data have arrived (issue 23, ADR 023): the app shell of
 * `AppLayout` (sidebar from 768 px with the real navigation as plain links, the phone's top bar with the
 * section title) around the calendar's outline (heading, toolbar, member chips row and a calendar area of the
 * same sizes as `CalendarPage`'s, with grey bars where the text depends on the session and the date). The
 * server puts this, rendered at build time (scripts/render-app-frame.ts), in the page it sends a signed-in
 * visitor at `/` and `/calendar`, so that the page paints with the HTML instead of after the JavaScript; the
 * app renders the same while the session and the shell's code load, so nothing changes on screen until the
 * real layout replaces it. Nothing in it is interactive but the links (which work without JavaScript).
 *
 * `phoneCalendar`, when given, is the calendar as a phone opens it (the agenda the server renders with the
 * family's data, ADR 025): it stands in for the outline below 768 px, where the agenda is the default view;
 * from 768 px (the month, which the server does not render) the outline stays.
 */
export function AppFrame({ phoneCalendar }: { phoneCalendar?: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50" aria-busy={phoneCalendar ? undefined : true}>
      <aside
        aria-label="Sidebar"
        className="fixed inset-y-0 left-0 hidden w-64 border-r pl-[env(safe-area-inset-left)] border-slate-200 bg-white md:block"
      >
        <div className="flex h-full flex-col">
          <div className="border-b border-slate-200 py-5 pr-12 pl-5">
            <span className="flex h-7 items-center">
              <Bar className="h-5 w-32" />
            </span>
            <span className="flex h-5 items-center">
              <Bar className="h-3.5 w-40" />
            </span>
          </div>
          <div className="px-3 pt-4">
            <button
              type="button"
              disabled
              className="flex min-h-11 w-full items-center gap-3 rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-600"
            >
              <Search className="h-5 w-5" aria-hidden />
              <span className="flex-1 text-left">Search</span>
              <kbd aria-hidden className="rounded border border-slate-300 px-1.5 text-xs text-slate-500">
                /
              </kbd>
            </button>
          </div>
          <nav aria-label="Main" className="flex-1 space-y-1 px-3 py-4">
            {NAV_ENTRIES.map((entry, index) => {
              const Icon = entry.icon;
              return (
                <a
                  key={entry.to}
                  href={entry.to}
                  aria-current={index === 0 ? 'page' : undefined}
                  className={
                    index === 0
                      ? 'flex min-h-11 items-center gap-3 rounded-md bg-indigo-50 px-3 py-2 text-sm font-medium text-indigo-700'
                      : 'flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700'
                  }
                >
                  <Icon className="h-5 w-5" aria-hidden />
                  {entry.label}
                </a>
              );
            })}
          </nav>
          <div className="space-y-1 border-t border-slate-200 p-3">
            <a
              href="/account"
              className="flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700"
            >
              <UserCog className="h-5 w-5" aria-hidden />
              Account Settings
            </a>
            <button
              type="button"
              disabled
              className="flex min-h-11 w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700"
            >
              <LogOut className="h-5 w-5" aria-hidden />
              Sign Out
            </button>
          </div>
        </div>
      </aside>

      <header className="sticky top-0 z-30 flex h-[calc(4rem+env(safe-area-inset-top))] items-center gap-3 border-b border-slate-200 bg-white pt-[env(safe-area-inset-top)] pr-[max(1rem,env(safe-area-inset-right))] pl-[max(1rem,env(safe-area-inset-left))] md:hidden">
        <span
          aria-hidden
          className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700"
        >
          <Menu className="h-6 w-6" />
        </span>
        <span className="min-w-0 flex-1 truncate text-lg font-semibold text-slate-900">Calendar</span>
        <span
          aria-hidden
          className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700"
        >
          <Search className="h-6 w-6" />
        </span>
      </header>

      <main className="pt-6 pr-[max(1rem,env(safe-area-inset-right))] pb-[calc(1.5rem+env(safe-area-inset-bottom))] pl-[max(1rem,env(safe-area-inset-left))] md:ml-64 md:px-8">
        {phoneCalendar ? (
          <>
            <div className="md:hidden">{phoneCalendar}</div>
            <div className="hidden md:block">
              <CalendarOutline />
            </div>
          </>
        ) : (
          <CalendarOutline />
        )}
      </main>
    </div>
  );
}

/** The calendar's outline: heading, toolbar and chip row as grey bars, and the calendar area's spinner. */
function CalendarOutline() {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <span className="flex h-8 items-center">
            <Bar className="h-6 w-48 md:w-[28rem]" />
          </span>
          <span className="flex h-5 items-center md:hidden">
            <Bar className="h-3.5 w-36" />
          </span>
        </div>
        <div className="flex w-full flex-wrap items-center gap-2 md:w-auto">
          <Bar className="h-10 w-36 rounded-md" />
          <Bar className="ml-auto h-10 w-32 rounded-md md:ml-0" />
          <Bar className="h-10 w-full rounded-md md:order-first md:w-[16.5rem]" />
        </div>
      </div>
      <div aria-hidden className="h-12 2xl:hidden" />
      <div className="relative min-h-[75vh] min-w-0 2xl:min-h-0">
        <div className="flex justify-center pt-24">
          <Spinner label="Loading calendar" />
        </div>
      </div>
    </div>
  );
}
