import type { Browser, Page } from '@playwright/test';
import { expectNoBlockingViolations } from './axe.ts';
import { type Account, dismissToast, expect, newAccount, screenshot, shots, test } from './fixtures.ts';
import { mailedLink, mailServerForDescribe } from './mail-server.ts';

// Issue 25: forgot password, Account Settings (e-mail, password, devices), passkeys and recovery codes, in
// Chromium. The e-mails are read from a real SMTP server inside this test process.

test.describe.configure({ timeout: 180_000 });

/** Registers at `base` through the API in the page's own cookie jar. */
async function registerAt(page: Page, base: string, account: Account): Promise<void> {
  const res = await page.request.post(`${base}/api/auth/register`, {
    data: { ...account, memberRole: 'parent', memberColor: 'blue', memberPhone: null },
    headers: { origin: base },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Signs in on the login screen (password only). */
async function signIn(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** A second browser (its own cookies), signed in at `base`, as another device would be. */
async function otherDevice(browser: Browser, base: string, account: Account, userAgent: string) {
  const context = await browser.newContext({ userAgent });
  const page = await context.newPage();
  const res = await page.request.post(`${base}/api/auth/login`, {
    data: { email: account.email, password: account.password },
    headers: { origin: base },
  });
  expect(res.status()).toBe(200);
  const signedIn = async () => (await page.request.get(`${base}/api/auth/session`)).status() === 200;
  return { context, page, signedIn };
}

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

test.describe('by e-mail', () => {
  const server = mailServerForDescribe();

  test('forgot password → e-mailed link → new password → the old sessions are gone', async ({
    page,
    browser,
  }) => {
    const account = newAccount({ familyName: 'The Okafors', memberName: 'Ada Okafor' });
    await registerAt(page, server.url, account);
    const laptop = await otherDevice(browser, server.url, account, FIREFOX_WINDOWS);
    expect(await laptop.signedIn()).toBe(true);

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${server.url}/login`);
    await visitor.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(visitor.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await expectNoBlockingViolations(visitor, 'forgot password');
    await screenshot(visitor, `${shots}/forgot-password.png`);
    await visitor.getByLabel('Email').fill(account.email);
    await visitor.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(visitor.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(visitor.getByRole('status')).toContainText(account.email);
    await screenshot(visitor, `${shots}/forgot-password-sent.png`);

    const link = await mailedLink(
      server.sink,
      account.email,
      'Reset your FamilyHub password',
      'reset-password',
    );
    expect(link.startsWith(`${server.url}/reset-password/`)).toBe(true);
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await visitor.getByLabel('New Password', { exact: true }).fill('password1');
    await visitor.getByLabel('Confirm New Password').fill('password1');
    await visitor.getByRole('button', { name: 'Set New Password' }).click();
    await expect(
      visitor.getByText('This password is one of the most common ones.', { exact: false }),
    ).toBeVisible();
    await expectNoBlockingViolations(visitor, 'reset password, refused');
    await screenshot(visitor, `${shots}/reset-password.png`);
    await visitor.getByLabel('New Password', { exact: true }).fill('okafor river stones');
    await visitor.getByLabel('Confirm New Password').fill('okafor river stones');
    await visitor.getByRole('button', { name: 'Set New Password' }).click();
    await expect(visitor.getByRole('heading', { name: 'Password changed' })).toBeVisible();
    await screenshot(visitor, `${shots}/reset-password-done.png`);

    // Every session that existed is over: this browser's and the laptop's.
    expect(await laptop.signedIn()).toBe(false);
    expect((await page.request.get(`${server.url}/api/auth/session`)).status()).toBe(401);
    // Signed in, /login would lead home; signed out, it is the sign-in form.
    await page.goto(`${server.url}/login`);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // The link worked once.
    await visitor.goto(link);
    await visitor.getByLabel('New Password', { exact: true }).fill('another fresh secret');
    await visitor.getByLabel('Confirm New Password').fill('another fresh secret');
    await visitor.getByRole('button', { name: 'Set New Password' }).click();
    await expect(visitor.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeVisible();

    await visitor.getByRole('link', { name: 'Get a New Link' }).click();
    await signIn(visitor, server.url, account.email, 'okafor river stones');
    await expect(visitor.getByText('The Okafors').first()).toBeVisible();
    const notice = server.sink.messages.find(
      (m) =>
        m.subject === 'Your FamilyHub password was changed' && JSON.stringify(m.to).includes(account.email),
    );
    expect(notice?.text).toContain('Every device that was signed in has been signed out');
    await laptop.context.close();
  });

  test('change e-mail: confirmed from the new inbox, the old one is told', async ({ page }) => {
    const account = newAccount({ familyName: 'The Parks', memberName: 'Min Park' });
    await registerAt(page, server.url, account);
    await page.goto(`${server.url}/calendar`);
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'Account Settings' })
      .click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();

    const newEmail = newAccount().email;
    const emailCard = page.getByRole('region', { name: 'Email' });
    await emailCard.getByLabel('New Email').fill(newEmail);
    await emailCard.getByLabel('Current Password').fill('not my password');
    await emailCard.getByRole('button', { name: 'Change Email' }).click();
    await expect(emailCard.getByText('Your current password is not correct.')).toBeVisible();
    await emailCard.getByLabel('Current Password').fill(account.password);
    await emailCard.getByRole('button', { name: 'Change Email' }).click();
    await expect(emailCard.getByRole('status')).toContainText(newEmail);
    await dismissToast(page);

    const link = await mailedLink(
      server.sink,
      newEmail,
      'Confirm your new FamilyHub e-mail address',
      'confirm-email',
    );
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Confirm your new email' })).toBeVisible();
    await expectNoBlockingViolations(page, 'confirm e-mail');
    await page.getByRole('button', { name: 'Confirm New Email' }).click();
    await expect(page.getByRole('heading', { name: 'Email address changed' })).toBeVisible();
    await screenshot(page, `${shots}/confirm-email-done.png`);
    await page.getByRole('link', { name: 'Continue to FamilyHub' }).click();
    await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByText(newEmail)).toBeVisible();

    await expect
      .poll(
        () =>
          server.sink.messages.find(
            (m) =>
              m.subject === 'Your FamilyHub e-mail address was changed' &&
              JSON.stringify(m.to).includes(account.email),
          )?.text ?? '',
      )
      .toContain(newEmail);
  });
});

test('Account Settings lists the devices; sign out one, then everywhere else', async ({
  page,
  signUp,
  browser,
  baseURL,
}) => {
  const account = await signUp({ familyName: 'The Riveras' });
  const base = baseURL ?? '';
  const laptop = await otherDevice(browser, base, account, FIREFOX_WINDOWS);
  const phone = await otherDevice(
    browser,
    base,
    account,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  );
  await page.goto('/account');
  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(3);
  await expect(devices.getByText('This device')).toHaveCount(1);
  await expect(devices.getByText('Firefox 133 on Windows')).toBeVisible();
  await expectNoBlockingViolations(page, 'account settings');
  await screenshot(page, `${shots}/account-settings.png`, { fullPage: true });

  await devices.getByRole('button', { name: /^Sign out Firefox 133 on Windows/ }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  expect(await laptop.signedIn()).toBe(false);
  expect(await phone.signedIn()).toBe(true);
  await dismissToast(page);

  await page.getByRole('button', { name: 'Sign Out Everywhere Else' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Sign Out Everywhere Else' }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  expect(await phone.signedIn()).toBe(false);
  await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await dismissToast(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `${shots}/account-settings-375.png`, { fullPage: true });
  await laptop.context.close();
  await phone.context.close();
});

test('passkey: register with a virtual authenticator, sign in with it (second step and alone), use a recovery code', async ({
  page,
  signUp,
}) => {
  const account = await signUp({ familyName: 'The Riveras' });
  // Chromium's virtual authenticator (CDP WebAuthn domain): a platform authenticator with user verification.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Passkeys' });
  await card.getByRole('button', { name: 'Add a Passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a Passkey' });
  await dialog.getByLabel('Passkey Name').fill('Ana’s laptop');
  await dialog.getByLabel('Current Password').fill(account.password);
  await expectNoBlockingViolations(page, 'add a passkey', '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Create Passkey' }).click();
  const codesDialog = page.getByRole('dialog', { name: 'Save Your Recovery Codes' });
  await expect(codesDialog).toBeVisible();
  const codes = await codesDialog
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  await expectNoBlockingViolations(page, 'recovery codes', '[role="dialog"]');
  await screenshot(page, `${shots}/passkey-recovery-codes.png`);
  await codesDialog.getByRole('button', { name: 'I Have Saved Them' }).click();
  await expect(card.getByRole('list', { name: 'Passkeys' }).getByText('Ana’s laptop')).toBeVisible();
  await expect(card.getByText('Recovery codes left: 10.')).toBeVisible();
  await dismissToast(page);
  await screenshot(card, `${shots}/passkeys-card.png`);

  // The password is no longer enough: the passkey is asked for.
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, '', account.email, account.password);
  await expect(page.getByRole('heading', { name: 'One more step' })).toBeVisible();
  await expectNoBlockingViolations(page, 'second step');
  await screenshot(page, `${shots}/login-second-step.png`);
  await page.getByRole('button', { name: 'Use My Passkey' }).click();
  await expect(page.getByText('The Riveras').first()).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Passkeys' }).getByText(/Last used/)).toBeVisible();

  // The passkey alone signs in (user verified by the authenticator).
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectNoBlockingViolations(page, 'sign in with passkey option');
  await screenshot(page, `${shots}/login-with-passkey.png`);
  await page.getByRole('button', { name: 'Use a Passkey' }).click();
  await expect(page.getByText('The Riveras').first()).toBeVisible();

  // A recovery code instead of the passkey, once.
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, '', account.email, account.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0] ?? '');
  await screenshot(page, `${shots}/login-recovery-code.png`);
  await page.getByRole('button', { name: 'Sign In with Recovery Code' }).click();
  await expect(page.getByText('The Riveras').first()).toBeVisible();
  await page.goto('/account');
  await expect(
    page.getByRole('region', { name: 'Passkeys' }).getByText('Recovery codes left: 9.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, '', account.email, account.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Sign In with Recovery Code' }).click();
  await expect(page.getByText('That recovery code is not valid or has been used.')).toBeVisible();
});
