import type { Page } from '@playwright/test';
import { expect, screenshot, shots, test, waitForServiceWorker } from './fixtures.ts';

// Issue 41: Web Push in the browser. The service worker is the production build's (vite-plugin-pwa, with
// src/web/public/push-sw.js imported into it).
//
// What is real and what is not: headless Chromium has no connection to a push service (FCM), so
// `pushManager.subscribe` cannot succeed here. The page's PushManager.subscribe/getSubscription are replaced
// (init script, page only) by one returning a browser-shaped subscription on fcm.googleapis.com with real
// P-256 keys; everything else is real: the permission prompt (granted by the context), the card's flow, the
// server's POST /api/push/subscriptions, the push delivered to the real service worker by CDP
// (`ServiceWorker.deliverPushMessage`), the notification it shows, and the click handler's code, which is run
// in the worker (headless Chromium cannot click a notification).

const FAKE_SUBSCRIBE = `(() => {
  const make = (json) => json && {
    endpoint: json.endpoint,
    toJSON: () => json,
    unsubscribe: async () => { current = null; localStorage.removeItem('e2e-push'); return true; },
  };
  let current = make(JSON.parse(localStorage.getItem('e2e-push') || 'null'));
  const b64u = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  PushManager.prototype.getSubscription = async function () { return current; };
  PushManager.prototype.subscribe = async function (options) {
    if (!options || !options.userVisibleOnly || !options.applicationServerKey) throw new Error('bad options');
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const p256dh = b64u(await crypto.subtle.exportKey('raw', pair.publicKey));
    const auth = b64u(crypto.getRandomValues(new Uint8Array(16)));
    const endpoint = 'https://fcm.googleapis.com/fcm/send/e2e-' + Math.random().toString(36).slice(2);
    window.__pushKey = b64u(options.applicationServerKey);
    const json = { endpoint, expirationTime: null, keys: { p256dh, auth } };
    localStorage.setItem('e2e-push', JSON.stringify(json));
    current = make(json);
    return current;
  };
})();`;

/** The registration id CDP knows the app's service worker by. */
async function registrationId(page: Page): Promise<{ send: (data: string) => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  const ids: string[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string }[] }) => {
    for (const r of e.registrations) ids.push(r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => ids.length).toBeGreaterThan(0);
  const origin = new URL(page.url()).origin;
  return {
    send: async (data) => {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: ids[0] ?? '', data });
    },
  };
}

test('turn on notifications, receive a push in the service worker, and its click opens the event', async ({
  page,
  context,
  signUp,
}) => {
  await context.grantPermissions(['notifications']);
  await page.addInitScript(FAKE_SUBSCRIBE);
  await signUp({ familyName: 'The Pushers' });
  const created = await page.request.post('/api/events', {
    data: { title: 'Swim gala', start_date: '2026-12-12T10:00:00', duration_minutes: 60 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = ((await created.json()) as { id: number }).id;

  await page.goto('/account');
  await waitForServiceWorker(page);
  const card = page.getByRole('region', { name: /Notifications on this device/ });
  await expect(card.getByTestId('push-state')).toHaveText('Off');
  await card.getByRole('button', { name: 'Turn On' }).click();
  await expect(card.getByTestId('push-state')).toHaveText('On');
  await expect(card.getByRole('list', { name: 'Devices that get notifications' })).toContainText(
    'This device',
  );
  // The page subscribed with the server's VAPID key.
  const key = await page.request.get('/api/push/vapid-public-key');
  expect(await page.evaluate(() => (window as unknown as { __pushKey: string }).__pushKey)).toBe(
    ((await key.json()) as { public_key: string }).public_key,
  );
  const devices = (await (await page.request.get('/api/push/subscriptions')).json()) as unknown[];
  expect(devices).toHaveLength(1);

  // A push reaches the real service worker, which shows the notification (a second one with the same tag
  // replaces it).
  const worker = await registrationId(page);
  const payload = (body: string) =>
    JSON.stringify({
      title: 'Coming up: Swim gala',
      body,
      url: `/add-event/${eventId}`,
      tag: `event:${eventId}:2026-12-12T10:00:00`,
      icon: '/icons/icon-192.png',
    });
  await worker.send(payload('"Swim gala" starts at 10:00 AM.'));
  await worker.send(payload('"Swim gala" starts at 10:00 AM (again).'));
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url: string }).url,
      }));
    });
  await expect.poll(shown).toEqual([
    {
      title: 'Coming up: Swim gala',
      body: '"Swim gala" starts at 10:00 AM (again).',
      tag: `event:${eventId}:2026-12-12T10:00:00`,
      url: `/add-event/${eventId}`,
    },
  ]);

  // Its click: the worker's own handler code, on the notification it showed, sends the open window there.
  const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await sw.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      familyhubOpenFromNotification: (n: Notification) => Promise<unknown>;
    };
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('no notification');
    await scope.familyhubOpenFromNotification(notification);
  });
  await expect(page).toHaveURL(new RegExp(`/add-event/${eventId}$`));
  await expect(page.getByLabel('Title')).toHaveValue('Swim gala');

  // Turning it off forgets the device.
  await page.goto('/account');
  await page
    .getByRole('region', { name: /Notifications on this device/ })
    .getByRole('button', { name: 'Turn Off' })
    .click();
  await expect(page.getByTestId('push-state')).toHaveText('Off');
  expect(await (await page.request.get('/api/push/subscriptions')).json()).toEqual([]);
});

test('Account Settings says how reminders arrive, as the member card does; signing out stops this device', async ({
  page,
  context,
  signUp,
}) => {
  await context.grantPermissions(['notifications']);
  await page.addInitScript(FAKE_SUBSCRIBE);
  const account = await signUp({ familyName: 'The Pushers' });
  // "Disable All Push Notifications" sits with the e-mail and SMS switches (SPEC §2 Global Notification Settings).
  await page.goto('/family-members');
  const global = page.getByRole('heading', { name: 'Global Notification Settings' }).locator('..');
  const switches = global.getByRole('switch');
  await expect(switches).toHaveCount(3);
  for (const [i, name] of [
    'Disable All Email Notifications',
    'Disable All SMS Notifications',
    'Disable All Push Notifications',
  ].entries()) {
    await expect(switches.nth(i)).toHaveAccessibleName(name);
  }

  await page.goto('/account');
  await waitForServiceWorker(page);
  const reminders = page.getByRole('region', { name: 'Your reminders' });
  // The e2e server has no SMTP and no Twilio: nothing reaches Ana until a device gets push.
  await expect(reminders.getByTestId('account-channels')).toHaveText('Reminders: Not set up');
  await page
    .getByRole('region', { name: /Notifications on this device/ })
    .getByRole('button', { name: 'Turn On' })
    .click();
  await expect(reminders.getByTestId('account-channels')).toHaveText('Reminders: Push on 1 device');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(
      page.getByTestId('account-notifications'),
      `${shots}/account-notifications-${width}.png`,
    );
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/family-members');
  await expect(
    page.getByRole('article', { name: account.memberName }).getByTestId('member-channels'),
  ).toHaveText('Reminders: Push on 1 device');

  // Signing out: the server deletes the device with the session, and the page unsubscribes the browser.
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('e2e-push'))).toBeNull();
  const signIn = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  expect(await (await page.request.get('/api/push/subscriptions')).json()).toEqual([]);
  await page.goto('/account');
  await expect(
    page.getByRole('region', { name: 'Your reminders' }).getByTestId('account-channels'),
  ).toHaveText('Reminders: Not set up');
  await expect(page.getByTestId('push-state')).toHaveText('Off');
});

test('the device card in its states, at 1280 and 390 px', async ({ page, context, signUp }) => {
  await signUp({ familyName: 'The Pushers' });
  const states: { name: string; script?: string; badge: string; turnOn?: boolean }[] = [
    { name: 'off', badge: 'Off' },
    { name: 'on', badge: 'On', script: FAKE_SUBSCRIBE, turnOn: true },
    {
      name: 'blocked',
      badge: 'Blocked by the browser',
      script: `Object.defineProperty(Notification, 'permission', { get: () => 'denied' });`,
    },
    { name: 'unsupported', badge: 'Not supported', script: `delete window.PushManager;` },
    {
      name: 'ios',
      badge: 'Add to Home Screen first',
      script: `delete window.PushManager; Object.defineProperty(navigator, 'userAgent', { get: () => 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1' });`,
    },
  ];
  await context.grantPermissions(['notifications']);
  for (const width of [1280, 390]) {
    for (const state of states) {
      const tab = await context.newPage();
      await tab.setViewportSize({ width, height: 900 });
      if (state.script) await tab.addInitScript(state.script);
      await tab.goto('/account');
      await waitForServiceWorker(tab);
      const card = tab.getByRole('region', { name: /Notifications on this device/ });
      if (state.turnOn) {
        await card.getByRole('button', { name: 'Turn On' }).click();
      }
      await expect(card.getByTestId('push-state')).toHaveText(state.badge);
      await screenshot(card, `${shots}/push-device-${state.name}-${width}.png`);
      if (state.turnOn) {
        await card.getByRole('button', { name: 'Turn Off' }).click();
        await expect(card.getByTestId('push-state')).toHaveText('Off');
      }
      await tab.close();
    }
  }
  void page;
});
