import { format } from 'date-fns';
import type { Request } from '@playwright/test';
import { expect, familyToday, screenshot, test } from './fixtures.ts';

// Issue 23, item 2: the signed-in calendar without waterfalls, and pages the CSP does not complain about.
// The service worker is blocked so that every request is the page's own (with it, the worker's precache and
// API copy would answer some of them).
test.use({ serviceWorkers: 'block' });

test('the calendar asks for its data once each, while its code is still loading', async ({
  page,
  signUp,
}) => {
  await signUp(); // lands on the calendar once, which remembers the family's zone on this device
  await page.goto('/calendar?view=month');
  await expect(page.getByRole('heading', { name: /^Month View/ })).toBeVisible();
  await page.waitForLoadState('networkidle'); // its events asked for and answered before the one below exists
  const today = format(await familyToday(page), 'yyyy-MM-dd');
  const created = await page.request.post('/api/events', {
    data: { title: 'Swim lessons', start_date: `${today}T10:00`, duration_minutes: 60 },
  });
  expect(created.status(), await created.text()).toBe(201);
  // The calendar open now shows it once the server has told its live stream of the change
  // (on PostgreSQL a NOTIFY that can arrive late): told now, it cannot reach the page opened below as a change
  // that would make it ask for the events again.
  await expect(page.getByText('Swim lessons').first()).toBeVisible();

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true }); // the calendar's code downloads again
  // The page preloads the calendar's code with the entry (ADR 023), so on this fast machine it can arrive
  // before the entry has run; held back a second, it shows whether the data calls wait for it.
  await page.route('**/assets/calendar-page-*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  const timeline: string[] = [];
  // Only this opening's requests (the sign-up's page may still be finishing one of its own).
  const opening = new Set<Request>();
  let started = false;
  page.on('request', (request) => {
    if (!started) return;
    opening.add(request);
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) timeline.push(`ask ${url.pathname}${url.search}`);
  });
  page.on('requestfinished', (request) => {
    if (opening.has(request) && request.url().includes('/assets/calendar-page-'))
      timeline.push('calendar code loaded');
  });
  started = true;
  // With `?view=`, the page has no server-rendered agenda (ADR 025): the app asks for everything itself.
  await page.goto('/calendar?view=month');
  await expect(page.getByRole('heading', { name: /^Month View/ })).toBeVisible();
  await expect(page.getByText('Swim lessons').first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  const asked = (prefix: string) => timeline.filter((entry) => entry.startsWith(`ask ${prefix}`));
  // One call each: the queries took the early calls instead of asking again.
  expect(asked('/api/auth/session')).toHaveLength(1);
  expect(asked('/api/family-members')).toHaveLength(1);
  expect(asked('/api/events?')).toHaveLength(1);
  expect(asked('/api/driving?')).toHaveLength(1);
  // The month's six weeks, from the Sunday on or before the 1st.
  expect(asked('/api/events?')[0]).toMatch(/start=\d{4}-\d{2}-\d{2}&end=\d{4}-\d{2}-\d{2}$/);
  // In parallel with the calendar's code, not after it.
  const loaded = timeline.indexOf('calendar code loaded');
  expect(loaded).toBeGreaterThan(-1);
  for (const prefix of ['/api/auth/session', '/api/family-members', '/api/events?']) {
    expect(timeline.indexOf(asked(prefix)[0] ?? ''), prefix).toBeLessThan(loaded);
  }
});

test.describe("on a device whose date is not the family's", () => {
  // UTC+14 here, UTC−11 for the family: never the same date.
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test("the early events call asks for the family's today, told by the page (ADR 023)", async ({ page }) => {
    const registered = await page.request.post('/api/auth/register', {
      data: {
        familyName: 'The Far Aways',
        email: `far-${String(Date.now())}@example.com`,
        password: 'correct horse battery',
        timezone: 'Pacific/Pago_Pago',
        memberName: 'Ana Far',
        memberRole: 'parent',
        memberColor: 'blue',
        memberPhone: null,
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const pagoPagoToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Pago_Pago' }).format(
      new Date(),
    );
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/events') asked.push(url.search);
    });
    // A first opening on this device: nothing remembered, only the page's hint knows the family's zone.
    await page.goto('/calendar?view=day');
    await expect(page.getByRole('heading', { name: /^Day View/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([`?start=${pagoPagoToday}&end=${pagoPagoToday}`]);
  });
});

test('no screen reports a Content Security Policy violation', async ({ page, signUp }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.sourceFile}:${String(event.lineNumber)}`),
    );
  });
  await signUp();
  const violations = () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  for (const path of ['/calendar', '/add-event', '/tasks', '/family-members']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  }
});

test.describe('the agenda rendered by the server (ADR 025)', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('shows before any script runs, and the app takes it over without a shift, a spinner or a refetch', async ({
    page,
    browser,
    signUp,
  }, testInfo) => {
    await signUp();
    const session = await page.request.get('/api/auth/session');
    const { family_timezone: zone } = (await session.json()) as { family_timezone: string };
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    const title = 'Swim <b>gala</b> </script>';
    const created = await page.request.post('/api/events', {
      data: { title, start_date: `${today}T10:00`, duration_minutes: 60 },
    });
    expect(created.status(), await created.text()).toBe(201);

    // The HTML itself: the day and the event, the title escaped.
    const html = await (await page.request.get('/calendar')).text();
    expect(html).toContain(`id="agenda-${today}"`);
    expect(html).toContain('Swim &lt;b&gt;gala&lt;/b&gt; &lt;/script&gt;');

    // Without JavaScript: the agenda is on screen.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 375, height: 800 },
      storageState: await page.context().storageState(),
    });
    const still = await noScript.newPage();
    await still.goto('/calendar');
    await expect(still.getByRole('heading', { name: /^Today · / })).toBeVisible();
    await expect(still.getByText(title)).toBeVisible();
    await expect(still.getByRole('status')).toHaveCount(0);
    // A file picked here would go with the server's HTML when the app replaces it: the picker waits for the app.
    await expect(still.getByLabel('Import .ics file')).toBeDisabled();
    await screenshot(still, testInfo.outputPath('agenda-375-server-html.png'));
    await noScript.close();

    // With JavaScript: count layout shifts and spinners from the first byte, and the data calls.
    await page.addInitScript(() => {
      const seen = { shift: 0, spinners: 0 };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.shift += (entry as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof Element)
              for (const status of [node, ...node.querySelectorAll('[role="status"]')])
                // Not the outline the page keeps for wide screens (`hidden md:block`), not shown here.
                if (status.matches('[role="status"]') && !status.closest('.hidden')) seen.spinners += 1;
      }).observe(document, { childList: true, subtree: true });
    });
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
    });
    await page.goto('/calendar');
    // The app's own layout (its menu button) has replaced the server's HTML.
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Today · / })).toBeVisible();
    await expect(page.getByText(title)).toBeVisible();
    await expect(page.getByLabel('Import .ics file')).toBeEnabled();
    await page.waitForLoadState('networkidle');
    await screenshot(page, testInfo.outputPath('agenda-375-after-take-over.png'));
    const seen = await page.evaluate(
      () => (window as unknown as { seen: { shift: number; spinners: number } }).seen,
    );
    expect(seen).toEqual({ shift: 0, spinners: 0 });
    // The page carried the session, the members and the agenda's events: none is asked for again.
    expect(asked.filter((path) => path.startsWith('/api/events'))).toEqual([]);
    expect(asked).not.toContain('/api/auth/session');
    expect(asked).not.toContain('/api/family-members');
  });
});
