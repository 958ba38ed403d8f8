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
