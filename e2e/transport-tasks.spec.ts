import type { Page } from '@playwright/test';
import { addLocalDays, instantToLocal } from '../src/core/time/local-time.ts';
import { dismissToast, expect, postCreated, screenshot, shots, test } from './fixtures.ts';

// Issue 46 item 1 (ADR 047): a new family enters its school runs, which began last week. The Tasks screen shows
// this week's drives among its real to-dos, not one stale 'Overdue' task per series.

/** A new family (Ana Rivera signs up) with Marco, Lucia and Teo; today in its zone (`YYYY-MM-DD`). */
async function riveras(page: Page, signUp: (o: { memberName: string }) => Promise<unknown>) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp({ memberName: 'Ana Rivera' });
  const session = (await (await page.request.get('/api/auth/session')).json()) as { family_timezone: string };
  const today = instantToLocal(new Date(), session.family_timezone).slice(0, 10);
  const ana = ((await (await page.request.get('/api/family-members')).json()) as { id: number }[])[0]?.id;
  const marco = (
    await postCreated(page, '/api/family-members', { name: 'Marco Rivera', color: 'green', role: 'parent' })
  ).id;
  const lucia = (
    await postCreated(page, '/api/family-members', { name: 'Lucia Rivera', color: 'yellow', role: 'child' })
  ).id;
  const teo = (
    await postCreated(page, '/api/family-members', { name: 'Teo Rivera', color: 'orange', role: 'child' })
  ).id;
  return { today, ana, marco, lucia, teo };
}

test("tasks: a new family's school runs are the coming week's drives, not a wall of overdue ones", async ({
  page,
  signUp,
}) => {
  const { today, ana, marco, lucia, teo } = await riveras(page, signUp);
  const lastWeek = addLocalDays(today, -8);
  const kids = [String(lucia), String(teo)];
  await postCreated(page, '/api/events', {
    title: 'Lincoln Elementary — morning drop-off for Lucia and Teo',
    start_date: `${lastWeek}T08:00:00`,
    duration_minutes: 30,
    attendees: kids,
    has_dropoff: true,
    dropoff_assigned_to: marco,
    is_recurring: true,
    recurrence_pattern: 'workday',
  });
  await postCreated(page, '/api/events', {
    title: 'School',
    start_date: `${lastWeek}T08:00:00`,
    duration_minutes: 480,
    attendees: kids,
    has_pickup: true,
    pickup_assigned_to: ana,
    is_recurring: true,
    recurrence_pattern: 'workday',
  });
  await postCreated(page, '/api/events', {
    title: 'Soccer practice',
    start_date: `${addLocalDays(lastWeek, 2)}T17:00:00`,
    duration_minutes: 90,
    attendees: [String(teo)],
    has_pickup: true,
    pickup_assigned_to: marco,
    pickup_minutes_before: 30,
    is_recurring: true,
    recurrence_pattern: 'weekly',
  });
  for (const [title, due, who] of [
    ['Return the library books before the fine doubles', `${addLocalDays(today, -1)}T17:00:00`, teo],
    ['Sign the field-trip permission slip', `${addLocalDays(today, 1)}T19:00:00`, ana],
    ['Buy shin guards', `${addLocalDays(today, 3)}T12:00:00`, marco],
  ] as const) {
    await postCreated(page, '/api/tasks', { title, due_date: due, assigned_to_ids: [String(who)] });
  }

  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: 'Family Tasks' })).toBeVisible();
  const cards = page.getByTestId('task-card');
  await expect(cards.first()).toBeVisible();
  // The one overdue to-do is the real one; at most today's drives that have passed are overdue with it.
  const overdue = cards.filter({ hasText: 'Overdue' });
  await expect(overdue.first()).toContainText('Return the library books');
  const overdueDrives = overdue.filter({ has: page.getByRole('heading', { name: /^(Pickup|Drop-off): / }) });
  expect(await overdueDrives.count()).toBeLessThanOrEqual(3);
  await expect(cards.filter({ hasText: 'Sign the field-trip permission slip' })).toHaveCount(1);
  await dismissToast(page);
  await screenshot(page, `${shots}/tasks-transport-1280.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(cards.first()).toBeVisible();
  // Every card within the phone's width: a long event name is cut in its card (it widened the whole list).
  const wider = () =>
    cards.evaluateAll((els) =>
      els.filter((el) => el.getBoundingClientRect().right > window.innerWidth).map((el) => el.textContent),
    );
  await expect.poll(wider).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, `${shots}/tasks-transport-390.png`);
});

test("the event form of a daily school run lists the drives of the day opened, not the week's fourteen", async ({
  page,
  signUp,
}) => {
  const { today, ana, marco, lucia } = await riveras(page, signUp);
  const tomorrow = addLocalDays(today, 1);
  const school = await postCreated(page, '/api/events', {
    title: 'School run',
    start_date: `${today}T08:00:00`,
    duration_minutes: 480,
    attendees: [String(lucia)],
    has_dropoff: true,
    dropoff_assigned_to: marco,
    has_pickup: true,
    pickup_assigned_to: ana,
    is_recurring: true,
    recurrence_pattern: 'daily',
  });
  const all = await page.request.get(`/api/events/${String(school.id)}/tasks`);
  expect(((await all.json()) as unknown[]).length).toBe(14);

  // Tomorrow's school run, opened from the day view: its drop-off and pickup, and a count of the others.
  await page.goto(`/calendar?view=day&date=${tomorrow}`);
  await page.getByTestId('event-chip').filter({ hasText: 'School run' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Event' })).toBeVisible();
  const listed = page.getByRole('list', { name: 'Existing tasks' }).getByRole('listitem');
  await expect(listed).toHaveCount(2);
  const day = new Date(`${tomorrow}T12:00:00`).toLocaleDateString('en-US', { month: 'long', day: 'numeric' });
  await expect(listed.nth(0)).toContainText('Drop-off: School run');
  await expect(listed.nth(0)).toContainText(`Marco Rivera · ${day}`);
  await expect(listed.nth(1)).toContainText('Pickup: School run');
  await expect(listed.nth(1)).toContainText(`Ana Rivera · ${day}`);
  const others = page.getByTestId('other-drives');
  await expect(others).toHaveText(
    '12 pickups and drop-offs on other days of this series are on the Driving page.',
  );
  await others.scrollIntoViewIfNeeded();
  await screenshot(page, `${shots}/event-form-series-tasks-1280.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  await others.scrollIntoViewIfNeeded();
  await screenshot(page, `${shots}/event-form-series-tasks-390.png`);
  await others.getByRole('link', { name: 'Driving' }).click();
  await expect(page).toHaveURL(/\/driving$/);
});
