import fs from 'node:fs';
import path from 'node:path';
import { expect, openCalendarApp, screenshot, shots, test } from './fixtures.ts';

const FIXTURE = path.resolve('test/fixtures/ics/node-ical/example-rrule.ics');

test('feed link: create, copy, regenerate (old link stops working)', async ({ page, signUp, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp();
  await page.goto('/calendar');
  await page.getByRole('button', { name: 'Create link for the family calendar feed' }).click();
  const url = page.getByLabel('Family calendar feed URL');
  await expect(url).toHaveValue(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
  const first = await url.inputValue();
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Feed link copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

  const feed = await page.request.get(new URL(first).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  expect(await feed.text()).toContain('BEGIN:VTIMEZONE');

  await page.getByRole('button', { name: 'Regenerate family calendar feed link' }).click();
  await expect(url).not.toHaveValue(first);
  expect((await page.request.get(new URL(first).pathname)).status()).toBe(404);
  await screenshot(page, `${shots}/ics-feed.png`, { fullPage: true });
});

test('import an .ics file: the report; re-import updates nothing; a broken event gets its reason', async ({
  page,
  signUp,
}) => {
  await signUp();
  await openCalendarApp(page);
  const input = page.getByLabel('Import .ics file');
  await input.setInputFiles({
    name: 'school.ics',
    mimeType: 'text/calendar',
    buffer: fs.readFileSync(FIXTURE),
  });
  const report = page.getByRole('status', { name: 'Import report' });
  await expect(report).toContainText('Imported 3, updated 0, unchanged 0, skipped 0.');
  await screenshot(page, `${shots}/ics-import.png`, { fullPage: true });
  await input.setInputFiles({
    name: 'school.ics',
    mimeType: 'text/calendar',
    buffer: fs.readFileSync(FIXTURE),
  });
  await expect(report).toContainText('Imported 0, updated 0, unchanged 3, skipped 0.');

  const broken =
    'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nSUMMARY:No start\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
  await input.setInputFiles({ name: 'broken.ics', mimeType: 'text/calendar', buffer: Buffer.from(broken) });
  await expect(report).toContainText('skipped 1.');
  await report.getByText('Skipped events').click();
  await expect(report).toContainText('No start: No start time (DTSTART)');

  // Repaired, not refused (issue 39): an empty RRULE and a TZID written as an offset import with a note.
  const repairable = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//FamilyHub e2e//EN',
    'BEGIN:VEVENT',
    'UID:einheit@holidays.example',
    'DTSTAMP:20260101T000000Z',
    'SUMMARY:Tag der Deutschen Einheit',
    'DTSTART:20261003',
    'RRULE:',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:choir@school.example',
    'DTSTAMP:20260101T000000Z',
    'SUMMARY:Choir',
    'DTSTART;TZID=UTC+01:20261006T190000',
    'DURATION:PT1H',
    'RRULE:FREQ=WEEKLY;COUNT=10',
    'EXDATE;TZID=UTC+01:20261013T190000,TBD',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  await input.setInputFiles({
    name: 'holidays.ics',
    mimeType: 'text/calendar',
    buffer: Buffer.from(repairable),
  });
  await expect(report).toContainText('Imported 2, updated 0, unchanged 0, skipped 0.');
  await report.getByText('What was fixed or guessed (3)').click();
  await expect(report).toContainText(
    '"Tag der Deutschen Einheit": its repeat rule (RRULE) was empty, so it was imported as a single event',
  );
  await expect(report).toContainText(
    '"Choir": the skipped date (EXDATE) "TBD" is not a date, so it was left out',
  );
  await expect(report).toContainText('Time zone "UTC+01" was read as the fixed offset UTC+01:00 (Etc/GMT-1)');
  await screenshot(page, `${shots}/ics-import-repairs.png`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await report.scrollIntoViewIfNeeded();
  await screenshot(page, `${shots}/ics-import-repairs-phone.png`);
});

test('a large file imports in batches with visible progress, within the plan limit', async ({
  page,
  signUp,
}) => {
  await signUp();
  await openCalendarApp(page);
  // Slow each batch down a little so the progress between batches can be seen.
  await page.route('**/api/calendar/import', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.getByLabel('Import .ics file').setInputFiles({
    name: 'birthdays.ics',
    mimeType: 'text/calendar',
    buffer: fs.readFileSync(path.resolve('test/fixtures/ics/ical4j/mathBirthdays.ics')),
  });
  await expect(page.getByText(/Importing… (300|600|900|1200) \/ 1321 events/)).toBeVisible();
  await expect(page.getByLabel('Import progress')).toBeVisible();
  const report = page.getByRole('status', { name: 'Import report' });
  // The free plan allows 50 new events a month: the rest are listed as skipped with the reason.
  await expect(report).toContainText('Imported 50, updated 0, unchanged 0, skipped 1271.', {
    timeout: 30_000,
  });
  await report.getByText('Skipped events').click();
  await expect(
    report.getByText(/Plan limit reached: your plan allows 50 new events per month/).first(),
  ).toBeVisible();
});

test('a Berlin series opened without an occurrence: "This event only" deletes its first occurrence', async ({
  page,
  signUp,
}) => {
  await signUp(); // a Los Angeles family (the default zone)
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//FamilyHub e2e//EN',
    'BEGIN:VEVENT',
    'UID:berlin-choir@example.com',
    'DTSTAMP:20260101T000000Z',
    'DTSTART;TZID=Europe/Berlin:20260330T180000',
    'DTEND;TZID=Europe/Berlin:20260330T190000',
    'RRULE:FREQ=WEEKLY;COUNT=4',
    'SUMMARY:Choir in Berlin',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  const imported = await page.request.post('/api/calendar/import', {
    headers: { 'content-type': 'text/calendar' },
    data: ics,
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const list = async () => {
    const res = await page.request.get('/api/events?start=2026-03-01&end=2026-05-01');
    const body = (await res.json()) as Array<{ id: number; title: string; start_date: string }>;
    return body.filter((o) => o.title === 'Choir in Berlin');
  };
  const before = await list();
  // 18:00 in Berlin is 09:00 in Los Angeles (both on summer time).
  expect(before.map((o) => o.start_date)).toEqual([
    '2026-03-30T09:00:00',
    '2026-04-06T09:00:00',
    '2026-04-13T09:00:00',
    '2026-04-20T09:00:00',
  ]);

  await page.goto(`/add-event/${String(before[0]?.id)}`);
  await page.getByRole('button', { name: 'Delete Event' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Recurring Event' })
    .getByRole('button', { name: 'This event only' })
    .click();
  await expect(page.getByText('The event has been deleted.', { exact: true })).toBeVisible();
  expect((await list()).map((o) => o.start_date)).toEqual([
    '2026-04-06T09:00:00',
    '2026-04-13T09:00:00',
    '2026-04-20T09:00:00',
  ]);
});
