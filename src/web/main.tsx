import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { fetchEarly } from './app/api.ts';
import { preloadSignedInHome } from './app/routes.tsx';
import { calendarOpeningPaths, PHONE_QUERY } from './features/calendar/opening-data.ts';
import { startNativeShell } from './platform/native.ts';
import { registerServiceWorker } from './platform/service-worker.ts';
import { UpdatePrompt } from './platform/update-prompt.tsx';
import './styles.css';

// Before the session call has answered: the server marks a page served without a session cookie
// (src/server/http/web-assets.ts). With one, the session call starts now, and at the calendar (the home) its
// code, the members and the shown days' events start loading with it, in parallel, instead of each after
// the code that asks for it (issue 23; the queries adopt these calls). (Signed out, `/` is not this app but
// the prerendered landing page, ADR 012.)
const signedOut = document.querySelector('meta[name="familyhub-session"][content="signed-out"]') !== null;
const url = new URL(window.location.href);
if (!signedOut) {
  const home = url.pathname === '/' || url.pathname === '/calendar';
  if (home) preloadSignedInHome();
  fetchEarly([
    '/api/auth/session',
    ...(home ? calendarOpeningPaths(url, new Date(), window.matchMedia(PHONE_QUERY).matches) : []),
  ]);
}
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
    <UpdatePrompt />
  </StrictMode>,
);
// Native shell only (status bar, splash); the offline service worker everywhere it is supported.
void startNativeShell();
registerServiceWorker();
