import {
  FAMILY_STORAGE_MAX_BYTES,
  FAMILY_STORAGE_MESSAGE,
  ICS_FILE_MAX_BYTES,
  ICS_FILE_TOO_LARGE_MESSAGE,
  NOTE_CONTENT_MAX_BYTES,
} from '../src/core/contracts/quotas.ts';
import { expect, openCalendarApp, screenshot, shots, test } from './fixtures.ts';

/** Issue 20 item 3: a family's quota refusals are shown on the screen that hit them, in the server's words. */

test('the notes screen shows the family storage message when a note would pass the quota', async ({
  page,
  signUp,
}) => {
  await signUp();
  const members = (await (await page.request.get('/api/family-members')).json()) as { id: number }[];
  const author = members[0]?.id;
  // Fill the family's storage to 1,000 bytes under the total with full-size notes.
  const notes = FAMILY_STORAGE_MAX_BYTES / NOTE_CONTENT_MAX_BYTES;
  for (let i = 0; i < notes; i += 1) {
    const res = await page.request.post('/api/notes', {
      data: {
        title: `Big ${String(i)}`,
        content: 'x'.repeat(NOTE_CONTENT_MAX_BYTES - 100),
        family_member_id: author,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto('/add-note');
  await page.getByLabel('Title').fill('One more');
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill('y'.repeat(2000));
  await page.getByRole('button', { name: 'Create Note' }).click();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText(FAMILY_STORAGE_MESSAGE, { exact: false }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/add-note$/);
  await screenshot(page, `${shots}/notes-storage-quota.png`, { fullPage: true });
});

test('the calendar import refuses a file over the size limit before sending it, with the message', async ({
  page,
  signUp,
}) => {
  await signUp();
  let posted = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/calendar/import')) posted = true;
  });
  await openCalendarApp(page);
  await page.getByLabel('Import .ics file').setInputFiles({
    name: 'huge.ics',
    mimeType: 'text/calendar',
    buffer: Buffer.alloc(ICS_FILE_MAX_BYTES + 1, 'x'),
  });
  await expect(page.getByText(ICS_FILE_TOO_LARGE_MESSAGE)).toBeVisible();
  expect(posted).toBe(false);
  await screenshot(page, `${shots}/ics-import-too-large.png`, { fullPage: true });
});
