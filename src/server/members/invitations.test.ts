import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { families, familyMembers, userAccounts } from '../db/schema/families.ts';
import { notifications } from '../db/schema/notifications.ts';
import { createTestServer, sessionCookie, signUp, type TestServer } from '../test/harness.ts';
import { tokenFromMail as tokenFromAccountMail } from '../account/testing/mail.ts';
import { LINK_TOKEN_PLACEHOLDER } from '../notifications/link-tokens.ts';
import { hashInvitationToken } from './invitations.ts';

/** The value, or a test failure when a query found nothing. */
function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a row');
  return value;
}

let server: TestServer;
beforeAll(async () => {
  // An e-mail provider is configured (nothing is dispatched in these tests): invitations go by e-mail.
  server = await createTestServer({
    PUBLIC_URL: 'https://hub.example.org',
    SMTP_URL: 'smtp://127.0.0.1:2525',
  });
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
let seq = 0;

function call(cookie: string | null, method: Method, url: string, payload?: unknown) {
  return server.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

function uniqueEmail(prefix = 'invitee'): string {
  seq += 1;
  return `${prefix}-${seq}-${Date.now()}@example.com`;
}

/** The accept-link token the newest invitation e-mail to `email` carries when sent (ADR 014). */
async function tokenFromMail(email: string): Promise<string> {
  return tokenFromAccountMail(server.database.system, email, 'invitation', 'register-invitation');
}

async function invite(cookie: string, body: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const res = await call(cookie, 'POST', '/api/family-members/invite', {
    name: 'Sam Rivera',
    email,
    role: 'child',
    color: 'purple',
    ...body,
  });
  expect(res.statusCode).toBe(201);
  const id: number = res.json().id;
  const sentTo: string = res.json().email;
  return { id, email: sentTo, token: await tokenFromMail(sentTo) };
}

async function memberRow(id: number) {
  const [row] = await server.database.system.select().from(familyMembers).where(eq(familyMembers.id, id));
  return row;
}

describe('POST /api/family-members/invite', () => {
  it('creates a pending member with a hashed 7-day token and queues the e-mail with the accept link', async () => {
    const { cookie } = await signUp(server.app, { memberName: 'Ana Rivera', familyName: 'Riveras' });
    const email = uniqueEmail();
    const res = await call(cookie, 'POST', '/api/family-members/invite', {
      name: 'Sam Rivera',
      email: email.toUpperCase(),
      role: 'child',
      color: 'purple',
    });
    expect(res.statusCode).toBe(201);
    const now = server.clock.now().getTime();
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Sam Rivera',
      email,
      color: 'purple',
      role: 'child',
      invitation_expires_at: new Date(now + 7 * 24 * 3600_000).toISOString(),
      invitation_sent_at: new Date(now).toISOString(),
      invitation_link: null, // e-mailed: the reply does not carry it
    });

    const row = await memberRow(res.json().id);
    const [me] = (await call(cookie, 'GET', '/api/family-members')).json();
    expect(row).toMatchObject({ invitationStatus: 'pending', invitedBy: me.id, email });
    const token = await tokenFromMail(email);
    expect(token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url
    expect(row?.invitationToken).toBe(hashInvitationToken(token));
    expect(row?.invitationToken).not.toContain(token);

    const [mail] = await server.database.system
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, email));
    expect(mail).toMatchObject({
      channel: 'email',
      kind: 'invitation',
      status: 'pending',
      familyMemberId: row?.id,
    });
    expect(mail?.subject).toContain('Ana Rivera');
    // The row names the link by its ref; the token is rendered only when the dispatcher sends (ADR 014).
    expect(mail?.body).toContain(`https://hub.example.org/register-invitation/${LINK_TOKEN_PLACEHOLDER}`);
    expect(JSON.stringify(mail)).not.toContain(token);

    const invitations = (await call(cookie, 'GET', '/api/family-members/invitations')).json();
    const { invitation_link: _link, ...listed } = res.json();
    expect(invitations).toEqual([listed]);
  });

  it.each([
    ['name', { name: '' }, 'Name is required'],
    ['email', { email: 'nope' }, 'Please enter a valid email address'],
    ['email', { email: undefined }, 'Please enter a valid email address'],
    ['role', { role: 'king' }, 'Please select a role'],
    ['color', { color: 'beige' }, 'Please select a colour'],
  ])('answers 400 for a bad %s and writes nothing', async (field, override, message) => {
    const { cookie } = await signUp(server.app);
    const res = await call(cookie, 'POST', '/api/family-members/invite', {
      name: 'Sam',
      email: uniqueEmail(),
      role: 'child',
      color: 'red',
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect((await call(cookie, 'GET', '/api/family-members/invitations')).json()).toEqual([]);
  });

  it('answers 409 for an e-mail that already has an account or a pending invitation', async () => {
    const other = await signUp(server.app);
    const { cookie } = await signUp(server.app);
    const taken = await call(cookie, 'POST', '/api/family-members/invite', {
      name: 'X',
      email: other.email,
      role: 'child',
      color: 'red',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('An account with this email already exists.');
    const first = await invite(cookie);
    const again = await call(cookie, 'POST', '/api/family-members/invite', {
      name: 'Y',
      email: first.email,
      role: 'child',
      color: 'red',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'This person has already been invited. Resend the invitation instead.',
    );
    expect((await call(cookie, 'GET', '/api/family-members/invitations')).json()).toHaveLength(1);
  });

  it('answers 401 when signed out', async () => {
    for (const [method, url] of [
      ['POST', '/api/family-members/invite'],
      ['GET', '/api/family-members/invitations'],
      ['POST', '/api/family-members/invitations/1/resend'],
      ['DELETE', '/api/family-members/invitations/1'],
    ] as const) {
      expect((await call(null, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
    }
  });
});

describe('GET /api/family-members/invitations/validate/{token}', () => {
  it('answers name, e-mail, role and the inviter’s name, signed out', async () => {
    const { cookie } = await signUp(server.app, { memberName: 'Ana Rivera' });
    const inv = await invite(cookie, { role: 'other', color: 'orange' });
    const res = await call(null, 'GET', `/api/family-members/invitations/validate/${inv.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Sam Rivera',
      email: inv.email,
      role: 'other',
      color: 'orange',
      inviter_name: 'Ana Rivera',
      invitation_expires_at: expect.any(String),
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for an unknown or malformed token', async () => {
    for (const token of ['x', 'A'.repeat(43), 'A'.repeat(99)]) {
      const res = await call(null, 'GET', `/api/family-members/invitations/validate/${token}`);
      expect(res.statusCode).toBe(404);
    }
    // Past Fastify's 100-character path-parameter limit the router itself refuses with 414.
    expect(
      (await call(null, 'GET', `/api/family-members/invitations/validate/${'A'.repeat(300)}`)).statusCode,
    ).toBe(414);
  });

  it('answers 404 once the invitation has expired, and accept is refused too', async () => {
    const { cookie } = await signUp(server.app);
    const inv = await invite(cookie);
    server.clock.advanceMinutes(7 * 24 * 60 - 1);
    try {
      expect(
        (await call(null, 'GET', `/api/family-members/invitations/validate/${inv.token}`)).statusCode,
      ).toBe(200);
      server.clock.advanceMinutes(1);
      expect(
        (await call(null, 'GET', `/api/family-members/invitations/validate/${inv.token}`)).statusCode,
      ).toBe(404);
      const accept = await call(null, 'POST', `/api/family-members/invitations/${inv.token}/accept`, {
        password: 'secret123',
      });
      expect(accept.statusCode).toBe(404);
      expect((await memberRow(inv.id))?.invitationStatus).toBe('pending');
    } finally {
      server.clock.advanceMinutes(-7 * 24 * 60);
    }
  });
});

describe('POST /api/family-members/invitations/{token}/accept', () => {
  it('creates the linked account, marks the member accepted, burns the token; the invitee signs in to the same family', async () => {
    const { cookie } = await signUp(server.app, { familyName: 'The Okafors', memberName: 'Ana Okafor' });
    const inv = await invite(cookie);
    const res = await call(null, 'POST', `/api/family-members/invitations/${inv.token}/accept`, {
      password: 'secret123',
      confirmPassword: 'secret123',
      phone_number: '(415) 555-0142',
    });
    expect(res.statusCode).toBe(201);

    const row = await memberRow(inv.id);
    expect(row).toMatchObject({
      invitationStatus: 'accepted',
      invitationToken: null,
      phoneNumber: '+14155550142',
    });
    const [account] = await server.database.system
      .select()
      .from(userAccounts)
      .where(eq(userAccounts.email, inv.email));
    expect(account).toMatchObject({
      familyMemberId: inv.id,
      familyId: row?.familyId,
      isActive: true,
      role: 'member',
    });
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);

    const login = await call(null, 'POST', '/api/auth/login', { email: inv.email, password: 'secret123' });
    expect(login.statusCode).toBe(200);
    const invitee = sessionCookie(login.headers['set-cookie']);
    expect((await call(invitee, 'GET', '/api/auth/session')).json()).toEqual({
      family_name: 'The Okafors',
      email: inv.email,
      family_timezone: 'America/Los_Angeles',
    });
    const names = (await call(invitee, 'GET', '/api/family-members'))
      .json()
      .map((m: { name: string }) => m.name);
    expect(names).toEqual(['Ana Okafor', 'Sam Rivera']);
    expect((await call(cookie, 'GET', '/api/family-members/invitations')).json()).toEqual([]);

    // Used: the link is dead for validate and accept.
    expect(
      (await call(null, 'GET', `/api/family-members/invitations/validate/${inv.token}`)).statusCode,
    ).toBe(404);
    const again = await call(null, 'POST', `/api/family-members/invitations/${inv.token}/accept`, {
      password: 'another1',
    });
    expect(again.statusCode).toBe(404);
    expect(
      (await call(null, 'POST', '/api/auth/login', { email: inv.email, password: 'another1' })).statusCode,
    ).toBe(401);
  });

  it('keeps no phone when none is given', async () => {
    const { cookie } = await signUp(server.app);
    const inv = await invite(cookie);
    const res = await call(null, 'POST', `/api/family-members/invitations/${inv.token}/accept`, {
      password: 'secret123',
      phone_number: null,
    });
    expect(res.statusCode).toBe(201);
    expect((await memberRow(inv.id))?.phoneNumber).toBeNull();
  });

  it.each([
    ['password', { password: '12345' }, 'Password must be at least 6 characters'],
    ['confirmPassword', { password: 'secret123', confirmPassword: 'secret124' }, "Passwords don't match"],
    ['phone_number', { password: 'secret123', phone_number: '555' }, 'Please enter a valid phone number'],
    [
      'phone_number',
      { password: 'secret123', phone_number: '+1234567890' },
      'Please enter a valid phone number',
    ],
  ])('answers 400 for a bad %s and accepts nothing', async (field, payload, message) => {
    const { cookie } = await signUp(server.app);
    const inv = await invite(cookie);
    const res = await call(null, 'POST', `/api/family-members/invitations/${inv.token}/accept`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect((await memberRow(inv.id))?.invitationStatus).toBe('pending');
    expect(
      await server.database.system.select().from(userAccounts).where(eq(userAccounts.email, inv.email)),
    ).toEqual([]);
  });

  it('Undo (ADR 051) brings the invitation back: its link works again', async () => {
    const { cookie } = await signUp(server.app);
    const inv = await invite(cookie);
    const before = await memberRow(inv.id);
    const res = await call(cookie, 'DELETE', `/api/family-members/invitations/${inv.id}`);
    const undone = await call(cookie, 'POST', `/api/undo/${res.json<{ undo_id: string }>().undo_id}`, {});
    expect(undone.json()).toEqual({ ok: true, kind: 'invitation', id: inv.id });
    expect(await memberRow(inv.id)).toEqual(before);
    const validate = await call(null, 'GET', `/api/family-members/invitations/validate/${inv.token}`);
    expect(validate.statusCode, validate.body).toBe(200);
  });

  it('answers 409 when the e-mail got an account in the meantime', async () => {
    const { cookie } = await signUp(server.app);
    const inv = await invite(cookie);
    await signUp(server.app, { email: inv.email });
    const res = await call(null, 'POST', `/api/family-members/invitations/${inv.token}/accept`, {
      password: 'secret123',
    });
    expect(res.statusCode).toBe(409);
    expect((await memberRow(inv.id))?.invitationStatus).toBe('pending');
  });

  it('lets only one of two concurrent accepts through', async () => {
    const { cookie } = await signUp(server.app);
    const inv = await invite(cookie);
    const results = await Promise.all(
      [1, 2].map(() =>
        call(null, 'POST', `/api/family-members/invitations/${inv.token}/accept`, { password: 'secret123' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 404]);
    expect(
      await server.database.system.select().from(userAccounts).where(eq(userAccounts.email, inv.email)),
    ).toHaveLength(1);
  });
});

describe('POST /api/family-members/invitations/{id}/resend', () => {
  it('issues a new token and e-mail, and the old link stops working', async () => {
    const { cookie } = await signUp(server.app);
    const inv = await invite(cookie);
    server.clock.advanceMinutes(60);
    const res = await call(cookie, 'POST', `/api/family-members/invitations/${inv.id}/resend`);
    expect(res.statusCode).toBe(200);
    const now = server.clock.now().getTime();
    expect(res.json()).toMatchObject({
      id: inv.id,
      invitation_sent_at: new Date(now).toISOString(),
      invitation_expires_at: new Date(now + 7 * 24 * 3600_000).toISOString(),
    });
    const mails = await server.database.system
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, inv.email));
    expect(mails).toHaveLength(2);
    const newToken = await tokenFromMail(inv.email);
    expect(newToken).not.toBe(inv.token);

    expect(
      (await call(null, 'GET', `/api/family-members/invitations/validate/${inv.token}`)).statusCode,
    ).toBe(404);
    const old = await call(null, 'POST', `/api/family-members/invitations/${inv.token}/accept`, {
      password: 'secret123',
    });
    expect(old.statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/family-members/invitations/validate/${newToken}`)).statusCode).toBe(
      200,
    );
    expect(
      (
        await call(null, 'POST', `/api/family-members/invitations/${newToken}/accept`, {
          password: 'secret123',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('sends a distinct e-mail for two resends in the same instant', async () => {
    const { cookie } = await signUp(server.app);
    const inv = await invite(cookie);
    await call(cookie, 'POST', `/api/family-members/invitations/${inv.id}/resend`);
    await call(cookie, 'POST', `/api/family-members/invitations/${inv.id}/resend`);
    const mails = await server.database.system
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, inv.email));
    expect(mails).toHaveLength(3);
  });

  it('answers 404 for another family’s invitation, an accepted member or an unknown id, and changes nothing', async () => {
    const a = await signUp(server.app);
    const b = await signUp(server.app);
    const theirs = await invite(b.cookie);
    const before = await memberRow(theirs.id);
    const [me] = (await call(a.cookie, 'GET', '/api/family-members')).json();
    for (const id of [theirs.id, me.id, 99999999, 'abc']) {
      expect((await call(a.cookie, 'POST', `/api/family-members/invitations/${id}/resend`)).statusCode).toBe(
        404,
      );
    }
    expect(await memberRow(theirs.id)).toEqual(before);
    const mails = await server.database.system
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, theirs.email));
    expect(mails).toHaveLength(1);
    expect(
      (await call(null, 'GET', `/api/family-members/invitations/validate/${theirs.token}`)).statusCode,
    ).toBe(200);
  });
});

describe('DELETE /api/family-members/invitations/{id}', () => {
  it('cancels: the invitation disappears and its link is refused', async () => {
    const { cookie } = await signUp(server.app);
    const inv = await invite(cookie);
    const res = await call(cookie, 'DELETE', `/api/family-members/invitations/${inv.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, undo_id: expect.any(String) });
    expect((await call(cookie, 'GET', '/api/family-members/invitations')).json()).toEqual([]);
    expect(await memberRow(inv.id)).toBeUndefined();
    expect(
      (await call(null, 'GET', `/api/family-members/invitations/validate/${inv.token}`)).statusCode,
    ).toBe(404);
    const accept = await call(null, 'POST', `/api/family-members/invitations/${inv.token}/accept`, {
      password: 'secret123',
    });
    expect(accept.statusCode).toBe(404);
    expect(
      await server.database.system.select().from(userAccounts).where(eq(userAccounts.email, inv.email)),
    ).toEqual([]);
  });

  it('answers 404 for another family’s invitation or an accepted member, and cancels nothing', async () => {
    const a = await signUp(server.app);
    const b = await signUp(server.app);
    const theirs = await invite(b.cookie);
    const [me] = (await call(a.cookie, 'GET', '/api/family-members')).json();
    for (const id of [theirs.id, me.id, 'zz']) {
      expect((await call(a.cookie, 'DELETE', `/api/family-members/invitations/${id}`)).statusCode).toBe(404);
    }
    expect((await memberRow(theirs.id))?.invitationStatus).toBe('pending');
    expect((await memberRow(me.id))?.invitationStatus).toBe('accepted');
    expect((await call(b.cookie, 'GET', '/api/family-members/invitations')).json()).toHaveLength(1);
  });
});

describe('invitation e-mail', () => {
  it('states the expiry date in the family’s time zone', async () => {
    const { cookie } = await signUp(server.app);
    const [me] = (await call(cookie, 'GET', '/api/family-members')).json();
    const row = await memberRow(me.id);
    await server.database.system
      .update(families)
      .set({ timezone: 'Pacific/Auckland' })
      .where(eq(families.id, must(row).familyId));
    // 2026-11-22T16:00Z + 7 days = 2026-11-29T16:00Z = 30 November 05:00 in Auckland (UTC+13).
    const inv = await invite(cookie);
    const [mail] = await server.database.system
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, inv.email));
    expect(mail?.body).toContain('November 30th, 2026');
  });
});

describe('no e-mail provider (issue 21)', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await createTestServer({ PUBLIC_URL: 'https://hub.example.org' });
  });
  afterAll(() => bare.close());

  const as = (cookie: string, method: Method, url: string) =>
    bare.app.inject({ method, url, headers: { cookie } });

  it('answers the link to pass on, and the history says "not sent", never "delivered"', async () => {
    const { cookie } = await signUp(bare.app);
    const email = uniqueEmail();
    const res = await bare.app.inject({
      method: 'POST',
      url: '/api/family-members/invite',
      headers: { cookie },
      payload: { name: 'Sam Rivera', email, role: 'child', color: 'purple' },
    });
    expect(res.statusCode).toBe(201);
    const link: string = res.json().invitation_link;
    const token = /^https:\/\/hub\.example\.org\/register-invitation\/([A-Za-z0-9_-]{43})$/.exec(link)?.[1];
    expect(token).toBeDefined();
    // The link works: the invitee can open it and accept.
    const validate = await bare.app.inject({
      method: 'GET',
      url: `/api/family-members/invitations/validate/${token ?? ''}`,
    });
    expect(validate.json()).toMatchObject({ name: 'Sam Rivera', email });

    const history = (await as(cookie, 'GET', '/api/notifications')).json().items;
    expect(history).toEqual([
      expect.objectContaining({
        kind: 'invitation',
        status: 'suppressed',
        status_reason: 'no_email_provider',
      }),
    ]);
    // The list never carries a link (it is not stored readable): a lost link is replaced by Resend.
    const [listed] = (await as(cookie, 'GET', '/api/family-members/invitations')).json();
    expect(listed).not.toHaveProperty('invitation_link');
    const resent = await as(cookie, 'POST', `/api/family-members/invitations/${listed.id}/resend`);
    const newLink: string = resent.json().invitation_link;
    expect(newLink).toMatch(/^https:\/\/hub\.example\.org\/register-invitation\/[A-Za-z0-9_-]{43}$/);
    expect(newLink).not.toBe(link);
    const old = await bare.app.inject({
      method: 'GET',
      url: `/api/family-members/invitations/validate/${token ?? ''}`,
    });
    expect(old.statusCode).toBe(404);
  });
});
