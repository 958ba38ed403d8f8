import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_PASSWORDS_PER_ACCOUNT_MAX } from '../../core/contracts/quotas.ts';
import { SoftAuthenticator } from './testing/soft-authenticator.ts';
import { hashPassword } from './passwords.ts';
import { SIGN_IN_LIMIT_MESSAGE } from './sign-in-limits.ts';
import { withFamilyScope, withSystemScope } from '../db/scope.ts';
import { appPasswords } from '../db/schema/app-passwords.ts';
import { userAccounts } from '../db/schema/families.ts';
import type { ServerContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import {
  callAs,
  createTestServer,
  sessionCookie,
  signedInFamily,
  signUp,
  startInOneRateWindow,
  type TestServer,
  testServerPerFile,
} from '../test/harness.ts';
import { authenticateAppPassword } from './app-passwords.ts';
import { mailTo } from '../account/testing/mail.ts';

const server = testServerPerFile({ PUBLIC_URL: 'https://hub.example.org' });
let ctx: ServerContext;
beforeAll(async () => {
  ctx = { db: server.database.db, config: server.config, clock: server.clock, changes: server.changes };
});

const IP = '203.0.113.9';
const PASSWORD_SHAPE = /^[a-z2-7]{5}(-[a-z2-7]{5}){4}$/;

type Created = {
  id: number;
  name: string;
  username: string;
  password: string;
  caldav_url: string;
  created_at: string;
};

async function create(cookie: string, name: unknown): Promise<Created> {
  const res = await callAs(server, { cookie }, 'POST', '/api/account/app-passwords', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Created;
}

const list = async (cookie: string) =>
  (await callAs(server, { cookie }, 'GET', '/api/account/app-passwords')).json() as Array<
    Record<string, unknown>
  >;

const check = (username: string, password: string, ip = IP) =>
  authenticateAppPassword(ctx, { username, password }, ip);

describe('app passwords', () => {
  it('makes one (201 with what a calendar app needs, shown once), lists it without the secret, and tells the account', async () => {
    const family = await signedInFamily(server);
    const created = await create(family.cookie, "  Mum's iPhone  ");
    expect(created).toEqual({
      id: expect.any(Number),
      name: "Mum's iPhone",
      username: family.email,
      password: expect.stringMatching(PASSWORD_SHAPE),
      caldav_url: 'https://hub.example.org/dav/',
      created_at: server.clock.now().toISOString(),
    });

    const listed = await list(family.cookie);
    expect(listed).toEqual([
      { id: created.id, name: "Mum's iPhone", created_at: created.created_at, last_used_at: null },
    ]);
    const [row] = await server.database.system
      .select()
      .from(appPasswords)
      .where(eq(appPasswords.id, created.id));
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    const raw = JSON.stringify(listed);
    expect(raw).not.toContain(created.password);
    expect(raw).not.toContain(created.password.replaceAll('-', ''));
    expect(raw).not.toContain(row?.secretHash);
    expect((await mailTo(server.database.system, family.email, 'app_password_created'))[0]?.body).toContain(
      "Mum's iPhone",
    );
  });

  it('refuses bad names with a message on the field', async () => {
    const family = await signedInFamily(server);
    for (const [name, message] of [
      [undefined, 'Give this app password a name'],
      [42, 'Give this app password a name'],
      ['   ', 'Give this app password a name'],
      ['x'.repeat(101), 'Name must be at most 100 characters'],
      ['Tab\there', 'Must not contain line breaks or control characters'],
      ['iPad\u202Egnp.exe', 'Must not contain line breaks or control characters'],
    ] as const) {
      const res = await callAs(
        server,
        family,
        'POST',
        '/api/account/app-passwords',
        name === undefined ? {} : { name },
      );
      expect(res.statusCode, String(name)).toBe(400);
      expect(res.json().error.fields, String(name)).toEqual({ name: message });
    }
    expect(await list(family.cookie)).toEqual([]);
    await create(family.cookie, 'x'.repeat(100));
  });

  it(`keeps at most ${APP_PASSWORDS_PER_ACCOUNT_MAX} per account`, async () => {
    const family = await signedInFamily(server);
    for (let i = 0; i < APP_PASSWORDS_PER_ACCOUNT_MAX; i++) await create(family.cookie, `Device ${i}`);
    const past = await callAs(server, family, 'POST', '/api/account/app-passwords', { name: 'One more' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toContain('Revoke one you no longer use');
    expect(await list(family.cookie)).toHaveLength(APP_PASSWORDS_PER_ACCOUNT_MAX);
    // Another account of the same family is not held to this one's count.
    const other = await signedInFamily(server);
    await create(other.cookie, 'Own device');
  });

  it('signs in a calendar app with the username and app password, in any case, with or without dashes', async () => {
    const family = await signedInFamily(server);
    const created = await create(family.cookie, 'Family iPad');
    const principal = {
      accountId: expect.any(Number),
      familyId: family.familyId,
      memberId: family.memberId,
      appPasswordId: created.id,
      username: family.email,
    };
    expect(await check(family.email, created.password)).toEqual(principal);
    expect(await check(` ${family.email.toUpperCase()} `, created.password.toUpperCase())).toEqual(principal);
    expect(await check(family.email, created.password.replaceAll('-', ''))).toEqual(principal);
    expect(await check(family.email, created.password.replaceAll('-', ' '))).toEqual(principal);
  });

  it('never takes the account password, a recovery code, a wrong password or another username', async () => {
    const family = await signedInFamily(server);
    const created = await create(family.cookie, 'Thunderbird on the study PC');
    const codes = await recoveryCodes(family.cookie, family.password);
    const other = await signedInFamily(server);
    const othersPassword = (await create(other.cookie, 'Theirs')).password;

    expect(await check(family.email, family.password)).toBeNull();
    expect(await check(family.email, codes[0] ?? '')).toBeNull();
    // One character changed (never to itself: the password may end in 'a' or 'A', read alike).
    const lastChanged = created.password.toLowerCase().endsWith('a') ? 'b' : 'a';
    expect(await check(family.email, `${created.password.slice(0, -1)}${lastChanged}`)).toBeNull();
    expect(await check(family.email, '')).toBeNull();
    expect(await check(family.email, 'x'.repeat(10_000))).toBeNull();
    expect(await check(family.email, othersPassword)).toBeNull(); // another account's app password
    expect(await check(other.email, created.password)).toBeNull(); // the right password, another username
    expect(await check('', created.password)).toBeNull();
    expect(await check('y'.repeat(10_000), created.password)).toBeNull();
    expect(await check(family.email, created.password)).not.toBeNull();
  });

  it('revokes one at once; another account’s or an unknown id is 404 and revokes nothing', async () => {
    const family = await signedInFamily(server);
    const created = await create(family.cookie, 'Old phone');
    const kept = await create(family.cookie, 'New phone');
    const stranger = await signedInFamily(server);

    const theirs = await callAs(server, stranger, 'DELETE', `/api/account/app-passwords/${created.id}`);
    expect(theirs.statusCode).toBe(404);
    for (const id of ['999999999', '0', 'abc', '1%20or%201=1']) {
      expect((await callAs(server, family, 'DELETE', `/api/account/app-passwords/${id}`)).statusCode).toBe(
        404,
      );
    }
    expect(await check(family.email, created.password)).not.toBeNull();

    const res = await callAs(server, family, 'DELETE', `/api/account/app-passwords/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect(await check(family.email, created.password)).toBeNull();
    expect(await check(family.email, kept.password)).not.toBeNull();
    expect((await list(family.cookie)).map((p) => p.name)).toEqual(['New phone']);
    expect(
      (await callAs(server, family, 'DELETE', `/api/account/app-passwords/${created.id}`)).statusCode,
    ).toBe(404);
    expect((await mailTo(server.database.system, family.email, 'app_password_revoked'))[0]?.body).toContain(
      'Old phone',
    );
  });

  it('"Sign out everywhere else" revokes every app password of the account, not of others', async () => {
    const family = await signedInFamily(server);
    const first = await create(family.cookie, 'Phone');
    const second = await create(family.cookie, 'Tablet');
    const other = await signedInFamily(server);
    const theirs = await create(other.cookie, 'Their phone');

    const res = await callAs(server, family, 'POST', '/api/account/sessions/sign-out-others', {});
    expect(res.json()).toEqual({ ended: 0, app_passwords_revoked: 2 });
    expect(await check(family.email, first.password)).toBeNull();
    expect(await check(family.email, second.password)).toBeNull();
    expect(await list(family.cookie)).toEqual([]);
    expect(await check(other.email, theirs.password)).not.toBeNull();
    const [notice] = await mailTo(server.database.system, family.email, 'sessions_ended');
    expect(notice?.body).toContain('2 app passwords were revoked');
  });

  it('deleting the member whose account it is revokes them', async () => {
    const family = await signedInFamily(server, { members: [{ name: 'Sam Rivera', role: 'parent' }] });
    const samEmail = `sam-${family.familyId}@example.com`;
    await server.database.system.insert(userAccounts).values({
      email: samEmail,
      passwordHash: await hashPassword('sams own secret'),
      familyId: family.familyId,
      familyMemberId: family.members[1],
    });
    const login = await callAs(server, null, 'POST', '/api/auth/login', {
      email: samEmail,
      password: 'sams own secret',
    });
    const sam = { cookie: sessionCookie(login.headers['set-cookie']) };
    const created = await create(sam.cookie, 'Sam’s phone');
    expect(await check(samEmail, created.password)).not.toBeNull();

    const res = await callAs(server, family, 'DELETE', `/api/family-members/${family.members[1]}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await check(samEmail, created.password)).toBeNull();
    const left = await server.database.system
      .select()
      .from(appPasswords)
      .where(eq(appPasswords.familyId, family.familyId));
    expect(left).toEqual([]);
  });

  it('records the last use at most once a minute', async () => {
    const family = await signedInFamily(server);
    const created = await create(family.cookie, 'Phone');
    const lastUsed = async () => (await list(family.cookie))[0]?.last_used_at;

    const first = server.clock.now().toISOString();
    await check(family.email, created.password);
    expect(await lastUsed()).toBe(first);
    server.clock.advanceMinutes(0.5);
    await check(family.email, created.password);
    expect(await lastUsed()).toBe(first); // within the minute: no write
    server.clock.advanceMinutes(0.5);
    await check(family.email, created.password);
    expect(await lastUsed()).toBe(server.clock.now().toISOString());
  });

  it('works from no scope and from a system scope, and refuses to run in a family scope', async () => {
    const family = await signedInFamily(server);
    const created = await create(family.cookie, 'Phone');
    expect(
      await withSystemScope(ctx.db, 'caldav', () => check(family.email, created.password)),
    ).not.toBeNull();
    await expect(
      withFamilyScope(ctx.db, family.familyId, () => check(family.email, created.password)),
    ).rejects.toThrow(/family scope is active/);
  });
});

describe('app passwords and the sign-in limits', () => {
  let limited: TestServer;
  let limitedCtx: ServerContext;
  const PER_MINUTE = 4;
  beforeAll(async () => {
    limited = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: PER_MINUTE });
    limitedCtx = {
      db: limited.database.db,
      config: limited.config,
      clock: limited.clock,
      changes: limited.changes,
    };
  });
  afterAll(() => limited.close());
  beforeEach(() => startInOneRateWindow());

  const rateLimited = (error: unknown) =>
    error instanceof HttpError &&
    error.statusCode === 429 &&
    error.message === SIGN_IN_LIMIT_MESSAGE &&
    (error.retryAfterSeconds ?? 0) > 0;

  it('counts failures (not successes) per IP and per username, with the web sign-in’s buckets', async () => {
    const { cookie, email, password } = await signUp(limited.app);
    const created = (
      await limited.app.inject({
        method: 'POST',
        url: '/api/account/app-passwords',
        headers: { cookie },
        payload: { name: 'Phone' },
      })
    ).json() as Created;
    const basic = (username: string, secret: string, ip: string) =>
      authenticateAppPassword(limitedCtx, { username, password: secret }, ip);

    // Successes never count: a calendar app signs every request.
    for (let i = 0; i < PER_MINUTE * 2; i++)
      expect(await basic(email, created.password, '198.51.100.1')).not.toBeNull();

    // Failures from one address spend that address's allowance, whatever the username…
    for (let i = 0; i < PER_MINUTE; i++)
      expect(await basic(`nobody${i}@example.com`, 'wrong', '198.51.100.2')).toBeNull();
    await expect(basic(email, created.password, '198.51.100.2')).rejects.toSatisfy(rateLimited);
    // …and the web sign-in from there is refused too (the same `auth:ip` bucket).
    const web = await limited.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '198.51.100.2',
      payload: { email, password },
    });
    expect(web.statusCode).toBe(429);
    // Another address is not held up.
    expect(await basic(email, created.password, '198.51.100.3')).not.toBeNull();

    // Failed web sign-ins count for CalDAV as well (per account and address).
    for (let i = 0; i < PER_MINUTE; i++) {
      await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.4',
        payload: { email, password: `wrong ${i}` },
      });
    }
    await expect(basic(email, created.password, '198.51.100.4')).rejects.toSatisfy(rateLimited);
  });
});

/** Adds a passkey with a software authenticator and returns the ten recovery codes that come with it. */
async function recoveryCodes(cookie: string, password: string): Promise<string[]> {
  const authenticator = new SoftAuthenticator(server.config.PUBLIC_URL);
  const options = await callAs(server, { cookie }, 'POST', '/api/account/passkeys/options', {
    current_password: password,
  });
  expect(options.statusCode, options.body).toBe(200);
  const step =
    ([] as string[])
      .concat(options.headers['set-cookie'] ?? [])
      .map((header) => header.split(';')[0] ?? '')
      .find((pair) => pair.startsWith('fh_challenge=')) ?? '';
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/account/passkeys',
    headers: { cookie: `${cookie}; ${step}` },
    payload: { response: authenticator.register(options.json()), name: 'Laptop' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().recovery_codes as string[];
}
