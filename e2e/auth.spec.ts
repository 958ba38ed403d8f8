import type { Page } from '@playwright/test';
import { expect, newAccount, screenshot, shots, test, waitForServiceWorker } from './fixtures.ts';

test('a family registers through both steps, with every validation message, then signs out and in', async ({
  page,
}) => {
  const account = newAccount({ familyName: 'The Okafor Family', memberName: 'Chidi Okafor' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await screenshot(page, `${shots}/login.png`);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);

  // Step 1: each rule of SPEC §5, shown by the form.
  await page.getByLabel('Family Name').fill('O');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm Password').fill('1234');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Family name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill('something else');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.getByLabel('Family Name').fill(account.familyName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Confirm Password').fill(account.password);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await screenshot(page, `${shots}/register-step-1.png`);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: no sign-in link; Back keeps step 1's values.
  await expect(page.getByLabel('Your Name')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Family Name')).toHaveValue(account.familyName);
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('Your Name').fill('C');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await page.getByLabel('Your Name').fill(account.memberName);
  await page.getByLabel('Role').selectOption('parent');
  await page.getByLabel('Colour').selectOption('green');
  await page.getByLabel('Phone (optional)').fill('+14155550123');
  await screenshot(page, `${shots}/register-step-2.png`);
  await page.getByRole('button', { name: 'Create Account' }).click();

  // Signed in on `/`: Calendar highlighted, family name and e-mail in the sidebar.
  await expect(page).toHaveURL(/\/$/);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByText(account.familyName)).toBeVisible();
  await expect(sidebar.getByText(account.email)).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Calendar' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
    'Calendar',
    'Driving',
    'Tasks',
    'Activity Requests',
    'Notes',
    'Family Members',
  ]);
  // Issue 25: the account area under the menu leads to Account Settings.
  await expect(sidebar.getByRole('link', { name: 'Account Settings' })).toHaveAttribute('href', '/account');
  await expect(page.getByText('Registration successful!', { exact: true })).toBeVisible();

  await page.reload();
  await expect(sidebar.getByText(account.email)).toBeVisible();

  await sidebar.getByRole('link', { name: 'Tasks' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(sidebar.getByRole('link', { name: 'Tasks' })).toHaveAttribute('aria-current', 'page');

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();

  await page.goto('/');
  await screenshot(page, `${shots}/shell-1280.png`);
  await sidebar.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/auth/session')).status()).toBe(401);

  // Wrong password: the inline alert with the server's message.
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password.');

  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(sidebar.getByText(account.familyName)).toBeVisible();
});

test('the server refuses what the form would: a taken e-mail shows the server message', async ({
  page,
  signUp,
}) => {
  const taken = await signUp();
  await page.context().clearCookies();
  await page.goto('/register');
  await page.getByLabel('Family Name').fill('Second Family');
  await page.getByLabel('Email').fill(taken.email);
  await page.getByLabel('Password', { exact: true }).fill('another password');
  await page.getByLabel('Confirm Password').fill('another password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Your Name').fill('Sam Second');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert').first()).toContainText('An account with this email already exists.');
  await expect(page.getByText('Registration failed', { exact: true })).toBeVisible();
});

test('at 375 px the menu opens as a left drawer and closes', async ({ page, signUp }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const account = await signUp({ familyName: 'The Nguyens' });
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
  const header = page.locator('header');
  await expect(header.getByText('Calendar')).toBeVisible();
  await header.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(account.familyName)).toBeVisible();
  await expect(drawer.getByText(account.email)).toBeVisible();
  await screenshot(page, `${shots}/shell-375-drawer.png`);
  await drawer.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toBeHidden();
  await header.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Notes' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(/\/notes$/);
  await expect(header.getByText('Notes')).toBeVisible();
});

test('signed out, / and unknown paths show the landing page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/calendar');
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(0);
});

/** What `page` logs as console errors and its calls to `GET /api/auth/session`, from now on. */
function watchSessionCalls(page: Page): { errors: string[]; sessionCalls: string[] } {
  const errors: string[] = [];
  const sessionCalls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/session') sessionCalls.push(request.url());
  });
  return { errors, sessionCalls };
}

// Issue 23: the first screen without a waterfall or a console error either way.
test('signed out, the landing page makes no session call and logs no error', async ({ page }) => {
  // A first visit: no service worker controls the page yet, so the server's page (with its hint) is what loads.
  const { errors, sessionCalls } = watchSessionCalls(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(sessionCalls).toEqual([]);
  expect(errors).toEqual([]);
});

test('signed out, a page the service worker serves makes no session call and logs no error', async ({
  page,
  signUp,
}) => {
  // The service worker answers every page from its copy, which carries no word from the server: the absence of
  // the signed-in cookie tells the app instead. A returning visitor, then one who signed in and out.
  const { errors, sessionCalls } = watchSessionCalls(page);
  const visitSignedOut = async (paths: string[]) => {
    for (const path of paths) {
      await page.goto(path);
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    // Back to the tab: the session query refetches on focus, still without asking the server.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await page.waitForLoadState('networkidle');
    expect(sessionCalls).toEqual([]);
    expect(errors).toEqual([]);
  };
  await page.goto('/');
  await waitForServiceWorker(page);
  await visitSignedOut(['/', '/calendar']);

  await signUp();
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: 'Tasks' })).toBeVisible();
  await page
    .getByRole('button', { name: /sign out/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
  sessionCalls.length = 0; // the signed-in pages' own calls
  await visitSignedOut(['/', '/calendar']);
});

test('signed in, / opens the calendar without loading the landing page code', async ({ page, signUp }) => {
  await signUp();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((p) => p.includes('calendar-page'))).toBe(true);
  expect(scripts.filter((p) => p.includes('landing-page'))).toEqual([]);
});
