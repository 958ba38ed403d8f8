import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UNKNOWN_SENDER_REPLY } from '../../core/assistant/keywords.ts';
import type { FamilyMemberDto } from '../../core/contracts/members.ts';
import { pruneUnroutedSms, UNROUTED_SMS_RETENTION_DAYS } from '../assistant/service.ts';
import { withFamilyScope } from '../db/scope.ts';
import { familyMembers } from '../db/schema/families.ts';
import { notifications } from '../db/schema/notifications.ts';
import { unroutedSms } from '../db/schema/unrouted-sms.ts';
import { enqueue } from '../notifications/outbox.ts';
import { setSmsEnabled } from '../notifications/testing/family.ts';
import { startFakeTwilio, type FakeTwilio } from '../notifications/testing/fake-twilio.ts';
import { createTestServer, signedInFamily, type TestServer } from '../test/harness.ts';
import { inboundText, postInboundSms, TEST_PUBLIC_URL, twimlText as replyText } from '../test/messaging.ts';
import {
  EXPIRED_CODE_MESSAGE,
  MAX_CODE_ATTEMPTS,
  MAX_CODES_PER_NUMBER_PER_DAY,
  MAX_CODES_PER_NUMBER_PER_HOUR,
  NOT_MOBILE_MESSAGE,
  OPTED_OUT_MESSAGE,
  TOO_MANY_TO_NUMBER_MESSAGE,
  TOO_MANY_ATTEMPTS_MESSAGE,
  TOO_MANY_SENDS_MESSAGE,
  VERIFIED_ELSEWHERE_MESSAGE,
  WRONG_CODE_MESSAGE,
} from './phone-verification.ts';

let server: TestServer;
let fake: FakeTwilio;

interface Family {
  cookie: string;
  familyId: number;
  memberId: number;
}

async function family(name: string, phone: string): Promise<Family> {
  const signedIn = await signedInFamily(server, { registration: { familyName: name, memberPhone: phone } });
  await setSmsEnabled(server.database.system, signedIn.familyId, true);
  return signedIn;
}

function call(f: Family, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return server.app.inject({ method, url, headers: { cookie: f.cookie }, ...(payload ? { payload } : {}) });
}

const sendCode = (f: Family, id = f.memberId) =>
  call(f, 'POST', `/api/family-members/${id}/phone-verification`, {});
const confirm = (f: Family, code: string, id = f.memberId) =>
  call(f, 'POST', `/api/family-members/${id}/phone-verification/confirm`, { code });

/** The code in the last text the fake carrier accepted for `to`. */
function lastCode(to: string): string {
  const message = fake.sent.filter((m) => m.to === to).at(-1);
  const code = /code is (\d{6})/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

/** A signed inbound text, as Twilio posts it (signed with the fake carrier's token, the server's). */
const inbound = (from: string, body: string) =>
  postInboundSms(server, inboundText(from, body), { token: fake.authToken });

async function historyOf(familyId: number) {
  return server.database.system.select().from(notifications).where(eq(notifications.familyId, familyId));
}

async function memberDto(f: Family, id = f.memberId): Promise<FamilyMemberDto | undefined> {
  const res = await call(f, 'GET', '/api/family-members');
  return res.json<FamilyMemberDto[]>().find((m) => m.id === id);
}

beforeAll(async () => {
  fake = await startFakeTwilio();
  server = await createTestServer({
    PUBLIC_URL: TEST_PUBLIC_URL,
    TWILIO_ACCOUNT_SID: fake.accountSid,
    TWILIO_AUTH_TOKEN: fake.authToken,
    TWILIO_FROM: fake.from,
    TWILIO_BASE_URL: fake.baseUrl,
    SMS_SENDS_PER_SECOND: 0,
  });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});
beforeEach(() => {
  fake.sent.length = 0;
});

describe('verified phone numbers (issue 20)', () => {
  it('texts a code through the carrier, stores only its hash, and verifies the number with it', async () => {
    const f = await family('Rivera', '+14155550301');
    expect(await memberDto(f)).toMatchObject({ phone_verified: false, phone_code_pending: false });

    const sent = await sendCode(f);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ phone_verified: false, phone_code_pending: true });
    const code = lastCode('+14155550301');
    expect(fake.sent.at(-1)?.body).toContain('Reply STOP to opt out, HELP for help.');
    const [row] = await server.database.system
      .select()
      .from(familyMembers)
      .where(eq(familyMembers.id, f.memberId));
    expect(row?.phoneCodeHash).toBeTruthy();
    expect(row?.phoneCodeHash).not.toContain(code);
    // Nor anywhere in the outbox.
    expect((await historyOf(f.familyId)).filter((n) => n.body.includes(code))).toEqual([]);

    const wrong = await confirm(f, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: { code: 'validation_failed', message: WRONG_CODE_MESSAGE, fields: { code: WRONG_CODE_MESSAGE } },
    });
    const right = await confirm(f, code);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ phone_verified: true, phone_code_pending: false });
    expect((await confirm(f, code)).statusCode).toBe(409);
  });

  it('refuses a code that is not six digits with a field message', async () => {
    const f = await family('Shape', '+14155550302');
    for (const code of ['12345', 'abcdef', '1234567']) {
      const res = await confirm(f, code);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { fields: object } }>().error.fields).toHaveProperty('code');
    }
    const none = await confirm(f, '123456');
    expect(none.statusCode).toBe(400); // no code was sent
  });

  it('expires a code after 10 minutes', async () => {
    const f = await family('Late', '+14155550303');
    expect((await sendCode(f)).statusCode).toBe(200);
    const code = lastCode('+14155550303');
    server.clock.advanceMinutes(11);
    const res = await confirm(f, code);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(EXPIRED_CODE_MESSAGE);
    expect(await memberDto(f)).toMatchObject({ phone_verified: false, phone_code_pending: false });
  });

  it('spends a code after 5 wrong guesses, even the right one after', async () => {
    const f = await family('Guess', '+14155550304');
    expect((await sendCode(f)).statusCode).toBe(200);
    const code = lastCode('+14155550304');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: number[] = [];
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i += 1) answers.push((await confirm(f, wrong)).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 429]);
    const late = await confirm(f, code);
    expect(late.statusCode).toBe(429);
    expect(late.json<{ error: { message: string } }>().error.message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
  });

  it('sends at most 3 codes an hour to one member', async () => {
    const f = await family('Resend', '+14155550305');
    const answers: number[] = [];
    for (let i = 0; i < 4; i += 1) answers.push((await sendCode(f)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
    expect((await sendCode(f)).json<{ error: { message: string } }>().error.message).toBe(
      TOO_MANY_SENDS_MESSAGE,
    );
    expect(fake.sent.filter((m) => m.to === '+14155550305')).toHaveLength(3);
    server.clock.advanceMinutes(61);
    expect((await sendCode(f)).statusCode).toBe(200);
  });

  it('clears the verification when the number changes', async () => {
    const f = await family('Change', '+14155550306');
    await sendCode(f);
    expect((await confirm(f, lastCode('+14155550306'))).statusCode).toBe(200);
    const same = await call(f, 'PATCH', `/api/family-members/${f.memberId}`, {
      phone_number: '+14155550306',
    });
    expect(same.json()).toMatchObject({ phone_verified: true });
    const changed = await call(f, 'PATCH', `/api/family-members/${f.memberId}`, {
      phone_number: '+14155550307',
    });
    expect(changed.json()).toMatchObject({ phone_verified: false, phone_number: '+14155550307' });
  });

  it('refuses a number verified in another family, with a clear 409', async () => {
    const a = await family('Owner', '+14155550308');
    await sendCode(a);
    expect((await confirm(a, lastCode('+14155550308'))).statusCode).toBe(200);
    const b = await family('Hijack', '+14155550308');
    const res = await sendCode(b);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(VERIFIED_ELSEWHERE_MESSAGE);
    expect(fake.sent.filter((m) => m.to === '+14155550308')).toHaveLength(1);
  });

  it('refuses a code confirmed after the number was verified in another family meanwhile', async () => {
    const a = await family('First', '+14155550309');
    const b = await family('Second', '+14155550309');
    await sendCode(b);
    const codeB = lastCode('+14155550309');
    await sendCode(a);
    expect((await confirm(a, lastCode('+14155550309'))).statusCode).toBe(200);
    const res = await confirm(b, codeB);
    expect(res.statusCode).toBe(409);
  });

  it('sends no SMS to an unverified number; sends once verified', async () => {
    const f = await family('Remind', '+14155550310');
    const message = (key: string) => ({
      familyId: f.familyId,
      familyMemberId: f.memberId,
      channel: 'sms' as const,
      body: 'Reminder',
      kind: 'task_reminder',
      dedupeKey: key,
      now: server.clock.now(),
    });
    expect(await enqueue(server.database.system, message('pv:1'))).toMatchObject({
      status: 'suppressed',
      statusReason: 'phone_unverified',
    });
    expect((await memberDto(f))?.reminder_channel).not.toBe('sms');
    await sendCode(f);
    await confirm(f, lastCode('+14155550310'));
    expect(await enqueue(server.database.system, message('pv:2'))).toMatchObject({ status: 'pending' });
  });
});

describe('inbound texts from unverified numbers (issue 20)', () => {
  it('answers generically, stores nothing in the family, and keeps the text where no family can read it', async () => {
    const victim = await family('Victim', '+14155550320');
    // The attack of the finding: another family puts the victim's number on one of its members.
    const attacker = await family('Attacker', '+14155550321');
    const added = await call(attacker, 'POST', '/api/family-members', {
      name: 'Spy',
      color: 'red',
      role: 'other',
      phone_number: '+14155550320',
    });
    expect(added.statusCode).toBe(201);
    const stranger = await inbound('+14155550399', 'when is soccer?');
    const res = await inbound('+14155550320', 'is my biopsy appointment tomorrow?');
    expect(res.statusCode).toBe(200);
    // The same words as for a number on no profile: no hint which family, or that there is one.
    expect(replyText(res.body)).toBe(UNKNOWN_SENDER_REPLY);
    expect(replyText(stranger.body)).toBe(UNKNOWN_SENDER_REPLY);
    expect(await historyOf(attacker.familyId)).toEqual([]);
    expect(await historyOf(victim.familyId)).toEqual([]);
    const kept = await server.database.system.select().from(unroutedSms);
    expect(kept.map((r) => [r.fromNumber, r.reason])).toEqual(
      expect.arrayContaining([
        ['+14155550320', 'unverified'],
        ['+14155550399', 'unknown'],
      ]),
    );
    // A family's own scope cannot read them (row-level security: system scope only).
    const seen = await withFamilyScope(server.database.db, attacker.familyId, async () =>
      server.database.db.execute(sql`select count(*)::int as n from unrouted_sms`),
    );
    expect((seen as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('keeps a stranger’s text for 90 days, then the hourly prune deletes it', async () => {
    await inbound('+14155550398', 'who is this?');
    const sid = (await server.database.system.select().from(unroutedSms)).find(
      (r) => r.fromNumber === '+14155550398',
    )?.messageSid;
    expect(sid).toBeDefined();
    const kept = async () =>
      (await server.database.system.select().from(unroutedSms)).some((r) => r.messageSid === sid);
    const received = server.clock.now().getTime();
    const day = 24 * 60 * 60_000;
    await pruneUnroutedSms(server.database.system, new Date(received + UNROUTED_SMS_RETENTION_DAYS * day));
    expect(await kept()).toBe(true);
    expect(
      await pruneUnroutedSms(
        server.database.system,
        new Date(received + UNROUTED_SMS_RETENTION_DAYS * day + 1),
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(await kept()).toBe(false);
    // Only the system scope can delete them, as only it can see them.
    await inbound('+14155550397', 'hello?');
    const attacker = await family('Pruner', '+14155550322');
    const deleted = await withFamilyScope(server.database.db, attacker.familyId, () =>
      pruneUnroutedSms(server.database.db, new Date(received + 365 * day)),
    );
    expect(deleted).toBe(0);
  });

  it('lets a verified number reach its family’s assistant as before', async () => {
    const f = await family('Checked', '+14155550330');
    await sendCode(f);
    expect((await confirm(f, lastCode('+14155550330'))).statusCode).toBe(200);
    const res = await inbound('+14155550330', "what's on today?");
    expect(replyText(res.body)).not.toBe(UNKNOWN_SENDER_REPLY);
    expect((await historyOf(f.familyId)).map((n) => n.kind)).toEqual(
      expect.arrayContaining(['sms_question', 'sms_answer']),
    );
  });
});

describe('codes per destination number (issue 42)', () => {
  it(`texts one number at most ${MAX_CODES_PER_NUMBER_PER_HOUR} codes an hour and ${MAX_CODES_PER_NUMBER_PER_DAY} a day, across all families`, async () => {
    server.clock.set('2026-12-05T08:05:00Z');
    const target = '+14155550400';
    const families: Family[] = [];
    for (let i = 0; i < 6; i += 1) families.push(await family(`Target ${'ABCDEF'[i] ?? ''}`, target));
    const [one, two, three, four, five, six] = families as [Family, Family, Family, Family, Family, Family];
    const statuses = async (f: Family, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i += 1) out.push((await sendCode(f)).statusCode);
      return out;
    };
    // Three from one family (its member's own hourly allowance), two from another: five in the hour.
    expect([...(await statuses(one, 3)), ...(await statuses(two, 2))]).toEqual([200, 200, 200, 200, 200]);
    const refused = await sendCode(three);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(TOO_MANY_TO_NUMBER_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(fake.sent.filter((m) => m.to === target)).toHaveLength(MAX_CODES_PER_NUMBER_PER_HOUR);
    // The next hour: five more, then the day's ten are spent for every family.
    server.clock.advanceMinutes(60);
    expect([...(await statuses(three, 3)), ...(await statuses(four, 2))]).toEqual([200, 200, 200, 200, 200]);
    server.clock.advanceMinutes(60);
    for (const f of [five, six, one]) expect((await sendCode(f)).statusCode).toBe(429);
    expect(fake.sent.filter((m) => m.to === target)).toHaveLength(MAX_CODES_PER_NUMBER_PER_DAY);
    // Another number is not held back by it.
    expect((await sendCode(await family('Elsewhere', '+14155550402'))).statusCode).toBe(200);
  });

  it('never texts a code to a number that replied STOP, even from a profile added after, until START', async () => {
    const stranger = '+14155550401';
    expect((await inbound(stranger, 'STOP')).statusCode).toBe(200);
    const later = await family('Later', stranger);
    const refused = await sendCode(later);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(OPTED_OUT_MESSAGE);
    expect(fake.sent.filter((m) => m.to === stranger)).toEqual([]);
    await inbound(stranger, 'START');
    fake.sent.length = 0;
    expect((await sendCode(later)).statusCode).toBe(200);
    expect(fake.sent.filter((m) => m.to === stranger)).toHaveLength(1);
  });

  it.each([
    ['premium-rate', '+19005550199'],
    ['toll-free', '+18005550199'],
    ['fixed-line', '+442079460958'],
    ['personal-number', '+15005550006'],
  ])('refuses a %s number with a 400 on phone_number, texting nothing', async (_type, phone) => {
    const f = await family(`Type ${phone.slice(-4)}`, phone);
    const res = await sendCode(f);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields.phone_number).toBe(
      NOT_MOBILE_MESSAGE,
    );
    expect(fake.sent).toEqual([]);
  });
});
