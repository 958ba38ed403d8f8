import { addDays, format } from 'date-fns';
import type { Page } from '@playwright/test';
import { expectNoBlockingViolations } from './axe.ts';
import { startBusyMonth } from './busy-month.ts';
import { expect, familyToday, screenshot, shots, test } from './fixtures.ts';

// Issue 45 item 3: the calendar's Quick add field, its confirming step, and "Edit details" into the Event form.

test.describe.configure({ timeout: 240_000 });

const quickAdd = (page: Page) => page.getByLabel('Quick add', { exact: true });

/** A new family with the busy month, on the calendar at `view` at `width` px, its events on screen. */
async function openCalendar(
  page: Page,
  signUp: () => Promise<unknown>,
  width: number,
  view: 'month' | 'agenda',
) {
  const busy = await startBusyMonth(page, signUp, { width, height: width > 800 ? 900 : 844 });
  await page.goto(`/calendar?view=${view}`);
  await expect(quickAdd(page)).toBeVisible();
  await expect(page.getByText('Loading events')).toHaveCount(0);
  return busy;
}

test('quick add at 1280 px: Enter reads the line, the confirming step says what was understood, Add event puts it in the month', async ({
  page,
  signUp,
}) => {
  const busy = await openCalendar(page, () => signUp(), 1280, 'month');
  await screenshot(page, `${shots}/quick-add-1280.png`);

  // Escape cancels and keeps the line as typed, with the focus back in the field.
  const line = 'Piano recital for lucia and Teo tomorrow at 4:30';
  await quickAdd(page).fill(line);
  await quickAdd(page).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add this event?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(quickAdd(page)).toHaveValue(line);
  await expect(quickAdd(page)).toBeFocused();

  await quickAdd(page).press('Enter');
  await expect(dialog).toBeVisible();
  const tomorrow = addDays(await familyToday(page), 1); // "tomorrow" is the family's, not the machine's
  await expect(dialog.getByText('Piano recital', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Lucia Rivera, Teo Rivera')).toBeVisible();
  await expect(dialog.getByText(format(tomorrow, 'EEEE, MMMM d'))).toBeVisible();
  await expect(dialog.getByText('4:30 PM – 5:30 PM')).toBeVisible();
  await expect(dialog.getByText('1 hour')).toBeVisible();
  await expect(dialog.getByText('Does not repeat')).toBeVisible();
  await expect(dialog.getByText('"4:30" read as 4:30 PM')).toBeVisible();
  // The confirming step takes the focus on its main action.
  await expect(dialog.getByRole('button', { name: 'Add event' })).toBeFocused();
  await screenshot(page, `${shots}/quick-add-confirm-1280.png`);
  await expectNoBlockingViolations(page, 'quick add confirming step', '[role="dialog"]');

  await page.keyboard.press('Enter');
  await expect(page.getByText('Event created', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(quickAdd(page)).toHaveValue('');

  // Saved as understood, through POST /api/events.
  const day = format(tomorrow, 'yyyy-MM-dd');
  const events = (await (await page.request.get(`/api/events?start=${day}&end=${day}`)).json()) as Array<{
    title: string;
    start_date: string;
    duration_minutes: number;
    attendees: string[];
  }>;
  const saved = events.find((e) => e.title === 'Piano recital');
  expect(saved?.start_date).toBe(`${day}T16:30:00`);
  expect(saved?.duration_minutes).toBe(60);
  expect(saved?.attendees.sort()).toEqual([String(busy.members.lucia), String(busy.members.teo)].sort());

  // And on the calendar: the busy month's cells show 3 events and '+N more', so on tomorrow's day view.
  await page.goto(`/calendar?view=day&date=${day}`);
  await expect(
    page.locator('[data-testid="event-chip"]').filter({ hasText: 'Piano recital' }).first(),
  ).toBeVisible();
  await expectNoBlockingViolations(page, 'calendar with Quick add');
});

test('quick add: "Edit details" opens the Event form prefilled with what was understood', async ({
  page,
  signUp,
}) => {
  await openCalendar(page, () => signUp(), 1280, 'month');

  await quickAdd(page).fill('Soccer every Sat 9am Teo for 1.5 hours');
  await quickAdd(page).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add this event?' });
  await expect(dialog.getByText('Every Saturday')).toBeVisible();
  await expect(dialog.getByText('1 hour 30 minutes')).toBeVisible();
  await dialog.getByRole('button', { name: 'Edit details' }).click();

  await expect(page).toHaveURL(/\/add-event\?/);
  await expect(page.getByRole('heading', { name: 'Add New Event' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Soccer');
  await expect(page.getByLabel('Start Hour')).toHaveValue('09');
  await expect(page.getByLabel('Start Minute')).toHaveValue('00');
  await expect(page.getByLabel('Duration')).toHaveValue('90');
  await expect(page.getByRole('button', { name: /Teo Rivera/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: /Lucia Rivera/ })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('switch', { name: 'Repeats' })).toBeChecked();
  await expect(page.getByLabel('Repeat', { exact: true })).toHaveValue('weekly');
  const date = await page.getByLabel('Event Date').inputValue();
  expect(new Date(`${date}T12:00:00`).getDay()).toBe(6);

  // Created from the form, it is the series asked for.
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/calendar\?view=month/);
});

test('quick add at 390 px: an all-day day, and a line without a title says what is missing', async ({
  page,
  signUp,
}) => {
  await openCalendar(page, () => signUp(), 390, 'agenda');
  await screenshot(page, `${shots}/quick-add-390.png`);

  await quickAdd(page).fill('tomorrow 3pm');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const refused = page.getByRole('dialog', { name: 'Quick add' });
  await expect(refused.getByText(/What is it\?/)).toBeVisible();
  await refused.getByRole('button', { name: 'Change it' }).click();
  await expect(quickAdd(page)).toHaveValue('tomorrow 3pm');

  await quickAdd(page).fill('Grandma visiting Sat with the kids');
  await quickAdd(page).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add this event?' });
  await expect(dialog.getByText('All day', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Lucia Rivera, Teo Rivera')).toBeVisible();
  await expect(dialog.getByText('No time given: all day')).toBeVisible();
  await screenshot(page, `${shots}/quick-add-confirm-390.png`);
  await expectNoBlockingViolations(page, 'quick add confirming step at 390 px', '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Add event' }).click();
  await expect(page.getByText('Event created', { exact: true })).toBeVisible();
  const events = (await (await page.request.get('/api/events')).json()) as Array<{
    title: string;
    is_all_day: boolean;
  }>;
  expect(events.find((e) => e.title === 'Grandma visiting')?.is_all_day).toBe(true);
  await expect(page.getByText('Grandma visiting').first()).toBeVisible();
});
