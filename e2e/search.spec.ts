import { expect, screenshot, shots, test } from './fixtures.ts';
import { startBusyMonth } from './busy-month.ts';
import { expectNoBlockingViolations } from './axe.ts';

/**
 * Issue 45: search from the sidebar, the phone's top bar and the `/` key; results of every kind, best first,
 * each opening its item; keyboard only.
 */
test('search: "/" opens it, typing finds events, tasks and notes, Enter opens the best; the phone too', async ({
  page,
  signUp,
}) => {
  const month = await startBusyMonth(page, () => signUp({ memberName: 'Ana Rivera' }), {
    width: 1280,
    height: 800,
  });
  const ana = String(month.members.ana);
  const post = async (path: string, data: Record<string, unknown>) => {
    const res = await page.request.post(path, { data });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const ortho = await post('/api/events', {
    title: 'Orthodontist — Lucia’s retainer check',
    start_date: `${month.first.slice(0, 8)}20T15:30:00`,
    location: 'Smile Dental, 12 Elm St',
  });
  await post('/api/tasks', {
    title: 'Call the orthodontist to move the February visit',
    assigned_to_ids: [ana],
    due_date: `${month.first.slice(0, 8)}18T09:00:00`,
  });
  await post('/api/notes', {
    title: 'Questions for the orthodontist',
    content: '• How long with the retainer at night?\n• Can she play the clarinet with it?',
    family_member_id: month.members.ana,
  });

  await page.goto('/calendar');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // `/` opens the search with the field focused; typing is not a slash in it.
  await page.keyboard.press('/');
  const field = page.getByRole('searchbox', { name: 'Search' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('');
  await page.keyboard.type('orthodontist');
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('link');
  await expect(results).toHaveCount(3);
  await expect(results.first()).toContainText('Orthodontist — Lucia’s retainer check');
  await expect(results.filter({ hasText: 'Call the orthodontist' })).toContainText('Task');
  await expect(results.filter({ hasText: 'Questions for the orthodontist' })).toContainText('Note');
  await expectNoBlockingViolations(page, 'search dialog');
  await screenshot(page, `${shots}/search-1280.png`);

  // Every word narrows; nothing found says so.
  await field.fill('clarinet retainer');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText('Can she play the clarinet');
  await field.fill('xylophone');
  await expect(page.getByText('Nothing found for “xylophone”.')).toBeVisible();

  // Enter opens the best result: the event's form.
  await field.fill('elm st');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText('Orthodontist');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/add-event/${String(ortho)}$`));
  await expect(page.getByLabel('Title')).toHaveValue('Orthodontist — Lucia’s retainer check');

  // A recurring event comes once, and opens its next occurrence.
  await page.getByRole('button', { name: 'Search' }).click();
  await field.fill('school pickup');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText('School pickup');
  await results.first().click();
  await expect(page).toHaveURL(/\/add-event\/\d+\?occurrence=/);

  // The phone: the top bar's button.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/tasks');
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  await field.fill('ortho');
  await expect(results).toHaveCount(3);
  await expect(results.first()).toContainText('Orthodontist');
  await screenshot(page, `${shots}/search-390.png`);
  await page.keyboard.press('Escape');
  await expect(field).toHaveCount(0);
});
