import { addDays, format, startOfWeek } from 'date-fns';
import type { Page } from '@playwright/test';
import { expect, familyNow, familyToday, screenshot, shots, test } from './fixtures.ts';

const day = (d: Date) => format(d, 'yyyy-MM-dd');

interface Member {
  id: number;
  name: string;
}

/** Adds the rest of a family of four through the API; returns every member, the registrant first. */
async function addFamily(page: Page): Promise<Member[]> {
  for (const m of [
    { name: 'Marco Rivera', color: 'green', role: 'parent', phone_number: '+14155550100' },
    { name: 'Lucia Rivera', color: 'pink', role: 'child', phone_number: null },
    { name: 'Teo Rivera', color: 'orange', role: 'child', phone_number: null },
  ]) {
    const res = await page.request.post('/api/family-members', {
      data: { ...m, email: null, daily_summary_enabled: false },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const list = await page.request.get('/api/family-members');
  return (await list.json()) as Member[];
}

const chip = (page: Page, title: string) => page.getByTestId('event-chip').filter({ hasText: title });

test('a weekly event with a pickup: created from the month view, seen in every view, filtered, edited and deleted by occurrence, then as a series', async ({
  page,
  signUp,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signUp();
  const members = await addFamily(page);
  const today = await familyNow(page);
  const todayText = day(today);

  await page.goto('/calendar?view=month');
  await expect(
    page.getByRole('heading', { name: `Month View • ${format(today, 'MMMM yyyy')}` }),
  ).toBeVisible();

  // Double-click a day of the month view: the form opens prefilled with that date, keeping the view.
  await page.locator(`[data-date="${todayText}"]`).dblclick({ position: { x: 70, y: 100 } });
  await expect(page).toHaveURL(new RegExp(`/add-event\\?date=${todayText}&view=month$`));
  await expect(page.getByRole('heading', { name: 'Add New Event' })).toBeVisible();
  await expect(page.getByLabel('Event Date')).toHaveValue(todayText);
  await expect(page.getByLabel('Start Hour')).toHaveValue('09');
  await expect(page.getByLabel('Duration')).toHaveValue('60');

  // The spec's required-field message, then a valid weekly event with a pickup by Marco.
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await page.getByLabel('Title').fill('Swim lessons');
  await page.getByLabel('Start Hour').selectOption('16');
  await page.getByLabel('Location').fill('Aquatic Center');
  await page.getByLabel('Organizer').selectOption(String(members[0]?.id));
  await page.getByRole('button', { name: 'Lucia Rivera' }).click();
  await page.getByRole('switch', { name: 'Repeats' }).click();
  await page.getByLabel('Repeat', { exact: true }).selectOption('weekly');
  await page.getByRole('switch', { name: 'Needs pickup' }).click();
  await page.getByLabel('Pickup by').selectOption(String(members[1]?.id));
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/calendar\?view=month$/);

  // Month, week and day views all show it.
  await expect(chip(page, 'Swim lessons').first()).toBeVisible();
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Week View' })).toBeVisible();
  await expect(chip(page, 'Swim lessons')).toHaveCount(1);
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  await expect(
    page.getByRole('heading', { name: `Day View • ${format(today, 'EEEE, MMMM d, yyyy')}` }),
  ).toBeVisible();
  await expect(chip(page, 'Swim lessons')).toBeVisible();

  // Filter by member: only Teo selected hides it (organizer Ana, attendee Lucia); adding Lucia shows it.
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(chip(page, 'Swim lessons')).toHaveCount(1);
  await page.getByRole('button', { name: 'Teo Rivera', exact: true }).click();
  await expect(chip(page, 'Swim lessons')).toHaveCount(0);
  await page.getByRole('button', { name: 'Lucia Rivera', exact: true }).click();
  await expect(chip(page, 'Swim lessons')).toHaveCount(1);
  await page.getByRole('button', { name: 'Select All' }).click();

  // Edit next week's occurrence only.
  await page.getByRole('button', { name: 'Next week' }).click();
  await chip(page, 'Swim lessons').click();
  await expect(page.getByRole('heading', { name: 'Edit Event' })).toBeVisible();
  await expect(page.getByLabel('Event Date')).toHaveValue(day(addDays(today, 7)));
  await page.getByLabel('Title').fill('Swim lessons (gym pool)');
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Recurring Event' })).toBeVisible();
  await page.getByRole('button', { name: 'This event only' }).click();
  await expect(page.getByText('Event updated', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/calendar\?view=week$/);
  // Back in the week it was edited from (issue 46); this week is untouched.
  await expect(chip(page, 'Swim lessons (gym pool)')).toHaveCount(1);
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(chip(page, 'Swim lessons')).toHaveCount(1);
  await expect(chip(page, 'Swim lessons (gym pool)')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next week' }).click();

  // Delete the occurrence two weeks out only.
  await page.getByRole('button', { name: 'Next week' }).click();
  await chip(page, 'Swim lessons').click();
  await page.getByRole('button', { name: 'Delete Event' }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Delete Recurring Event' });
  await expect(
    deleteDialog.getByText('This will also delete all associated tasks.', { exact: false }),
  ).toBeVisible();
  await deleteDialog.getByRole('button', { name: 'This event only' }).click();
  await expect(page.getByText('Event deleted', { exact: true })).toBeVisible();
  // Back in the week of the deleted occurrence (issue 46).
  await expect(chip(page, 'Swim lessons')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(chip(page, 'Swim lessons')).toHaveCount(1);

  // The pickup task shows in the event's Associated Tasks.
  await page.getByRole('button', { name: 'Today' }).click();
  await chip(page, 'Swim lessons').click();
  await expect(
    page.getByRole('list', { name: 'Existing tasks' }).getByText('Pickup: Swim lessons'),
  ).toBeVisible();

  // Delete the whole series.
  await page.getByRole('button', { name: 'Delete Event' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Recurring Event' })
    .getByRole('button', { name: 'All events in series' })
    .click();
  await expect(page.getByText('Event deleted', { exact: true })).toBeVisible();
  await expect(chip(page, 'Swim lessons')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByTestId('event-chip')).toHaveCount(0);
});

test('hour slots and Add Event carry the date, hour and view', async ({ page, signUp }) => {
  await signUp();
  await page.goto('/calendar?view=day');
  const today = day(await familyNow(page));
  await page.locator(`[data-date="${today}"] [data-hour="14"]`).click();
  await expect(page).toHaveURL(new RegExp(`/add-event\\?date=${today}&hour=14&view=day$`));
  await expect(page.getByLabel('Start Hour')).toHaveValue('14');
  // Hours run from 6 AM, wrapping to 5 AM at the end.
  const hours = await page.getByLabel('Start Hour').locator('option').allTextContents();
  expect(hours.slice(0, 2)).toEqual(['6 AM', '7 AM']);
  expect(hours.slice(-2)).toEqual(['4 AM', '5 AM']);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/calendar\?view=day$/);
  await page.getByRole('button', { name: 'Add Event', exact: true }).click();
  await expect(page).toHaveURL(/\/add-event\?view=day$/);

  // Defaults (SPEC §9): today, 09:00, 60 minutes, family, medium. Then a one-off event is deleted with the
  // SPEC §8 confirmation.
  await expect(page.getByLabel('Event Date')).toHaveValue(today);
  await expect(page.getByLabel('Start Hour')).toHaveValue('09');
  await expect(page.getByLabel('Start Minute')).toHaveValue('00');
  await expect(page.getByLabel('Category')).toHaveValue('family');
  await expect(page.getByLabel('Priority')).toHaveValue('medium');
  await page.getByLabel('Title').fill('Vet appointment');
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page).toHaveURL(/\/calendar\?view=day$/);
  await chip(page, 'Vet appointment').click();
  await page.getByRole('button', { name: 'Delete Event' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Event' });
  await expect(
    confirm.getByText(
      'Are you sure you want to delete this event? This will also delete all associated tasks.',
    ),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Event deleted', { exact: true })).toBeVisible();
  await expect(chip(page, 'Vet appointment')).toHaveCount(0);
});

test('screenshots: a family of four in a busy week', async ({ page, signUp }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signUp({ familyName: 'The Riveras' });
  const [ana, marco, lucia, teo] = await addFamily(page);
  const ids = { ana: ana?.id ?? 0, marco: marco?.id ?? 0, lucia: lucia?.id ?? 0, teo: teo?.id ?? 0 };
  const sunday = startOfWeek(await familyToday(page));
  const at = (offset: number, time: string) => `${day(addDays(sunday, offset))}T${time}:00`;
  const s = String;
  // Recurring series started three weeks ago; one-off events fill this week.
  const seed = [
    {
      title: 'Family hike',
      start_date: at(0, '10:00'),
      duration_minutes: 180,
      location: 'Mount Tamalpais',
      organizer_id: ids.marco,
      attendees: [s(ids.ana), s(ids.marco), s(ids.lucia), s(ids.teo)],
      category: 'family',
    },
    {
      title: 'School drop-off',
      start_date: at(-20, '07:45'),
      duration_minutes: 30,
      is_recurring: true,
      recurrence_pattern: 'workday',
      organizer_id: ids.marco,
      attendees: [s(ids.lucia), s(ids.teo)],
      category: 'school',
    },
    {
      title: 'Soccer practice',
      start_date: at(-20, '16:00'),
      duration_minutes: 90,
      location: 'Riverside Park',
      is_recurring: true,
      recurrence_pattern: 'weekly',
      organizer_id: ids.ana,
      attendees: [s(ids.teo)],
      category: 'activity',
      has_pickup: true,
      pickup_assigned_to: ids.marco,
    },
    {
      title: 'Piano lesson',
      start_date: at(-19, '15:30'),
      duration_minutes: 45,
      location: 'Ms. Chen’s studio',
      is_recurring: true,
      recurrence_pattern: 'weekly',
      organizer_id: ids.ana,
      attendees: [s(ids.lucia)],
      category: 'activity',
      has_dropoff: true,
      dropoff_assigned_to: ids.ana,
    },
    {
      title: 'Dentist — Lucia',
      start_date: at(2, '15:30'),
      duration_minutes: 60,
      location: 'Bright Smiles Dental',
      organizer_id: ids.marco,
      attendees: [s(ids.lucia), s(ids.marco)],
      category: 'appointment',
      priority: 'high',
    },
    {
      title: 'Team stand-up',
      start_date: at(3, '09:00'),
      duration_minutes: 30,
      organizer_id: ids.marco,
      attendees: [s(ids.marco)],
      category: 'work',
    },
    {
      title: 'Parent-teacher conference',
      start_date: at(3, '18:00'),
      duration_minutes: 45,
      location: 'Lincoln Elementary',
      organizer_id: ids.ana,
      attendees: [s(ids.ana), s(ids.marco), s(ids.lucia), s(ids.teo)],
      category: 'school',
      priority: 'high',
    },
    {
      title: 'Grocery run',
      start_date: at(4, '10:00'),
      duration_minutes: 60,
      location: 'Farmers market',
      organizer_id: ids.ana,
      attendees: [s(ids.ana)],
      category: 'family',
    },
    {
      title: 'Swim lessons',
      start_date: at(-17, '16:30'),
      duration_minutes: 60,
      location: 'Aquatic Center',
      is_recurring: true,
      recurrence_pattern: 'weekly',
      organizer_id: ids.marco,
      attendees: [s(ids.lucia), s(ids.teo)],
      category: 'activity',
      has_pickup: true,
      pickup_assigned_to: ids.ana,
    },
    {
      title: 'Science fair',
      start_date: at(4, '17:00'),
      duration_minutes: 120,
      location: 'School gym',
      organizer_id: ids.ana,
      attendees: [s(ids.teo), s(ids.ana)],
      category: 'school',
    },
    {
      title: 'Book club',
      start_date: at(4, '19:30'),
      duration_minutes: 90,
      organizer_id: ids.ana,
      attendees: [s(ids.ana)],
      category: 'other',
      priority: 'low',
    },
    {
      title: 'Pizza & movie night',
      start_date: at(5, '18:30'),
      duration_minutes: 150,
      organizer_id: ids.marco,
      attendees: [s(ids.ana), s(ids.marco), s(ids.lucia), s(ids.teo)],
      category: 'family',
    },
    {
      title: 'Camping at Lake Tahoe',
      start_date: at(6, '08:00'),
      end_date: at(7, '16:00'),
      location: 'Lake Tahoe',
      organizer_id: ids.marco,
      attendees: [s(ids.ana), s(ids.marco), s(ids.lucia), s(ids.teo)],
      category: 'family',
    },
    {
      title: 'Birthday party (Maya)',
      start_date: at(6, '13:00'),
      duration_minutes: 120,
      location: 'Bounce House',
      organizer_id: ids.ana,
      attendees: [s(ids.lucia)],
      category: 'activity',
    },
    {
      title: 'Monthly budget review',
      start_date: at(3, '20:30'),
      duration_minutes: 60,
      is_recurring: true,
      recurrence_pattern: 'monthly_day',
      organizer_id: ids.ana,
      attendees: [s(ids.ana), s(ids.marco)],
      category: 'family',
    },
    {
      title: 'Flu shots',
      start_date: at(10, '11:00'),
      duration_minutes: 60,
      location: 'Walgreens',
      organizer_id: ids.ana,
      attendees: [s(ids.lucia), s(ids.teo)],
      category: 'appointment',
    },
  ];
  let dentist = 0;
  for (const e of seed) {
    const res = await page.request.post('/api/events', { data: e });
    expect(res.status(), await res.text()).toBe(201);
    if (e.title.startsWith('Dentist')) dentist = ((await res.json()) as { id: number }).id;
  }

  await page.goto(`/calendar?view=month&date=${day(addDays(sunday, 3))}`);
  await expect(chip(page, 'Parent-teacher conference')).toBeVisible();
  await screenshot(page, `${shots}/calendar-month.png`);

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(chip(page, 'Parent-teacher conference')).toBeVisible();
  await screenshot(page, `${shots}/calendar-month-375.png`);
  await page.setViewportSize({ width: 1440, height: 1000 });

  await page.goto(`/calendar?view=week&date=${day(addDays(sunday, 3))}`);
  await expect(chip(page, 'Science fair')).toBeVisible();
  await page.getByTestId('hour-scroll').evaluate((el) => el.scrollTo(0, 64 * 1.5));
  await screenshot(page, `${shots}/calendar-week.png`);

  await page.goto(`/calendar?view=day&date=${day(addDays(sunday, 4))}`);
  await expect(chip(page, 'Book club')).toBeVisible();
  await page.getByTestId('hour-scroll').evaluate((el) => el.scrollTo(0, 64 * 1.5));
  await screenshot(page, `${shots}/calendar-day.png`);

  await page.goto(`/add-event/${s(dentist)}?view=week`);
  await expect(page.getByRole('heading', { name: 'Edit Event' })).toBeVisible();
  await page.getByRole('switch', { name: 'Needs pickup' }).click();
  await page.getByLabel('Pickup by').selectOption(s(ids.ana));
  await page.getByLabel('New task').fill('Bring insurance card');
  await page.getByRole('button', { name: 'Add Task' }).click();
  // The whole form in one frame (a full-page capture would leave the fixed sidebar mid-page).
  await page.setViewportSize({ width: 1440, height: 1720 });
  await screenshot(page, `${shots}/event-form.png`);
});
