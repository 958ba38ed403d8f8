import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  NOTHING_TO_COMPLETE_REPLY,
  NOTHING_TO_CONFIRM_REPLY,
  NOTHING_TO_DRIVE_REPLY,
} from '../../core/assistant/replies.ts';
import { START_REPLY } from '../../core/assistant/keywords.ts';
import type { DrivingDto } from '../../core/contracts/driving.ts';
import { events } from '../db/schema/events.ts';
import { families } from '../db/schema/families.ts';
import { notifications } from '../db/schema/notifications.ts';
import { smsReplyActions } from '../db/schema/sms-replies.ts';
import { tasks } from '../db/schema/tasks.ts';
import { addMember, setSmsEnabled } from '../notifications/testing/family.ts';
import { callAs, type SignedInFamily, signedInFamily } from '../test/harness.ts';
import { messagingFixture, TEST_PUBLIC_URL } from '../test/messaging.ts';
import { markPhoneVerified } from '../test/phone.ts';
import { ANSWER_KIND, QUESTION_KIND } from './service.ts';

// Issue 27 part 3: replies to an SMS reminder act on what it was about. The reminders and alerts are planned by
// the real scheduler and sent through the fake carrier; the replies come in as Twilio-signed webhook requests.
// Real database: PGlite, or PostgreSQL with DATABASE_URL.

/** The app with an SMTP sink and a fake carrier (src/server/test/messaging.ts). */
const hub = messagingFixture();
let households = 0;

interface Household extends SignedInFamily {
  ben: number;
  ada: number;
  mia: number;
  benPhone: string;
  adaPhone: string;
}

/** A Los Angeles family with SMS on: parents Ben and Ada, child Mia, each with a phone of their own. */
async function household(name: string): Promise<Household> {
  const n = ++households;
  const phone = (i: number) => `+1415555${String(n * 10 + i).padStart(4, '0')}`;
  const f = await signedInFamily(hub.server, { registration: { familyName: name } });
  const db = hub.server.database.system;
  await db.update(families).set({ timezone: 'America/Los_Angeles' }).where(eq(families.id, f.familyId));
  await setSmsEnabled(db, f.familyId, true);
  const ben = await addMember(db, f.familyId, { name: 'Ben', phoneNumber: phone(1), role: 'parent' });
  const ada = await addMember(db, f.familyId, { name: 'Ada', phoneNumber: phone(2), role: 'parent' });
  const mia = await addMember(db, f.familyId, { name: 'Mia', phoneNumber: phone(3), role: 'child' });
  await markPhoneVerified(db, [ben, ada, mia]);
  return { ...f, ben, ada, mia, benPhone: phone(1), adaPhone: phone(2) };
}

const api = (f: SignedInFamily, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  callAs(hub.server, f, method, url, payload);

/** A task for `assignee` due at `due` (LA wall-clock) with an SMS reminder 30 minutes before. */
async function task(f: Household, title: string, due: string, assignee: number): Promise<number> {
  const res = await api(f, 'POST', '/api/tasks', {
    title,
    due_date: due,
    assigned_to: assignee,
    assigned_to_ids: [String(assignee)],
    send_sms_reminder: true,
    reminder_frequency: '30_minutes_before',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function taskStatus(id: number): Promise<string | undefined> {
  const [row] = await hub.server.database.system.select().from(tasks).where(eq(tasks.id, id));
  return row?.status;
}

/** Soccer for Mia 15:30–16:30 LA time on `day` with a pickup to be decided; more fields in `extra`. */
async function soccer(f: Household, day: string, extra: object = {}): Promise<number> {
  const res = await api(f, 'POST', '/api/events', {
    title: 'Soccer',
    start_date: `${day}T15:30:00`,
    duration_minutes: 60,
    attendees: [String(f.mia)],
    has_pickup: true,
    pickup_assigned_to: null,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function driving(f: Household, day: string): Promise<DrivingDto> {
  const res = await api(f, 'GET', `/api/driving?start=${day}&end=${day}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DrivingDto>();
}

async function history(familyId: number) {
  return hub.server.database.system
    .select()
    .from(notifications)
    .where(eq(notifications.familyId, familyId))
    .orderBy(asc(notifications.id));
}

describe('DONE to a task reminder', () => {
  it('completes the task through the tasks service, shows in the history, and only once', async () => {
    hub.server.clock.set('2026-12-01T12:00:00Z');
    const f = await household('Doners');
    const id = await task(f, 'Dentist forms', '2026-12-01T09:00:00', f.ben);
    hub.server.clock.set('2026-12-01T16:30:00Z'); // 8:30 AM: the reminder is sent
    await hub.planAndSend();
    expect(hub.twilio.sent.find((m) => m.to === f.benPhone)?.body).toBe(
      `FamilyHub (the Doners family): Reminder: "Dentist forms" is due at 9:00 AM today. Reply DONE when finished. ${TEST_PUBLIC_URL}/tasks`,
    );

    hub.server.clock.set('2026-12-01T16:40:00Z');
    expect(await hub.text(f.benPhone, 'Done!')).toBe('FamilyHub: done. "Dentist forms" is marked complete.');
    expect(await taskStatus(id)).toBe('completed');
    const listed = (await api(f, 'GET', '/api/tasks')).json<Array<{ id: number; status: string }>>();
    expect(listed.find((t) => t.id === id)?.status).toBe('completed');
    expect((await history(f.familyId)).slice(-2).map((r) => [r.kind, r.familyMemberId, r.body])).toEqual([
      [QUESTION_KIND, f.ben, 'Done!'],
      [ANSWER_KIND, f.ben, 'FamilyHub: done. "Dentist forms" is marked complete.'],
    ]);
    // Nothing is waiting any more.
    expect(await hub.text(f.benPhone, 'did it')).toBe(NOTHING_TO_COMPLETE_REPLY);
  });

  it('says a task completed in the app meanwhile is already done', async () => {
    hub.server.clock.set('2026-12-02T12:00:00Z');
    const f = await household('Stale');
    const id = await task(f, 'Return library books', '2026-12-02T09:00:00', f.ada);
    hub.server.clock.set('2026-12-02T16:30:00Z');
    await hub.planAndSend();
    expect((await api(f, 'PATCH', `/api/tasks/${id}`, { status: 'completed' })).statusCode).toBe(200);
    expect(await hub.text(f.adaPhone, 'finished')).toBe('FamilyHub: "Return library books" is already done.');
  });

  it('does nothing for a reminder that was never sent, or after a day', async () => {
    hub.server.clock.set('2026-12-03T12:00:00Z');
    const f = await household('Late');
    const id = await task(f, 'Permission slip', '2026-12-03T09:00:00', f.ben);
    expect(await hub.text(f.benPhone, 'DONE')).toBe(NOTHING_TO_COMPLETE_REPLY);
    hub.server.clock.set('2026-12-03T16:30:00Z');
    await hub.planAndSend();
    hub.server.clock.set('2026-12-04T16:31:00Z');
    expect(await hub.text(f.benPhone, 'DONE')).toBe(NOTHING_TO_COMPLETE_REPLY);
    expect(await taskStatus(id)).toBe('open');
  });
});

describe("I'LL DRIVE → YES to the evening pickup alert", () => {
  it('asks for a YES, then makes the sender the driver: calendar, transport task and Driving page follow', async () => {
    hub.server.clock.set('2026-12-06T20:00:00Z');
    const f = await household('Drivers');
    const eventId = await soccer(f, '2026-12-08');
    hub.server.clock.set('2026-12-08T03:01:00Z'); // 7:01 PM on Dec 7 in Los Angeles
    await hub.planAndSend();
    expect(hub.twilio.sent.find((m) => m.to === f.benPhone)?.body).toContain(
      "1) Mia from Soccer at 4:30 PM. Who can drive? Reply I'LL DRIVE to take it.",
    );

    expect(await hub.text(f.benPhone, "I'll drive")).toBe(
      'FamilyHub: reply YES to pick up Mia from Soccer at 4:30 PM tomorrow.',
    );
    // Not yet: the question changes nothing.
    expect((await driving(f, '2026-12-08')).legs[0]?.driver_id).toBeNull();
    expect(await hub.text(f.benPhone, 'YES')).toBe(
      "FamilyHub: thanks, you pick up Mia from Soccer at 4:30 PM tomorrow. It's on the calendar.",
    );
    const [event] = await hub.server.database.system.select().from(events).where(eq(events.id, eventId));
    expect(event?.pickupAssignedTo).toBe(f.ben);
    const [leg] = (await driving(f, '2026-12-08')).legs;
    expect(leg).toMatchObject({ driver_id: f.ben, issues: [] });
    const transport = await hub.server.database.system
      .select()
      .from(tasks)
      .where(and(eq(tasks.eventId, eventId), eq(tasks.transportKind, 'pickup')));
    expect(transport.map((t) => t.assignedTo)).toEqual([f.ben]);
    expect((await history(f.familyId)).filter((r) => r.familyMemberId === f.ben).map((r) => r.body)).toEqual(
      expect.arrayContaining(["I'll drive", 'YES']),
    );

    // Ada got the same alert: the pickup is Ben's now.
    expect(await hub.text(f.adaPhone, 'I can take her')).toBe(
      'FamilyHub: that pickup is already covered by Ben.',
    );
    // A YES with no question waiting.
    expect(await hub.text(f.adaPhone, 'yes')).toBe(NOTHING_TO_CONFIRM_REPLY);
    // Ben again: it is his already, and his alert is used.
    expect(await hub.text(f.benPhone, 'me')).toBe(NOTHING_TO_DRIVE_REPLY);
  });

  it('of two parents answering YES at once, exactly one drives and the other is told who has it', async () => {
    hub.server.clock.set('2026-12-09T20:00:00Z');
    const f = await household('Racers');
    const eventId = await soccer(f, '2026-12-11');
    hub.server.clock.set('2026-12-11T03:01:00Z');
    await hub.planAndSend();
    expect(await hub.text(f.benPhone, 'ill drive')).toMatch(/^FamilyHub: reply YES/);
    expect(await hub.text(f.adaPhone, 'i will drive')).toMatch(/^FamilyHub: reply YES/);
    const answers = await Promise.all([hub.text(f.benPhone, 'Yes'), hub.text(f.adaPhone, 'Yes')]);
    const [event] = await hub.server.database.system.select().from(events).where(eq(events.id, eventId));
    const winner = event?.pickupAssignedTo === f.ben ? 0 : 1;
    expect([f.ben, f.ada]).toContain(event?.pickupAssignedTo);
    expect(answers[winner]).toMatch(/^FamilyHub: thanks, you pick up Mia/);
    expect(answers[1 - winner]).toBe(
      `FamilyHub: that pickup is already covered by ${winner === 0 ? 'Ben' : 'Ada'}.`,
    );
    const transport = await hub.server.database.system
      .select()
      .from(tasks)
      .where(and(eq(tasks.eventId, eventId), eq(tasks.transportKind, 'pickup')));
    expect(transport).toHaveLength(1);
  });

  it('claims one occurrence of a weekly series, and asks which one when the alert listed several', async () => {
    hub.server.clock.set('2026-12-13T20:00:00Z');
    const f = await household('Weekly');
    const series = await soccer(f, '2026-12-15', { is_recurring: true, recurrence_pattern: 'weekly' });
    await soccer(f, '2026-12-15', { title: 'Piano', start_date: '2026-12-15T17:00:00' });
    hub.server.clock.set('2026-12-15T03:01:00Z');
    await hub.planAndSend();
    expect(hub.twilio.sent.find((m) => m.to === f.benPhone)?.body).toContain(
      "1) Mia from Soccer at 4:30 PM; 2) Mia from Piano at 6:00 PM. Who can drive? Reply I'LL DRIVE and its number to take one.",
    );
    expect(await hub.text(f.benPhone, "i'll drive")).toBe(
      "FamilyHub: which one? Reply I'LL DRIVE 1 to pick up Mia from Soccer at 4:30 PM tomorrow; I'LL DRIVE 2 to pick up Mia from Piano at 6:00 PM tomorrow.",
    );
    expect(await hub.text(f.benPhone, "I'll drive 1")).toBe(
      'FamilyHub: reply YES to pick up Mia from Soccer at 4:30 PM tomorrow.',
    );
    expect(await hub.text(f.benPhone, 'yes')).toMatch(/^FamilyHub: thanks, you pick up Mia from Soccer/);
    // That Tuesday only: an override row carries the driver; the series and next week keep the gap.
    const rows = await hub.server.database.system
      .select()
      .from(events)
      .where(eq(events.familyId, f.familyId));
    expect(rows.find((r) => r.id === series)?.pickupAssignedTo).toBeNull();
    expect(rows.find((r) => r.parentEventId === series)).toMatchObject({
      recurrenceId: '2026-12-15T15:30:00',
      pickupAssignedTo: f.ben,
    });
    const soccerLeg = async (day: string) =>
      (await driving(f, day)).legs.find((l) => l.title === 'Soccer')?.driver_id;
    expect(await soccerLeg('2026-12-15')).toBe(f.ben);
    expect(await soccerLeg('2026-12-22')).toBeNull();
  });

  it('says a pickup that left the calendar is gone, and an expired alert waits for nothing', async () => {
    hub.server.clock.set('2026-12-16T20:00:00Z');
    const f = await household('Gone');
    const eventId = await soccer(f, '2026-12-18');
    hub.server.clock.set('2026-12-18T03:01:00Z');
    await hub.planAndSend();
    const patched = await api(f, 'PATCH', `/api/events/${eventId}`, {
      title: 'Soccer',
      start_date: '2026-12-18T15:30:00',
      duration_minutes: 60,
      attendees: [String(f.mia)],
      has_pickup: false,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await hub.text(f.benPhone, "I'LL DRIVE")).toBe(
      'FamilyHub: that pickup is no longer on the calendar.',
    );
    hub.server.clock.set('2026-12-19T00:31:00Z'); // 4:31 PM on the day: the pickup's time has passed
    expect(await hub.text(f.adaPhone, "I'LL DRIVE")).toBe(NOTHING_TO_DRIVE_REPLY);
  });
});

describe('replies that are not about a waiting item', () => {
  it('sends anything else to the assistant as before, even with an item waiting', async () => {
    hub.server.clock.set('2026-12-20T12:00:00Z');
    const f = await household('Askers');
    await task(f, 'Bake sale cookies', '2026-12-20T09:00:00', f.ben);
    hub.server.clock.set('2026-12-20T16:30:00Z');
    await hub.planAndSend();
    expect(await hub.text(f.benPhone, 'what are my tasks')).toMatch(/Bake sale cookies/);
    expect(await hub.text(f.benPhone, 'is it done?')).not.toMatch(/marked complete/);
  });

  it('keeps YES as START for a number that opted out', async () => {
    hub.server.clock.set('2026-12-20T12:00:00Z');
    const f = await household('Optout');
    expect(await hub.text(f.adaPhone, 'STOP')).toMatch(/no more texts/);
    expect(await hub.text(f.adaPhone, 'YES')).toBe(START_REPLY);
  });

  it("never acts on another family's item, even one named in a forged row", async () => {
    hub.server.clock.set('2026-12-21T12:00:00Z');
    const a = await household('Owners');
    const b = await household('Others');
    const aTask = await task(a, 'Owners secret', '2026-12-21T09:00:00', a.ben);
    await task(b, 'Others chore', '2026-12-21T09:00:00', b.ben);
    hub.server.clock.set('2026-12-21T16:30:00Z');
    await hub.planAndSend();
    // Point B's own waiting row at A's task: the family scope does not let B's reply see it.
    await hub.server.database.system
      .update(smsReplyActions)
      .set({ taskId: aTask })
      .where(eq(smsReplyActions.familyId, b.familyId));
    expect(await hub.text(b.benPhone, 'done')).toBe(NOTHING_TO_COMPLETE_REPLY);
    expect(await taskStatus(aTask)).toBe('open');
    expect((await history(b.familyId)).some((r) => r.body.includes('Owners secret'))).toBe(false);
  });
});
