import type { Browser, Locator, Page } from '@playwright/test';
import { expectNoBlockingViolations } from './axe.ts';
import {
  type Account,
  dismissToast,
  expect,
  newAccount,
  screenshot,
  shots,
  test,
  waitForServiceWorker,
} from './fixtures.ts';

// Issue 45 item 1 (ADR 050): lists you can tick off, on the notes board and in the note, on two devices.

const SHOPPING = ['Milk', 'Eggs', 'Bread', 'Apples', 'Butter', 'Dish soap'];

interface NoteReply {
  id: number;
  content: string;
}

/** A device of its own (its own cookies), signed in to `account`. */
async function device(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return page;
}

/** Opens the notes board (a full page load) and waits until the app's change stream has answered. */
async function openBoard(page: Page) {
  const stream = page.waitForResponse((r) => r.url().includes('/api/changes') && r.status() === 200);
  await page.goto('/notes');
  await stream;
}

/** A realistic board: the shopping list, a packing checklist, and two notes without boxes. */
async function seedNotes(page: Page): Promise<number> {
  const members = (await (await page.request.get('/api/family-members')).json()) as { id: number }[];
  const me = members[0]?.id ?? 1;
  let shoppingId = 0;
  for (const note of [
    {
      title: 'Wi-Fi for guests',
      content: 'Network: Rivera-Home\nPassword is on the fridge.',
      category: 'general',
    },
    {
      title: 'Camping trip packing',
      content:
        'Saturday, leave at 9\n• [x] Tent\n• [ ] Sleeping bags\n• [ ] Head torches\n• [x] Marshmallows',
      category: 'reminders',
    },
    {
      title: 'Birthday ideas for Maya',
      content: '• Art set\n• Climbing wall day\n• Book series',
      category: 'ideas',
    },
    {
      title: 'Shopping',
      content: SHOPPING.map((item) => `• [ ] ${item}`).join('\n'),
      category: 'shopping_list',
      pinned: true,
    },
  ]) {
    const res = await page.request.post('/api/notes', { data: { ...note, family_member_id: me } });
    expect(res.status(), await res.text()).toBe(201);
    if (note.title === 'Shopping') shoppingId = ((await res.json()) as NoteReply).id;
  }
  return shoppingId;
}

function card(page: Page, title: string): Locator {
  return page
    .getByTestId('note-card')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** The list's checklist items in display order, each with its box: `['[ ] Eggs', '[x] Milk']`. */
async function items(list: Locator): Promise<string[]> {
  const boxes = await list.getByRole('checkbox').all();
  const out: string[] = [];
  for (const box of boxes) {
    const label = (await box.locator('xpath=..').innerText()).trim();
    out.push(`${(await box.isChecked()) ? '[x]' : '[ ]'} ${label}`);
  }
  return out;
}

async function storedContent(page: Page, id: number): Promise<string> {
  return ((await (await page.request.get(`/api/notes/${String(id)}`)).json()) as NoteReply).content;
}

test('two devices tick a shopping list: live on the other, Space toggles, ticked items sink, Clear removes them', async ({
  browser,
}) => {
  test.slow();
  const account = newAccount();
  const ana = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const reg = await ana.request.post('/api/auth/register', {
    data: { ...account, memberRole: 'parent', memberColor: 'blue', memberPhone: null },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  // The same family on a second device (a phone, its own cookies), as a family shops together.
  const ben = await device(browser, account);
  const id = await seedNotes(ana);

  await openBoard(ana);
  await openBoard(ben);
  const anaList = card(ana, 'Shopping');
  const benList = card(ben, 'Shopping');
  await expect(anaList.getByRole('checkbox')).toHaveCount(SHOPPING.length);

  // Ana ticks Milk with the mouse: it sinks below the open items, and is saved at once.
  await anaList.getByRole('checkbox', { name: 'Milk' }).click();
  await expect(anaList.getByRole('checkbox', { name: 'Milk' })).toBeChecked();
  expect(await items(anaList)).toEqual([
    '[ ] Eggs',
    '[ ] Bread',
    '[ ] Apples',
    '[ ] Butter',
    '[ ] Dish soap',
    '[x] Milk',
  ]);
  await expect.poll(() => storedContent(ana, id)).toContain('• [x] Milk');
  // It stays on the board: ticking never opens the note.
  await expect(ana).toHaveURL(/\/notes$/);

  // Ben sees it through the live stream, without reloading.
  await expect(benList.getByRole('checkbox', { name: 'Milk' })).toBeChecked({ timeout: 3_000 });
  await expect(benList.getByRole('checkbox').last()).toHaveAccessibleName('Milk');

  // Ben, with the keyboard: Space on a focused box ticks it; the box keeps the focus as it sinks.
  const bread = benList.getByRole('checkbox', { name: 'Bread' });
  await bread.focus();
  await ben.keyboard.press('Space');
  await expect(bread).toBeChecked();
  await expect(bread).toBeFocused();
  expect((await items(benList)).slice(-2)).toEqual(['[x] Milk', '[x] Bread']);
  // Space again unticks it: back among the open items, in its own place.
  await ben.keyboard.press('Space');
  await expect(bread).not.toBeChecked();
  await expect(bread).toBeFocused();
  expect((await items(benList))[1]).toBe('[ ] Bread');
  await ben.keyboard.press('Space');
  await expect(anaList.getByRole('checkbox', { name: 'Bread' })).toBeChecked({ timeout: 3_000 });

  // Both tick a different item at the same moment: neither tick is lost.
  await Promise.all([
    anaList.getByRole('checkbox', { name: 'Eggs' }).click(),
    benList.getByRole('checkbox', { name: 'Apples' }).click(),
  ]);
  for (const page of [ana, ben]) {
    for (const name of ['Milk', 'Bread', 'Eggs', 'Apples'])
      await expect(card(page, 'Shopping').getByRole('checkbox', { name })).toBeChecked({ timeout: 3_000 });
  }
  await expect
    .poll(() => storedContent(ana, id))
    .toBe('• [x] Milk\n• [x] Eggs\n• [x] Bread\n• [x] Apples\n• [ ] Butter\n• [ ] Dish soap');

  await expectNoBlockingViolations(ana, 'notes board with checklists');
  await screenshot(ana, `${shots}/checklist-board-1280.png`, { fullPage: true });

  // Clear ticked items: asks first; Cancel keeps everything.
  await anaList.getByRole('button', { name: 'Clear ticked items' }).click();
  const dialog = ana.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to clear the ticked items from “Shopping”?');
  await expectNoBlockingViolations(ana, 'clear ticked items confirmation', '[role="alertdialog"]');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(anaList.getByRole('checkbox')).toHaveCount(SHOPPING.length);
  await anaList.getByRole('button', { name: 'Clear ticked items' }).click();
  await dialog.getByRole('button', { name: 'Clear ticked items' }).click();
  await expect(ana.getByText('4 items removed from Shopping.', { exact: true })).toBeVisible();
  for (const list of [anaList, benList]) {
    await expect(list.getByRole('checkbox')).toHaveCount(2, { timeout: 3_000 });
    expect(await items(list)).toEqual(['[ ] Butter', '[ ] Dish soap']);
    await expect(list.getByRole('button', { name: 'Clear ticked items' })).toHaveCount(0);
  }
  expect(await storedContent(ana, id)).toBe('• [ ] Butter\n• [ ] Dish soap');
  // The other list on the board was not touched.
  await expect(card(ana, 'Camping trip packing').getByRole('checkbox', { name: 'Tent' })).toBeChecked();
});

test('in the note: boxes in Bullets mode save at once, Text mode shows `• [x]` and keeps it; 1280 and 390 px', async ({
  page,
  signUp,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp();
  const id = await seedNotes(page);
  await page.goto(`/add-note/${String(id)}`);
  await expect(page.getByRole('heading', { name: 'Edit Note' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Bullets' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Checklist (tick boxes)' })).toBeChecked();
  const boxes = page.getByRole('list', { name: 'Bullet points' }).getByRole('checkbox');
  await expect(boxes).toHaveCount(SHOPPING.length);

  // Ticking in the note saves at once (no Update Note needed), and the item sinks.
  const eggs = page.getByRole('checkbox', { name: 'Eggs' });
  await eggs.focus();
  await page.keyboard.press('Space');
  await expect(eggs).toBeChecked();
  await expect(eggs).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Bullet point 6', exact: true })).toHaveValue('Eggs');
  await expect.poll(() => storedContent(page, id)).toContain('• [x] Eggs');
  await page.getByRole('checkbox', { name: 'Bread' }).click();
  await expect.poll(() => storedContent(page, id)).toContain('• [x] Bread');

  await expectNoBlockingViolations(page, 'note form with a checklist');
  await screenshot(page, `${shots}/checklist-note-1280.png`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${shots}/checklist-note-390.png`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Text mode shows the plain-text form; back in Bullets mode the boxes are as they were.
  await page.getByRole('radio', { name: 'Text' }).click();
  await expect(page.getByRole('textbox', { name: 'Content', exact: true })).toHaveValue(
    '• [ ] Milk\n• [ ] Apples\n• [ ] Butter\n• [ ] Dish soap\n• [x] Eggs\n• [x] Bread',
  );
  await page.getByRole('radio', { name: 'Bullets' }).click();
  await expect(page.getByRole('checkbox', { name: 'Eggs' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Milk' })).not.toBeChecked();

  // A new item typed into a checklist gets an open box; Update Note saves it with the rest.
  await page.getByRole('textbox', { name: 'Bullet point 4', exact: true }).press('Enter');
  await page.keyboard.type('Oat milk');
  await expect(page.getByRole('checkbox', { name: 'Oat milk' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Update Note' }).click();
  await expect(page).toHaveURL(/\/notes$/);
  expect(await storedContent(page, id)).toBe(
    '• [ ] Milk\n• [ ] Apples\n• [ ] Butter\n• [ ] Dish soap\n• [ ] Oat milk\n• [x] Eggs\n• [x] Bread',
  );

  // The board at 390 px.
  await dismissToast(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card(page, 'Shopping').getByRole('checkbox', { name: 'Eggs' })).toBeChecked();
  await page.waitForLoadState('networkidle');
  await screenshot(page, `${shots}/checklist-board-390.png`, { fullPage: true });

  // Clear ticked items in the note: asks, then removes them from the note at once.
  await page.goto(`/add-note/${String(id)}`);
  await page.getByRole('button', { name: 'Clear ticked items' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear ticked items' }).click();
  await expect(page.getByRole('list', { name: 'Bullet points' }).getByRole('checkbox')).toHaveCount(5);
  await expect.poll(() => storedContent(page, id)).not.toContain('[x]');
});

test('offline: the board shows its saved lists, a tick is refused and put back, nothing is sent', async ({
  page,
  context,
  signUp,
}) => {
  await signUp();
  const id = await seedNotes(page);
  await page.goto('/notes');
  await waitForServiceWorker(page);
  await page.reload();
  await expect(card(page, 'Shopping').getByRole('checkbox')).toHaveCount(SHOPPING.length);

  await context.setOffline(true);
  await page.reload();
  const list = card(page, 'Shopping');
  await expect(list.getByRole('checkbox', { name: 'Milk' })).toBeVisible();
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET') writes.push(`${r.method()} ${r.url()}`);
  });
  await list.getByRole('checkbox', { name: 'Milk' }).click();
  await expect(page.getByText('Failed to update note.', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'cannot be saved offline' })).toBeVisible();
  await expect(list.getByRole('checkbox', { name: 'Milk' })).not.toBeChecked();
  expect(writes).toEqual([]);

  await context.setOffline(false);
  expect(await storedContent(page, id)).not.toContain('[x]');
  // Back online, the same tick saves.
  await dismissToast(page);
  await list.getByRole('checkbox', { name: 'Milk' }).click();
  await expect.poll(() => storedContent(page, id)).toContain('• [x] Milk');
});

test('a new checklist from the Note form: switch on the boxes, type the items, tick it off on the board', async ({
  page,
  signUp,
}) => {
  await signUp();
  await page.goto('/add-note');
  await page.getByLabel('Title').fill('School trip');
  await page.getByRole('radio', { name: 'Bullets' }).click();
  const checklist = page.getByRole('switch', { name: 'Checklist (tick boxes)' });
  await expect(checklist).not.toBeChecked();
  await page.getByRole('textbox', { name: 'Bullet point 1', exact: true }).fill('Signed form');
  await checklist.click();
  await expect(page.getByRole('checkbox', { name: 'Signed form' })).not.toBeChecked();
  await page.getByRole('textbox', { name: 'Bullet point 1', exact: true }).press('Enter');
  await page.keyboard.type('Packed lunch');
  await expect(page.getByRole('checkbox', { name: 'Packed lunch' })).not.toBeChecked();
  // Switched off, the boxes go and the words stay; on again, every bullet has an open box.
  await checklist.click();
  await expect(page.getByRole('list', { name: 'Bullet points' }).getByRole('checkbox')).toHaveCount(0);
  await checklist.click();
  await expect(page.getByRole('list', { name: 'Bullet points' }).getByRole('checkbox')).toHaveCount(2);
  await page.getByRole('button', { name: 'Create Note' }).click();
  await expect(page).toHaveURL(/\/notes$/);

  const list = card(page, 'School trip');
  await list.getByRole('checkbox', { name: 'Signed form' }).click();
  expect(await items(list)).toEqual(['[ ] Packed lunch', '[x] Signed form']);
  const notes = (await (await page.request.get('/api/notes')).json()) as (NoteReply & { title: string })[];
  const saved = notes.find((n) => n.title === 'School trip');
  await expect.poll(() => storedContent(page, saved?.id ?? 0)).toBe('• [x] Signed form\n• [ ] Packed lunch');
});
