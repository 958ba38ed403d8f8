import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { fetchEarly } from './platform/api.ts';
import { homeDataPaths, takeHomePageData } from './app/home-data.ts';
import { preloadSignedInHome } from './app/routes.tsx';
import { signedOutWithoutAsking } from './common/session.ts';
import { calendarOpeningPaths, PHONE_QUERY } from './features/calendar/opening-data.ts';
import { startNativeShell } from './platform/native.ts';
import { registerServiceWorker } from './platform/service-worker.ts';
import { UpdatePrompt } from './platform/update-prompt.tsx';
import './styles.css';

// Zod compiles object schemas with `new Function` after probing whether it may; under the page's CSP
// (`script-src 'self'`, no 'unsafe-eval') the probe is refused and Chromium reports a CSP violation on every
// screen with a form (Lighthouse `inspector-issues`, issue 23). `jitless` skips the probe (the schemas parse
// interpreted). Set where zod reads its configuration (`globalThis.__zod_globalConfig`, zod/v4/core/core.js)
// before any zod schema is built (zod loads with the screens, after this): `z.config()` here would pull zod's
// core into the entry (3.5 KB gzip).
const zodHost = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodHost.__zod_globalConfig ??= {}).jitless = true;
// Before the session call has answered: the page, or the cookie beside the session's, tells whether anyone is
// signed in (`signedOutWithoutAsking`). If so, the session call starts now, and at the calendar (the home) its
// code, the members and the shown days' events start loading with it, in parallel, instead of each after
// the code that asks for it (issue 23; the queries adopt these calls). (Signed out, `/` is not this app but
// the prerendered landing page, ADR 012.)
const signedOut = signedOutWithoutAsking();
// A page the server sent with a live session carries the family's zone (ADR 023); the service worker's copy
// does not, and the zone remembered on the device (or the device's own) stands in.
const familyZone = document.querySelector('meta[name="familyhub-zone"]')?.getAttribute('content') ?? null;
const url = new URL(window.location.href);
// A page whose home the server rendered with the family's data (ADR 025) carries that data: the app starts from
// it (the early fetch leaves those calls out) and replaces the server's HTML only once the home's code has
// loaded, so its first render draws the same page (no spinner in between, nothing moves).
const homeData = signedOut ? null : takeHomePageData();
const homeDataAt = Date.now();
let homeReady: Promise<void> = Promise.resolve();
if (!signedOut) {
  const home = url.pathname === '/' || url.pathname === '/calendar';
  if (home) homeReady = preloadSignedInHome();
  const known = new Set(homeData ? homeDataPaths(homeData) : []);
  fetchEarly(
    [
      '/api/auth/session',
      ...(home
        ? calendarOpeningPaths(url, new Date(), window.matchMedia(PHONE_QUERY).matches, familyZone)
        : []),
    ].filter((path) => !known.has(path)),
  );
}
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// In a transition, React renders the app in slices of a few milliseconds and yields between them (a first
// render at the default priority is one task: 250–450 ms at Lighthouse's CPU ×4), so the page stays responsive
// while it starts; the server's HTML (or the empty root) stays until the render commits (ADR 028).
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App homeData={homeData} homeDataAt={homeDataAt} />
        <UpdatePrompt />
      </StrictMode>,
    ),
  );
// Without the server's render the app's own frame shows at once; a chunk that failed to load is the app's
// (lazy screens') to report.
if (homeData) void homeReady.then(render, render);
else render();
// Native shell only (status bar, splash); the offline service worker everywhere it is supported.
void startNativeShell();
registerServiceWorker();
