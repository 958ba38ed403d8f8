import { format } from 'date-fns';
import type { Locator, Page } from '@playwright/test';
import { expect, newAccount, test } from './fixtures.ts';

// Issue 14: a keyboard-only journey. Every step reaches its control with Tab (or Shift+Tab) and acts with
// Enter, Space, arrows or typing; no clicks. A control Tab cannot reach fails the journey.

test.describe.configure({ timeout: 180_000 });

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `max` times; fails otherwise.
 * Proves the control is in the tab order, and leaves the focus on it.
 */
async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(
    target,
    `reachable with ${backwards ? 'Shift+Tab' : 'Tab'} in ${String(max)} presses`,
  ).toBeFocused();
}

/** Tabs to a text field and types into it. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

test('register, add an event, complete a task, reorder a note: keyboard only', async ({ page }) => {
  const account = newAccount({ memberName: 'Kim Keyboard' });

  // Register, both steps.
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await typeInto(page, page.getByLabel('Family Name'), account.familyName);
  await typeInto(page, page.getByLabel('Email'), account.email);
  await typeInto(page, page.getByLabel('Password', { exact: true }), account.password);
  await typeInto(page, page.getByLabel('Confirm Password'), account.password);
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Your Name')).toBeVisible();
  await typeInto(page, page.getByLabel('Your Name'), account.memberName);
  await tabTo(page, page.getByRole('button', { name: 'Create Account' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('complementary', { name: 'Sidebar' }).getByText(account.familyName),
  ).toBeVisible();

  // Add an event from the calendar's own button.
  await tabTo(
    page,
    page
      .getByRole('link', { name: /Add Event/ })
      .or(page.getByRole('button', { name: /Add Event/ }))
      .first(),
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Add New Event' })).toBeVisible();
  await typeInto(page, page.getByLabel('Title'), 'Keyboard swim');
  await tabTo(page, page.getByRole('button', { name: 'Create Event' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Event created', { exact: true })).toBeVisible();
  await expect(page.getByText('Keyboard swim').first()).toBeVisible();

  // Complete a task (made through the API: the journey is about completing it).
  const members = (await (await page.request.get('/api/family-members')).json()) as { id: number }[];
  const me = members[0]?.id ?? 1;
  const res = await page.request.post('/api/tasks', {
    data: {
      title: 'Keyboard chore',
      assigned_to: me,
      assigned_to_ids: [String(me)],
      due_date: `${format(new Date(), 'yyyy-MM-dd')}T18:00`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await tabTo(
    page,
    page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Tasks' }),
    { backwards: true, max: 80 },
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Family Tasks' })).toBeVisible();
  const chore = page
    .getByRole('article', { name: 'Keyboard chore' })
    .or(page.locator('li', { hasText: 'Keyboard chore' }));
  await tabTo(page, chore.first().getByRole('button', { name: 'Complete' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Keyboard chore')).toBeHidden();

  // Reorder a note: dnd-kit's keyboard sensor (Space picks up, arrows move, Space drops).
  for (const title of ['First note', 'Second note']) {
    const note = await page.request.post('/api/notes', {
      data: { title, content: 'text', category: 'general', pinned: false, family_member_id: me },
    });
    expect(note.status(), await note.text()).toBe(201);
  }
  await tabTo(
    page,
    page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Notes' }),
    { backwards: true, max: 80 },
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Family Notes' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Notes' });
  await expect(list.getByRole('listitem')).toHaveCount(2); // the notes load after the heading
  const titlesBefore = await list.getByRole('listitem').getByRole('heading').allTextContents();
  expect(titlesBefore).toHaveLength(2);
  const [first, second] = titlesBefore;
  // The keyboard sensor moves the card 25 px a press: enough presses to cover the gap between the two cards.
  const cards = page.getByTestId('note-card');
  const a = await cards.nth(0).boundingBox();
  const b = await cards.nth(1).boundingBox();
  if (!a || !b) throw new Error('cards not on screen');
  const presses = Math.max(1, Math.round((Math.abs(b.x - a.x) + Math.abs(b.y - a.y)) / 25));
  const sideways = b.x !== a.x;
  await tabTo(page, page.getByRole('button', { name: `Reorder note ${String(second)}` }));
  const live = page.locator('[id^="DndLiveRegion"]');
  await page.keyboard.press('Space');
  await expect(live).toContainText(`Picked up note ${String(second)}, at position 2 of 2.`);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/notes/reorder') && r.status() === 200);
  for (let i = 0; i < presses; i += 1) await page.keyboard.press(sideways ? 'ArrowLeft' : 'ArrowUp');
  await expect(live).toContainText(`Note ${String(second)} moved to position 1 of 2.`);
  await page.keyboard.press('Space');
  await saved;
  await expect(list.getByRole('listitem').getByRole('heading')).toHaveText([String(second), String(first)]);
  await page.reload();
  await expect(
    page.getByRole('list', { name: 'Notes' }).getByRole('listitem').getByRole('heading'),
  ).toHaveText([String(second), String(first)]);
});
