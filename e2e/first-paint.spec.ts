import { expect, test } from './fixtures.ts';

// Issue 23, item 2: the signed-in calendar without waterfalls, and pages the CSP does not complain about.
// The service worker is blocked so that every request is the page's own (with it, the worker's precache and
// API copy would answer some of them).
test.use({ serviceWorkers: 'block' });

test('the calendar asks for its data once each, while its code is still loading', async ({
  page,
  signUp,
}) => {
  await signUp(); // lands on the calendar once, which remembers the family's zone on this device
  const today = new Date().toISOString().slice(0, 10);
  const created = await page.request.post('/api/events', {
    data: { title: 'Swim lessons', start_date: `${today}T10:00`, duration_minutes: 60 },
  });
  expect(created.status(), await created.text()).toBe(201);

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
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) timeline.push(`ask ${url.pathname}${url.search}`);
  });
  page.on('requestfinished', (request) => {
    if (request.url().includes('/assets/calendar-page-')) timeline.push('calendar code loaded');
  });
  await page.goto('/calendar');
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
    const familyToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Pago_Pago' }).format(
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
    expect(asked).toEqual([`?start=${familyToday}&end=${familyToday}`]);
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
