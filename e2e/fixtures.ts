import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { TZDate } from '@date-fns/tz';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

/**
 * Where the journeys' screenshots go: `docs/screenshots/` (committed, looked at when a screen changes) with
 * `UPDATE_SCREENSHOTS=1`, otherwise this run's own folder, so that running the tests leaves the tree clean.
 */
export const shots =
  process.env.UPDATE_SCREENSHOTS === '1'
    ? 'docs/screenshots'
    : path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), 'screenshots');

/**
 * Saves a PNG of `target` (the page, or one element) to `file` for people to look at, with `fullPage` for the
 * page's whole height. Not in CI (`CI` set) unless `UPDATE_SCREENSHOTS=1`: nobody opens a CI run's pictures, and
 * encoding them took about 6 % of the journeys' CPU (ADR 062). Nothing is asserted on a picture.
 */
export async function screenshot(
  target: Page | Locator,
  file: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (process.env.CI && process.env.UPDATE_SCREENSHOTS !== '1') return;
  await ('goto' in target
    ? target.screenshot({ path: file, ...options })
    : target.screenshot({ path: file }));
}

export interface Account {
  familyName: string;
  email: string;
  password: string;
  memberName: string;
}

/** A fresh account's details with a unique e-mail. */
export function newAccount(overrides: Partial<Account> = {}): Account {
  return {
    familyName: 'The Riveras',
    email: `e2e-${randomBytes(5).toString('hex')}@example.com`,
    password: 'correct horse battery',
    memberName: 'Ana Rivera',
    ...overrides,
  };
}

/**
 * Registers a family through the API (sharing the page's cookies), so a journey starts signed in on `/`.
 * The register screen itself is exercised in auth.spec.ts.
 */
async function signUpThroughApi(page: Page, overrides: Partial<Account> = {}): Promise<Account> {
  const account = newAccount(overrides);
  const res = await page.request.post('/api/auth/register', {
    data: {
      familyName: account.familyName,
      email: account.email,
      password: account.password,
      memberName: account.memberName,
      memberRole: 'parent',
      memberColor: 'blue',
      memberPhone: null,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto('/');
  return account;
}

/** The journeys' options, set per project in playwright.config.ts. */
export interface TestOptions {
  /** The PostgreSQL database the project's server runs on, for a journey that reads it directly; '' on PGlite. */
  databaseUrl: string;
}

export const test = base.extend<TestOptions & { signUp: (overrides?: Partial<Account>) => Promise<Account> }>(
  {
    databaseUrl: ['', { option: true }],
    signUp: async ({ page }, use) => {
      await use((overrides) => signUpThroughApi(page, overrides));
    },
  },
);

/**
 * Now in the signed-in family's time zone: the calendar's "today" is the family's (issue 18), which differs from
 * the machine's date for part of every day (UTC just after midnight is still yesterday in Los Angeles).
 */
export async function familyNow(page: Page): Promise<Date> {
  const session = await page.request.get('/api/auth/session');
  const { family_timezone } = (await session.json()) as { family_timezone: string };
  return new TZDate(Date.now(), family_timezone);
}

/** Today in the signed-in family's zone, as the calendar counts it: that date's midnight, as a machine-local Date. */
export async function familyToday(page: Page): Promise<Date> {
  const now = await familyNow(page);
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/**
 * Posts `data` to the API path `url` as the signed-in family (sharing the page's cookies); it must answer 201.
 * @returns the created row (its `id`).
 */
export async function postCreated(page: Page, url: string, data: object): Promise<{ id: number }> {
  const res = await page.request.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as { id: number };
}

/** Posts each `[path, body]` through the API as the signed-in family, in order; each must answer 201. */
export async function postAll(
  page: Page,
  calls: readonly (readonly [string, Record<string, unknown>])[],
): Promise<void> {
  for (const [url, data] of calls) await postCreated(page, url, data);
}

/** A pinned shopping list of `author` (a member id), as a `POST /api/notes` body. */
export function shoppingNote(author: number): Record<string, unknown> {
  return {
    title: 'Shopping',
    content: '• Milk\n• Bread',
    category: 'shopping_list',
    pinned: true,
    family_member_id: author,
  };
}

/** Closes the toast on screen (there is at most one), so that what follows sees and clicks the page itself. */
export async function dismissToast(page: Page): Promise<void> {
  const close = page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Close' });
  if ((await close.count()) > 0) await close.first().click();
  await expect(close).toHaveCount(0);
}

/** Adds a member to the signed-in family through the API (the Family Members screen is tested on its own). */
export async function addMember(page: Page, name: string, color: string): Promise<void> {
  const res = await page.request.post('/api/family-members', { data: { name, color, role: 'child' } });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * Opens the calendar as the app draws it. At `/calendar` the page first shows the server's render of a phone's
 * opening agenda (ADR 025), inert until the app's first render replaces it (in a transition, ADR 028) and
 * hidden from 768 px; `setInputFiles`, which does not wait for an element to be visible, would find that copy's
 * "Import .ics file" input (disabled there, so that no file is lost with it). The server does not render
 * `?view=month`.
 */
export async function openCalendarApp(page: Page): Promise<void> {
  await page.goto('/calendar?view=month');
}

/** Waits until the service worker is active and controls the page (it claims open pages on activation). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
}

export { expect };
