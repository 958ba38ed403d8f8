import { expect, test } from './fixtures.ts';

// Issue 43 item 2 (ADR 058): the family switch that lets members who are not parents change the calendar by
// text. Off until someone turns it on; kept by the server (it reads it on every texted command).
test('Changes by Text: off by default, turned on for every member, kept after a reload', async ({
  page,
  signUp,
}) => {
  await signUp({ familyName: 'The Texters' });
  await page.goto('/family-members');
  const everyone = page.getByRole('switch', { name: 'Let Every Member Make Changes by Text' });
  await expect(everyone).not.toBeChecked();
  await everyone.click();
  await expect(
    page.getByText('Every member can now change the calendar by text.', { exact: true }),
  ).toBeVisible();
  await page.reload();
  await expect(everyone).toBeChecked();
  const setting = await page.request.get('/api/settings/sms_commands_everyone');
  expect(await setting.json()).toEqual({ key: 'sms_commands_everyone', value: 'true' });
});
