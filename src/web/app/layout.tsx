import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Dialog as RadixDialog } from 'radix-ui';
import { LogOut, Menu, Search, UserCog, X } from 'lucide-react';
import { useLogout } from '../features/auth/api.ts';
import { useSearchDialog } from '../features/search/search-shortcut.ts';
import { useSession } from '../common/session.ts';
import { todayIn } from '../../core/time/today.ts';
import { browserTimeZone } from '../platform/device-zone.ts';
import { cn } from '../components/ui/cn.ts';
import { OfflineBanner } from '../platform/offline-banner.tsx';
import { NAV_ENTRIES, sectionFor } from './navigation.ts';

/** The search dialog's code loads when it is first opened: the signed-in shell stays within its size budget. */
const SearchDialog = lazy(() =>
  import('../features/search/search-dialog.tsx').then((m) => ({ default: m.SearchDialog })),
);

function SidebarContent({ onNavigate, onSearch }: { onNavigate?: () => void; onSearch: () => void }) {
  const { pathname } = useLocation();
  const session = useSession();
  const logout = useLogout();
  const current = sectionFor(pathname);

  return (
    <div className="flex h-full flex-col">
      <div className="border-b border-slate-200 py-5 pr-12 pl-5">
        <p className="truncate text-lg font-semibold text-slate-900">
          {session.data?.family_name || 'Family'}
        </p>
        <p className="truncate text-sm text-slate-600">{session.data?.email}</p>
      </div>
      <div className="px-3 pt-4">
        <button
          type="button"
          onClick={onSearch}
          aria-keyshortcuts="/"
          className="flex min-h-11 w-full items-center gap-3 rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-600 hover:bg-slate-50"
        >
          <Search className="h-5 w-5" aria-hidden />
          <span className="flex-1 text-left">Search</span>
          <kbd aria-hidden className="rounded border border-slate-300 px-1.5 text-xs text-slate-500">
            /
          </kbd>
        </button>
      </div>
      <nav aria-label="Main" className="flex-1 space-y-1 px-3 py-4">
        {NAV_ENTRIES.map((entry) => {
          const active = current?.to === entry.to;
          const Icon = entry.icon;
          return (
            <Link
              key={entry.to}
              to={entry.to}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
                active ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              <Icon className="h-5 w-5" aria-hidden />
              {entry.label}
            </Link>
          );
        })}
      </nav>
      <div className="space-y-1 border-t border-slate-200 p-3">
        <Link
          to="/account"
          onClick={onNavigate}
          aria-current={pathname.startsWith('/account') ? 'page' : undefined}
          className={cn(
            'flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
            pathname.startsWith('/account')
              ? 'bg-indigo-50 text-indigo-700'
              : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          <UserCog className="h-5 w-5" aria-hidden />
          Account Settings
        </Link>
        <button
          type="button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          className="flex min-h-11 w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          <LogOut className="h-5 w-5" aria-hidden />
          Sign Out
        </button>
      </div>
    </div>
  );
}

/**
 * SPEC §2 Layout: a fixed 64-unit sidebar from 768 px; below it a 16-unit top bar with a menu button and the
 * section title, the menu opening as a left drawer. Touch targets are at least 44 px (h-11) and the notch and
 * home-indicator areas are kept clear with the safe-area insets (index.html sets viewport-fit=cover).
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const search = useSearchDialog();
  const session = useSession();
  const { pathname } = useLocation();
  const openSearch = () => {
    setDrawerOpen(false);
    search.setOpen(true);
  };
  const title =
    sectionFor(pathname)?.label ?? (pathname.startsWith('/account') ? 'Account Settings' : 'FamilyHub');

  return (
    <div className="min-h-screen bg-slate-50">
      {/* Issue 46: the first stop of the keyboard, past the navigation to the screen itself (WCAG 2.4.1). */}
      <a
        href="#main-content"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
        className="sr-only rounded-md bg-white px-4 py-2 text-sm font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:ring-2 focus:ring-indigo-600"
      >
        Skip to content
      </a>
      <aside
        aria-label="Sidebar"
        className="fixed inset-y-0 left-0 hidden w-64 border-r pl-[env(safe-area-inset-left)] border-slate-200 bg-white md:block"
      >
        <SidebarContent onSearch={openSearch} />
      </aside>

      <header className="sticky top-0 z-30 flex h-[calc(4rem+env(safe-area-inset-top))] items-center gap-3 border-b border-slate-200 bg-white pt-[env(safe-area-inset-top)] pr-[max(1rem,env(safe-area-inset-right))] pl-[max(1rem,env(safe-area-inset-left))] md:hidden">
        <RadixDialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <RadixDialog.Trigger asChild>
            <button
              type="button"
              aria-label="Open menu"
              className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
            >
              <Menu className="h-6 w-6" aria-hidden />
            </button>
          </RadixDialog.Trigger>
          <RadixDialog.Portal>
            <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50 md:hidden" />
            <RadixDialog.Content
              aria-describedby={undefined}
              className="fixed inset-y-0 left-0 z-50 w-64 max-w-[85vw] bg-white pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)] pl-[env(safe-area-inset-left)] shadow-xl focus:outline-none md:hidden"
            >
              <RadixDialog.Title className="sr-only">Menu</RadixDialog.Title>
              <RadixDialog.Close
                aria-label="Close menu"
                className="absolute top-[calc(0.75rem+env(safe-area-inset-top))] right-2 inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
              >
                <X className="h-5 w-5" aria-hidden />
              </RadixDialog.Close>
              <SidebarContent onNavigate={() => setDrawerOpen(false)} onSearch={openSearch} />
            </RadixDialog.Content>
          </RadixDialog.Portal>
        </RadixDialog.Root>
        <span className="min-w-0 flex-1 truncate text-lg font-semibold text-slate-900">{title}</span>
        <button
          type="button"
          aria-label="Search"
          aria-keyshortcuts="/"
          onClick={openSearch}
          className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
        >
          <Search className="h-6 w-6" aria-hidden />
        </button>
      </header>

      <main
        id="main-content"
        tabIndex={-1}
        className="pt-6 outline-none pr-[max(1rem,env(safe-area-inset-right))] pb-[calc(1.5rem+env(safe-area-inset-bottom))] pl-[max(1rem,env(safe-area-inset-left))] md:ml-64 md:px-8"
      >
        {children}
      </main>
      <OfflineBanner />
      {search.opened ? (
        <Suspense fallback={null}>
          <SearchDialog
            open={search.open}
            onOpenChange={search.setOpen}
            today={todayIn(session.data?.family_timezone ?? browserTimeZone(), new Date())}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
