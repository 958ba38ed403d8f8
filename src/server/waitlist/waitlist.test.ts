import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitlistEntries } from '../db/schema/waitlist.ts';
import { startSmtpSink } from '../notifications/testing/smtp-sink.ts';
import { createTestServer, startInOneRateWindow, type TestServer } from '../test/harness.ts';
import { WAITLIST_RATE_LIMIT_MESSAGE } from './routes.ts';

let server: TestServer;
beforeEach(async () => {
  // A fresh database and app per test: positions start at 1 and the in-memory rate limit is reset.
  server = await createTestServer({ WAITLIST_RATE_LIMIT_PER_MINUTE: 1000 });
});
afterEach(() => server.close());

function entry(overrides: Record<string, unknown> = {}) {
  return {
    email: 'ana@example.com',
    family_size: '4-5',
    biggest_challenge: 'Keeping track of pickups',
    ...overrides,
  };
}

function join(
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) {
  return server.app.inject({ method: 'POST', url: '/api/waitlist/join', payload, headers, remoteAddress });
}

async function rows() {
  return server.database.system.select().from(waitlistEntries).orderBy(waitlistEntries.position);
}

async function rowFor(email: string) {
  const [row] = await server.database.system
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.email, email));
  return row;
}

describe('POST /api/waitlist/join', () => {
  it('stores a new entry with its place in line, attribution and a referral code', async () => {
    const first = await join(
      entry({
        email: '  Ana.Rivera@Example.COM ',
        family_size: '6+',
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'beta-launch',
      }),
      { 'user-agent': 'Mozilla/5.0 (TestBrowser)' },
      '203.0.113.7',
    );
    expect(first.statusCode).toBe(201);
    const body = first.json();
    expect(body).toEqual({ position: 1, referral_code: expect.any(String) });
    expect(body.referral_code.length).toBeGreaterThanOrEqual(8);
    expect(body.referral_code.length).toBeLessThanOrEqual(50);

    const second = await join(entry({ email: 'ben@example.com' }));
    expect(second.statusCode).toBe(201);
    expect(second.json().position).toBe(2);
    expect(second.json().referral_code).not.toBe(body.referral_code);

    expect(await rowFor('ana.rivera@example.com')).toMatchObject({
      email: 'ana.rivera@example.com',
      familySize: '6+',
      biggestChallenge: 'Keeping track of pickups',
      referrerEmail: null,
      referralCode: body.referral_code,
      referralCount: 0,
      position: 1,
      status: 'active',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'beta-launch',
      ipAddress: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (TestBrowser)',
      createdAt: server.clock.now(),
      convertedAt: null,
      notifiedAt: null,
    });
    expect(await rowFor('ben@example.com')).toMatchObject({
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
    });
  });

  it('answers an e-mail already on the list exactly like a new one, without a duplicate or a change (issue 20)', async () => {
    const first = await join(entry());
    await join(entry({ email: 'ben@example.com' }));
    const before = await rows();

    const again = await join(
      entry({ email: ' ANA@example.com', family_size: '2-3', biggest_challenge: 'Other' }),
    );
    // The place a new entry would get now, and a code that is not Ana's: nothing of her entry is given out.
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ position: 3, referral_code: expect.any(String) });
    expect(again.json().referral_code).not.toBe(first.json().referral_code);
    expect(Object.keys(again.json())).toEqual(
      Object.keys((await join(entry({ email: 'cy@example.com' }))).json()),
    );
    expect((await rows()).slice(0, 2)).toEqual(before);
  });

  it.each([
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['email', { email: '' }, 'Please enter a valid email address'],
    ['email', { email: undefined }, 'Please enter a valid email address'],
    ['email', { email: `${'a'.repeat(250)}@example.com` }, 'Please enter a valid email address'],
    ['family_size', { family_size: '' }, 'Please select your family size'],
    ['family_size', { family_size: '7' }, 'Please select your family size'],
    ['family_size', { family_size: undefined }, 'Please select your family size'],
    ['biggest_challenge', { biggest_challenge: '   ' }, 'Please tell us your biggest challenge'],
    ['biggest_challenge', { biggest_challenge: undefined }, 'Please tell us your biggest challenge'],
    ['biggest_challenge', { biggest_challenge: 'x'.repeat(1001) }, 'Please keep it under 1000 characters'],
  ])(
    'refuses bad input #%# for %s with the SPEC §5 message and writes nothing',
    async (field, overrides, message) => {
      const res = await join(entry(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'validation_failed', message, fields: { [field]: message } },
      });
      expect(await rows()).toEqual([]);
    },
  );

  it('reports every missing field at once for an empty body', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/waitlist/join', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      email: 'Please enter a valid email address',
      family_size: 'Please select your family size',
      biggest_challenge: 'Please tell us your biggest challenge',
    });
  });

  it('never fails a join over attribution: long UTM values are cut, a malformed ref credits nobody', async () => {
    const res = await join(
      entry({ utm_source: 's'.repeat(300), utm_medium: 42, utm_campaign: '  ', ref: 'r'.repeat(51) }),
    );
    expect(res.statusCode).toBe(201);
    expect(await rowFor('ana@example.com')).toMatchObject({
      utmSource: 's'.repeat(100),
      utmMedium: null,
      utmCampaign: null,
      referrerEmail: null,
    });
  });

  it('hands out distinct consecutive positions to visitors joining at the same moment', async () => {
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => join(entry({ email: `parent${i}@example.com` }))),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const positions = replies.map((r) => r.json().position).sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});

describe('referrals', () => {
  it('credits the referrer once for a new entry and records who referred it', async () => {
    const ana = (await join(entry())).json();
    const ben = await join(entry({ email: 'ben@example.com', ref: ana.referral_code }));
    expect(ben.statusCode).toBe(201);
    expect(await rowFor('ana@example.com')).toMatchObject({ referralCount: 1, referrerEmail: null });
    expect(await rowFor('ben@example.com')).toMatchObject({
      referralCount: 0,
      referrerEmail: 'ana@example.com',
    });

    // Ben joining again through the same link is not a new entry: no second credit.
    const again = await join(entry({ email: 'ben@example.com', ref: ana.referral_code }));
    expect(again.statusCode).toBe(201);
    expect((await rowFor('ana@example.com'))?.referralCount).toBe(1);

    await join(entry({ email: 'cleo@example.com', ref: ana.referral_code }));
    expect((await rowFor('ana@example.com'))?.referralCount).toBe(2);
  });

  it('does not credit a self-referral, by the same e-mail or a +tag of the same mailbox', async () => {
    const ana = (await join(entry())).json();
    const self = await join(entry({ ref: ana.referral_code }));
    expect(self.statusCode).toBe(201);
    const alias = await join(entry({ email: 'Ana+beta@example.com', ref: ana.referral_code }));
    expect(alias.statusCode).toBe(201);
    expect((await rowFor('ana@example.com'))?.referralCount).toBe(0);
    expect((await rowFor('ana+beta@example.com'))?.referrerEmail).toBeNull();
  });

  it('ignores an unknown referral code', async () => {
    await join(entry());
    const res = await join(entry({ email: 'ben@example.com', ref: 'no-such-code' }));
    expect(res.statusCode).toBe(201);
    expect(await rowFor('ben@example.com')).toMatchObject({ referrerEmail: null });
    expect((await rowFor('ana@example.com'))?.referralCount).toBe(0);
  });
});

describe('rate limit', () => {
  it('refuses joins from one IP past the configured limit, with nothing written; other IPs go on', async () => {
    await server.close();
    server = await createTestServer({ WAITLIST_RATE_LIMIT_PER_MINUTE: 3 });
    await startInOneRateWindow();
    for (let i = 0; i < 3; i += 1) {
      expect((await join(entry({ email: `p${i}@example.com` }), {}, '198.51.100.1')).statusCode).toBe(201);
    }
    const refused = await join(entry({ email: 'p3@example.com' }), {}, '198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: WAITLIST_RATE_LIMIT_MESSAGE } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowFor('p3@example.com')).toBeUndefined();

    expect((await join(entry({ email: 'p3@example.com' }), {}, '198.51.100.2')).statusCode).toBe(201);
    // The count is a read: it is not limited.
    const count = await server.app.inject({
      method: 'GET',
      url: '/api/waitlist/count',
      remoteAddress: '198.51.100.1',
    });
    expect(count.json()).toEqual({ count: 4 });
  });
});

describe('GET /api/waitlist/count', () => {
  it('answers how many people are on the list, signed out, and does not count a repeated e-mail', async () => {
    const empty = await server.app.inject({ method: 'GET', url: '/api/waitlist/count' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ count: 0 });

    await join(entry());
    await join(entry({ email: 'ben@example.com' }));
    await join(entry());
    const res = await server.app.inject({ method: 'GET', url: '/api/waitlist/count' });
    expect(res.json()).toEqual({ count: 2 });
  });
});

describe('the waitlist e-mail (issue 20: place and link go to the address, not the reply)', () => {
  it('sends the real place, link and referral count by SMTP, to a new and to an existing address', async () => {
    const smtp = await startSmtpSink();
    const mailed = await createTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://hub.example' });
    try {
      const send = (payload: Record<string, unknown>) =>
        mailed.app.inject({ method: 'POST', url: '/api/waitlist/join', payload });
      const ana = (await send(entry())).json<{ referral_code: string }>();
      await send(entry({ email: 'ben@example.com', ref: ana.referral_code }));
      const again = await send(entry({ email: 'ANA@example.com' }));
      expect(again.statusCode).toBe(201);

      await expect.poll(() => smtp.messages.length).toBe(3);
      const [welcome, , reminder] = smtp.messages;
      expect(welcome?.to).toMatchObject({ text: 'ana@example.com' });
      expect(welcome?.subject).toBe("You're on the FamilyHub waitlist");
      expect(welcome?.text).toContain('Your place in line: #1');
      expect(welcome?.text).toContain(`https://hub.example/?ref=${ana.referral_code}`);
      expect(reminder?.to).toMatchObject({ text: 'ana@example.com' });
      expect(reminder?.subject).toBe("You're already on the FamilyHub waitlist");
      expect(reminder?.text).toContain('Your place in line: #1');
      expect(reminder?.text).toContain('1 family has joined through your link.');
      expect(reminder?.text).toContain(`https://hub.example/?ref=${ana.referral_code}`);
      // The reply to the repeated join carried none of it.
      expect(again.body).not.toContain(ana.referral_code);
    } finally {
      await mailed.close();
      await smtp.stop();
    }
  });
});
