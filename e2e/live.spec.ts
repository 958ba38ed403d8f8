import { format } from 'date-fns';
import type { Browser, Page } from '@playwright/test';
import { expect, newAccount, screenshot, shots, test } from './fixtures.ts';

/** A signed-in page in a browser context of its own (its own cookies: another device). */
async function device(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function register(page: Page, familyName: string, memberName: string) {
  const account = newAccount({ familyName, memberName });
  const res = await page.request.post('/api/auth/register', {
    data: { ...account, memberRole: 'parent', memberColor: 'blue', memberPhone: null },
  });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

/** Opens `path` (a full page load) and waits until the app's change stream has answered. */
async function open(page: Page, path: string) {
  const stream = page.waitForResponse((r) => r.url().includes('/api/changes') && r.status() === 200);
  await page.goto(path);
  await stream;
}

/** Invites a second parent into `inviter`'s family and signs `invitee` in as them (the invitation link). */
async function joinFamily(inviter: Page, invitee: Page, name: string) {
  const email = newAccount().email;
  const invited = await inviter.request.post('/api/family-members/invite', {
    data: { name, email, role: 'parent', color: 'green' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = ((await invited.json()) as { invitation_link: string }).invitation_link;
  const token = link.split('/').pop() ?? '';
  const accepted = await invitee.request.post(`/api/family-members/invitations/${token}/accept`, {
    data: { password: 'correct horse battery' },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  const signedIn = await invitee.request.post('/api/auth/login', {
    data: { email, password: 'correct horse battery' },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
}

test('an event, a task and a note made on one device appear on the other within 2 s; another family sees nothing', async ({
  browser,
}) => {
  test.slow();
  const ana = await device(browser);
  const ben = await device(browser);
  const other = await device(browser);
  await register(ana, 'The Riveras', 'Ana Rivera');
  await joinFamily(ana, ben, 'Ben Rivera');
  await register(other, 'The Okafors', 'Bola Okafor');

  const members = (await (await ana.request.get('/api/family-members')).json()) as {
    id: number;
    name: string;
  }[];
  const anaId = members.find((m) => m.name === 'Ana Rivera')?.id ?? 0;
  const today = format(new Date(), 'yyyy-MM-dd');

  // Ben and the other family have their screens open; nobody reloads from here on.
  await open(ben, '/calendar?view=month');
  await open(other, '/calendar?view=month');
  await expect(ben.getByRole('heading', { name: /Month View/ })).toBeVisible();
  // What the other family's stream carries, seen from inside its page.
  await other.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new EventSource('/api/changes').addEventListener('change', (e) => seen.push(String(e.data)));
  });

  const event = await ana.request.post('/api/events', {
    data: { title: 'Soccer practice', start_date: `${today}T17:00:00`, organizer_id: anaId },
  });
  expect(event.status(), await event.text()).toBe(201);
  await expect(ben.getByText('Soccer practice').first()).toBeVisible({ timeout: 2_000 });

  await open(ben, '/tasks');
  await expect(ben.getByRole('heading', { name: 'Family Tasks' })).toBeVisible();
  const task = await ana.request.post('/api/tasks', {
    data: { title: 'Wash the soccer kit', due_date: `${today}T18:00`, assigned_to_ids: [String(anaId)] },
  });
  expect(task.status(), await task.text()).toBe(201);
  await expect(ben.getByText('Wash the soccer kit')).toBeVisible({ timeout: 2_000 });

  await open(ben, '/notes');
  await expect(ben.getByRole('heading', { name: 'Family Notes' })).toBeVisible();
  const note = await ana.request.post('/api/notes', {
    data: { title: 'Snack rota', content: 'Saturday: oranges', family_member_id: anaId },
  });
  expect(note.status(), await note.text()).toBe(201);
  await expect(ben.getByText('Snack rota')).toBeVisible({ timeout: 2_000 });
  await expect(ben.getByText('Reconnecting…')).toHaveCount(0);
  await screenshot(ben, `${shots}/live-notes-other-device.png`);

  // The other family: no change message at all, and nothing of the Riveras' on its screens.
  await other.waitForTimeout(500);
  expect(await other.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([]);
  await expect(other.getByText('Soccer practice')).toHaveCount(0);
  await other.goto('/calendar?view=month');
  await expect(other.getByRole('heading', { name: /Month View/ })).toBeVisible();
  await expect(other.getByText('Soccer practice')).toHaveCount(0);
  await other.goto('/tasks');
  await expect(other.getByRole('heading', { name: 'Family Tasks' })).toBeVisible();
  await expect(other.getByText('Wash the soccer kit')).toHaveCount(0);
});

test('a burst of changes (an .ics import of 40 events) refetches the other device a few times, not once per event', async ({
  browser,
}) => {
  const ana = await device(browser);
  const ben = await device(browser);
  await register(ana, 'The Riveras', 'Ana Rivera');
  await joinFamily(ana, ben, 'Ben Rivera');
  const session = (await (await ana.request.get('/api/auth/session')).json()) as { family_timezone: string };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: session.family_timezone }).format(new Date());

  await open(ben, '/calendar?view=month');
  await expect(ben.getByRole('heading', { name: /Month View/ })).toBeVisible();
  await ben.waitForLoadState('networkidle');
  const refetches: string[] = [];
  ben.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') refetches.push(request.url());
  });

  // One import: each of its 40 rows (and their reminders) is a change message on Ben's stream.
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//FamilyHub e2e//EN'];
  for (let i = 0; i < 40; i += 1) {
    const time = `${String(8 + Math.floor(i / 4)).padStart(2, '0')}${String((i % 4) * 15).padStart(2, '0')}00`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:burst-${String(i)}@familyhub.test`,
      'DTSTAMP:20261101T000000Z',
      `DTSTART:${today.replaceAll('-', '')}T${time}`,
      'DURATION:PT15M',
      `SUMMARY:Burst ${String(i)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  const imported = await ana.request.post('/api/calendar/import', {
    headers: { 'Content-Type': 'text/calendar' },
    data: `${lines.join('\r\n')}\r\n`,
  });
  expect(imported.status(), await imported.text()).toBe(200);

  // Ben's month shows all 40 (3 in the cell, then '+37 more'), from at most a few refetches.
  const todayCell = ben.locator(`[data-testid="month-week"] button[aria-label^="+37 more"]`);
  await expect(todayCell).toBeVisible({ timeout: 3_000 });
  await ben.waitForTimeout(1_000);
  await ben.waitForLoadState('networkidle');
  expect(refetches.length, refetches.join('\n')).toBeGreaterThanOrEqual(1);
  expect(refetches.length, refetches.join('\n')).toBeLessThanOrEqual(3);
});
