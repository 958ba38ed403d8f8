import { randomBytes } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';

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

export const test = base.extend<{ signUp: (overrides?: Partial<Account>) => Promise<Account> }>({
  signUp: async ({ page }, use) => {
    await use((overrides) => signUpThroughApi(page, overrides));
  },
});

export { expect };
