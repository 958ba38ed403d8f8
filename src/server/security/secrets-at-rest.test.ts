import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { familyMembers, userAccounts } from '../db/schema/families.ts';
import { notifications } from '../db/schema/notifications.ts';
import { createDispatcher, LINK_GONE_REASON, type Dispatcher } from '../notifications/dispatcher.ts';
import { linkSecret } from '../notifications/link-tokens.ts';
import { createSmtpProvider } from '../notifications/providers/smtp.ts';
import { createLogProvider } from '../notifications/providers/log.ts';
import { startSmtpSink, type SmtpSink } from '../notifications/testing/smtp-sink.ts';
import { createTestServer, signUp, type TestServer } from '../test/harness.ts';

/**
 * Issue 20 item 8 (ADR 014): invitation, password-reset and e-mail-confirmation tokens are stored only hashed,
 * and the outbox holds a reference from which the dispatcher renders the link when it sends. Through the real
 * SMTP server, on the suite's database (PGlite, or PostgreSQL with DATABASE_URL).
 */

let server: TestServer;
let smtp: SmtpSink;
let dispatcher: Dispatcher;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await createTestServer({ PUBLIC_URL: 'https://hub.example.org', SMTP_URL: smtp.url });
});
beforeEach(() => {
  smtp.messages.length = 0;
  dispatcher = createDispatcher({
    db: server.database.system,
    clock: server.clock,
    providers: {
      email: createSmtpProvider({
        url: smtp.url,
        from: 'FamilyHub <no-reply@familyhub.test>',
        messageIdDomain: 'familyhub.test',
        timeoutMs: 2000,
      }),
      sms: createLogProvider('sms'),
    },
    linkSecret: linkSecret(server.config),
  });
});
afterEach(() => dispatcher.stop());
afterAll(async () => {
  await server.close();
  await smtp.stop();
});

/** Every column of every outbox row, as one string. */
async function allOutboxText(): Promise<string> {
  const rows = await server.database.system.select().from(notifications);
  return JSON.stringify(rows);
}

/** The token of the `/{path}/{token}` link in the newest e-mail the SMTP server received for `to`. */
function tokenInReceivedMail(to: string, path: string): string {
  const mail = smtp.messages.filter((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '') === to).at(-1);
  const token = new RegExp(`https://hub\\.example\\.org/${path}/([A-Za-z0-9_-]+)`).exec(
    mail?.text ?? '',
  )?.[1];
  if (!token) throw new Error(`no /${path}/ link received for ${to}`);
  // The HTML part carries the same working link.
  expect(mail?.html).toContain(`href="https://hub.example.org/${path}/${token}"`);
  return token;
}

async function invite(cookie: string, email: string) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/family-members/invite',
    headers: { cookie },
    payload: { name: 'Sam Rivera', email, role: 'child', color: 'purple' },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number; invitation_link: string | null }>();
}

describe('secrets at rest (issue 20 item 8)', () => {
  it('an invitation: no outbox column holds the token, the received e-mail has a working link, accepting works', async () => {
    const { cookie } = await signUp(server.app);
    const email = `invitee-${Date.now()}@example.com`;
    const { id } = await invite(cookie, email);
    expect((await dispatcher.dispatchOnce()).sent).toBe(1);

    const token = tokenInReceivedMail(email, 'register-invitation');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await allOutboxText()).not.toContain(token);
    const [member] = await server.database.system
      .select()
      .from(familyMembers)
      .where(eq(familyMembers.id, id));
    expect(JSON.stringify(member)).not.toContain(token);

    const validate = await server.app.inject({
      method: 'GET',
      url: `/api/family-members/invitations/validate/${token}`,
    });
    expect(validate.statusCode).toBe(200);
    const accept = await server.app.inject({
      method: 'POST',
      url: `/api/family-members/invitations/${token}/accept`,
      payload: { password: 'a long unusual passphrase 42' },
    });
    expect(accept.statusCode).toBe(201);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'a long unusual passphrase 42' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('a message whose link was replaced before it went out is not sent; the newer one is, and works', async () => {
    const { cookie } = await signUp(server.app);
    const email = `resent-${Date.now()}@example.com`;
    const { id } = await invite(cookie, email);
    const resend = await server.app.inject({
      method: 'POST',
      url: `/api/family-members/invitations/${id}/resend`,
      headers: { cookie },
    });
    expect(resend.statusCode).toBe(200);
    const summary = await dispatcher.dispatchOnce();
    expect(summary).toMatchObject({ sent: 1, failed: 1 });
    const rows = await server.database.system
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, email));
    expect(rows.map((r) => r.statusReason).sort()).toEqual([LINK_GONE_REASON, null]);
    expect(smtp.messages).toHaveLength(1);
    const token = tokenInReceivedMail(email, 'register-invitation');
    const validate = await server.app.inject({
      method: 'GET',
      url: `/api/family-members/invitations/validate/${token}`,
    });
    expect(validate.statusCode).toBe(200);
  });

  it('a password reset: the received link works, and no outbox or account column holds its token', async () => {
    const { email } = await signUp(server.app);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    expect((await dispatcher.dispatchOnce()).sent).toBe(1);
    const token = tokenInReceivedMail(email, 'reset-password');
    expect(await allOutboxText()).not.toContain(token);
    const [account] = await server.database.system
      .select()
      .from(userAccounts)
      .where(eq(userAccounts.email, email));
    expect(JSON.stringify(account)).not.toContain(token);
    const reset = await server.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        token,
        password: 'another long passphrase 77',
        confirmPassword: 'another long passphrase 77',
      },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('a changed link secret: the waiting message is not sent with a link that would not work', async () => {
    const { cookie } = await signUp(server.app);
    const email = `rotated-${Date.now()}@example.com`;
    await invite(cookie, email);
    await dispatcher.stop();
    dispatcher = createDispatcher({
      db: server.database.system,
      clock: server.clock,
      providers: { email: createLogProvider('email'), sms: createLogProvider('sms') },
      linkSecret: Buffer.from('a-different-link-secret-0123456789abcdef'),
    });
    // (The password-changed notice of the test before, which carries no link, goes out in this round.)
    expect(await dispatcher.dispatchOnce()).toMatchObject({ failed: 1 });
    const [row] = await server.database.system
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, email));
    expect(row).toMatchObject({ status: 'failed', statusReason: LINK_GONE_REASON });
  });
});

describe('"Copy invitation link" without SMTP (SPEC, issue 21)', () => {
  it('the reply carries a working link whose token no outbox row holds', async () => {
    const noMail = await createTestServer({ PUBLIC_URL: 'https://hub.example.org' });
    try {
      const { cookie } = await signUp(noMail.app);
      const res = await noMail.app.inject({
        method: 'POST',
        url: '/api/family-members/invite',
        headers: { cookie },
        payload: { name: 'Sam Rivera', email: `copy-${Date.now()}@example.com`, role: 'child', color: 'red' },
      });
      expect(res.statusCode).toBe(201);
      const link = res.json<{ invitation_link: string }>().invitation_link;
      const token = /\/register-invitation\/([A-Za-z0-9_-]{43})$/.exec(link)?.[1] ?? '';
      expect(token).not.toBe('');
      const rows = await noMail.database.system.select().from(notifications);
      expect(rows.some((r) => r.kind === 'invitation' && r.statusReason === 'no_email_provider')).toBe(true);
      expect(JSON.stringify(rows)).not.toContain(token);
      const accept = await noMail.app.inject({
        method: 'POST',
        url: `/api/family-members/invitations/${token}/accept`,
        payload: { password: 'a long unusual passphrase 42' },
      });
      expect(accept.statusCode).toBe(201);
    } finally {
      await noMail.close();
    }
  });
});
