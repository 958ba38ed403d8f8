import { addMonths, format, startOfMonth } from 'date-fns';
import type { Page } from '@playwright/test';
import { expect, familyToday, test } from './fixtures.ts';

/**
 * Issue 23 item 4: a month switch keeps the month's elements in place and redraws only the chips whose text
 * changed, so a daily series' chip on the 10th may be the very element that showed the 10th of the month
 * before. What it opens must still be this month's occurrence.
 */
async function chipOn(page: Page, date: string, title: string) {
  const cell = await page.locator(`[data-date="${date}"]`).boundingBox();
  if (!cell) throw new Error(`no cell for ${date}`);
  const chips = page.getByTestId('event-chip').filter({ hasText: title });
  for (const chip of await chips.all()) {
    const box = await chip.boundingBox();
    const inside = (at: number, from: number, size: number) => at >= from - 1 && at <= from + size + 1;
    if (box && inside(box.x, cell.x, cell.width) && inside(box.y, cell.y, cell.height)) return chip;
  }
  throw new Error(`no ${title} chip on ${date}`);
}

test('after a month switch, a reused chip opens the occurrence of the month shown', async ({
  page,
  signUp,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signUp();
  const thisMonth = startOfMonth(await familyToday(page));
  const res = await page.request.post('/api/events', {
    data: {
      title: 'Piano practice',
      start_date: `${format(thisMonth, 'yyyy-MM-dd')}T17:00`,
      duration_minutes: 30,
      is_recurring: true,
      recurrence_pattern: 'daily',
    },
  });
  expect(res.status(), await res.text()).toBe(201);

  const next = addMonths(thisMonth, 1);
  const heading = (month: Date) =>
    page.getByRole('heading', { name: `Month View • ${format(month, 'MMMM yyyy')}` });
  // Both months' events loaded first (as the render bench has them): the switch then draws once, from memory.
  await page.goto('/calendar?view=month');
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(heading(next)).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading events' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(heading(thisMonth)).toBeVisible();
  await expect(page.getByTestId('event-chip').filter({ hasText: 'Piano practice' }).first()).toBeVisible();
  // Every chip of this month marked: an element kept through the switch keeps its mark.
  await page
    .getByTestId('event-chip')
    .evaluateAll((chips) => chips.forEach((el) => el.setAttribute('data-marked', 'this-month')));

  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(heading(next)).toBeVisible();
  const nextTenth = format(new Date(next.getFullYear(), next.getMonth(), 10), 'yyyy-MM-dd');
  const after = await chipOn(page, nextTenth, 'Piano practice');
  // An element of the month before, not redrawn (same text), yet it opens the next month's 10th.
  await expect(after).toHaveAttribute('data-marked', 'this-month');
  await after.click();
  await expect(page).toHaveURL(new RegExp(`occurrence=${nextTenth}T17%3A00`));
  await expect(page.getByLabel('Event Date')).toHaveValue(nextTenth);
});

test('month chips make their time and initials only where the grid is wide enough to show them', async ({
  page,
  signUp,
}) => {
  await page.setViewportSize({ width: 2560, height: 1000 });
  await signUp();
  const members = (await (await page.request.get('/api/family-members')).json()) as { id: number }[];
  const res = await page.request.post('/api/events', {
    data: {
      title: 'Swim lessons',
      start_date: `${format(await familyToday(page), 'yyyy-MM-dd')}T16:00`,
      duration_minutes: 60,
      attendees: [String(members[0]?.id)],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto('/calendar?view=month');
  const chip = page.locator('[data-variant="month"]').filter({ hasText: 'Swim lessons' });
  const badge = chip.locator('[data-badge-color]');
  const drawn = () =>
    chip.evaluate((el) => ({
      elements: el.querySelectorAll('*').length,
      before: getComputedStyle(el, '::before').content,
      text: el.textContent,
    }));
  // Wide: time, title and initials (the initials from 81.375rem + 21 px of grid).
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText('AR');
  await expect(chip).toHaveText('4pSwim lessonsAR');
  // Narrower than that: no initials made at all (issue 23), and the chip's name still says who comes. With only
  // text to draw, the chip is one element, its time drawn before the title from `data-time` (ADR 028).
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(badge).toHaveCount(0);
  await expect(chip).toHaveAccessibleName(/with Ana Rivera/);
  expect(await drawn()).toEqual({ elements: 0, before: '"4p"', text: 'Swim lessons' });
  // A phone's month cell (under 42.875rem + 21 px of grid): the title alone.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(chip).not.toHaveAttribute('data-time');
  expect(await drawn()).toEqual({ elements: 0, before: 'none', text: 'Swim lessons' });
  // Wide again: back, and shown.
  await page.setViewportSize({ width: 2560, height: 1000 });
  await expect(badge).toBeVisible();
  await expect(chip).toHaveText('4pSwim lessonsAR');
});
