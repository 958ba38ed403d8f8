import path from 'node:path';
import { startFakeTwilio, type FakeTwilio } from '../src/server/notifications/testing/fake-twilio.ts';
import { expect, newAccount, screenshot, shots, test } from './fixtures.ts';
import { SERVER_START_TIMEOUT_MS, startServerWithSmtp, type MailServer } from './mail-server.ts';

/**
 * Issue 20: a member's number is verified on the Family Members screen with a code texted to it. A FamilyHub
 * process of our own talks to a local fake of Twilio's Messages API, where the code arrives.
 */
test.describe('verify a phone number', () => {
  let server: MailServer;
  let twilio: FakeTwilio;
  test.beforeAll(async () => {
    test.setTimeout(SERVER_START_TIMEOUT_MS + 30_000); // a second server process starts (and migrates its PGlite)
    twilio = await startFakeTwilio();
    server = await startServerWithSmtp({
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: twilio.from,
      TWILIO_BASE_URL: twilio.baseUrl,
      SMS_SENDS_PER_SECOND: '0',
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await twilio?.close();
  });

  test('Not verified → Verify → code from the carrier → Verified; a wrong code is said plainly', async ({
    page,
  }) => {
    const account = newAccount();
    const register = await page.request.post(`${server.url}/api/auth/register`, {
      data: { ...account, memberRole: 'parent', memberColor: 'blue', memberPhone: '(415) 555-0142' },
      headers: { origin: server.url },
    });
    expect(register.status(), await register.text()).toBe(201);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/family-members`);
    const card = page.getByRole('article', { name: 'Ana Rivera' });
    await expect(card.getByText('Not verified', { exact: true })).toBeVisible();
    await expect(page.getByRole('status').getByText(/Texts go only to verified phone numbers/)).toBeVisible();

    // Keyboard: the Verify action is a button reached and pressed without a mouse.
    await card.getByRole('button', { name: "Verify Ana Rivera's phone number" }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Verify phone number' });
    await expect(
      dialog.getByText(/Reply STOP to opt out, HELP for help\. Message and data rates may apply\./),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => twilio.sent.length).toBe(1);
    expect(twilio.sent[0]?.to).toBe('+14155550142');
    const code = /code is (\d{6})/.exec(twilio.sent[0]?.body ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const field = dialog.getByLabel('6-digit code');
    await expect(field).toBeFocused();
    await field.fill(code === '000000' ? '111111' : '000000');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText(
      'That code is not right. Check the text message and try again.',
    );
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await screenshot(page, path.join(shots, 'phone-verification-1280.png'));
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, path.join(shots, 'phone-verification-375.png'));
    await page.setViewportSize({ width: 1280, height: 900 });

    await field.fill(code);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Verified', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: /Verify/ })).toHaveCount(0);
    await expect(page.getByText(/Texts go only to verified phone numbers/)).toHaveCount(0);
    await screenshot(page, path.join(shots, 'phone-verified-1280.png'));
  });
});
