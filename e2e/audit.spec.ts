import { dismissToast, expect, screenshot, shots, test } from './fixtures.ts';

/** Issue 21: what the spec audit found, as journeys. */

test('the owner card has no delete; deleting a member with a login says what happens', async ({
  page,
  signUp,
}) => {
  await signUp();
  // A co-parent who can sign in: invited, accepted through the link the reply carries (no e-mail provider).
  const invite = await page.request.post('/api/family-members/invite', {
    data: { name: 'Marco Rivera', email: `marco-${Date.now()}@example.com`, role: 'parent', color: 'green' },
  });
  const link: string = (await invite.json()).invitation_link;
  const token = link.split('/').pop() ?? '';
  const accept = await page.request.post(`/api/family-members/invitations/${token}/accept`, {
    data: { password: 'secret123' },
  });
  expect(accept.status()).toBe(201);

  await page.goto('/family-members');
  const owner = page.getByRole('article', { name: 'Ana Rivera' });
  await expect(owner.getByText('Owner', { exact: true })).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Delete Ana Rivera' })).toHaveCount(0);

  const marco = page.getByRole('article', { name: 'Marco Rivera' });
  await expect(marco.getByRole('button', { name: 'Make Marco Rivera the owner' })).toBeVisible();
  await marco.getByRole('button', { name: 'Delete Marco Rivera' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Are you sure you want to delete Marco Rivera?')).toBeVisible();
  await expect(
    confirm.getByText(/their sign-in ends and they cannot sign in again\. Their tasks become unassigned/),
  ).toBeVisible();
  await screenshot(page, `${shots}/member-delete-login.png`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  // Hand the family on: Marco becomes the owner, Ana an ordinary member.
  await marco.getByRole('button', { name: 'Make Marco Rivera the owner' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Make owner' }).click();
  await expect(marco.getByText('Owner', { exact: true })).toBeVisible();
  await expect(owner.getByText('Owner', { exact: true })).toHaveCount(0);
  await expect(marco.getByRole('button', { name: 'Delete Marco Rivera' })).toHaveCount(0);
  await page.mouse.move(0, 0);
  await screenshot(page, `${shots}/family-members-owner.png`, { fullPage: true });
});

test('a read-in time rounds to the nearest 15 minutes: 10:53 opens as 11:00', async ({ page, signUp }) => {
  await signUp();
  const res = await page.request.post('/api/events', {
    data: { title: 'Dentist', start_date: '2026-12-03T10:53:00', duration_minutes: 60 },
  });
  const { id } = await res.json();
  await page.goto(`/add-event/${String(id)}`);
  await expect(page.getByLabel('Start Hour')).toHaveValue('11');
  await expect(page.getByLabel('Start Minute')).toHaveValue('00');
});

test('tasks: overdue ones are marked, completed ones reopen, and the reminder line tells the truth', async ({
  page,
  signUp,
}) => {
  await signUp();
  const members = await (await page.request.get('/api/family-members')).json();
  const me = String(members[0].id);
  // A packing list longer than the list carries (ADR 046: 12 lines); the Edit Task form reads all of it.
  const packing = Array.from({ length: 20 }, (_, i) => `Item ${String(i + 1)}`).join('\n');
  for (const [title, due, description] of [
    ['Return library books', '2020-01-06T09:00:00', null],
    ['Pack for the trip', '2099-06-01T09:00:00', packing],
  ] as const) {
    const res = await page.request.post('/api/tasks', {
      data: { title, description, assigned_to_ids: [me], due_date: due, estimated_duration_minutes: 30 },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto('/tasks');
  const cards = page.getByTestId('task-card');
  await expect(cards.getByRole('heading')).toHaveText(['Return library books', 'Pack for the trip']);
  await expect(cards.nth(0).getByText('Overdue', { exact: true })).toBeVisible();
  await expect(cards.nth(1).getByText('Overdue', { exact: true })).toHaveCount(0);
  await expect(cards.nth(1).getByText('Item 12')).toBeVisible();
  await expect(cards.nth(1).getByText('Item 13')).toHaveCount(0);
  await expect(cards.nth(1).getByText('Open the task to read the rest…')).toBeVisible();
  // SMS is off for a new family and no provider is configured here: nothing claims an SMS reminder.
  await expect(page.getByText('SMS reminder enabled')).toHaveCount(0);
  await expect(page.getByTestId('tasks-reminder-note')).toContainText('No task reminders can be sent.');
  await screenshot(page, `${shots}/tasks-overdue.png`);

  await cards.nth(0).getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByText('Task updated', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Completed' }).click();
  await page.getByTestId('task-card').getByRole('button', { name: 'Reopen' }).click();
  await expect(page.getByText('No completed tasks found.')).toBeVisible();
  await page.getByRole('tab', { name: 'Open' }).click();
  await expect(page.getByTestId('task-card').getByRole('heading')).toHaveText([
    'Return library books',
    'Pack for the trip',
  ]);

  // Edit: the same form with the task's values read in; saving changes that task and no other.
  await page.getByRole('button', { name: 'Edit Pack for the trip' }).click();
  await expect(page).toHaveURL(/\/add-task\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit Task' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Pack for the trip');
  await expect(page.getByLabel('Due Date')).toHaveValue('2099-06-01');
  await expect(page.getByLabel('Hour')).toHaveValue('09');
  await expect(page.getByLabel('Description')).toHaveValue(packing);
  await dismissToast(page);
  await screenshot(page, `${shots}/task-edit.png`);
  await page.getByLabel('Title').fill('Pack for the beach');
  await page.getByLabel('Minute').selectOption('30');
  await page.getByRole('button', { name: 'Update Task' }).click();
  await expect(page.getByText('Task updated', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/tasks$/);
  const tasks = (await (await page.request.get('/api/tasks')).json()) as {
    id: number;
    title: string;
    due_date: string;
    status: string;
  }[];
  expect(tasks.map((t) => [t.title, t.due_date, t.status]).sort()).toEqual([
    ['Pack for the beach', '2099-06-01T09:30:00', 'open'],
    ['Return library books', '2020-01-06T09:00:00', 'open'],
  ]);
  // Saved whole, not the list's start.
  const beach = tasks.find((t) => t.title === 'Pack for the beach');
  const saved = await (await page.request.get(`/api/tasks/${String(beach?.id)}`)).json();
  expect(saved.description).toBe(packing);
});
