import { asc, eq, inArray } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HELP_REPLY,
  MULTI_FAMILY_REPLY,
  START_REPLY,
  STOP_REPLY,
  UNKNOWN_SENDER_REPLY,
} from '../../core/assistant/keywords.ts';
import { NOTHING_MORE_REPLY } from '../../core/assistant/replies.ts';
import { COMMANDS_PARENTS_ONLY_REPLY } from '../../core/assistant/sms-command-text.ts';
import { countSmsSegments } from '../../core/notifications/sms-segments.ts';
import { familyMembers, families } from '../db/schema/families.ts';
import { notifications } from '../db/schema/notifications.ts';
import { activityProposals } from '../db/schema/tasks.ts';
import { enqueue } from '../notifications/outbox.ts';
import { createTestServer, signedInFamily, startInOneRateWindow, type TestServer } from '../test/harness.ts';
import { MORE_WAIT_MINUTES } from './more.ts';
import { ANSWER_KIND, QUESTION_KIND } from './service.ts';
import { SMS_RATE_LIMIT, SMS_WEBHOOK_PATH } from './routes.ts';
import { markPhoneVerified } from '../test/phone.ts';
import { insertEvents, insertTasks } from '../test/member-lists.ts';
import {
  FAMILY_NUMBER,
  inboundText as text,
  nextMessageSid as nextSid,
  postInboundSms,
  type SignOptions,
  TEST_PUBLIC_URL,
  TEST_TWILIO_TOKEN,
  twimlText as replyText,
} from '../test/messaging.ts';

const TOKEN = TEST_TWILIO_TOKEN;
const PUBLIC_URL = TEST_PUBLIC_URL;

const ANA_PHONE = '+14155550101';
const MAYA_PHONE = '+14155550103';
const SHARED_PHONE = '+14155550150';
const OKAFOR_PHONE = '+14155550201';
const RATE_PHONE = '+14155550109';
const STRANGER_PHONE = '+14155550999';

let server: TestServer;
let rivera: { familyId: number; ana: number; maya: number; sam: number; rate: number; cookie: string };
let okafor: { familyId: number; chidi: number; shared: number; cookie: string };

/** Posts Twilio's signed form to the webhook (src/server/test/messaging.ts); `target` defaults to `server`. */
const send = (params: Record<string, string>, options: SignOptions & { target?: TestServer } = {}) =>
  postInboundSms(options.target ?? server, params, options);

async function rowsOf(familyId: number) {
  return server.database.system
    .select()
    .from(notifications)
    .where(eq(notifications.familyId, familyId))
    .orderBy(asc(notifications.id));
}

async function allRowCount(target: TestServer = server): Promise<number> {
  return (await target.database.system.select({ id: notifications.id }).from(notifications)).length;
}

async function registerFamily(familyName: string, memberName: string, phone: string) {
  const family = await signedInFamily(server, { registration: { familyName, memberName } });
  await server.database.system
    .update(familyMembers)
    .set({ phoneNumber: phone })
    .where(eq(familyMembers.id, family.memberId));
  await markPhoneVerified(server.database.system, family.memberId);
  return family;
}

async function addMember(familyId: number, name: string, phone: string | null) {
  const [row] = await server.database.system
    .insert(familyMembers)
    .values({ familyId, name, phoneNumber: phone })
    .returning({ id: familyMembers.id });
  if (!row) throw new Error('insert failed');
  await markPhoneVerified(server.database.system, row.id);
  return row.id;
}

async function optedOut(ids: number[]): Promise<boolean[]> {
  const rows = await server.database.system
    .select({ id: familyMembers.id, out: familyMembers.smsOptedOut })
    .from(familyMembers)
    .where(inArray(familyMembers.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.out ?? false);
}

beforeAll(async () => {
  server = await createTestServer({ TWILIO_AUTH_TOKEN: TOKEN, PUBLIC_URL });
  // The harness clock: 2026-11-22T16:00Z = Sunday Nov 22, 08:00 in America/Los_Angeles (the default zone).
  const r = await registerFamily('Rivera', 'Ana Rivera', ANA_PHONE);
  const maya = await addMember(r.familyId, 'Maya Rivera', MAYA_PHONE);
  const sam = await addMember(r.familyId, 'Sam Rivera', SHARED_PHONE);
  const rate = await addMember(r.familyId, 'Rae Rivera', RATE_PHONE);
  rivera = { familyId: r.familyId, ana: r.memberId, maya, sam, rate, cookie: r.cookie };

  const o = await registerFamily('Okafor', 'Chidi Okafor', OKAFOR_PHONE);
  const shared = await addMember(o.familyId, 'Sam Okafor', SHARED_PHONE);
  okafor = { familyId: o.familyId, chidi: o.memberId, shared, cookie: o.cookie };

  const db = server.database.system;
  await insertEvents(db, [
    // Weekly piano on Wednesdays at 17:00 since September, with Dec 2 removed (EXDATE).
    {
      familyId: rivera.familyId,
      title: 'Piano lesson',
      startDate: '2026-09-02T17:00:00',
      durationMinutes: 45,
      attendees: [String(maya)],
      isRecurring: true,
      recurrencePattern: 'weekly',
      rrule: 'FREQ=WEEKLY;BYDAY=WE',
      exdates: ['2026-12-02T17:00:00'],
    },
    {
      familyId: rivera.familyId,
      title: 'Soccer practice',
      startDate: '2026-11-23T16:00:00',
      durationMinutes: 90,
      location: 'Riverside Park',
      attendees: [String(maya)],
      hasPickup: true,
      pickupAssignedTo: r.memberId,
      pickupMinutesBefore: 15,
    },
    {
      familyId: o.familyId,
      title: 'Okafor secret party',
      startDate: '2026-11-23T18:00:00',
      attendees: [String(shared)],
    },
  ]);
  await insertTasks(db, [
    {
      familyId: rivera.familyId,
      title: 'Return library books',
      dueDate: '2026-11-20T15:00:00',
      assignedTo: maya,
      assignedToIds: [String(maya)],
    },
    {
      familyId: o.familyId,
      title: 'Okafor taxes',
      dueDate: '2026-11-20T15:00:00',
      assignedTo: shared,
      assignedToIds: [String(shared)],
    },
  ]);
});

afterAll(async () => {
  await server.close();
});

describe('POST /api/sms/inbound: signature', () => {
  it('refuses a request without X-Twilio-Signature with 403 and stores nothing', async () => {
    const before = await allRowCount();
    const res = await send(text(ANA_PHONE, "What's on tomorrow?"), { token: null });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'forbidden', message: 'Invalid Twilio signature.' } });
    expect(await allRowCount()).toBe(before);
  });

  it('refuses a signature made with another token, for another URL, or over other parameters', async () => {
    const before = await allRowCount();
    expect((await send(text(ANA_PHONE, 'STOP'), { token: 'not-the-token' })).statusCode).toBe(403);
    expect(
      (await send(text(ANA_PHONE, 'STOP'), { url: `https://evil.example${SMS_WEBHOOK_PATH}` })).statusCode,
    ).toBe(403);
    // A signature for one body replayed with another (the attacker changed Body).
    const params = text(ANA_PHONE, 'hello');
    const signature = twilio.getExpectedTwilioSignature(TOKEN, `${PUBLIC_URL}${SMS_WEBHOOK_PATH}`, params);
    const tampered = await server.app.inject({
      method: 'POST',
      url: SMS_WEBHOOK_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      payload: new URLSearchParams({ ...params, Body: 'STOP' }).toString(),
    });
    expect(tampered.statusCode).toBe(403);
    expect(await allRowCount()).toBe(before);
    expect(await optedOut([rivera.ana])).toEqual([false]);
  });

  it('refuses everything when no TWILIO_AUTH_TOKEN is configured (never fails open)', async () => {
    const unconfigured = await createTestServer({ PUBLIC_URL });
    try {
      const res = await send(text(ANA_PHONE, 'help'), { token: '', target: unconfigured });
      expect(res.statusCode).toBe(403);
      const unsigned = await send(text(ANA_PHONE, 'help'), { token: null, target: unconfigured });
      expect(unsigned.statusCode).toBe(403);
      expect(await allRowCount(unconfigured)).toBe(0);
    } finally {
      await unconfigured.close();
    }
  });
});

describe('POST /api/sms/inbound: answers', () => {
  it('answers a member from their family’s calendar as TwiML, and stores question and reply', async () => {
    const sidOfQuestion = nextSid();
    const res = await send(text(MAYA_PHONE, 'whats on 2moro?', sidOfQuestion));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(replyText(res.body)).toBe('Tomorrow (Mon Nov 23): 4pm Soccer practice (Maya).');

    const rows = (await rowsOf(rivera.familyId)).filter((r) => r.dedupeKey.includes(sidOfQuestion));
    expect(rows.map((r) => [r.kind, r.familyMemberId, r.body, r.status])).toEqual([
      [QUESTION_KIND, rivera.maya, 'whats on 2moro?', 'sent'],
      [ANSWER_KIND, rivera.maya, 'Tomorrow (Mon Nov 23): 4pm Soccer practice (Maya).', 'sent'],
    ]);
    // …and the family sees them in the Recent messages list.
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: rivera.cookie },
    });
    const bodies = list.json<{ items: Array<{ body: string; member_name: string | null }> }>().items;
    expect(bodies[0]).toMatchObject({
      body: 'Tomorrow (Mon Nov 23): 4pm Soccer practice (Maya).',
      member_name: 'Maya Rivera',
    });
    expect(bodies[1]).toMatchObject({ body: 'whats on 2moro?', member_name: 'Maya Rivera' });
  });

  it('expands recurring events (minus EXDATEs) in the family’s time zone', async () => {
    const res = await send(text(MAYA_PHONE, 'when is piano next'));
    // Wed Nov 25, then Dec 2 is an EXDATE.
    expect(replyText(res.body)).toBe('Next Piano lesson: Wed Nov 25 5-5:45pm (Maya).');
    server.clock.set('2026-11-26T16:00:00Z');
    try {
      const later = await send(text(MAYA_PHONE, 'when is piano next'));
      expect(replyText(later.body)).toBe('Next Piano lesson: Wed Dec 9 5-5:45pm (Maya).');
    } finally {
      server.clock.set('2026-11-22T16:00:00Z');
    }
  });

  it('reads "today" in the family’s own time zone (families.timezone), from the injected clock', async () => {
    // 2026-11-22T16:00Z is Sunday 08:00 in Los Angeles but Monday 01:00 in Tokyo.
    const db = server.database.system;
    const ask = async () => replyText((await send(text(OKAFOR_PHONE, "what's on today"))).body);
    expect(await ask()).toBe('Today (Sun Nov 22): nothing on the calendar.');
    await db.update(families).set({ timezone: 'Asia/Tokyo' }).where(eq(families.id, okafor.familyId));
    try {
      expect(await ask()).toBe('Today (Mon Nov 23): 6pm Okafor secret party (Sam).');
    } finally {
      await db
        .update(families)
        .set({ timezone: 'America/Los_Angeles' })
        .where(eq(families.id, okafor.familyId));
    }
  });

  it('answers pickups and overdue tasks from the family’s own data only', async () => {
    const pickup = await send(text(ANA_PHONE, 'Who is picking up Maya tomorrow?'));
    expect(replyText(pickup.body)).toBe(
      'Tomorrow (Mon Nov 23): you pick up Maya from Soccer practice at 5:15pm.',
    );
    const overdue = await send(text(ANA_PHONE, "what's overdue"));
    expect(replyText(overdue.body)).toBe('Overdue (1): Return library books (Maya, due Fri Nov 20).');
    expect(overdue.body).not.toContain('Okafor');
    // Nothing of the Riveras' exchange lands in the other family's history.
    expect((await rowsOf(okafor.familyId)).filter((r) => /overdue|library|Soccer/.test(r.body))).toEqual([]);
  });

  it('gives an unknown number a generic reply with no family data, and stores nothing', async () => {
    const before = await allRowCount();
    const res = await send(text(STRANGER_PHONE, "What's on tomorrow?"));
    expect(res.statusCode).toBe(200);
    expect(replyText(res.body)).toBe(UNKNOWN_SENDER_REPLY);
    expect(await allRowCount()).toBe(before);
  });

  it('matches a number stored as typed at registration, and gives a pending invitee no family data', async () => {
    const rosa = await addMember(rivera.familyId, 'Rosa Diaz', '(415) 555-0177');
    const typed = await send(text('+14155550177', "what's overdue"));
    expect(replyText(typed.body)).toBe('Overdue (1): Return library books (Maya, due Fri Nov 20).');
    expect((await rowsOf(rivera.familyId)).at(-1)).toMatchObject({ familyMemberId: rosa, kind: ANSWER_KIND });

    const [invitee] = await server.database.system
      .insert(familyMembers)
      .values({
        familyId: rivera.familyId,
        name: 'Ivy Invited',
        phoneNumber: '+14155550178',
        invitationStatus: 'pending',
      })
      .returning({ id: familyMembers.id });
    const before = await allRowCount();
    const pending = await send(text('+14155550178', "what's overdue"));
    expect(replyText(pending.body)).toBe(UNKNOWN_SENDER_REPLY);
    expect(await allRowCount()).toBe(before);
    expect(invitee).toBeDefined();
  });

  it('tells a number on two families’ members how to fix it, mixing no family’s data', async () => {
    const messageSid = nextSid();
    const res = await send(text(SHARED_PHONE, 'what is on tomorrow', messageSid));
    expect(replyText(res.body)).toBe(MULTI_FAMILY_REPLY);
    expect(res.body).not.toMatch(/Soccer|Okafor|Rivera|party/);
    // Each family sees that its own member texted, and nothing of the other.
    const riveraRows = (await rowsOf(rivera.familyId)).filter((r) => r.dedupeKey.includes(messageSid));
    const okaforRows = (await rowsOf(okafor.familyId)).filter((r) => r.dedupeKey.includes(messageSid));
    expect(riveraRows.map((r) => [r.kind, r.familyMemberId])).toEqual([
      [QUESTION_KIND, rivera.sam],
      [ANSWER_KIND, rivera.sam],
    ]);
    expect(okaforRows.map((r) => [r.kind, r.familyMemberId])).toEqual([
      [QUESTION_KIND, okafor.shared],
      [ANSWER_KIND, okafor.shared],
    ]);
  });

  it('answers a webhook Twilio retries (same MessageSid) with the stored reply, storing nothing twice', async () => {
    const messageSid = nextSid();
    const first = await send(text(ANA_PHONE, 'help me', messageSid));
    const again = await send(text(ANA_PHONE, 'help me', messageSid));
    expect(replyText(again.body)).toBe(replyText(first.body));
    expect((await rowsOf(rivera.familyId)).filter((r) => r.dedupeKey.includes(messageSid))).toHaveLength(2);
  });

  it('refuses a signed form without From or MessageSid with 400', async () => {
    const params = { To: FAMILY_NUMBER, Body: 'hi', MessageSid: nextSid() };
    const res = await send(params);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { From: 'From is required.' } },
    });
    const noSid = await send({ From: ANA_PHONE, To: FAMILY_NUMBER, Body: 'hi' });
    expect(noSid.statusCode).toBe(400);
  });
});

describe('POST /api/sms/inbound: carrier keywords', () => {
  it('HELP explains the number and how to opt out', async () => {
    const res = await send(text(ANA_PHONE, 'HELP'));
    expect(replyText(res.body)).toBe(HELP_REPLY);
    expect((await rowsOf(rivera.familyId)).at(-1)).toMatchObject({ kind: ANSWER_KIND, body: HELP_REPLY });
  });

  it('STOP opts the member out: later SMS reminders are suppressed and questions get no reply; START undoes it', async () => {
    const db = server.database.system;
    await db.update(families).set({ smsEnabled: true }).where(eq(families.id, rivera.familyId));
    const reminder = (key: string) =>
      enqueue(db, {
        familyId: rivera.familyId,
        familyMemberId: rivera.maya,
        channel: 'sms',
        body: 'Reminder: Piano lesson at 5pm',
        kind: 'task_reminder',
        dedupeKey: key,
        now: server.clock.now(),
      });
    expect((await reminder('assistant-test:before-stop')).status).toBe('pending');

    const stop = await send(text(MAYA_PHONE, ' Stop '));
    expect(replyText(stop.body)).toBe(STOP_REPLY);
    expect(await optedOut([rivera.maya, rivera.ana])).toEqual([true, false]);
    expect(await reminder('assistant-test:after-stop')).toMatchObject({
      status: 'suppressed',
      statusReason: 'sms_opted_out',
    });

    const question = await send(text(MAYA_PHONE, 'what is on tomorrow'));
    expect(question.statusCode).toBe(200);
    expect(replyText(question.body)).toBeNull();

    const start = await send(text(MAYA_PHONE, 'START'));
    expect(replyText(start.body)).toBe(START_REPLY);
    expect(await optedOut([rivera.maya])).toEqual([false]);
    expect((await reminder('assistant-test:after-start')).status).toBe('pending');
  });

  it('STOP from a number on two families opts out every profile with that number', async () => {
    await send(text(SHARED_PHONE, 'unsubscribe'));
    expect(await optedOut([rivera.sam, okafor.shared, okafor.chidi])).toEqual([true, true, false]);
    await send(text(SHARED_PHONE, 'start'));
    expect(await optedOut([rivera.sam, okafor.shared])).toEqual([false, false]);
  });
});

describe('POST /api/sms/inbound: rate limit', () => {
  it(`answers ${SMS_RATE_LIMIT.max} texts a minute per sender, then 429 with nothing stored`, async () => {
    await startInOneRateWindow();
    for (let i = 0; i < SMS_RATE_LIMIT.max; i += 1) {
      expect((await send(text(RATE_PHONE, 'what is next'))).statusCode).toBe(200);
    }
    const before = await allRowCount();
    const over = await send(text(RATE_PHONE, 'what is next'));
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(await allRowCount()).toBe(before);
    // Another sender is not affected.
    expect((await send(text(ANA_PHONE, 'what is next'))).statusCode).toBe(200);
  });
});

describe('POST /api/sms/inbound: requests, done tasks and drives from the family rows (issue 28)', () => {
  beforeAll(async () => {
    const db = server.database.system;
    const clock = new Date('2026-11-22T16:00:00Z');
    await db.insert(activityProposals).values([
      {
        familyId: rivera.familyId,
        title: 'Sleepover at Emma',
        status: 'pending',
        assignedTo: rivera.ana,
        assignedBy: rivera.maya,
        dueDate: '2026-11-28T18:00:00',
      },
      {
        familyId: okafor.familyId,
        title: 'Okafor secret request',
        status: 'pending',
        assignedTo: okafor.chidi,
        assignedBy: okafor.shared,
      },
    ]);
    await insertTasks(db, [
      {
        familyId: rivera.familyId,
        title: 'Clean garage',
        status: 'completed',
        assignedTo: rivera.ana,
        assignedToIds: [String(rivera.ana)],
        updatedAt: clock,
      },
      // The task the events feature makes for the soccer pickup: the same duty as the event's pickup line.
      {
        familyId: rivera.familyId,
        title: 'Pickup: Maya from Soccer practice',
        dueDate: '2026-11-23T17:15:00',
        assignedTo: rivera.ana,
        assignedToIds: [String(rivera.ana)],
        transportKind: 'pickup',
      },
    ]);
  });

  it("answers activity requests from the sender's family only", async () => {
    const res = await send(text(ANA_PHONE, 'any pending requests?'));
    expect(replyText(res.body)).toBe(
      'Pending requests (1): Sleepover at Emma (Maya asked Ana, Sat Nov 28 6pm).',
    );
  });

  it('says yes for a task done, from the completed rows', async () => {
    const res = await send(text(ANA_PHONE, 'did i clean the garage'));
    expect(replyText(res.body)).toBe('Yes, Clean garage (Ana) is done.');
  });

  it('lists a drive once, not again as its transport task', async () => {
    const res = await send(text(ANA_PHONE, 'what do i have tomorrow'));
    expect(replyText(res.body)).toBe('You, tomorrow (Mon Nov 23): 5:15pm pick up Maya from Soccer practice.');
  });

  it('refuses a command from a member who is not a parent plainly, without a listing (issue 43 item 2)', async () => {
    // From Maya's phone: Ana's has used much of its 10 texts a minute in this file.
    const res = await send(text(MAYA_PHONE, 'cancel soccer tomorrow'));
    expect(replyText(res.body)).toBe(COMMANDS_PARENTS_ONLY_REPLY);
  });
});

// Issue 43: an answer longer than 2 segments goes in parts, the rest kept per sender for MORE (ADR 054); replies
// are GSM-7 wherever the content allows; group words resolve by the members' roles.
describe('POST /api/sms/inbound: long answers, MORE, GSM-7 and group words (issue 43)', () => {
  const PARENT_PHONE = '+14155550301';
  const OTHER_PHONE = '+14155550302';
  let brooks: { familyId: number; dana: number; zoe: number };

  beforeAll(async () => {
    const b = await registerFamily('Brooks', 'Dana Brooks', PARENT_PHONE);
    const zoe = await addMember(b.familyId, 'Zoe Brooks', null);
    await server.database.system
      .update(familyMembers)
      .set({ role: 'child' })
      .where(eq(familyMembers.id, zoe));
    await server.database.system
      .update(familyMembers)
      .set({ role: 'parent' })
      .where(eq(familyMembers.id, b.memberId));
    brooks = { familyId: b.familyId, dana: b.memberId, zoe };
    // Tomorrow (Mon Nov 23): 20 of Zoe's things, with curly apostrophes, dashes and an emoji, and Dana's own.
    await insertEvents(server.database.system, [
      ...Array.from({ length: 20 }, (_, i) => ({
        familyId: b.familyId,
        title: `Zoe\u2019s rehearsal \u2013 part ${i + 1} \u{1F3AD}`,
        startDate: `2026-11-23T${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}:00`,
        durationMinutes: 30,
        attendees: [String(zoe)],
      })),
      {
        familyId: b.familyId,
        title: 'Dana\u2019s work call',
        startDate: '2026-11-23T09:00:00',
        durationMinutes: 30,
        attendees: [String(b.memberId)],
      },
    ]);
    // Another family's member on another phone: their MORE never reaches the Brooks' rest.
    await registerFamily('Other', 'Olga Other', OTHER_PHONE);
  });

  it('sends 2 GSM-7 segments at most, then each MORE the next part, every item once, until nothing is left', async () => {
    const first = replyText((await send(text(PARENT_PHONE, "what's on tomorrow"))).body) ?? '';
    const parts = [first];
    expect(first).toMatch(
      /^Tomorrow \(Mon Nov 23\): 8am Zoe's rehearsal - part 1 \(Zoe\); .*\+\d+ more\. Reply MORE$/,
    );
    // MORE from another family's number has nothing waiting: the rest is this sender's own.
    expect(replyText((await send(text(OTHER_PHONE, 'MORE'))).body)).toBe(NOTHING_MORE_REPLY);
    while (parts.at(-1)?.endsWith('Reply MORE') && parts.length < 10) {
      parts.push(replyText((await send(text(PARENT_PHONE, parts.length % 2 ? 'more' : 'MORE?'))).body) ?? '');
    }
    for (const part of parts) {
      // 3GPP TS 23.038 / 23.040: GSM-7, at most 2 segments (2 x 153 septets).
      expect(countSmsSegments(part)).toMatchObject({ encoding: 'GSM-7' });
      expect(countSmsSegments(part).segments).toBeLessThanOrEqual(2);
    }
    const items = parts.join(' ').match(/Zoe's rehearsal - part \d+|Dana's work call/g);
    expect(items).toHaveLength(21);
    expect(new Set(items).size).toBe(21);
    expect(parts.at(-1)).toMatch(/\(emoji left out\)$/);
    // Everything sent: MORE has nothing left, and the whole exchange is in the family's history.
    expect(replyText((await send(text(PARENT_PHONE, 'more'))).body)).toBe(NOTHING_MORE_REPLY);
    const history = (await rowsOf(brooks.familyId)).filter((r) => r.kind === ANSWER_KIND).map((r) => r.body);
    expect(history.slice(0, parts.length)).toEqual(parts);
  });

  it('keeps the rest for MORE_WAIT_MINUTES only', async () => {
    const first = replyText((await send(text(PARENT_PHONE, 'whats on tmrw'))).body) ?? '';
    expect(first).toMatch(/Reply MORE$/);
    const now = server.clock.now().toISOString();
    server.clock.advanceMinutes(MORE_WAIT_MINUTES + 1);
    expect(replyText((await send(text(PARENT_PHONE, 'more'))).body)).toBe(NOTHING_MORE_REPLY);
    server.clock.set(now);
  });

  it('reads "the kids" as the members whose role is child, never the sender (nor a stray "I")', async () => {
    const res = await send(text(PARENT_PHONE, 'do the kids have anything tmrw I need to know about'));
    const reply = replyText(res.body) ?? '';
    expect(reply).toMatch(/^Zoe, tomorrow \(Mon Nov 23\): 8am Zoe's rehearsal - part 1 \(Zoe\); /);
    expect(reply).not.toContain('work call');
  });
});
