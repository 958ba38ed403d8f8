import { expect, test } from './fixtures.ts';

/** A title that would run script if any screen put it into the page as HTML instead of text. */
const HOSTILE = '<img src=x onerror="window.__xss=1">"\'><script>window.__xss=2</script>';

test('a hostile event, task and note title renders as text and runs nothing', async ({ page, signUp }) => {
  await signUp();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const members = await page.request.get('/api/family-members');
  const [me] = (await members.json()) as { id: number }[];
  expect(me).toBeDefined();
  const today = new Date().toISOString().slice(0, 10);

  const event = await page.request.post('/api/events', {
    data: { title: HOSTILE, start_date: `${today}T10:00:00`, organizer_id: me?.id },
  });
  expect(event.status(), await event.text()).toBe(201);
  const task = await page.request.post('/api/tasks', {
    data: {
      title: HOSTILE,
      assigned_to: me?.id,
      assigned_to_ids: [String(me?.id)],
      due_date: `${today}T18:00:00`,
    },
  });
  expect(task.status(), await task.text()).toBe(201);
  const note = await page.request.post('/api/notes', {
    data: { title: HOSTILE, content: HOSTILE, family_member_id: me?.id },
  });
  expect(note.status(), await note.text()).toBe(201);

  for (const path of [`/calendar?view=month&date=${today}`, '/tasks', '/notes']) {
    const response = await page.goto(path);
    // The HTML itself carries the CSP that would stop an injected inline script as a second layer.
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByText(HOSTILE).first(), path).toBeVisible();
    expect(await page.locator('img[src="x"]').count(), `${path} rendered the title as HTML`).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss), path).toBeUndefined();
  }
  expect(dialogs).toEqual([]);
});
