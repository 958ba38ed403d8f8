import { addDays, format } from 'date-fns';
import type { Locator, Page } from '@playwright/test';
import { seedBusyMonth } from './busy-month.ts';
import { expect, familyNow, shots, test } from './fixtures.ts';

/**
 * Issue 45 item 4 (ADR 051): a delete's toast carries Undo for its 5 seconds, and Undo brings back exactly what
 * went — an occurrence of a series, the whole series with its task, a task — in a busy family's month.
 */

// Seeding the busy month takes a while on a loaded machine (as in calendar-views.spec.ts).
test.describe.configure({ timeout: 240_000 });

const chip = (page: Page, title: string) => page.getByTestId('event-chip').filter({ hasText: title });
const toastRegion = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/** Opens the week's 'Swim team' chip's Delete, chooses `scope` in 'Delete Recurring Event', sees it go. */
async function deleteSwimTeam(page: Page, scope: 'This event only' | 'All events in series'): Promise<void> {
  await page.getByRole('button', { name: 'Delete Event' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Recurring Event' })
    .getByRole('button', { name: scope })
    .click();
  await expect(toastRegion(page).getByText('Event deleted', { exact: true })).toBeVisible();
  await expect(chip(page, 'Swim team')).toHaveCount(0);
}

/** Clicks the toast's Undo and waits for the 'Undone' toast. */
async function undo(page: Page): Promise<void> {
  await toastRegion(page).getByRole('button', { name: 'Undo' }).click();
  await expect(toastRegion(page).getByText('Undone', { exact: true })).toBeVisible();
}

/** The toast with its Undo button, as a screenshot of the page at this width. */
async function shootToast(page: Page, name: string): Promise<void> {
  await expect(toastRegion(page).getByRole('button', { name: 'Undo' })).toBeVisible();
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
}

test('undo: an occurrence, then the whole series with its task, come back on the calendar', async ({
  page,
  signUp,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp();
  const busy = await seedBusyMonth(page);
  const today = await familyNow(page);
  const created = await page.request.post('/api/events', {
    data: {
      title: 'Swim team',
      start_date: `${format(today, 'yyyy-MM-dd')}T15:00:00`,
      duration_minutes: 60,
      organizer_id: busy.members.ana,
      attendees: [String(busy.members.lucia)],
      is_recurring: true,
      recurrence_pattern: 'weekly',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const task = await page.request.post('/api/tasks', {
    data: {
      title: 'Pack the swim bag',
      assigned_to_ids: [String(busy.members.lucia)],
      due_date: `${format(today, 'yyyy-MM-dd')}T14:00:00`,
      event_id: id,
    },
  });
  expect(task.status(), await task.text()).toBe(201);

  await page.goto('/calendar?view=week');
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(chip(page, 'Swim team')).toHaveCount(1);

  // One occurrence: deleted, then undone from the toast.
  await chip(page, 'Swim team').click();
  await expect(page.getByLabel('Event Date')).toHaveValue(format(addDays(today, 7), 'yyyy-MM-dd'));
  await deleteSwimTeam(page, 'This event only');
  await shootToast(page, 'undo-toast');
  await undo(page);
  await expect(chip(page, 'Swim team')).toHaveCount(1);

  // The occurrence opens again (the page forgot it had deleted it); now the whole series goes.
  await chip(page, 'Swim team').click();
  await expect(page.getByRole('heading', { name: 'Edit Event' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Swim team');
  await deleteSwimTeam(page, 'All events in series');
  await undo(page);
  await expect(chip(page, 'Swim team')).toHaveCount(1);
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(chip(page, 'Swim team')).toHaveCount(1);

  // Its task came back with it.
  await page.goto('/tasks');
  await expect(page.getByTestId('task-card').filter({ hasText: 'Pack the swim bag' })).toHaveCount(1);
});

function taskCard(page: Page, title: string): Locator {
  return page.getByTestId('task-card').filter({ has: page.getByRole('heading', { name: title }) });
}

test('undo: a deleted task comes back on the Tasks screen (phone width)', async ({ page, signUp }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp();
  const busy = await seedBusyMonth(page);
  const today = format(await familyNow(page), 'yyyy-MM-dd');
  for (const title of ['Sign the field-trip form', 'Buy new cleats']) {
    const res = await page.request.post('/api/tasks', {
      data: { title, assigned_to_ids: [String(busy.members.teo)], due_date: `${today}T18:00:00` },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto('/tasks');
  await expect(taskCard(page, 'Buy new cleats')).toHaveCount(1);
  await taskCard(page, 'Buy new cleats').getByRole('button', { name: 'Delete Buy new cleats' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toastRegion(page).getByText('Task deleted', { exact: true })).toBeVisible();
  await expect(taskCard(page, 'Buy new cleats')).toHaveCount(0);
  await shootToast(page, 'undo-toast-390');
  await undo(page);
  await expect(taskCard(page, 'Buy new cleats')).toHaveCount(1);
  await expect(taskCard(page, 'Sign the field-trip form')).toHaveCount(1);
});
