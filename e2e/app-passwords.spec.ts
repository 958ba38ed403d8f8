import type { Page } from '@playwright/test';
import { expectNoBlockingViolations } from './axe.ts';
import { dismissToast, expect, screenshot, shots, test } from './fixtures.ts';

// Issue 40: "Connect a calendar app" on Account Settings. The CalDAV server that takes these passwords has its
// own tests; here: making one, seeing it once, the list, and revoking it through the confirmation dialog.

const PASSWORD_SHAPE = /^[a-z2-7]{5}(-[a-z2-7]{5}){4}$/;

const card = (page: Page) => page.getByRole('region', { name: 'Connect a Calendar App' });

test('make an app password, see it once with the address and user name, then revoke it', async ({
  page,
  context,
  signUp,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const account = await signUp({ familyName: 'The Calendars' });
  await page.goto('/account');
  const region = card(page);
  await expect(region.getByText('No app passwords yet.')).toBeVisible();

  // A bad name is refused in the form, before anything is sent.
  await region.getByRole('button', { name: 'Create App Password' }).click();
  await expect(region.getByText('Give this app password a name')).toBeVisible();

  // Keyboard only: type the name and press Enter.
  await region.getByLabel('Calendar App Name').fill("Mum's iPhone");
  await region.getByLabel('Calendar App Name').press('Enter');
  await expect(page.getByText('App password created', { exact: true })).toBeVisible();
  await dismissToast(page);

  const ready = region.getByRole('region', { name: "“Mum's iPhone” is ready" });
  await expect(ready.getByText('The password is shown only this once')).toBeVisible();
  await expect(ready.getByLabel('Server Address', { exact: true })).toHaveValue(`${baseURL}/dav/`);
  await expect(ready.getByLabel('User Name', { exact: true })).toHaveValue(account.email);
  const password = await ready.getByLabel('Password', { exact: true }).inputValue();
  expect(password).toMatch(PASSWORD_SHAPE);
  await ready.getByRole('button', { name: 'Copy password' }).click();
  await expect(ready.getByText('Password copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);

  // The steps name the values to type.
  await ready.getByText('iPhone or iPad').click();
  await expect(ready.getByText(`Server: ${new URL(baseURL ?? '').host}`)).toBeVisible();
  await ready.getByText('Android (DAVx⁵)').click();
  await expect(ready.getByText(`Base URL: ${baseURL}/dav/`)).toBeVisible();
  await ready.getByText('Thunderbird', { exact: true }).click();
  await expect(ready.getByText(`Location: ${baseURL}/dav/`)).toBeVisible();

  // Listed without the password; once Done, the password is gone from the page for good.
  const list = region.getByRole('list', { name: 'App passwords' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText("Mum's iPhone")).toBeVisible();
  await expect(list.getByText('Never used')).toBeVisible();
  await ready.getByRole('button', { name: 'Done' }).click();
  await expect(ready).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(password);
  expect(await (await page.request.get('/api/account/app-passwords')).text()).not.toContain(password);
  await page.reload();
  await expect(list.getByText("Mum's iPhone")).toBeVisible();
  await expect(page.locator('body')).not.toContainText(password);

  // Revoke: the app's own confirmation; Escape keeps it, Revoke revokes it.
  await list.getByRole('button', { name: "Revoke Mum's iPhone" }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText("Are you sure you want to revoke “Mum's iPhone”?");
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: "Revoke Mum's iPhone" }).click();
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('App password revoked', { exact: true })).toBeVisible();
  await expect(region.getByText('No app passwords yet.')).toBeVisible();
  expect(await (await page.request.get('/api/account/app-passwords')).json()).toEqual([]);
});

test('the card with a family’s calendar apps, at 1280 and 390 px', async ({ page, signUp }) => {
  await signUp({ familyName: 'The Okafors' });
  for (const name of ['Family iPad', 'Thunderbird on the study PC']) {
    const res = await page.request.post('/api/account/app-passwords', { data: { name } });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto('/account');
  const region = card(page);
  await region.getByLabel('Calendar App Name').fill("Mum's iPhone");
  await region.getByRole('button', { name: 'Create App Password' }).click();
  await expect(region.getByLabel('Password', { exact: true })).toHaveValue(PASSWORD_SHAPE);
  await expect(page.getByText('App password created', { exact: true })).toBeVisible();
  await dismissToast(page);
  await region.getByText('iPhone or iPad').click();
  await expect(region.getByRole('list', { name: 'App passwords' }).getByRole('listitem')).toHaveCount(3);
  await expectNoBlockingViolations(page, 'the app passwords card with a new password');

  for (const width of [1280, 390]) {
    // Tall enough for the whole card, so the app's sticky header never lies over it.
    await page.setViewportSize({ width, height: 1800 });
    await region.scrollIntoViewIfNeeded();
    await screenshot(region, `${shots}/app-passwords-created-${width}.png`);
  }
  await region.getByRole('button', { name: 'Done' }).click();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 1800 });
    await region.scrollIntoViewIfNeeded();
    await screenshot(region, `${shots}/app-passwords-${width}.png`);
  }
});
