import type { Locator, Page } from '@playwright/test';
import { expect, screenshot, shots, test } from './fixtures.ts';

/** The board's note titles, in display order. */
function boardTitles(page: Page): Locator {
  return page.getByTestId('note-card').getByRole('heading');
}

function handle(page: Page, title: string): Locator {
  return page.getByRole('button', { name: `Reorder note ${title}` });
}

async function createNote(
  page: Page,
  note: { title: string; category?: string; pinned?: boolean; text?: string; bullets?: string[] },
) {
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(page).toHaveURL(/\/add-note$/);
  await expect(page.getByRole('heading', { name: 'Add New Note' })).toBeVisible();
  await page.getByLabel('Title').fill(note.title);
  if (note.category) await page.getByLabel('Category').selectOption({ label: note.category });
  if (note.pinned) await page.getByRole('switch', { name: 'Pin this note' }).click();
  if (note.text !== undefined)
    await page.getByRole('textbox', { name: 'Content', exact: true }).fill(note.text);
  if (note.bullets) {
    await page.getByRole('radio', { name: 'Bullets' }).click();
    const [first, ...rest] = note.bullets;
    await page.getByRole('textbox', { name: 'Bullet point 1', exact: true }).fill(first ?? '');
    for (const [i, bullet] of rest.entries()) {
      // Enter adds the next bullet and moves the focus into it.
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('textbox', { name: `Bullet point ${String(i + 2)}`, exact: true }),
      ).toBeFocused();
      await page.keyboard.type(bullet);
    }
  }
  await page.getByRole('button', { name: 'Create Note' }).click();
  await expect(page.getByText('Note created', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/notes$/);
}

/** Drags a note by its grip onto another note's place with the mouse, in small steps as a person would. */
async function dragWithMouse(page: Page, title: string, ontoTitle: string) {
  const from = await handle(page, title).boundingBox();
  const to = await page.getByTestId('note-card').filter({ hasText: ontoTitle }).boundingBox();
  if (!from || !to) throw new Error('cards not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 - 10, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
}

test('notes board: create, reorder by mouse and keyboard, edit with mode switches, delete', async ({
  page,
  signUp,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signUp({ familyName: 'The Parks', memberName: 'Mina Park' });
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'Family Notes' })).toBeVisible();
  await expect(page.getByText('Centralized place for family notes, lists, and reminders')).toBeVisible();
  await expect(page.getByText('No notes found. Create your first note to get started!')).toBeVisible();

  await createNote(page, {
    title: 'Weekend plans',
    category: 'Ideas',
    text: 'Zoo in the morning\nPicnic lunch\n<b>not bold</b>',
  });
  // On the web there is no camera: the Add Photo button never shows.
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByRole('button', { name: 'Create Note' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Photo' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/notes$/);

  await createNote(page, {
    title: 'Groceries',
    category: 'Shopping List',
    bullets: ['Milk', 'Eggs', 'Bread'],
  });
  await createNote(page, { title: 'Dentist', category: 'Reminders', pinned: true, text: 'Tuesday 4 PM' });

  // SPEC §9: sort_order, then pinned first, then newest first.
  await expect(boardTitles(page)).toHaveText(['Dentist', 'Groceries', 'Weekend plans']);
  const dentist = page.getByTestId('note-card').filter({ hasText: 'Dentist' });
  await expect(dentist.getByRole('img', { name: 'Pinned' })).toBeVisible();
  await expect(dentist.locator('article')).toHaveClass(/bg-yellow-50/);
  const groceries = page.getByTestId('note-card').filter({ hasText: 'Groceries' });
  await expect(groceries.getByRole('listitem')).toHaveText(['Milk', 'Eggs', 'Bread']);
  await expect(groceries.getByText('Shopping List')).toBeVisible();
  await expect(groceries.getByText('by Mina Park')).toBeVisible();
  // Content is text, never HTML.
  await expect(page.getByText('<b>not bold</b>')).toBeVisible();

  // Mouse: 'Weekend plans' onto the first place.
  let saved = page.waitForResponse((r) => r.url().endsWith('/api/notes/reorder') && r.status() === 200);
  await dragWithMouse(page, 'Weekend plans', 'Dentist');
  await saved;
  await expect(boardTitles(page)).toHaveText(['Weekend plans', 'Dentist', 'Groceries']);

  // Keyboard only: focus the grip of 'Groceries' with Tab, pick up with Space, arrows (25 px a press), Space.
  await handle(page, 'Dentist').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(handle(page, 'Groceries')).toBeFocused();
  await page.keyboard.press('Space');
  const live = page.locator('[id^="DndLiveRegion"]');
  await expect(live).toContainText('Picked up note Groceries, at position 3 of 3.');
  saved = page.waitForResponse((r) => r.url().endsWith('/api/notes/reorder') && r.status() === 200);
  // One press at a time until the card is over the second place: how many it takes depends on the layout (one row
  // of cards, or two), so the test reads the announcement instead of measuring the cards.
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('ArrowLeft');
    if ((await live.textContent())?.includes('moved to position 2 of 3')) break;
  }
  await expect(live).toContainText('Note Groceries moved to position 2 of 3.');
  await page.keyboard.press('Space');
  await expect(live).toContainText('Note Groceries dropped at position 2 of 3.');
  await saved;
  await expect(boardTitles(page)).toHaveText(['Weekend plans', 'Groceries', 'Dentist']);

  // Escape cancels a keyboard drag and changes nothing.
  await handle(page, 'Dentist').focus();
  await page.keyboard.press('Space');
  await expect(live).toContainText('Picked up note Dentist');
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Escape');
  await expect(live).toContainText('Reordering cancelled.');
  await expect(boardTitles(page)).toHaveText(['Weekend plans', 'Groceries', 'Dentist']);

  await page.reload();
  await expect(boardTitles(page)).toHaveText(['Weekend plans', 'Groceries', 'Dentist']);

  // Board screenshots at three widths: 1, 2 and 3 columns.
  await screenshot(page, `${shots}/notes-1400.png`, { fullPage: true });
  await page.setViewportSize({ width: 900, height: 900 });
  await expect(boardTitles(page)).toHaveCount(3);
  await screenshot(page, `${shots}/notes-900.png`, { fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(boardTitles(page)).toHaveCount(3);
  await screenshot(page, `${shots}/notes-375.png`, { fullPage: true });
  await page.setViewportSize({ width: 1400, height: 900 });

  // Edit the bullet note: it opens in Bullets mode; switch both ways without losing text.
  await page.getByRole('link', { name: 'Groceries' }).click();
  await expect(page).toHaveURL(/\/add-note\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit Note' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Bullets' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Bullet point 3', exact: true })).toHaveValue('Bread');
  await expect(page.getByRole('button', { name: 'Remove bullet point 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Bullet Point' }).click();
  await expect(page.getByRole('textbox', { name: 'Bullet point 4', exact: true })).toBeFocused();
  await page.keyboard.type('Butter');
  await screenshot(page, `${shots}/note-form-bullets.png`, { fullPage: true });

  await page.getByRole('radio', { name: 'Text' }).click();
  const content = page.getByRole('textbox', { name: 'Content', exact: true });
  await expect(content).toHaveValue('• Milk\n• Eggs\n• Bread\n• Butter');
  await content.press('Control+End');
  await content.pressSequentially('\nApples');
  await screenshot(page, `${shots}/note-form-text.png`, { fullPage: true });
  await page.getByRole('radio', { name: 'Bullets' }).click();
  await expect(page.getByRole('textbox', { name: /^Bullet point \d+$/ })).toHaveCount(5);
  await expect(page.getByRole('textbox', { name: 'Bullet point 5', exact: true })).toHaveValue('Apples');
  await page.getByRole('button', { name: 'Remove bullet point 2' }).click();
  await expect(page.getByRole('textbox', { name: /^Bullet point \d+$/ })).toHaveCount(4);
  await page.getByRole('radio', { name: 'Text' }).click();
  await expect(content).toHaveValue('• Milk\n• Bread\n• Butter\n• Apples');
  await page.getByRole('button', { name: 'Update Note' }).click();
  await expect(page.getByText('Note updated', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/notes$/);
  await expect(
    page.getByTestId('note-card').filter({ hasText: 'Groceries' }).getByRole('listitem'),
  ).toHaveText(['Milk', 'Bread', 'Butter', 'Apples']);

  // The form resets when the path changes: from an edit straight to a new note.
  await page.getByRole('link', { name: 'Dentist' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Dentist');
  await page.getByRole('link', { name: 'Notes' }).first().click();
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('');
  await page.getByRole('button', { name: 'Back to Notes' }).click();

  // Delete, with the confirmation.
  await page.getByRole('link', { name: 'Weekend plans' }).click();
  await page.getByRole('button', { name: 'Delete Note' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure you want to delete this note?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Note deleted', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/notes$/);
  await expect(boardTitles(page)).toHaveText(['Groceries', 'Dentist']);
});

test('the note form validates with the shared schema and shows a missing note', async ({ page, signUp }) => {
  await signUp();
  await page.goto('/add-note');
  await page.getByRole('button', { name: 'Create Note' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page).toHaveURL(/\/add-note$/);
  await page.goto('/add-note/999999');
  await expect(page.getByText('This note could not be found.')).toBeVisible();
});

test('a long note: the board shows its start, the form opens and saves the whole text (ADR 042)', async ({
  page,
  signUp,
}) => {
  await signUp({ familyName: 'The Longs', memberName: 'Ada Long' });
  await page.goto('/notes');
  // 40 lines of about 100 characters: past the list's 12 lines and 2 KiB.
  const lines = Array.from(
    { length: 40 },
    (_, i) =>
      `Line ${String(i + 1).padStart(2, '0')}: ${'packing list for the summer trip, '.repeat(3)}and more`,
  );
  const text = lines.join('\n');
  await createNote(page, { title: 'Summer trip', text });

  const card = page.getByTestId('note-card').filter({ hasText: 'Summer trip' });
  await expect(card.getByText('Open the note to read the rest…')).toBeVisible();
  await expect(card).toContainText('Line 01:');
  await expect(card).not.toContainText('Line 40:');

  await page.getByRole('link', { name: 'Summer trip' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Note' })).toBeVisible();
  const content = page.getByRole('textbox', { name: 'Content', exact: true });
  await expect(content).toHaveValue(text);
  await content.press('Control+End');
  await content.pressSequentially('\nLine 41: the end');
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes('/api/notes/'),
  );
  await page.getByRole('button', { name: 'Update Note' }).click();
  const id = (await (await saved).json()) as { id: number; content: string };
  await expect(page.getByText('Note updated', { exact: true })).toBeVisible();
  expect(id.content).toBe(`${text}\nLine 41: the end`);

  // Stored whole: the note by id, and the form opened again, hold every line.
  const stored = await page.request.get(`/api/notes/${String(id.id)}`);
  expect(((await stored.json()) as { content: string }).content).toBe(`${text}\nLine 41: the end`);
  await page.getByRole('link', { name: 'Summer trip' }).click();
  await expect(content).toHaveValue(`${text}\nLine 41: the end`);
});
