import type { AddressInfo } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOTHING_TO_CONFIRM_REPLY } from '../../core/assistant/replies.ts';
import {
  COMMAND_CANCELLED_REPLY,
  COMMAND_EXPIRED_REPLY,
  COMMANDS_PARENTS_ONLY_REPLY,
  NOTHING_TO_UNDO_REPLY,
} from '../../core/assistant/sms-command-text.ts';
import { events } from '../db/schema/events.ts';
import { families } from '../db/schema/families.ts';
import { notifications } from '../db/schema/notifications.ts';
import { tasks } from '../db/schema/tasks.ts';
import { addMember, setSmsEnabled } from '../notifications/testing/family.ts';
import { type SignedInFamily, signedInFamily } from '../test/harness.ts';
import { messagingFixture } from '../test/messaging.ts';
import { markPhoneVerified } from '../test/phone.ts';
import { openSse } from '../test/sse-client.ts';
import { ANSWER_KIND, QUESTION_KIND } from './service.ts';

// Issue 43 item 2 (ADR 058): calendar commands by text change nothing before YES; YES goes through the events
// and tasks services; NO, ten minutes of silence and a second command each leave the first undone; UNDO
// reverses. Texts come in as Twilio-signed webhook requests; real database (PGlite, or PostgreSQL with
// DATABASE_URL); the test clock stands in for the ten minutes.

const messaging = messagingFixture();
const server = messaging.server;
const send = (from: string, body: string) => messaging.text(from, body);
let households = 0;

interface Household extends SignedInFamily {
  ben: number;
  mia: number;
  benPhone: string;
  miaPhone: string;
}

/** A Los Angeles family: parent Ben and child Mia, each with a verified phone. */
async function household(name: string): Promise<Household> {
  const n = ++households;
  const phone = (i: number) => `+1415556${String(n * 10 + i).padStart(4, '0')}`;
  const f = await signedInFamily(server, { registration: { familyName: name } });
  const db = server.database.system;
  await db.update(families).set({ timezone: 'America/Los_Angeles' }).where(eq(families.id, f.familyId));
  await setSmsEnabled(db, f.familyId, true);
  const ben = await addMember(db, f.familyId, { name: 'Ben', phoneNumber: phone(1), role: 'parent' });
  const mia = await addMember(db, f.familyId, { name: 'Mia', phoneNumber: phone(2), role: 'child' });
  await markPhoneVerified(db, [ben, mia]);
  return { ...f, ben, mia, benPhone: phone(1), miaPhone: phone(2) };
}

async function api(f: SignedInFamily, method: 'GET' | 'POST', url: string, payload?: object) {
  return server.app.inject({ method, url, headers: { cookie: f.cookie }, ...(payload ? { payload } : {}) });
}

async function addEvent(f: Household, body: object): Promise<number> {
  const res = await api(f, 'POST', '/api/events', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** The family's event rows: title, start, EXDATEs, pickup driver (what a command may change). */
async function eventRows(familyId: number) {
  return server.database.system
    .select({
      id: events.id,
      title: events.title,
      start: events.startDate,
      exdates: events.exdates,
      parent: events.parentEventId,
      pickup: events.pickupAssignedTo,
    })
    .from(events)
    .where(eq(events.familyId, familyId))
    .orderBy(asc(events.id));
}

/** Occurrences of `GET /api/events` on one LA day: titles and starts, as every device reads them. */
async function day(f: Household, date: string) {
  const res = await api(f, 'GET', `/api/events?start=${date}&end=${date}`);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<Array<{ title: string; start_date: string }>>()
    .map((e) => `${e.start_date.slice(11, 16)} ${e.title}`)
    .sort();
}

describe('a texted command changes nothing before YES', () => {
  const add = 'add dentist for mia tue 3pm';
  const confirmation =
    'FamilyHub: add "Dentist" for Mia tomorrow, Tue, Dec 1 at 3:00 PM (1 hour, one time)? Reply YES to do it or NO to cancel.';

  /** A family with Soccer for Mia on Tuesday at 4 PM, on Monday 8 AM in Los Angeles; its rows as they are. */
  async function soccerFamily(name: string) {
    server.clock.set('2026-11-30T16:00:00Z');
    const f = await household(name);
    await addEvent(f, {
      title: 'Soccer',
      start_date: '2026-12-01T16:00:00',
      duration_minutes: 60,
      attendees: [String(f.mia)],
    });
    return { f, before: await eventRows(f.familyId) };
  }

  it('a command then NO: nothing changes, and a later YES finds nothing waiting', async () => {
    const { f, before } = await soccerFamily('Refusers');
    expect(await send(f.benPhone, add)).toBe(confirmation);
    expect(await eventRows(f.familyId)).toEqual(before);
    expect(await send(f.benPhone, 'no')).toBe(COMMAND_CANCELLED_REPLY);
    expect(await send(f.benPhone, 'YES')).toBe(NOTHING_TO_CONFIRM_REPLY);
    expect(await eventRows(f.familyId)).toEqual(before);
  });

  it('a command then silence past ten minutes (test clock): YES comes too late', async () => {
    const { f, before } = await soccerFamily('Silent');
    expect(await send(f.benPhone, add)).toBe(confirmation);
    server.clock.set('2026-11-30T16:09:00Z');
    expect(await eventRows(f.familyId)).toEqual(before);
    server.clock.set('2026-11-30T16:10:01Z');
    expect(await send(f.benPhone, 'yes')).toBe(COMMAND_EXPIRED_REPLY);
    expect(await eventRows(f.familyId)).toEqual(before);
  });

  it('a second command replaces the first; YES does the second only; UNDO reverses it, once', async () => {
    const { f, before } = await soccerFamily('Replacers');
    expect(await send(f.benPhone, add)).toBe(confirmation);
    expect(await send(f.benPhone, 'cancel soccer tmrw')).toBe(
      'FamilyHub: cancel "Soccer" (Mia) tomorrow, Tue, Dec 1 at 4:00 PM (one-time event)? Reply YES to do it or NO to cancel.',
    );
    expect(await eventRows(f.familyId)).toEqual(before);
    expect(await send(f.benPhone, 'Yes')).toBe(
      'FamilyHub: done (cancel "Soccer" (Mia) tomorrow, Tue, Dec 1 at 4:00 PM (one-time event)). Reply UNDO within 10 min to reverse it.',
    );
    expect(await eventRows(f.familyId)).toEqual([]);
    expect(await day(f, '2026-12-01')).toEqual([]);
    // The YES was its one answer: a second YES finds nothing waiting.
    expect(await send(f.benPhone, 'yes')).toBe(NOTHING_TO_CONFIRM_REPLY);

    expect(await send(f.benPhone, 'undo')).toBe(
      'FamilyHub: undone. This is reversed: cancel "Soccer" (Mia) tomorrow, Tue, Dec 1 at 4:00 PM (one-time event).',
    );
    expect(await eventRows(f.familyId)).toEqual(before);
    expect(await day(f, '2026-12-01')).toEqual(['16:00 Soccer']);
    expect(await send(f.benPhone, 'undo')).toBe(NOTHING_TO_UNDO_REPLY);

    // Every command and answer is in the family's message history, with its sender.
    const history = await server.database.system
      .select({ member: notifications.familyMemberId, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.familyId, f.familyId), eq(notifications.kind, QUESTION_KIND)))
      .orderBy(asc(notifications.id));
    expect(history.map((h) => [h.member, h.body])).toEqual(
      [add, 'cancel soccer tmrw', 'Yes', 'yes', 'undo', 'undo'].map((b) => [f.ben, b]),
    );
  });

  it('UNDO is refused after ten minutes, and the change stays', async () => {
    server.clock.set('2026-12-07T16:00:00Z');
    const f = await household('Latecomers');
    await send(f.benPhone, 'add swim meet for mia sat 9am');
    expect(await send(f.benPhone, 'yes')).toMatch(
      /^FamilyHub: done \(add "Swim meet" for Mia on Sat, Dec 12/,
    );
    server.clock.set('2026-12-07T16:10:30Z');
    expect(await send(f.benPhone, 'undo')).toBe(NOTHING_TO_UNDO_REPLY);
    expect((await eventRows(f.familyId)).map((e) => [e.title, e.start])).toEqual([
      ['Swim meet', '2026-12-12T09:00:00'],
    ]);
  });
});

describe('each command through the services', () => {
  it('moves one occurrence of a series and leaves the others; UNDO moves it back', async () => {
    server.clock.set('2026-11-30T16:00:00Z');
    const f = await household('Movers');
    await addEvent(f, {
      title: 'Piano lesson',
      start_date: '2026-11-04T17:00:00',
      duration_minutes: 45,
      attendees: [String(f.mia)],
      is_recurring: true,
      recurrence_pattern: 'weekly',
    });
    expect(await send(f.benPhone, 'move piano to 6')).toBe(
      'FamilyHub: move "Piano lesson" (Mia) on Wed, Dec 2 from 5:00 PM to 6:00 PM, this one only (the rest of the series stays)? Note: "6" read as 6:00 PM. Reply YES to do it or NO to cancel.',
    );
    expect(await day(f, '2026-12-02')).toEqual(['17:00 Piano lesson']);
    expect(await send(f.benPhone, 'ok')).toMatch(/^FamilyHub: done \(move "Piano lesson"/);
    expect(await day(f, '2026-12-02')).toEqual(['18:00 Piano lesson']);
    expect(await day(f, '2026-12-09')).toEqual(['17:00 Piano lesson']);
    expect(await send(f.benPhone, 'UNDO')).toMatch(/^FamilyHub: undone\./);
    expect(await day(f, '2026-12-02')).toEqual(['17:00 Piano lesson']);
  });

  it('adds a task through the tasks service, and UNDO removes it', async () => {
    server.clock.set('2026-11-30T16:00:00Z');
    const f = await household('Taskers');
    expect(await send(f.benPhone, 'remind mia to pack PE kit fri')).toBe(
      'FamilyHub: add the task "Pack PE kit" for Mia, due on Fri, Dec 4 at 8:00 AM? Note: No time given: due 8:00 AM. Reply YES to do it or NO to cancel.',
    );
    const taskRows = () =>
      server.database.system
        .select({ title: tasks.title, due: tasks.dueDate, assignee: tasks.assignedTo })
        .from(tasks)
        .where(eq(tasks.familyId, f.familyId));
    expect(await taskRows()).toEqual([]);
    await send(f.benPhone, 'yes');
    expect(await taskRows()).toEqual([{ title: 'Pack PE kit', due: '2026-12-04T08:00:00', assignee: f.mia }]);
    await send(f.benPhone, 'undo');
    expect(await taskRows()).toEqual([]);
  });

  it('takes a pickup for the sender ("I\'ll get mia"), as the driving screen would show it', async () => {
    server.clock.set('2026-11-30T16:00:00Z');
    const f = await household('Drivers');
    const id = await addEvent(f, {
      title: 'Soccer',
      start_date: '2026-12-01T15:30:00',
      duration_minutes: 60,
      attendees: [String(f.mia)],
      has_pickup: true,
      pickup_assigned_to: null,
    });
    expect(await send(f.benPhone, "I'll get mia")).toBe(
      'FamilyHub: you pick up Mia from "Soccer" tomorrow, Tue, Dec 1 at 4:15 PM (nobody has it yet)? Reply YES to do it or NO to cancel.',
    );
    expect((await eventRows(f.familyId)).find((e) => e.id === id)?.pickup).toBeNull();
    await send(f.benPhone, 'yes');
    expect((await eventRows(f.familyId)).find((e) => e.id === id)?.pickup).toBe(f.ben);
    await send(f.benPhone, 'undo');
    expect((await eventRows(f.familyId)).find((e) => e.id === id)?.pickup).toBeNull();
  });

  it('explains a change the plan limit refuses, and writes nothing', async () => {
    server.clock.set('2026-11-30T16:00:00Z');
    const f = await household('Limited');
    await server.database.system
      .update(families)
      .set({ maxEventsPerMonth: 1 })
      .where(eq(families.id, f.familyId));
    await addEvent(f, { title: 'Haircut', start_date: '2026-11-30T10:00:00', duration_minutes: 30 });
    await send(f.benPhone, 'add dentist for mia today 3pm');
    expect(await send(f.benPhone, 'yes')).toMatch(
      /^FamilyHub: I couldn't do that: .*events.* Open FamilyHub: /,
    );
    expect((await eventRows(f.familyId)).map((e) => e.title)).toEqual(['Haircut']);
  });
});

describe('every device sees a texted change', () => {
  it("the event added on YES arrives on the family's live stream (GET /api/changes)", async () => {
    server.clock.set('2026-11-30T16:00:00Z');
    const f = await household('Watchers');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (server.app.server.address() as AddressInfo).port;
    const reader = await openSse(`http://127.0.0.1:${String(port)}/api/changes`, { cookie: f.cookie });
    try {
      await reader.next((e) => e.event === 'ready');
      await send(f.benPhone, 'add dentist for mia tue 3pm');
      await send(f.benPhone, 'yes');
      const [added] = await eventRows(f.familyId);
      expect(added?.title).toBe('Dentist');
      const change = await reader.next(
        (e) => e.event === 'change' && e.data.includes(`"id":${String(added?.id)}`),
      );
      expect(JSON.parse(change.data)).toEqual({ kind: 'event', id: added?.id });
    } finally {
      reader.close();
    }
  });
});

describe('who may change the calendar by text', () => {
  it('parents only, until a parent allows everyone in the family settings', async () => {
    server.clock.set('2026-11-30T16:00:00Z');
    const f = await household('Askers');
    expect(await send(f.miaPhone, 'add sleepover fri')).toBe(COMMANDS_PARENTS_ONLY_REPLY);
    expect(await send(f.miaPhone, 'yes')).toBe(NOTHING_TO_CONFIRM_REPLY);
    expect(await eventRows(f.familyId)).toEqual([]);
    const on = await api(f, 'POST', '/api/settings', { key: 'sms_commands_everyone', value: 'true' });
    expect(on.statusCode, on.body).toBe(200);
    expect(await send(f.miaPhone, 'add sleepover fri')).toBe(
      'FamilyHub: add "Sleepover" on Fri, Dec 4 (all day, one time)? Note: No time given: all day. Reply YES to do it or NO to cancel.',
    );
    const answers = await server.database.system
      .select({ body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.familyId, f.familyId), eq(notifications.kind, ANSWER_KIND)));
    expect(answers.length).toBe(3);
  });
});
