// Web Push in the service worker (issue 41). Loaded by the generated worker with importScripts (vite.config.ts
// `workbox.importScripts`). The server's payload (`PushPayload` in
// src/server/notifications/providers/webpush.ts) is JSON: {title, body, url, tag, icon}. The tag makes a
// re-sent reminder replace the shown one instead of stacking.

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'FamilyHub';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: typeof data.icon === 'string' ? data.icon : '/icons/icon-192.png',
      badge: '/icons/icon-maskable-192.png',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      renotify: typeof data.tag === 'string',
      data: { url: typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/' },
    }),
  );
});

// A click opens the event or task: an open FamilyHub window is focused and sent there, else a new one opens.
// Kept on `self` as well so that the e2e journey (e2e/push.spec.ts) can run exactly this code: headless
// Chromium has no way to click a shown notification.
async function openFromNotification(notification) {
  const url = new URL(notification.data?.url ?? '/', self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (open) {
    // focus() needs the click's user activation; without it (or if it fails) navigating still works.
    await open.focus().catch(() => undefined);
    return open.navigate(url).catch(() => self.clients.openWindow(url));
  }
  return self.clients.openWindow(url);
}
self.familyhubOpenFromNotification = openFromNotification;

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(event.notification));
});
