/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the service worker that vite-plugin-pwa generates at build time (see vite.config.ts) and tracks
 * whether a newer version is waiting. With `registerType: 'prompt'` a new worker never takes over by itself:
 * the user chooses when to reload ({@link UpdatePrompt}), so a half-filled form is never lost to an update.
 * In `npm run dev` the plugin's worker is off and this does nothing.
 */

/** How often an open tab asks the server for a new version (ms): long-lived tabs never navigate. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;

let updateWaiting = false;
let activateUpdate: ((reloadPage?: boolean) => Promise<void>) | undefined;
const listeners = new Set<() => void>();

function setUpdateWaiting(waiting: boolean): void {
  updateWaiting = waiting;
  for (const listener of listeners) listener();
}

/** Starts the service worker, once, at app start (main.tsx). Browsers without service workers are skipped. */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  activateUpdate = registerSW({
    onNeedRefresh: () => setUpdateWaiting(true),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    onRegisterError: (error: unknown) => console.error('Service worker registration failed', error),
  });
}

/** For useSyncExternalStore: calls `listener` whenever "an update is waiting" changes. */
export function subscribeToUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a new version has been downloaded and waits for the user's go-ahead. */
export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

/** Lets the waiting version take over and reloads the page into it. */
export function installUpdate(): void {
  // vite-plugin-pwa reloads by itself only when the waiting worker came from its own register call; one found
  // later by an update check (an "external" worker to workbox-window) takes control without a reload, so the
  // page reloads here when control switches. Two reload() calls in one tick are one navigation.
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  void activateUpdate?.(true);
}

/** Hides the prompt for now; the new version takes over on the next visit. */
export function postponeUpdate(): void {
  setUpdateWaiting(false);
}
