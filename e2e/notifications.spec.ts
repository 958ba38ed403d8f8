import { expect, test } from './fixtures.ts';

// Issue 3 "Visible history": the Family Members screen shows who was told what, when, by which channel,
// and whether it was delivered. The e2e server has no SMTP/Twilio configured, so the log provider
// "delivers" and the dispatcher in main.ts records the outcome.
test('the Family Members screen shows recent messages with their delivery status', async ({
  page,
  signUp,
}) => {
  await signUp({ familyName: 'The Riveras' });
  for (const invitee of [
    { name: 'Grandma Rose', email: 'rose@example.com', role: 'other', color: 'purple' },
    { name: 'Uncle Leo', email: 'leo@example.com', role: 'parent', color: 'green' },
  ]) {
    const res = await page.request.post('/api/family-members/invite', { data: invitee });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }

  await page.goto('/family-members');
  const card = page.getByRole('region', { name: 'Recent messages' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Invitation to Grandma Rose')).toBeVisible();
  await expect(card.getByText('Invitation to Uncle Leo')).toBeVisible();
  // The dispatcher polls every second: refresh until both are delivered (no polling in the UI, SPEC §9).
  await expect(async () => {
    await card.getByRole('button', { name: 'Refresh recent messages' }).click();
    await expect(card.getByText('Delivered', { exact: true })).toHaveCount(2, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(
    card.getByText('Delivered to the server log; no provider is configured.').first(),
  ).toBeVisible();
  await expect(card.getByText(/rose@example\.com/)).toBeVisible();

  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: 'docs/screenshots/notifications-recent-messages.png' });
  await page.setViewportSize({ width: 375, height: 800 });
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: 'docs/screenshots/notifications-recent-messages-375.png' });
});
