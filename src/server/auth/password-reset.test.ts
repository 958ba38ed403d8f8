import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailTo, tokenFromMail } from '../account/testing/mail.ts';
import { sessions, userAccounts } from '../db/schema/families.ts';
import {
  sessionCookie,
  signUp,
  startInOneRateWindow,
  createTestServer,
  testServerPerFile,
} from '../test/harness.ts';
import { COMMON_PASSWORD_MESSAGE, PERSONAL_PASSWORD_MESSAGE } from './password-policy.ts';
import { INVALID_RESET_MESSAGE } from './password-reset.ts';
import { FORGOT_PASSWORD_MIN_MS } from './routes.ts';

const server = testServerPerFile();

const forgot = (email: string, remoteAddress = '127.0.0.1') =>
  server.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });
const reset = (token: string, password: string, confirmPassword = password) =>
  server.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password, confirmPassword },
  });
const login = (email: string, password: string) =>
  server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const sessionOk = async (cookie: string) =>
  (await server.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).statusCode ===
  200;

describe('POST /api/auth/forgot-password', () => {
  it('e-mails a single-use link to a known address and stores only the token’s hash, with a 60-minute expiry', async () => {
    const { email } = await signUp(server.app);
    const res = await forgot(email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [mail] = await mailTo(server.database.system, email, 'password_reset');
    expect(mail?.subject).toBe('Reset your FamilyHub password');
    expect(mail?.body).toContain(`${server.config.PUBLIC_URL}/reset-password/`);
    const token = await tokenFromMail(server.database.system, email, 'password_reset', 'reset-password');
    expect(token).toHaveLength(43);
    const [user] = await server.database.system
      .select()
      .from(userAccounts)
      .where(eq(userAccounts.email, email));
    expect(user?.passwordResetToken).toBe(createHash('sha256').update(token).digest('hex'));
    expect(user?.passwordResetExpires?.getTime()).toBe(server.clock.now().getTime() + 60 * 60_000);
    expect(mail?.expiresAt?.getTime()).toBe(user?.passwordResetExpires?.getTime());
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const { email } = await signUp(server.app);
    const known = await forgot(email);
    const unknown = await forgot('nobody-here@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['set-cookie']).toBeUndefined();
    expect(await mailTo(server.database.system, 'nobody-here@example.com', 'password_reset')).toEqual([]);
  });

  it('takes about as long for a known address as for an unknown one (no timing enumeration)', async () => {
    const { email } = await signUp(server.app);
    const timeOf = async (address: string) => {
      const started = performance.now();
      expect((await forgot(address)).statusCode).toBe(200);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so that a busy moment of the machine affects both alike.
    for (let i = 0; i < 4; i++) {
      known.push(await timeOf(email));
      unknown.push(await timeOf(`stranger-${i}@example.com`));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
    // Both wait for the same floor, so the work for a known address does not show.
    for (const t of [...known, ...unknown]) expect(t).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MIN_MS - 5);
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(FORGOT_PASSWORD_MIN_MS / 2);
  });

  it('also works for an account created by accepting an invitation, and not for a pending invitation', async () => {
    const { cookie } = await signUp(server.app);
    const invited = `invitee-${Date.now()}@example.com`;
    const pending = `pending-${Date.now()}@example.com`;
    for (const [name, email] of [
      ['Chidi Okafor', invited],
      ['Ebele Okafor', pending],
    ] as const) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/family-members/invite',
        headers: { cookie },
        payload: { name, email, role: 'parent', color: 'green' },
      });
      expect(res.statusCode).toBe(201);
    }
    const invitationToken = await tokenFromMail(
      server.database.system,
      invited,
      'invitation',
      'register-invitation',
    );
    const accept = await server.app.inject({
      method: 'POST',
      url: `/api/family-members/invitations/${invitationToken}/accept`,
      payload: { password: 'chidi first secret', confirm_password: 'chidi first secret' },
    });
    expect(accept.statusCode, accept.body).toBeLessThan(300);

    expect((await forgot(invited)).statusCode).toBe(200);
    const token = await tokenFromMail(server.database.system, invited, 'password_reset', 'reset-password');
    expect((await reset(token, 'chidi second secret')).statusCode).toBe(200);
    expect((await login(invited, 'chidi second secret')).statusCode).toBe(200);

    expect((await forgot(pending)).statusCode).toBe(200);
    expect(await mailTo(server.database.system, pending, 'password_reset')).toEqual([]);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, ends every session, burns the token and tells the account', async () => {
    const { email, password, cookie } = await signUp(server.app);
    const second = sessionCookie((await login(email, password)).headers['set-cookie']);
    expect(await sessionOk(cookie)).toBe(true);
    expect(await sessionOk(second)).toBe(true);

    await forgot(email);
    const token = await tokenFromMail(server.database.system, email, 'password_reset', 'reset-password');
    const res = await reset(token, 'brand new secret');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined(); // no session: the user signs in (with a passkey too, if any)

    expect(await sessionOk(cookie)).toBe(false);
    expect(await sessionOk(second)).toBe(false);
    const [user] = await server.database.system
      .select()
      .from(userAccounts)
      .where(eq(userAccounts.email, email));
    expect(
      await server.database.system
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? 0)),
    ).toEqual([]);
    expect((await login(email, password)).statusCode).toBe(401);
    expect((await login(email, 'brand new secret')).statusCode).toBe(200);
    const [notice] = await mailTo(server.database.system, email, 'password_changed');
    expect(notice?.subject).toBe('Your FamilyHub password was changed');
    expect(notice?.body).toContain('Every device that was signed in has been signed out');

    // Used once: the same link again is refused and changes nothing.
    const again = await reset(token, 'third new secret');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields).toEqual({ token: INVALID_RESET_MESSAGE });
    expect((await login(email, 'brand new secret')).statusCode).toBe(200);
  });

  it('refuses a link after 60 minutes, and takes it at 59', async () => {
    const early = await signUp(server.app);
    await forgot(early.email);
    const earlyToken = await tokenFromMail(
      server.database.system,
      early.email,
      'password_reset',
      'reset-password',
    );
    const late = await signUp(server.app);
    await forgot(late.email);
    const lateToken = await tokenFromMail(
      server.database.system,
      late.email,
      'password_reset',
      'reset-password',
    );

    server.clock.advanceMinutes(59);
    expect((await reset(earlyToken, 'in time secret')).statusCode).toBe(200);
    server.clock.advanceMinutes(2);
    const expired = await reset(lateToken, 'too late secret');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.fields.token).toBe(INVALID_RESET_MESSAGE);
    expect((await login(late.email, late.password)).statusCode).toBe(200);
  });

  it('refuses an earlier link once a newer one was sent, and an unknown token', async () => {
    const { email, password } = await signUp(server.app);
    await forgot(email);
    const first = await tokenFromMail(server.database.system, email, 'password_reset', 'reset-password');
    await forgot(email);
    const second = await tokenFromMail(server.database.system, email, 'password_reset', 'reset-password');
    expect(second).not.toBe(first);
    expect((await reset(first, 'replaced link secret')).statusCode).toBe(400);
    expect((await reset('A'.repeat(43), 'made up secret')).statusCode).toBe(400);
    expect((await login(email, password)).statusCode).toBe(200);
    expect((await reset(second, 'latest link secret')).statusCode).toBe(200);
  });

  it('refuses a common password or the e-mail/family name, keeping the link usable', async () => {
    const { email } = await signUp(server.app, { familyName: 'The Okonkwos' });
    await forgot(email);
    const token = await tokenFromMail(server.database.system, email, 'password_reset', 'reset-password');
    for (const [password, message] of [
      ['password1', COMMON_PASSWORD_MESSAGE],
      ['Qwerty123', COMMON_PASSWORD_MESSAGE],
      [email, PERSONAL_PASSWORD_MESSAGE],
      ['okonkwos2024', PERSONAL_PASSWORD_MESSAGE],
      ['The Okonkwos!', PERSONAL_PASSWORD_MESSAGE],
    ] as const) {
      const res = await reset(token, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error.fields).toEqual({ password: message });
    }
    const mismatch = await reset(token, 'a fine secret', 'another secret');
    expect(mismatch.json().error.fields).toEqual({ confirmPassword: "Passwords don't match" });
    expect((await reset(token, 'a fine secret')).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('a stranger spending an address’s allowance does not block its owner’s own reset (issue 42)', async () => {
    const limited = await createTestServer({ PASSWORD_RESET_RATE_LIMIT_PER_HOUR: 2 });
    try {
      const { email, password } = await signUp(limited.app);
      const home = '10.2.0.1';
      await startInOneRateWindow(30_000, 3_600_000);
      const login = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        remoteAddress: home,
      });
      expect(login.statusCode).toBe(200);
      const setCookies = [login.headers['set-cookie'] ?? []].flat();
      const device = setCookies.find((c) => c.startsWith('fh_reset_device='))?.split(';')[0] ?? '';
      expect(device).toMatch(/^fh_reset_device=[A-Za-z0-9_-]{43}$/);
      const send = (ip: string, cookie?: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email },
          remoteAddress: ip,
          ...(cookie ? { headers: { cookie } } : {}),
        });
      const strangers = [];
      for (let i = 0; i < 3; i++) strangers.push((await send(`10.3.${i}.1`)).statusCode);
      expect(strangers).toEqual([200, 200, 429]);
      // Even from the stranger's own address and the owner's, without the owner's browser: still refused.
      expect((await send(home)).statusCode).toBe(429);
      expect((await send(home, 'fh_reset_device=forged-value')).statusCode).toBe(429);
      // The owner's browser has its own allowance.
      const mailsBefore = (await mailTo(limited.database.system, email, 'password_reset')).length;
      expect((await send(home, device)).statusCode).toBe(200);
      expect(await mailTo(limited.database.system, email, 'password_reset')).toHaveLength(mailsBefore + 1);
      // Which is the owner's alone: it does not open other addresses' buckets.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'someone-else@example.com' },
        remoteAddress: '10.3.0.1',
        headers: { cookie: device },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits reset requests per address (known or not alike) and per IP, with Retry-After', async () => {
    const limited = await createTestServer({ PASSWORD_RESET_RATE_LIMIT_PER_HOUR: 2 });
    try {
      const { email } = await signUp(limited.app);
      await startInOneRateWindow(30_000, 3_600_000);
      const send = (address: string, ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: address },
          remoteAddress: ip,
        });
      for (const address of [email, 'unknown-person@example.com']) {
        const statuses = [];
        for (let i = 0; i < 3; i++) statuses.push((await send(address, `10.1.${i}.1`)).statusCode);
        expect(statuses, address).toEqual([200, 200, 429]);
      }
      const byIp = [];
      for (let i = 0; i < 3; i++) byIp.push(await send(`spray-${i}@example.com`, '10.9.9.9'));
      expect(byIp.map((r) => r.statusCode)).toEqual([200, 200, 429]);
      expect(Number(byIp[2]?.headers['retry-after'])).toBeGreaterThan(0);
      expect(byIp[2]?.json().error.code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});
