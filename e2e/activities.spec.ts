import type { Locator, Page } from '@playwright/test';
import { addMember, dismissToast, expect, screenshot, shots, test } from './fixtures.ts';

function card(page: Page, title: string): Locator {
  return page.getByTestId('activity-card').filter({ has: page.getByRole('heading', { name: title }) });
}

async function fillRequest(
  page: Page,
  request: { title: string; date: string; hour: string; minute: string; category: string; location: string },
) {
  await page.getByLabel('Title').fill(request.title);
  await page.getByLabel('Date').fill(request.date);
  await page.getByLabel('Start Hour').selectOption({ label: request.hour });
  await page.getByLabel('Start Minute').selectOption(request.minute);
  await page.getByLabel('Location').fill(request.location);
  await page.getByLabel('Category').selectOption({ label: request.category });
  await page.getByLabel('Assign To').selectOption({ label: 'Maya Rivera' });
  await page.getByLabel('Assigned By').selectOption({ label: 'Ana Rivera' });
}

test('activity requests: create, accept, add to the calendar, decline, edit and delete', async ({
  page,
  signUp,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp({ memberName: 'Ana Rivera' });
  await addMember(page, 'Maya Rivera', 'purple');

  await page.goto('/activities');
  await expect(page.getByRole('heading', { name: 'Activity Signups' })).toBeVisible();
  await expect(
    page.getByText('No pending activity proposals. Create a new signup request to get started!'),
  ).toBeVisible();
  await dismissToast(page);
  await screenshot(page, `${shots}/activities-empty.png`);
  await page.getByRole('tab', { name: 'Accepted' }).click();
  await expect(page.getByText('No accepted activity proposals found.')).toBeVisible();
  await page.getByRole('tab', { name: 'Declined' }).click();
  await expect(page.getByText('No declined activity proposals found.')).toBeVisible();

  // The form: SPEC §9 defaults, SPEC §5 message, then the SPEC §7 payload (no priority, due_date combined).
  await page.getByRole('button', { name: 'Add Activity Request' }).click();
  await expect(page).toHaveURL(/\/add-activity$/);
  await expect(page.getByLabel('Duration')).toHaveValue('60');
  await expect(page.getByLabel('Start Hour')).toHaveValue('09');
  await expect(page.getByLabel('Start Minute')).toHaveValue('00');
  await expect(page.getByLabel('Category')).toHaveValue('other');
  await expect(page.getByLabel('Priority')).toHaveValue('medium');
  await page.getByRole('button', { name: 'Add Activity Request' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();

  await fillRequest(page, {
    title: 'Dentist check-up',
    date: '2026-12-04',
    hour: '3 PM',
    minute: '30',
    category: 'Appointment',
    location: 'Smile Clinic',
  });
  await page.getByLabel('Priority').selectOption({ label: 'High' });
  await dismissToast(page);
  await screenshot(page, `${shots}/activity-form.png`);
  const posted = page.waitForRequest(
    (r) => r.url().endsWith('/api/activity-proposals') && r.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Add Activity Request' }).click();
  const body = (await posted).postDataJSON() as Record<string, unknown>;
  expect(body).toEqual({
    title: 'Dentist check-up',
    assigned_to: expect.any(Number),
    assigned_by: expect.any(Number),
    category: 'appointment',
    due_date: '2026-12-04T15:30:00',
    estimated_duration: '60',
    location: 'Smile Clinic',
    status: 'pending',
  });
  await expect(page.getByText('Activity proposal created', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/activities$/);

  // The toast of the last change sits over the header's button (and pauses while hovered).
  await dismissToast(page);
  await page.getByRole('button', { name: 'Add Activity Request' }).click();
  await fillRequest(page, {
    title: 'Piano lessons',
    date: '2026-12-01',
    hour: '4 PM',
    minute: '00',
    category: 'Personal',
    location: 'Music school',
  });
  await page.getByRole('button', { name: 'Add Activity Request' }).click();
  await expect(page.getByText('Activity proposal created', { exact: true })).toBeVisible();

  // Pending, by due date ascending, with Accept and Decline.
  await expect(page.getByTestId('activity-card').getByRole('heading')).toHaveText([
    'Piano lessons',
    'Dentist check-up',
  ]);
  const dentist = card(page, 'Dentist check-up');
  await expect(dentist.getByText('December 4th, 2026')).toBeVisible();
  await expect(dentist.getByText('3:30 PM')).toBeVisible();
  await expect(dentist.getByText('Smile Clinic')).toBeVisible();
  await expect(dentist.getByRole('button', { name: 'Add to Calendar' })).toHaveCount(0);
  await dismissToast(page);
  await screenshot(page, `${shots}/activities-list.png`);
  // Below 768 px the cards and the filter stack in one column, nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, test.info().outputPath('activities-375.png'), { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Accept: it moves to Accepted, without Accept / Decline, with Add to Calendar.
  await dentist.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Activity accepted', { exact: true })).toBeVisible();
  await expect(page.getByTestId('activity-card').getByRole('heading')).toHaveText(['Piano lessons']);
  await page.getByRole('tab', { name: 'Accepted' }).click();
  await expect(dentist.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(dentist.getByRole('button', { name: 'Decline' })).toHaveCount(0);

  // Add to Calendar: the SPEC §8 confirmation in the app's dialog (issue 46), then the SPEC §7 conversion
  // payload; the status stays.
  const converted = page.waitForRequest((r) => r.url().includes('/api/events?activity_conversion=true'));
  await dentist.getByRole('button', { name: 'Add to Calendar' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(
    confirm.getByText('Convert this activity to an event? This will create a new event in your calendar.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Add to Calendar' }).click();
  expect((await converted).postDataJSON()).toEqual({
    title: 'Dentist check-up',
    description: '',
    start_date: '2026-12-04T15:30:00',
    duration_minutes: 60,
    location: 'Smile Clinic',
    organizer_id: expect.any(Number),
    attendees: [expect.any(String)],
    category: 'appointment',
    priority: 'medium',
  });
  await expect(page.getByText('Event created', { exact: true })).toBeVisible();
  await expect(card(page, 'Dentist check-up')).toBeVisible();
  // Issue 21: the card now says it is on the calendar, as a link to the event; it cannot be added twice.
  await expect(dentist.getByRole('button', { name: 'Add to Calendar' })).toHaveCount(0);
  const onCalendar = dentist.getByRole('link', { name: 'On calendar' });
  await expect(onCalendar).toHaveAttribute('href', /^\/add-event\/\d+$/);
  await screenshot(page, `${shots}/activities-on-calendar.png`);
  await onCalendar.click();
  await expect(page.getByRole('heading', { name: 'Edit Event' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Dentist check-up');

  // The event is in the Calendar on its day and time.
  await page.goto('/calendar?view=day&date=2026-12-04');
  await expect(
    page.getByRole('button', { name: /^Dentist check-up, 3:30 PM – 4:30 PM, Smile Clinic/ }),
  ).toBeVisible();
  await screenshot(page, test.info().outputPath('calendar-day.png'));
  await page.goto('/activities');

  // Decline the other: it shows under Declined.
  await card(page, 'Piano lessons').getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Activity declined', { exact: true })).toBeVisible();
  await expect(
    page.getByText('No pending activity proposals. Create a new signup request to get started!'),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Declined' }).click();
  await expect(page.getByTestId('activity-card').getByRole('heading')).toHaveText(['Piano lessons']);

  // Editing at /add-activity/{id} keeps the status; Delete Activity asks first.
  await card(page, 'Piano lessons').getByRole('button', { name: 'Edit Piano lessons' }).click();
  await expect(page).toHaveURL(/\/add-activity\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit Activity Request' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Piano lessons');
  await expect(page.getByLabel('Date')).toHaveValue('2026-12-01');
  await expect(page.getByLabel('Start Hour')).toHaveValue('16');
  await page.getByLabel('Title').fill('Piano lessons (Saturdays)');
  await page.getByRole('button', { name: 'Update Activity Request' }).click();
  await expect(page.getByText('Activity proposal updated', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Declined' }).click();
  await expect(page.getByTestId('activity-card').getByRole('heading')).toHaveText([
    'Piano lessons (Saturdays)',
  ]);

  await card(page, 'Piano lessons (Saturdays)')
    .getByRole('button', { name: 'Edit Piano lessons (Saturdays)' })
    .click();
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete this activity proposal?');
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Delete Activity' }).click();
  await expect(page.getByText('Activity proposal deleted', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/activities$/);
  await page.getByRole('tab', { name: 'Declined' }).click();
  await expect(page.getByText('No declined activity proposals found.')).toBeVisible();
});
