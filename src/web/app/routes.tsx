import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { FullPageSpinner, Spinner } from '../components/ui/spinner.tsx';
import { AppFrame, isHomePath } from './app-frame.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { sectionFor } from './navigation.ts';
import { safeReturnPath } from '../../core/auth/return-path.ts';

/** Each screen is its own chunk: a route loads only its own code. */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

/**
 * A screen of its own chunk that, once `load` has settled, mounts at once instead of suspending: what the app
 * renders first over the server's page (ADR 025) must not pass through a Suspense fallback (a spinner where
 * the agenda was). Each mount picks once between the loaded component and the lazy one, so a mounted screen
 * never changes type. `load` starts (or joins) the download and resolves once the component is kept.
 */
function preloadable<K extends string, P extends object>(
  loadModule: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  let loaded: ComponentType<P> | undefined;
  const load = async () => {
    loaded = (await loadModule())[name];
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await load() }));
  function Preloadable(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return { Component: Preloadable, load };
}

// The signed-in shell and the sign-in forms are chunks too, so the landing page loads only what it shows.
const { Component: AppLayout, load: loadAppLayout } = preloadable(() => import('./layout.tsx'), 'AppLayout');
const LoginPage = screen(() => import('../features/auth/login-page.tsx'), 'LoginPage');
const RegisterPage = screen(() => import('../features/auth/register-page.tsx'), 'RegisterPage');
const { Component: CalendarPage, load: loadCalendarPage } = preloadable(
  () => import('../features/calendar/calendar-page.tsx'),
  'CalendarPage',
);
const EventFormPage = screen(() => import('../features/events/event-form-page.tsx'), 'EventFormPage');
const TasksPage = screen(() => import('../features/tasks/tasks-page.tsx'), 'TasksPage');
const TaskFormPage = screen(() => import('../features/tasks/task-form-page.tsx'), 'TaskFormPage');
/** Live updates (issue 24): loaded after the shell, which stays within its size budget. */
const LiveUpdates = screen(() => import('../features/live/live-updates.tsx'), 'LiveUpdates');
const ActivitiesPage = screen(() => import('../features/activities/activities-page.tsx'), 'ActivitiesPage');
const ActivityFormPage = screen(
  () => import('../features/activities/activity-form-page.tsx'),
  'ActivityFormPage',
);
const NotesPage = screen(() => import('../features/notes/notes-page.tsx'), 'NotesPage');
const DrivingPage = screen(() => import('../features/driving/driving-page.tsx'), 'DrivingPage');
const NoteFormPage = screen(() => import('../features/notes/note-form-page.tsx'), 'NoteFormPage');
const FamilyMembersPage = lazy(async () => ({
  default: (await import('../features/family-members/family-members-page.tsx')).FamilyMembersPage,
}));
/** Shown on the Family Members screen; composed here because features do not import each other. */
const RecentMessagesCard = screen(
  () => import('../features/notifications/recent-messages-card.tsx'),
  'RecentMessagesCard',
);
const ForgotPasswordPage = screen(
  () => import('../features/auth/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = screen(
  () => import('../features/auth/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const AccountPage = lazy(async () => ({
  default: (await import('../features/account/account-page.tsx')).AccountPage,
}));
/** Shown in Account Settings (issue 41); composed here because features do not import each other. */
const PushDeviceCard = screen(() => import('../features/push/push-device-card.tsx'), 'PushDeviceCard');
const ConfirmEmailPage = screen(
  () => import('../features/account/confirm-email-page.tsx'),
  'ConfirmEmailPage',
);
const InvitationPage = screen(() => import('../features/invitations/invitation-page.tsx'), 'InvitationPage');
const SignedInInvitationPage = screen(
  () => import('../features/invitations/signed-in-invitation-page.tsx'),
  'SignedInInvitationPage',
);
// The SPA's landing page: at unknown paths, and at `/` when the service worker's copy of the app answers
// (the server sends signed-out visitors at `/` the prerendered page instead, ADR 012).
const LandingPage = screen(() => import('../features/waitlist/landing-page.tsx'), 'LandingPage');
const SignInToContinue = screen(() => import('../features/auth/sign-in-to-continue.tsx'), 'SignInToContinue');

/**
 * Starts loading the signed-in home (the app shell and the calendar) at once, in parallel with the session
 * call, instead of one chunk after the other once it answers (issue 23: no waterfall before the calendar
 * paints). For a visitor who turns out to be signed out, two chunks fetched for nothing. Resolves once both
 * have loaded (they then mount without suspending); rejects when either fails to load.
 */
export async function preloadSignedInHome(): Promise<void> {
  await Promise.all([loadAppLayout(), loadCalendarPage()]);
}

/**
 * Issue 25 pages reached from an e-mailed link: the same whether or not someone is signed in here (the link
 * may be opened on any device), outside the app shell.
 */
const LINK_PAGES = ['/reset-password/', '/confirm-email/'];

/** SPEC §2 signed-in routes, inside the app shell. */
export function SignedInRoutes() {
  const { pathname } = useLocation();
  if (LINK_PAGES.some((prefix) => pathname.startsWith(prefix))) return <SignedOutRoutes />;
  return (
    <Suspense fallback={isHomePath(pathname) ? <AppFrame /> : <FullPageSpinner />}>
      <AppLayout>
        <Suspense
          fallback={
            <div className="flex justify-center py-16">
              <Spinner />
            </div>
          }
        >
          <Routes>
            <Route path="/" element={<CalendarPage />} />
            <Route path="/calendar" element={<CalendarPage />} />
            <Route path="/tasks" element={<TasksPage />} />
            <Route path="/activities" element={<ActivitiesPage />} />
            <Route path="/notes" element={<NotesPage />} />
            <Route path="/driving" element={<DrivingPage />} />
            <Route
              path="/family-members"
              element={<FamilyMembersPage recentMessages={<RecentMessagesCard />} />}
            />
            <Route path="/account" element={<AccountPage deviceNotifications={<PushDeviceCard />} />} />
            <Route path="/add-event" element={<EventFormPage />} />
            <Route path="/add-event/:id" element={<EventFormPage />} />
            <Route path="/add-task" element={<TaskFormPage />} />
            <Route path="/add-task/:id" element={<TaskFormPage />} />
            <Route path="/add-note" element={<NoteFormPage />} />
            <Route path="/add-note/:id" element={<NoteFormPage />} />
            <Route path="/add-activity" element={<ActivityFormPage />} />
            <Route path="/add-activity/:id" element={<ActivityFormPage />} />
            {/* Already signed in: the sign-in and register pages lead home. */}
            <Route path="/login" element={<SignedInAtLogin />} />
            <Route path="/register" element={<Navigate to="/" replace />} />
            <Route path="/forgot-password" element={<Navigate to="/account" replace />} />
            {/* An invitation is for a new account: say who is signed in and offer to sign out. */}
            <Route path="/register-invitation" element={<SignedInInvitationPage />} />
            <Route path="/register-invitation/:token" element={<SignedInInvitationPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </AppLayout>
      <Suspense fallback={null}>
        <LiveUpdates />
      </Suspense>
    </Suspense>
  );
}

/** SPEC §2 signed-out routes: register, invitation, login, and the landing page everywhere else. */
export function SignedOutRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
        <Route path="/confirm-email/:token" element={<ConfirmEmailPage />} />
        <Route path="/register-invitation" element={<InvitationPage />} />
        <Route path="/register-invitation/:token" element={<InvitationPage />} />
        <Route path="*" element={<SignedOutElsewhere />} />
      </Routes>
    </Suspense>
  );
}

/**
 * `/login` once signed in (the session refreshes as sign-in succeeds): on to `?next=`'s path when it is one of
 * this site (issue 46, `safeReturnPath`), else `/`.
 */
function SignedInAtLogin() {
  const { search } = useLocation();
  return <Navigate to={safeReturnPath(new URLSearchParams(search).get('next')) ?? '/'} replace />;
}

/**
 * The landing page at any other signed-out path (SPEC §2); at an address of the signed-in app (a deep link),
 * with the way to sign in and come back to it above (issue 46).
 */
function SignedOutElsewhere() {
  const { pathname } = useLocation();
  const appPath = pathname !== '/' && (sectionFor(pathname) !== undefined || pathname.startsWith('/account'));
  return (
    <>
      {appPath ? <SignInToContinue /> : null}
      <LandingPage />
    </>
  );
}
