import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadLandingPage } from './app/routes.tsx';
import { startNativeShell } from './platform/native.ts';
import { registerServiceWorker } from './platform/service-worker.ts';
import { UpdatePrompt } from './platform/update-prompt.tsx';
import './styles.css';

// Before the session call has answered, the signed-out landing page is the likeliest first screen.
if (window.location.pathname === '/') preloadLandingPage();
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
