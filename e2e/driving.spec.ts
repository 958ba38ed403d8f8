import { addDays, format } from 'date-fns';
import type { Page } from '@playwright/test';
import { expect, familyToday, screenshot, shots, test } from './fixtures.ts';

// Issue 27: a driver who is in two places shows on the calendar chip, in the event and in "Driving this week";
// choosing another driver clears it everywhere.

interface Member {
  id: number;
  name: string;
}

async function addFamily(page: Page): Promise<Member[]> {
  for (const m of [
    { name: 'Marco Rivera', color: 'green', role: 'parent' },
    { name: 'Lucia Rivera', color: 'pink', role: 'child' },
  ]) {
    const res = await page.request.post('/api/family-members', {
      data: { ...m, email: null, phone_number: null, daily_summary_enabled: false },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return (await (await page.request.get('/api/family-members')).json()) as Member[];
}

async function createEvent(page: Page, data: object): Promise<void> {
  const res = await page.request.post('/api/events', { data });
  expect(res.status(), await res.text()).toBe(201);
}

test('a clash appears on the chip, in the event and in Driving this week; resolving it clears it', async ({
  page,
  signUp,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp();
  const [ana, marco, lucia] = (await addFamily(page)) as [Member, Member, Member];
  const day = format(addDays(await familyToday(page), 3), 'yyyy-MM-dd');
  await createEvent(page, {
    title: 'Soccer',
    start_date: `${day}T15:30:00`,
    duration_minutes: 60,
    attendees: [String(lucia.id)],
    has_pickup: true,
    pickup_assigned_to: marco.id,
  });
  await createEvent(page, {
    title: 'PTA meeting',
    start_date: `${day}T16:30:00`,
    duration_minutes: 60,
    attendees: [String(marco.id)],
  });
  await createEvent(page, {
    title: 'Piano',
    start_date: `${day}T10:00:00`,
    duration_minutes: 60,
    attendees: [String(lucia.id)],
    has_dropoff: true,
    dropoff_assigned_to: ana.id,
  });

  // The chip.
  await page.goto(`/calendar?view=week&date=${day}`);
  const soccer = page.getByTestId('event-chip').filter({ hasText: 'Soccer' });
  await expect(soccer.getByTestId('chip-driving-flag')).toBeVisible();
  await expect(soccer).toHaveAttribute(
    'aria-label',
    /Pickup: Marco Rivera is at PTA meeting \(4:30 PM–5:30 PM\)/,
  );
  await expect(
    page.getByTestId('event-chip').filter({ hasText: 'Piano' }).getByTestId('chip-driving-flag'),
  ).toHaveCount(0);
  await screenshot(page, `${shots}/driving-chip-1280.png`);

  // Driving this week, from the nav.
  await page.getByRole('link', { name: 'Driving' }).first().click();
  await expect(page).toHaveURL(/\/driving/);
  await page.goto(`/driving?date=${day}`);
  const legs = page.getByTestId('driving-leg');
  await expect(legs).toHaveCount(2);
  // Issue 46: each day in time order (Piano's 10:00 AM drop-off before Soccer's 4:30 PM pickup, though only
  // Soccer has a problem), the driver named on every row.
  await expect(legs.nth(0)).toContainText('Drop off Lucia Rivera at Piano');
  await expect(legs.nth(0).getByTestId('driving-driver')).toHaveText('Driver: Ana Rivera');
  await expect(legs.nth(1)).toContainText('Pick up Lucia Rivera from Soccer');
  await expect(legs.nth(1).getByTestId('driving-driver')).toHaveText('Driver: Marco Rivera');
  await expect(legs.nth(1).getByTestId('driving-issue')).toHaveText(
    'Marco Rivera is at PTA meeting (4:30 PM–5:30 PM)',
  );
  // The banner names the problem (what, when, why); the per-driver counts are totals, apart from it.
  const status = page.getByTestId('driving-status');
  await expect(status).toContainText('1 pickup or drop-off needs attention:');
  await expect(status.getByTestId('driving-problems').getByRole('listitem')).toHaveText([
    /4:30 PM: Pick up Lucia Rivera from Soccer \(Marco Rivera is at PTA meeting \(4:30 PM–5:30 PM\)\)$/,
  ]);
  await expect(status).not.toContainText('Ana Rivera');
  await expect(page.getByTestId('driving-totals')).toHaveText(
    'Totals for the week: Ana Rivera drives 1 · Marco Rivera drives 1',
  );
  await screenshot(page, `${shots}/driving-week-1280.png`, { fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, `${shots}/driving-week-375.png`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The event says what clashes; another driver resolves it.
  await legs.nth(1).getByRole('link').click();
  await expect(page.getByTestId('event-driving-warning')).toContainText(
    'Pickup: Marco Rivera is at PTA meeting',
  );
  // Opened from the Driving page, the form leads back there.
  await expect(page.getByRole('link', { name: 'Back to Driving' })).toHaveAttribute('href', '/driving');
  await page.getByTestId('event-driving-warning').scrollIntoViewIfNeeded();
  await screenshot(page, `${shots}/driving-event-1280.png`);
  await page.getByLabel('Pickup by').selectOption({ label: 'Ana Rivera' });
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page).toHaveURL(/\/driving$/);
  await page.goto(`/driving?date=${day}`);
  await expect(page.getByTestId('driving-issue')).toHaveCount(0);
  await expect(page.getByTestId('driving-status')).toContainText(
    'Every pickup and drop-off has a driver who is free',
  );
  await page.goto(`/calendar?view=week&date=${day}`);
  await expect(soccer).toBeVisible();
  await expect(soccer.getByTestId('chip-driving-flag')).toHaveCount(0);
});
