import twilio from 'twilio';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMS_RATE_LIMIT, SMS_WEBHOOK_PATH } from '../assistant/routes.ts';
import { tokenFromMail } from '../account/testing/mail.ts';
import {
  createTestServer,
  registration,
  signUp,
  startInOneRateWindow,
  type TestServer,
} from '../test/harness.ts';
import { call, stateFingerprint } from './fixtures.ts';

const HTTPS_URL = 'https://familyhub.example';
const TWILIO_TOKEN = 'security-suite-token-0123456789';

let http: TestServer;
let https: TestServer;
let limited: TestServer;

beforeAll(async () => {
  limited = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: 3, WAITLIST_RATE_LIMIT_PER_MINUTE: 2 });
  http = await createTestServer({
    PUBLIC_URL: 'http://localhost:3000',
    SESSION_IDLE_MINUTES: 30,
    SESSION_ABSOLUTE_MINUTES: 120,
  });
  https = await createTestServer({
    PUBLIC_URL: HTTPS_URL,
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
    TWILIO_FROM: '+15005550006',
  });
});
afterAll(async () => {
  await limited.close();
  await http.close();
  await https.close();
});

function cspDirectives(header: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const [name = '', ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values.join(' '));
  }
  return map;
}

describe('security headers (OWASP Secure Headers; ASVS 3.4)', () => {
  it.each([
    ['a JSON answer', '/api/waitlist/count'],
    ['a 401', '/api/tasks'],
    ['a 404', '/api/nothing-here'],
  ])('are on %s', async (_what, url) => {
    const res = await http.app.inject({ method: 'GET', url });
    const csp = cspDirectives(res.headers['content-security-policy']?.toString());
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('script-src')).not.toContain('unsafe-inline');
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined(); // plain http: HSTS would be ignored
  });

  it('adds HSTS when the public URL is https', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/api/waitlist/count' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('what the browser keeps of a family (issue 42; ASVS 14.3)', () => {
  it('stores no API reply in any cache, unless its route says otherwise', async () => {
    const { cookie } = await signUp(http.app);
    for (const url of [
      '/api/auth/session',
      '/api/family-members',
      '/api/events',
      '/api/notes',
      '/api/tasks',
    ]) {
      const res = await http.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const unauthorized = await http.app.inject({ method: 'GET', url: '/api/tasks' });
    expect(unauthorized.headers['cache-control']).toBe('no-store');
  });

  it('asks the browser to clear its HTTP cache of the site at sign-out (Clear-Site-Data)', async () => {
    const { cookie } = await signUp(http.app);
    const res = await http.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['clear-site-data']).toBe('"cache"');
  });
});

describe('session cookie flags (ASVS 3.3)', () => {
  it('is HttpOnly, SameSite=Lax, Path=/ and not Secure on http', async () => {
    const res = await call(http.app, null, 'POST', '/api/auth/register', registration());
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^fh_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
  });

  it('is Secure on https', async () => {
    const res = await call(https.app, null, 'POST', '/api/auth/register', registration());
    expect(String(res.headers['set-cookie'])).toContain('Secure');
  });
});

describe('cross-site requests (OWASP CSRF: Origin check; ASVS 3.5)', () => {
  it('refuses every state-changing route with a foreign Origin: 403, nothing written', async () => {
    const { cookie } = await signUp(http.app);
    const routes = http.app.routeTable.filter(
      (r) => r.url.startsWith('/api') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method),
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      for (const headers of [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
      ]) {
        const before = await stateFingerprint(http.database.system, 0);
        const res = await http.app.inject({
          method: route.method,
          url: route.url.replace(/:[a-z]+/gi, '1'),
          headers: { cookie, ...headers },
          payload: {},
        });
        expect(res.statusCode, `${route.method} ${route.url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json()).toEqual({ error: { code: 'forbidden', message: 'Cross-site request refused.' } });
        expect(await stateFingerprint(http.database.system, 0)).toBe(before);
      }
    }
  });

  it('compares the Origin with PUBLIC_URL, not with the Host header (issue 42)', async () => {
    const { cookie } = await signUp(http.app);
    const before = await stateFingerprint(http.database.system, 0);
    for (const [host, origin] of [
      ['evil.example', 'http://evil.example'],
      ['rebound.example:3000', 'https://rebound.example:3000'],
    ] as const) {
      const res = await http.app.inject({
        method: 'POST',
        url: '/api/settings',
        headers: { cookie, host, origin, 'sec-fetch-site': 'same-origin' },
        payload: { key: 'disable_all_sms', value: 'true' },
      });
      expect(res.statusCode, `${host} ${origin}`).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'forbidden', message: 'Cross-site request refused.' } });
    }
    expect(await stateFingerprint(http.database.system, 0)).toBe(before);
  });

  it('lets the same origin through', async () => {
    const { cookie } = await signUp(http.app);
    const res = await http.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: { cookie, origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload: { key: 'disable_all_sms', value: 'true' },
    });
    expect(res.statusCode).toBe(200);
  });
});

/** Sends `n` requests and returns the last answer. */
async function hammer(n: number, send: (i: number) => Promise<{ statusCode: number }>) {
  let last = { statusCode: 0 };
  for (let i = 0; i < n; i += 1) last = await send(i);
  return last;
}

function expectRateLimited(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => { error: { code: string } };
}) {
  expect(res.statusCode).toBe(429);
  expect(res.json().error.code).toBe('rate_limited');
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('rate limits with Retry-After (ASVS 6.3, 2.x anti-automation)', () => {
  // The limits count in fixed windows on the clock (whole minutes; hours for invitations): a test's attempts
  // that straddle a window's end start counting afresh and are not refused. Near the end of a minute (an hour
  // ends with one), wait for the next to begin.
  beforeEach(() => startInOneRateWindow());

  it('on sign-in', async () => {
    const email = `rl-${Date.now()}@example.com`;
    await hammer(3, () =>
      call(limited.app, null, 'POST', '/api/auth/login', { email, password: 'wrong one' }),
    );
    expectRateLimited(await call(limited.app, null, 'POST', '/api/auth/login', { email, password: 'x' }));
  });

  it('on registration', async () => {
    // Counted per IP and per account: 3 more attempts for one new address exhaust its account bucket.
    const payload = registration();
    await hammer(3, () =>
      call(limited.app, null, 'POST', '/api/auth/register', { ...payload, password: '' }),
    );
    expectRateLimited(await call(limited.app, null, 'POST', '/api/auth/register', payload));
  });

  it('on invitations (per family, per hour; invites and resends together)', async () => {
    const { cookie } = await signUp(https.app);
    const invited = await call(https.app, cookie, 'POST', '/api/family-members/invite', {
      name: 'Guest',
      email: `guest-${Date.now()}@example.com`,
      role: 'other',
      color: 'pink',
    });
    expect(invited.statusCode).toBe(201);
    const id = invited.json<{ id: number }>().id;
    // A family has room for only a few members, so the other 19 sends are resends of the same invitation.
    const resend = () => call(https.app, cookie, 'POST', `/api/family-members/invitations/${id}/resend`, {});
    const last = await hammer(19, resend);
    expect(last.statusCode).toBe(200);
    expectRateLimited(await resend());
  });

  it('on the waitlist', async () => {
    await hammer(2, (i) =>
      call(limited.app, null, 'POST', '/api/waitlist/join', { email: `w${i}@example.com` }),
    );
    expectRateLimited(
      await call(limited.app, null, 'POST', '/api/waitlist/join', { email: 'w9@example.com' }),
    );
  });

  it('on inbound SMS (per sender number)', async () => {
    const send = (i: number) => {
      const params = {
        From: '+15551230000',
        To: '+15005550006',
        Body: 'hi',
        MessageSid: `SM${i}`.padEnd(34, '0'),
      };
      const url = `${HTTPS_URL}${SMS_WEBHOOK_PATH}`;
      return https.app.inject({
        method: 'POST',
        url: SMS_WEBHOOK_PATH,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilio.getExpectedTwilioSignature(TWILIO_TOKEN, url, params),
        },
        payload: new URLSearchParams(params).toString(),
      });
    };
    const last = await hammer(SMS_RATE_LIMIT.max, send);
    expect(last.statusCode).toBe(200);
    expectRateLimited(await send(SMS_RATE_LIMIT.max + 1));
  });
});

describe('no account enumeration (ASVS 6.3.8)', () => {
  it('answers sign-in for an unknown e-mail exactly like a wrong password', async () => {
    const { email } = await signUp(https.app);
    const known = await call(https.app, null, 'POST', '/api/auth/login', {
      email,
      password: 'wrong password',
    });
    const unknown = await call(https.app, null, 'POST', '/api/auth/login', {
      email: `nobody-${Date.now()}@example.com`,
      password: 'wrong password',
    });
    expect(known.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
  });

  it('answers an unknown, a used and a cancelled invitation link the same', async () => {
    const { cookie } = await signUp(https.app, { memberName: 'Ana' });
    const sendInvite = async () => {
      const email = `inv-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
      const res = await call(https.app, cookie, 'POST', '/api/family-members/invite', {
        name: 'Sam',
        email,
        role: 'child',
        color: 'purple',
      });
      expect(res.statusCode).toBe(201);
      const token = await tokenFromMail(https.database.system, email, 'invitation', 'register-invitation');
      return { id: res.json<{ id: number }>().id, token };
    };
    const used = await sendInvite();
    const accepted = await call(
      https.app,
      null,
      'POST',
      `/api/family-members/invitations/${used.token}/accept`,
      {
        password: 'correct horse',
      },
    );
    expect(accepted.statusCode).toBe(201);
    const cancelled = await sendInvite();
    expect(
      (await call(https.app, cookie, 'DELETE', `/api/family-members/invitations/${cancelled.id}`)).statusCode,
    ).toBe(200);
    const answers = [];
    for (const token of [used.token, cancelled.token, 'x'.repeat(43)]) {
      answers.push(await call(https.app, null, 'GET', `/api/family-members/invitations/validate/${token}`));
    }
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
  });
});

describe('sessions (ASVS 7.3)', () => {
  it('end after the idle timeout', async () => {
    http.clock.set('2026-11-22T16:00:00Z');
    const { cookie } = await signUp(http.app, { email: `idle-${Date.now()}@example.com` });
    http.clock.advanceMinutes(29);
    expect((await call(http.app, cookie, 'GET', '/api/auth/session')).statusCode).toBe(200);
    http.clock.advanceMinutes(31);
    expect((await call(http.app, cookie, 'GET', '/api/auth/session')).statusCode).toBe(401);
  });

  it('end at the absolute timeout however active they are', async () => {
    http.clock.set('2026-11-23T16:00:00Z');
    const { cookie } = await signUp(http.app, { email: `abs-${Date.now()}@example.com` });
    for (let minutes = 20; minutes < 120; minutes += 20) {
      http.clock.advanceMinutes(20);
      expect((await call(http.app, cookie, 'GET', '/api/auth/session')).statusCode, `${minutes} min`).toBe(
        200,
      );
    }
    http.clock.advanceMinutes(20);
    expect((await call(http.app, cookie, 'GET', '/api/auth/session')).statusCode).toBe(401);
  });

  it('of a deleted member are revoked at once', async () => {
    const parent = await signUp(https.app, { memberName: 'Ana' });
    const email = `gone-${Date.now()}@example.com`;
    const invited = await call(https.app, parent.cookie, 'POST', '/api/family-members/invite', {
      name: 'Sam',
      email,
      role: 'parent',
      color: 'purple',
    });
    const memberId = invited.json<{ id: number }>().id;
    const token = await tokenFromMail(https.database.system, email, 'invitation', 'register-invitation');
    await call(https.app, null, 'POST', `/api/family-members/invitations/${token}/accept`, {
      password: 'correct horse',
    });
    const login = await call(https.app, null, 'POST', '/api/auth/login', {
      email,
      password: 'correct horse',
    });
    expect(login.statusCode).toBe(200);
    const samCookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    expect((await call(https.app, samCookie, 'GET', '/api/tasks')).statusCode).toBe(200);

    const removed = await call(https.app, parent.cookie, 'DELETE', `/api/family-members/${memberId}`);
    expect(removed.statusCode).toBe(204);
    expect((await call(https.app, samCookie, 'GET', '/api/tasks')).statusCode).toBe(401);
    const again = await call(https.app, null, 'POST', '/api/auth/login', {
      email,
      password: 'correct horse',
    });
    expect(again.statusCode).toBe(401);
  });

  it('get a fresh id at every sign-in (no fixation) and end on sign-out', async () => {
    const { cookie, email, password } = await signUp(https.app);
    const login = await call(https.app, cookie, 'POST', '/api/auth/login', { email, password });
    const fresh = String(login.headers['set-cookie']).split(';')[0] ?? '';
    expect(fresh).not.toBe(cookie);
    expect((await call(https.app, cookie, 'GET', '/api/auth/session')).statusCode).toBe(401);
    await call(https.app, fresh, 'POST', '/api/auth/logout', {});
    expect((await call(https.app, fresh, 'GET', '/api/auth/session')).statusCode).toBe(401);
  });
});
