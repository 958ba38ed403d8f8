import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadSignedInHome } from './app/routes.tsx';
import { startNativeShell } from './platform/native.ts';
import { registerServiceWorker } from './platform/service-worker.ts';
import { UpdatePrompt } from './platform/update-prompt.tsx';
import './styles.css';

// Before the session call has answered: the server marks a page served without a session cookie
// (src/server/http/web-assets.ts), and with one the calendar's code starts loading at once. (Signed out, `/`
// is not this app but the prerendered landing page, ADR 012.)
const signedOut = document.querySelector('meta[name="familyhub-session"][content="signed-out"]') !== null;
const path = window.location.pathname;
if (!signedOut && (path === '/' || path === '/calendar')) preloadSignedInHome();
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
