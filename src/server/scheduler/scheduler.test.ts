import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countSmsSegments } from '../../core/notifications/sms-segments.ts';
import { familyMembers, families } from '../db/schema/families.ts';
import type { Db } from '../db/types.ts';
import { events } from '../db/schema/events.ts';
import { dailySummaryLog, notifications } from '../db/schema/notifications.ts';
import { tasks } from '../db/schema/tasks.ts';
import { addMember, setSmsEnabled } from '../notifications/testing/family.ts';
import { deleteTask, updateTask } from '../tasks/service.ts';
import { type SignedInFamily, signedInFamily, taskPayload, eventPayload } from '../test/harness.ts';
import { NEVER } from './event-reminders.ts';
import { LATE_SUMMARY_REASON, type PlannerLogger } from './planner.ts';
import { markPhoneVerified } from '../test/phone.ts';
import { insertEvents, insertTasks } from '../test/member-lists.ts';
import { saveEventMembers } from '../db/event-members.ts';
import { TEST_PUBLIC_URL, messagingFixture } from '../test/messaging.ts';

/** The app with an SMTP sink and a fake carrier (src/server/test/messaging.ts). */
const hub = messagingFixture();

interface LogRecord {
  level: 'info' | 'warn' | 'error';
  fields: Record<string, unknown>;
  message: string;
}

/** A planner logger that keeps what it is told. */
function recordingLogger(): PlannerLogger & { records: LogRecord[] } {
  const records: LogRecord[] = [];
  const at =
    (level: LogRecord['level']) =>
    (fields: object, message: string): void => {
      records.push({ level, fields: { ...fields }, message });
    };
  return { records, info: at('info'), warn: at('warn'), error: at('error') };
}

interface Household extends SignedInFamily {
  /** A second member with e-mail and phone and the daily summary on. */
  parent: number;
  kid: number;
}

/** A family in `timezone` with a second parent (summary on, e-mail + phone) and a child. */
async function household(
  timezone: string,
  name: string,
  sms = false,
  summary = true,
  verified = true,
): Promise<Household> {
  const f = await signedInFamily(hub.server, { registration: { familyName: name } });
  const db = hub.server.database.system;
  await db.update(families).set({ timezone }).where(eq(families.id, f.familyId));
  await setSmsEnabled(db, f.familyId, sms);
  const parent = await addMember(db, f.familyId, {
    name: 'Ben',
    email: `ben-${f.familyId}@example.com`,
    phoneNumber: '+15551230000',
  });
  await db.update(familyMembers).set({ dailySummaryEnabled: summary }).where(eq(familyMembers.id, parent));
  if (verified) await markPhoneVerified(db, parent);
  const kid = await addMember(db, f.familyId, { name: 'Mia' });
  return { ...f, parent, kid };
}

async function rowsOf(familyId: number, kind?: string) {
  const all = await hub.server.database.system
    .select()
    .from(notifications)
    .where(eq(notifications.familyId, familyId))
    .orderBy(notifications.id);
  return kind ? all.filter((r) => r.kind === kind) : all;
}

async function call(f: SignedInFamily, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return hub.server.app.inject({ method, url, payload, headers: { cookie: f.cookie } });
}

describe('daily summary', () => {
  it('goes out at 7:30 local for families in three time zones on the same UTC day', async () => {
    hub.server.clock.set('2026-11-22T23:00:00Z');
    const london = await household('Europe/London', 'London');
    const la = await household('America/Los_Angeles', 'Angeles');
    const tokyo = await household('Asia/Tokyo', 'Tokyo');
    const p = hub.planner();
    const summaryRows = async () =>
      // A summary for a local date whose 10:00 had already passed when the family was first planned is
      // recorded as expired (LA's Nov 22, Tokyo's Nov 23 here); count the ones that will go out.
      (await Promise.all([london, la, tokyo].map((f) => rowsOf(f.familyId, 'daily_summary')))).map(
        (r) => r.filter((row) => row.status !== 'expired').length,
      );

    hub.server.clock.set('2026-11-23T07:29:00Z');
    await p.tick();
    expect(await summaryRows()).toEqual([0, 0, 0]);
    hub.server.clock.set('2026-11-23T07:30:00Z'); // 07:30 in London
    await p.tick();
    expect(await summaryRows()).toEqual([1, 0, 0]);
    hub.server.clock.set('2026-11-23T15:29:00Z');
    await p.tick();
    expect(await summaryRows()).toEqual([1, 0, 0]);
    hub.server.clock.set('2026-11-23T15:30:00Z'); // 07:30 in Los Angeles
    await p.tick();
    expect(await summaryRows()).toEqual([1, 1, 0]);
    hub.server.clock.set('2026-11-23T22:30:00Z'); // 07:30 on Nov 24 in Tokyo
    await p.tick();
    expect(await summaryRows()).toEqual([1, 1, 1]);

    const live = async (f: Household) =>
      (await rowsOf(f.familyId, 'daily_summary')).filter((r) => r.status !== 'expired');
    const [l] = await live(london);
    const [a] = await live(la);
    const [t] = await live(tokyo);
    expect([l?.dedupeKey, a?.dedupeKey, t?.dedupeKey]).toEqual([
      `summary:${london.parent}:2026-11-23`,
      `summary:${la.parent}:2026-11-23`,
      `summary:${tokyo.parent}:2026-11-24`,
    ]);
    expect(l?.sendAfter.toISOString()).toBe('2026-11-23T07:30:00.000Z');
    expect(l?.expiresAt?.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(a?.sendAfter.toISOString()).toBe('2026-11-23T15:30:00.000Z');
    expect(t?.sendAfter.toISOString()).toBe('2026-11-23T22:30:00.000Z');
    // Only the member who asked for it.
    expect(l?.familyMemberId).toBe(london.parent);
  });

  it('is sent at 07:30 local on a DST day (Europe/London, 2026-10-25)', async () => {
    hub.server.clock.set('2026-10-24T12:00:00Z');
    const f = await household('Europe/London', 'Autumn');
    const p = hub.planner();
    hub.server.clock.set('2026-10-25T06:30:00Z'); // 06:30 GMT: yesterday this was 07:30 BST
    await p.tick();
    expect(await rowsOf(f.familyId, 'daily_summary')).toHaveLength(0);
    hub.server.clock.set('2026-10-25T07:30:00Z');
    await p.tick();
    const [row] = await rowsOf(f.familyId, 'daily_summary');
    expect(row?.sendAfter.toISOString()).toBe('2026-10-25T07:30:00.000Z');
  });

  it('a process that was down at 7:30 and plans at 7:50 still sends it, by e-mail through SMTP', async () => {
    hub.server.clock.set('2026-11-24T00:00:00Z');
    const f = await household('Europe/London', 'Latecomers');
    // Something to summarise: a task due today and one overdue, assigned to Ben.
    const db = hub.server.database.system;
    await insertTasks(db, [
      {
        familyId: f.familyId,
        title: 'Pack lunch',
        dueDate: '2026-11-24T08:15:00',
        assignedToIds: [String(f.parent)],
      },
      {
        familyId: f.familyId,
        title: 'Return books',
        dueDate: '2026-11-21T17:00:00',
        assignedToIds: [String(f.parent)],
      },
    ]);
    hub.server.clock.set('2026-11-24T07:50:00Z');
    const planned = await hub.planner().tick();
    expect(planned.summaries).toBeGreaterThanOrEqual(1);
    expect(await hub.dispatcher().dispatchOnce()).toMatchObject({ sent: expect.any(Number) });
    // (The task's own 07:45 reminder goes out in the same dispatch, planned first.)
    const mail = hub.smtp.messages.find(
      (m) => m.subject?.startsWith('Your day') && m.subject.includes('Latecomers'),
    );
    expect(mail?.subject).toBe('Your day, Tue, Nov 24: the Latecomers family on FamilyHub');
    expect(mail?.text).toContain('Good morning Ben,');
    expect(mail?.text).toContain('Tasks due today:\n- Pack lunch (by 8:15 AM)');
    expect(mail?.text).toContain('Overdue tasks:\n- Return books (due Nov 21)');
    expect(mail?.text).toContain(`Open FamilyHub: ${TEST_PUBLIC_URL}/calendar`);
    expect(mail?.html).toContain('<li>Pack lunch (by 8:15 AM)</li>');
    // The log records the send once the planner sees it went out.
    await hub.planner().tick();
    const [log] = await db.select().from(dailySummaryLog).where(eq(dailySummaryLog.familyMemberId, f.parent));
    expect(log?.sentAt?.toISOString()).toBe('2026-11-24T07:50:00.000Z');
  });

  it('after 10:00 local it is not sent late: the row is expired with the reason', async () => {
    hub.server.clock.set('2026-11-25T00:00:00Z');
    const f = await household('Europe/London', 'Sleepers');
    hub.server.clock.set('2026-11-25T10:05:00Z');
    await hub.planner().tick();
    const [row] = await rowsOf(f.familyId, 'daily_summary');
    expect(row).toMatchObject({ status: 'expired', statusReason: LATE_SUMMARY_REASON });
    await hub.dispatcher().dispatchOnce();
    expect(hub.smtp.messages.filter((m) => m.subject?.includes('Sleepers'))).toHaveLength(0);
    const logs = await hub.server.database.system
      .select()
      .from(dailySummaryLog)
      .where(eq(dailySummaryLog.familyMemberId, f.parent));
    expect(logs).toMatchObject([{ summaryDate: '2026-11-25', sentAt: null }]);
  });

  it('two processes planning at once produce exactly one summary per member', async () => {
    hub.server.clock.set('2026-11-26T00:00:00Z');
    const f = await household('Europe/London', 'Twins');
    hub.server.clock.set('2026-11-26T07:31:00Z');
    const [a, b] = await Promise.all([hub.planner().tick(), hub.planner().tick()]);
    await Promise.all([hub.planner().tick(), hub.planner().tick()]); // and restarts
    expect(await rowsOf(f.familyId, 'daily_summary')).toHaveLength(1);
    const logs = await hub.server.database.system
      .select()
      .from(dailySummaryLog)
      .where(
        and(eq(dailySummaryLog.familyMemberId, f.parent), eq(dailySummaryLog.summaryDate, '2026-11-26')),
      );
    expect(logs).toHaveLength(1);
    expect((a?.summaries ?? 0) + (b?.summaries ?? 0)).toBeGreaterThanOrEqual(1);
  });

  it('is an SMS within 3 segments when the member has a phone and SMS is on', async () => {
    hub.server.clock.set('2026-11-27T00:00:00Z');
    const f = await household('Europe/London', 'Texters', true);
    await insertTasks(
      hub.server.database.system,
      Array.from({ length: 25 }, (_, i) => ({
        familyId: f.familyId,
        title: `Chore ${i + 1}`,
        dueDate: '2026-11-27T18:00:00',
        assignedToIds: [String(f.parent)],
      })),
    );
    hub.server.clock.set('2026-11-27T07:30:00Z');
    await hub.planner().tick();
    await hub.dispatcher().dispatchOnce();
    const sms = hub.twilio.sent.find((m) => m.body.includes('Texters'));
    expect(sms?.to).toBe('+15551230000');
    expect(sms?.body).toMatch(
      /^FamilyHub, the Texters family: Ben's day, Fri, Nov 27\. Tasks due: Chore 1 \(by 6:00 PM\);/,
    );
    expect(sms?.body).toMatch(/\+\d+ more\. https:\/\/familyhub\.example\/calendar$/);
    expect(countSmsSegments(sms?.body ?? '').segments).toBeLessThanOrEqual(3);
  });
});

describe('unverified numbers (issue 20)', () => {
  it('sends the summary by e-mail, not SMS, while the number is not verified', async () => {
    hub.server.clock.set('2026-11-28T00:00:00Z');
    const f = await household('Europe/London', 'Unverified', true, true, false);
    hub.server.clock.set('2026-11-28T07:30:00Z');
    await hub.planner().tick();
    await hub.dispatcher().dispatchOnce();
    expect(hub.twilio.sent.filter((m) => m.body.includes('Unverified'))).toEqual([]);
    const summaries = (await rowsOf(f.familyId)).filter((r) => r.familyMemberId === f.parent);
    expect(summaries.map((r) => r.channel)).toEqual(['email']);
  });
});

describe('task reminders', () => {
  it('reminds the assignee by SMS 30 minutes before, through the Twilio fake', async () => {
    hub.server.clock.set('2026-12-01T12:00:00Z');
    const f = await household('America/Los_Angeles', 'Reminded', true, false);
    const res = await call(f, 'POST', '/api/tasks', taskPayload(f.parent));
    expect(res.statusCode, res.body).toBe(201);
    hub.server.clock.set('2026-12-01T16:10:00Z'); // 08:10 PST: reminder at 08:30 is 20 min away, beyond the horizon
    await hub.planner().tick();
    expect(await rowsOf(f.familyId, 'task_reminder')).toHaveLength(0);
    hub.server.clock.set('2026-12-01T16:20:00Z');
    await hub.planner().tick();
    const [row] = await rowsOf(f.familyId, 'task_reminder');
    expect(row?.sendAfter.toISOString()).toBe('2026-12-01T16:30:00.000Z');
    await hub.dispatcher().dispatchOnce();
    const reminders = () => hub.twilio.sent.filter((m) => m.body.includes('Reminder:')).map((m) => m.body);
    expect(reminders()).toEqual([]);
    hub.server.clock.set('2026-12-01T16:30:00Z');
    await hub.dispatcher().dispatchOnce();
    expect(reminders()).toEqual([
      `FamilyHub (the Reminded family): Reminder: "Dentist forms" is due at 9:00 AM today. Reply DONE when finished. ${TEST_PUBLIC_URL}/tasks`,
    ]);
    await hub.planner().tick();
    const [task] = await hub.server.database.system
      .select()
      .from(tasks)
      .where(eq(tasks.familyId, f.familyId));
    expect(task?.lastReminderSent?.toISOString()).toBe('2026-12-01T16:30:00.000Z');
  });

  it('one planner across ticks still plans a task created inside the window it already covered', async () => {
    hub.server.clock.set('2026-12-05T16:00:00Z');
    const f = await household('America/Los_Angeles', 'Latecreators', true, false);
    const p = hub.planner();
    await p.tick(); // offers reminders due up to 16:15
    hub.server.clock.set('2026-12-05T16:05:00Z');
    const res = await call(
      f,
      'POST',
      '/api/tasks',
      taskPayload(f.parent, { due_date: '2026-12-05T08:40:00' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    hub.server.clock.set('2026-12-05T16:06:00Z');
    await p.tick();
    const rows = await rowsOf(f.familyId, 'task_reminder');
    expect(rows.map((r) => r.sendAfter.toISOString())).toEqual(['2026-12-05T16:10:00.000Z']);
    await p.tick(); // nothing offered twice
    expect(await rowsOf(f.familyId, 'task_reminder')).toHaveLength(1);
  });

  it('a task completed before its reminder sends nothing', async () => {
    hub.server.clock.set('2026-12-02T12:00:00Z');
    const f = await household('America/Los_Angeles', 'Finishers', true, false);
    const created = await call(
      f,
      'POST',
      '/api/tasks',
      taskPayload(f.parent, { due_date: '2026-12-02T09:00:00' }),
    );
    const id = created.json<{ id: number }>().id;
    hub.server.clock.set('2026-12-02T16:20:00Z');
    await hub.planner().tick();
    expect(await rowsOf(f.familyId, 'task_reminder')).toMatchObject([{ status: 'pending' }]);
    const done = await call(f, 'PATCH', `/api/tasks/${id}`, { status: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
    hub.server.clock.set('2026-12-02T16:30:00Z');
    await hub.planner().tick();
    await hub.dispatcher().dispatchOnce();
    expect(hub.twilio.sent.filter((m) => m.body.includes('Finishers'))).toHaveLength(0);
    expect(await rowsOf(f.familyId, 'task_reminder')).toMatchObject([
      { status: 'cancelled', statusReason: 'Task changed before the reminder was sent' },
    ]);
  });

  it('a deleted task sends nothing', async () => {
    hub.server.clock.set('2026-12-03T12:00:00Z');
    const f = await household('America/Los_Angeles', 'Deleters', true, false);
    const created = await call(
      f,
      'POST',
      '/api/tasks',
      taskPayload(f.parent, { due_date: '2026-12-03T09:00:00' }),
    );
    hub.server.clock.set('2026-12-03T16:20:00Z');
    await hub.planner().tick();
    expect((await call(f, 'DELETE', `/api/tasks/${created.json<{ id: number }>().id}`)).statusCode).toBe(200);
    hub.server.clock.set('2026-12-03T16:30:00Z');
    await hub.planner().tick();
    await hub.dispatcher().dispatchOnce();
    expect(hub.twilio.sent.filter((m) => m.body.includes('Deleters'))).toHaveLength(0);
    expect(await rowsOf(f.familyId, 'task_reminder')).toMatchObject([{ status: 'cancelled' }]);
  });

  it('a re-dated task is reminded at the new time only', async () => {
    hub.server.clock.set('2026-12-04T12:00:00Z');
    const f = await household('America/Los_Angeles', 'Movers', true, false);
    const created = await call(
      f,
      'POST',
      '/api/tasks',
      taskPayload(f.parent, { due_date: '2026-12-04T09:00:00' }),
    );
    const id = created.json<{ id: number }>().id;
    hub.server.clock.set('2026-12-04T16:20:00Z');
    await hub.planner().tick();
    const moved = await call(f, 'PATCH', `/api/tasks/${id}`, { due_date: '2026-12-04T11:00:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    const d = hub.dispatcher();
    // Tick and dispatch around the old time and the new one (every planner/dispatcher step in between is idle).
    for (const at of ['16:21', '16:30', '16:31', '18:10', '18:20', '18:30', '18:35']) {
      hub.server.clock.set(`2026-12-04T${at}:00Z`);
      await hub.planner().tick();
      await d.dispatchOnce();
    }
    expect(hub.twilio.sent.filter((m) => m.body.includes('Movers')).map((m) => m.body)).toEqual([
      `FamilyHub (the Movers family): Reminder: "Dentist forms" is due at 11:00 AM today. Reply DONE when finished. ${TEST_PUBLIC_URL}/tasks`,
    ]);
    const rows = await rowsOf(f.familyId, 'task_reminder');
    expect(rows.map((r) => [r.status, r.sendAfter.toISOString()])).toEqual([
      ['cancelled', '2026-12-04T16:30:00.000Z'],
      ['sent', '2026-12-04T18:30:00.000Z'],
    ]);
  });

  it('reminders follow DST: 1 hour before 03:30 on the spring-forward day in Los Angeles', async () => {
    hub.server.clock.set('2026-03-07T12:00:00Z');
    const f = await household('America/Los_Angeles', 'Springers', false, false);
    await call(
      f,
      'POST',
      '/api/tasks',
      taskPayload(f.parent, { due_date: '2026-03-08T03:30:00', reminder_frequency: '1_hour_before' }),
    );
    hub.server.clock.set('2026-03-08T09:25:00Z'); // 01:25 PST
    await hub.planner().tick();
    const [row] = await rowsOf(f.familyId, 'task_reminder');
    expect(row?.sendAfter.toISOString()).toBe('2026-03-08T09:30:00.000Z');
    expect(row?.channel).toBe('email');
  });
});

describe('events', () => {
  it('alerts alert_members once on create and on a time change, and reminds them 30 min before', async () => {
    hub.server.clock.set('2026-12-05T12:00:00Z');
    const f = await household('America/Los_Angeles', 'Eventful', false, false);
    const created = await call(
      f,
      'POST',
      '/api/events',
      eventPayload(f, {
        location: 'Town hall',
        attendees: [String(f.kid)],
        alert_members: [String(f.parent)],
        has_pickup: true,
        pickup_assigned_to: f.parent,
        pickup_minutes_before: 15,
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect(await rowsOf(f.familyId, 'event_alert')).toHaveLength(1);
    // A title edit is not announced; a time change is.
    const base = created.json<Record<string, unknown>>();
    const edit = (extra: object) => call(f, 'PATCH', `/api/events/${id}`, { ...base, ...extra });
    expect((await edit({ title: 'Piano recital!' })).statusCode).toBe(200);
    expect(await rowsOf(f.familyId, 'event_alert')).toHaveLength(1);
    expect((await edit({ title: 'Piano recital!', start_date: '2026-12-06T15:00:00' })).statusCode).toBe(200);
    expect(await rowsOf(f.familyId, 'event_alert')).toHaveLength(2);
    await hub.dispatcher().dispatchOnce();
    // One dispatch sends both; the SMTP server may receive them in either order.
    const alerts = hub.smtp.messages.filter((m) => m.subject?.includes('Eventful'));
    expect(alerts.map((m) => m.subject).sort()).toEqual([
      'Event changed: Piano recital! (the Eventful family)',
      'New event: Piano recital (the Eventful family)',
    ]);
    expect(alerts.find((m) => m.subject?.startsWith('Event changed'))?.text).toContain(
      'Event changed: "Piano recital!" is now 3:00 PM on Sun, Dec 6 at Town hall.',
    );

    // 15:00 PST = 23:00Z: reminder at 22:30Z; pickup 15 min before the 16:00 end = 23:45Z.
    hub.server.clock.set('2026-12-06T22:20:00Z');
    await hub.planner().tick();
    expect((await rowsOf(f.familyId, 'event_reminder')).map((r) => r.sendAfter.toISOString())).toEqual([
      '2026-12-06T22:30:00.000Z',
    ]);
    hub.server.clock.set('2026-12-06T23:35:00Z');
    await hub.planner().tick();
    const [pickup] = await rowsOf(f.familyId, 'pickup_reminder');
    expect(pickup?.sendAfter.toISOString()).toBe('2026-12-06T23:45:00.000Z');
    expect(pickup?.body).toContain('Pick up Mia for "Piano recital!" at 4:00 PM today at Town hall.');
  });

  it('reminds each occurrence of a weekly series, at the same wall-clock time across DST', async () => {
    hub.server.clock.set('2026-10-20T12:00:00Z');
    const f = await household('Europe/London', 'Weekly', false, false);
    const created = await call(
      f,
      'POST',
      '/api/events',
      eventPayload(f, {
        title: 'Swim club',
        start_date: '2026-10-19T18:00:00',
        attendees: [String(f.kid)],
        alert_members: [String(f.parent)],
        is_recurring: true,
        recurrence_pattern: 'weekly',
        recurrence_end_date: '2026-12-31',
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const p = hub.planner();
    hub.server.clock.set('2026-10-19T16:25:00Z'); // before DST ends: 18:00 BST = 17:00Z
    // (this occurrence is before "now" of creation; planning is by time, so it is planned if in the window)
    hub.server.clock.set('2026-10-26T17:25:00Z'); // after: 18:00 GMT = 18:00Z, reminder 17:30Z
    await p.tick();
    const rows = await rowsOf(f.familyId, 'event_reminder');
    expect(rows.map((r) => [r.sendAfter.toISOString(), `${r.sourceOccurrence}:${r.familyMemberId}`])).toEqual(
      [['2026-10-26T17:30:00.000Z', `2026-10-26T18:00:00:${f.parent}`]],
    );
  });
});

const REMINDER_KINDS = ['event_reminder', 'pickup_reminder', 'dropoff_reminder'];
const SIMULATED = 'simulated crash before the outbox write';

/** `db` whose updates of the outbox throw (inside transactions too), as if the process died right then. */
function failingOutboxWrites(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'update') {
        return (table: Parameters<Db['update']>[0]) => {
          if (table === notifications) throw new Error(SIMULATED);
          return target.update(table);
        };
      }
      if (property === 'transaction') {
        return (fn: (tx: Db) => Promise<unknown>) =>
          target.transaction((tx) => fn(failingOutboxWrites(tx as unknown as Db)));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('planning by due time (next_reminder_at)', () => {
  it("computes each row's cursor once, moves it past what was planned, and resets it on any change", async () => {
    hub.server.clock.set('2027-01-11T12:00:00Z');
    const f = await household('America/Los_Angeles', 'Cursors', false, false);
    const created = await call(
      f,
      'POST',
      '/api/events',
      eventPayload(f, {
        title: 'Chess club',
        start_date: '2027-01-12T17:00:00', // Tuesdays 17:00 PST = 01:00Z the next day
        attendees: [String(f.kid)],
        alert_members: [String(f.parent)],
        is_recurring: true,
        recurrence_pattern: 'weekly',
        recurrence_end_date: '2027-03-31',
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const task = await call(
      f,
      'POST',
      '/api/tasks',
      taskPayload(f.parent, {
        title: 'Chess fees',
        due_date: '2027-01-12T09:00:00',
        reminder_frequency: '1_hour_before',
      }),
    );
    const taskId = task.json<{ id: number }>().id;
    const db = hub.server.database.system;
    const cursors = async () => {
      const [e] = await db.select({ at: events.nextReminderAt }).from(events).where(eq(events.id, id));
      const [t] = await db.select({ at: tasks.nextReminderAt }).from(tasks).where(eq(tasks.id, taskId));
      return [e?.at?.toISOString() ?? null, t?.at?.toISOString() ?? null];
    };
    expect(await cursors()).toEqual([null, null]); // written, not computed yet

    const p = hub.planner();
    await p.tick();
    // Nothing due yet: the cursors point at the first reminders (event 00:30Z, task 08:00 PST = 16:00Z).
    expect(await cursors()).toEqual(['2027-01-13T00:30:00.000Z', '2027-01-12T16:00:00.000Z']);
    hub.server.clock.set('2027-01-12T15:50:00Z');
    expect((await p.tick()).taskReminders).toBe(1);
    expect(await cursors()).toEqual(['2027-01-13T00:30:00.000Z', NEVER.toISOString()]);
    hub.server.clock.set('2027-01-13T00:20:00Z');
    expect((await p.tick()).eventReminders).toBe(1);
    // Planned: the series' cursor moves to the next week's occurrence.
    expect(await cursors()).toEqual(['2027-01-20T00:30:00.000Z', NEVER.toISOString()]);
    // Another process (or a restart) finds nothing due and plans nothing again.
    expect(await hub.planner().tick()).toMatchObject({ taskReminders: 0, eventReminders: 0 });
    expect(await rowsOf(f.familyId, 'event_reminder')).toHaveLength(1);

    // Any change to the row sets its cursor back to "not computed"; the next tick computes it from the new row.
    const base = created.json<Record<string, unknown>>();
    const moved = await call(f, 'PATCH', `/api/events/${id}`, { ...base, start_date: '2027-01-12T18:00:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await cursors())[0]).toBeNull();
    await p.tick();
    // Jan 12 18:00 PST = 02:00Z: that occurrence's reminder (01:30Z) is still ahead.
    expect((await cursors())[0]).toBe('2027-01-13T01:30:00.000Z');
  });
});

describe('cancelling reminders of what was removed', () => {
  const series = (f: Household) =>
    eventPayload(f, {
      title: 'Judo',
      start_date: '2027-01-05T17:00:00', // Tuesdays 17:00 PST = 01:00Z the next day
      location: 'Dojo',
      attendees: [String(f.kid)],
      alert_members: [String(f.parent)],
      has_pickup: true,
      pickup_assigned_to: f.parent,
      pickup_minutes_before: 15,
      has_dropoff: true,
      dropoff_assigned_to: f.parent,
      dropoff_minutes_before: 30,
      is_recurring: true,
      recurrence_pattern: 'weekly',
      recurrence_end_date: '2027-02-28',
    });
  const reminders = async (familyId: number) =>
    (await rowsOf(familyId)).filter((r) => REMINDER_KINDS.includes(r.kind));

  it("deleting one occurrence (EXDATE) cancels that occurrence's reminders, not the others'", async () => {
    hub.server.clock.set('2027-01-04T12:00:00Z');
    const f = await household('America/Los_Angeles', 'Judoka', false, false);
    const created = await call(f, 'POST', '/api/events', series(f));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    // A planner that looks 9 days ahead has both the Jan 5 and the Jan 12 occurrence pending.
    const p = hub.planner({ horizonMinutes: 9 * 24 * 60 });
    hub.server.clock.set('2027-01-05T00:00:00Z');
    await p.tick();
    const before = await reminders(f.familyId);
    expect(before.map((r) => `${r.kind}:${r.sourceOccurrence}`).sort()).toEqual([
      'dropoff_reminder:2027-01-05T17:00:00',
      'dropoff_reminder:2027-01-12T17:00:00',
      'event_reminder:2027-01-05T17:00:00',
      'event_reminder:2027-01-12T17:00:00',
      'pickup_reminder:2027-01-05T17:00:00',
      'pickup_reminder:2027-01-12T17:00:00',
    ]);

    const removed = await call(f, 'DELETE', `/api/events/${id}?occurrence=2027-01-05T17:00:00`);
    expect(removed.statusCode, removed.body).toBe(200);
    const byOccurrence = async (day: string) =>
      (await reminders(f.familyId))
        .filter((r) => r.sourceOccurrence === `${day}T17:00:00`)
        .map((r) => [r.kind, r.status, r.statusReason]);
    const cancelled = 'Occurrence deleted before the reminder was sent';
    expect((await byOccurrence('2027-01-05')).sort()).toEqual([
      ['dropoff_reminder', 'cancelled', cancelled],
      ['event_reminder', 'cancelled', cancelled],
      ['pickup_reminder', 'cancelled', cancelled],
    ]);
    expect((await byOccurrence('2027-01-12')).map(([, status]) => status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    // The planner does not bring the deleted occurrence back, and the dispatcher sends none of its reminders.
    await p.tick();
    expect((await byOccurrence('2027-01-05')).map(([, status]) => status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    hub.server.clock.set('2027-01-06T02:00:00Z');
    await hub.dispatcher().dispatchOnce();
    expect((await reminders(f.familyId)).filter((r) => r.status === 'sent')).toEqual([]);
    expect(await byOccurrence('2027-01-12')).toHaveLength(3);
  });

  it("deleting this and following occurrences cancels theirs and keeps the earlier one's", async () => {
    hub.server.clock.set('2027-01-04T12:00:00Z');
    const f = await household('America/Los_Angeles', 'Followers', false, false);
    const created = await call(f, 'POST', '/api/events', series(f));
    const id = created.json<{ id: number }>().id;
    hub.server.clock.set('2027-01-05T00:00:00Z');
    await hub.planner({ horizonMinutes: 9 * 24 * 60 }).tick();
    const removed = await call(
      f,
      'DELETE',
      `/api/events/${id}?occurrence=2027-01-12T17:00:00&following=true`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const statuses = (await reminders(f.familyId)).map((r) => [r.sourceOccurrence, r.status]);
    expect(statuses.filter(([day]) => day?.startsWith('2027-01-05')).map(([, s]) => s)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    expect(statuses.filter(([day]) => day?.startsWith('2027-01-12')).map(([, s]) => s)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
  });

  it('an event row removed behind the services (SQL by hand) has its pending reminders cancelled by the next tick', async () => {
    hub.server.clock.set('2027-01-14T12:00:00Z');
    const f = await household('America/Los_Angeles', 'Imported', false, false);
    const created = await call(
      f,
      'POST',
      '/api/events',
      eventPayload(f, {
        title: 'Imported match',
        start_date: '2027-01-15T10:00:00',
        attendees: [String(f.kid)],
        alert_members: [String(f.parent)],
      }),
    );
    const id = created.json<{ id: number }>().id;
    hub.server.clock.set('2027-01-15T17:20:00Z'); // 09:20 PST: the 09:30 reminder is planned
    const p = hub.planner();
    await p.tick();
    expect(await reminders(f.familyId)).toMatchObject([{ status: 'pending' }]);
    await hub.server.database.system.delete(events).where(eq(events.id, id));
    hub.server.clock.set('2027-01-15T17:21:00Z');
    expect((await p.tick()).cancelled).toBe(1);
    expect(await reminders(f.familyId)).toMatchObject([
      { status: 'cancelled', statusReason: 'Event deleted before the reminder was sent' },
    ]);
  });

  it("an ICS re-import that cancels an occurrence cancels that occurrence's pending reminders", async () => {
    hub.server.clock.set('2027-01-04T12:00:00Z');
    const f = await household('America/Los_Angeles', 'Club calendar', false, false);
    const vevent = (extra: string[]) =>
      [
        'BEGIN:VEVENT',
        'UID:judo@club.example',
        'DTSTAMP:20261201T000000Z',
        ...extra,
        'SUMMARY:Judo',
        'END:VEVENT',
      ].join('\r\n');
    // Tuesdays 17:00 PST (01:00Z the next day), four weeks.
    const master = vevent([
      'DTSTART:20270106T010000Z',
      'DTEND:20270106T020000Z',
      'RRULE:FREQ=WEEKLY;COUNT=4',
    ]);
    const ics = (...parts: string[]) =>
      ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Club//EN', ...parts, 'END:VCALENDAR', ''].join('\r\n');
    const importIcs = (text: string) =>
      hub.server.app.inject({
        method: 'POST',
        url: '/api/calendar/import',
        headers: { cookie: f.cookie, 'content-type': 'text/calendar' },
        payload: text,
      });
    const first = await importIcs(ics(master));
    expect(first.statusCode, first.body).toBe(200);
    const [row] = await hub.server.database.system
      .select()
      .from(events)
      .where(eq(events.familyId, f.familyId));
    if (!row) throw new Error('the series was not imported');
    // The family then asked, in the app, for alerts and a pickup on the club's series.
    const [updated] = await hub.server.database.system
      .update(events)
      .set({ hasPickup: true, pickupAssignedTo: f.parent })
      .where(eq(events.id, row.id))
      .returning();
    if (!updated) throw new Error('the series was not updated');
    await saveEventMembers(
      hub.server.database.system,
      updated,
      { attendees: [], alertMembers: [String(f.parent)] },
      { attendees: [], alertMembers: [] },
    );
    const p = hub.planner({ horizonMinutes: 9 * 24 * 60 });
    hub.server.clock.set('2027-01-05T00:00:00Z');
    await p.tick();
    // A series occurrence's reminders carry its RECURRENCE-ID in the series' own zone (here UTC): the session of
    // Tuesday 12 January 17:00 PST is the occurrence 2027-01-13T01:00:00.
    const pendingOn = async (occurrence: string) =>
      (await reminders(f.familyId))
        .filter((r) => r.status === 'pending' && r.sourceOccurrence === occurrence)
        .map((r) => r.kind)
        .sort();
    const jan12 = '2027-01-13T01:00:00';
    const jan5 = '2027-01-06T01:00:00';
    expect(await pendingOn(jan12)).toEqual(['event_reminder', 'pickup_reminder']);

    // The club cancels the 12 January session: its reminders must not go out.
    const cancelled = vevent([
      'RECURRENCE-ID:20270113T010000Z',
      'DTSTART:20270113T010000Z',
      'DTEND:20270113T020000Z',
      'STATUS:CANCELLED',
    ]);
    const again = await importIcs(ics(master, cancelled));
    expect(again.statusCode, again.body).toBe(200);
    expect(await pendingOn(jan12)).toEqual([]);
    await p.tick();
    expect(await pendingOn(jan12)).toEqual([]);
    expect(await pendingOn(jan5)).toEqual(['event_reminder', 'pickup_reminder']);
  });

  it('deleting an event cancels the pending reminders of the tasks deleted with it', async () => {
    hub.server.clock.set('2027-01-07T12:00:00Z');
    const f = await household('America/Los_Angeles', 'Fairgoers', false, false);
    const event = await call(
      f,
      'POST',
      '/api/events',
      eventPayload(f, {
        title: 'Science fair',
        start_date: '2027-01-08T18:00:00',
        duration_minutes: 120,
        attendees: [String(f.kid)],
        category: 'school',
      }),
    );
    expect(event.statusCode, event.body).toBe(201);
    const eventId = event.json<{ id: number }>().id;
    const task = await call(
      f,
      'POST',
      '/api/tasks',
      taskPayload(f.parent, {
        title: 'Fair poster',
        event_id: eventId,
        due_date: '2027-01-08T09:00:00',
      }),
    );
    expect(task.statusCode, task.body).toBe(201);
    hub.server.clock.set('2027-01-08T16:20:00Z'); // 08:20 PST: the 08:30 reminder is planned
    await hub.planner().tick();
    expect(await rowsOf(f.familyId, 'task_reminder')).toMatchObject([{ status: 'pending' }]);

    expect((await call(f, 'DELETE', `/api/events/${eventId}`)).statusCode).toBe(200);
    expect(await rowsOf(f.familyId, 'task_reminder')).toMatchObject([
      { status: 'cancelled', statusReason: 'Task deleted with its event before the reminder was sent' },
    ]);
    hub.server.clock.set('2027-01-08T16:30:00Z');
    await hub.planner().tick();
    await hub.dispatcher().dispatchOnce();
    expect(hub.smtp.messages.filter((m) => m.subject?.includes('Fair poster'))).toEqual([]);
  });

  it("a task's reminder is cancelled in the task's own transaction: a failure between them writes neither", async () => {
    hub.server.clock.set('2027-01-09T12:00:00Z');
    const f = await household('America/Los_Angeles', 'Atomic', false, false);
    const created = await call(
      f,
      'POST',
      '/api/tasks',
      taskPayload(f.parent, {
        title: 'Library books',
        due_date: '2027-01-09T09:00:00',
      }),
    );
    const id = created.json<{ id: number }>().id;
    hub.server.clock.set('2027-01-09T16:20:00Z');
    await hub.planner().tick();
    expect(await rowsOf(f.familyId, 'task_reminder')).toMatchObject([{ status: 'pending' }]);

    // The cancellation fails (as if the process died between the task write and it), outside any request
    // transaction: the service itself must make the two writes one.
    const ctx = {
      db: failingOutboxWrites(hub.server.database.system),
      config: hub.server.config,
      clock: hub.server.clock,
      changes: hub.server.changes,
    };
    await expect(updateTask(ctx, f.familyId, id, { status: 'completed' })).rejects.toThrow(SIMULATED);
    await expect(deleteTask(ctx, f.familyId, id)).rejects.toThrow(SIMULATED);
    const db = hub.server.database.system;
    // Neither write happened on its own: the task is still there and open, its reminder still pending.
    const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
    expect(row?.status).toBe('open');
    expect(await rowsOf(f.familyId, 'task_reminder')).toMatchObject([{ status: 'pending' }]);
    // Without the failure both go together.
    expect((await call(f, 'PATCH', `/api/tasks/${id}`, { status: 'completed' })).statusCode).toBe(200);
    expect(await rowsOf(f.familyId, 'task_reminder')).toMatchObject([{ status: 'cancelled' }]);
  });
});

describe('cancelled reminders', () => {
  it('an event moved away and back is reminded once: the cancelled row keeps its key and does not block the new one', async () => {
    hub.server.clock.set('2027-01-16T12:00:00Z');
    const f = await household('America/Los_Angeles', 'Returners', false, false);
    const payload = eventPayload(f, {
      title: 'Swim meet',
      start_date: '2027-01-17T10:00:00',
      attendees: [String(f.kid)],
      alert_members: [String(f.parent)],
    });
    const created = await call(f, 'POST', '/api/events', payload);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const p = hub.planner();
    hub.server.clock.set('2027-01-17T17:20:00Z'); // 09:20 PST: the 09:30 reminder is planned
    await p.tick();
    const key = `event:${id}:event:2027-01-17T10:00:00:${f.parent}`;
    expect((await rowsOf(f.familyId, 'event_reminder')).map((r) => [r.dedupeKey, r.status])).toEqual([
      [key, 'pending'],
    ]);

    const moved = await call(f, 'PATCH', `/api/events/${id}`, {
      ...payload,
      start_date: '2027-01-17T11:00:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const back = await call(f, 'PATCH', `/api/events/${id}`, payload);
    expect(back.statusCode, back.body).toBe(200);
    hub.server.clock.set('2027-01-17T17:22:00Z');
    await p.tick();

    const rows = await rowsOf(f.familyId, 'event_reminder');
    expect(rows.map((r) => [r.dedupeKey, r.status, r.sourceKind, r.sourceId, r.sourceOccurrence])).toEqual([
      [key, 'cancelled', 'event', id, '2027-01-17T10:00:00'],
      [key, 'pending', 'event', id, '2027-01-17T10:00:00'],
    ]);
    expect(rows[0]?.statusReason).toBe('Event changed before the reminder was sent');
    expect(rows.filter((r) => r.status !== 'cancelled')).toHaveLength(1);
    // Planning again changes nothing: the live row holds the key.
    await p.tick();
    expect(await rowsOf(f.familyId, 'event_reminder')).toHaveLength(2);
    hub.server.clock.set('2027-01-17T17:30:00Z');
    await hub.dispatcher().dispatchOnce();
    expect(hub.smtp.messages.filter((m) => m.subject?.startsWith('Coming up: Swim meet'))).toHaveLength(1);
  });

  it('no dedupe key carries a cancellation suffix', async () => {
    const rows = await hub.server.database.system
      .select({ key: notifications.dedupeKey })
      .from(notifications)
      .where(like(notifications.dedupeKey, '%#%'));
    expect(rows).toEqual([]);
    const cancelled = await hub.server.database.system
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.status, 'cancelled'));
    expect(cancelled.length).toBeGreaterThan(0);
  });
});

describe('events in their own time zone', () => {
  it('a Europe/Berlin 09:00 series in a Los Angeles family reminds before 09:00 Berlin, also while only LA is on DST', async () => {
    hub.server.clock.set('2026-03-01T12:00:00Z');
    const f = await household('America/Los_Angeles', 'Berliners', false, false);
    // Written as an import would store it: wall-clock in its own zone (TZID Europe/Berlin).
    const [row] = await insertEvents(hub.server.database.system, [
      {
        familyId: f.familyId,
        title: 'Call with Oma',
        startDate: '2026-03-02T09:00:00',
        durationMinutes: 60,
        timezone: 'Europe/Berlin',
        isRecurring: true,
        rrule: 'FREQ=WEEKLY;COUNT=5',
        organizerId: f.memberId,
        attendees: [String(f.kid)],
        alertMembers: [String(f.parent)],
      },
    ]);
    if (!row) throw new Error('the series was not written');
    const p = hub.planner();
    // Berlin 09:00 is 08:00Z in CET and 07:00Z in CEST (from Mar 29); LA is on PDT from Mar 8, so from Mar 8 to
    // Mar 28 the zones are 8 hours apart instead of 9: a series read as LA wall-clock would be an hour off.
    const reminders: [string, string][] = [];
    for (const [tickAt, cursor] of [
      ['2026-03-02T07:20:00Z', '2026-03-09T07:30:00.000Z'],
      ['2026-03-09T07:20:00Z', '2026-03-16T07:30:00.000Z'],
      ['2026-03-16T07:20:00Z', '2026-03-23T07:30:00.000Z'],
      ['2026-03-23T07:20:00Z', '2026-03-30T06:30:00.000Z'],
      // The last one: a series with nothing left in 400 days is looked at again 400 days on.
      ['2026-03-30T06:20:00Z', '2027-05-04T06:35:00.000Z'],
    ] as const) {
      hub.server.clock.set(tickAt);
      await p.tick();
      const [now] = await hub.server.database.system
        .select({ at: events.nextReminderAt })
        .from(events)
        .where(eq(events.id, row.id));
      expect(now?.at?.toISOString(), tickAt).toBe(cursor);
    }
    for (const r of await rowsOf(f.familyId, 'event_reminder'))
      reminders.push([r.sendAfter.toISOString(), r.sourceOccurrence ?? '']);
    // The outbox row names the occurrence in the series' own terms (its RECURRENCE-ID).
    expect(reminders).toEqual([
      ['2026-03-02T07:30:00.000Z', '2026-03-02T09:00:00'],
      ['2026-03-09T07:30:00.000Z', '2026-03-09T09:00:00'],
      ['2026-03-16T07:30:00.000Z', '2026-03-16T09:00:00'],
      ['2026-03-23T07:30:00.000Z', '2026-03-23T09:00:00'],
      ['2026-03-30T06:30:00.000Z', '2026-03-30T09:00:00'],
    ]);
    // The message gives the family's own time: 09:00 Berlin on Mar 16 is 01:00 in Los Angeles.
    const [, , third] = await rowsOf(f.familyId, 'event_reminder');
    expect(third?.body).toContain('"Call with Oma" starts at 1:00 AM today.');
  });
});

describe('fault isolation (issue 18)', () => {
  it("one family's poisoned rows do not stop another family's reminders and summary, and are logged and counted", async () => {
    hub.server.clock.set('2027-02-09T12:00:00Z');
    const db = hub.server.database.system;
    // Created first, so its rows come first in every page and it shares the healthy family's summary chunk.
    const poisoned = await household('America/Los_Angeles', 'Poisoned');
    const healthy = await household('America/Los_Angeles', 'Healthy');
    const common = {
      familyId: poisoned.familyId,
      startDate: '2027-02-10T08:00:00',
      durationMinutes: 60,
      timezone: 'America/Los_Angeles',
      organizerId: poisoned.parent,
      attendees: [String(poisoned.parent)],
      alertMembers: [String(poisoned.parent)],
    };
    // Rows no API would accept, written by hand (as a bad import or an old bug could have left them).
    const bad = await insertEvents(db, [
      {
        ...common,
        title: 'Forever',
        endDate: '9999-12-31T23:59:59',
        hasPickup: true,
        pickupAssignedTo: poisoned.parent,
      },
      { ...common, title: 'Every second', isRecurring: true, rrule: 'FREQ=SECONDLY' },
      {
        ...common,
        title: 'Roman times',
        startDate: '0100-01-05T08:00:00',
        isRecurring: true,
        rrule: 'FREQ=DAILY',
      },
      {
        ...common,
        title: 'Martian weekly',
        timezone: 'Mars/Olympus',
        isRecurring: true,
        rrule: 'FREQ=WEEKLY',
      },
      { ...common, title: 'Martian once', timezone: 'Mars/Olympus' },
      { ...common, title: 'Gibberish', isRecurring: true, rrule: 'garbage' },
      { ...common, title: 'Not a time', startDate: '2027-13-45T99:99:00' },
    ]);
    const idOf = (title: string) => bad.find((b) => b.title === title)?.id;
    // An overdue task due on Jan 32: its reminder cannot be computed, and the summary cannot write its date (it
    // throws while composing the family's summaries).
    await insertTasks(db, [
      {
        familyId: poisoned.familyId,
        title: 'Impossible',
        dueDate: '2027-01-32T09:00:00',
        assignedToIds: [String(poisoned.parent)],
        sendSmsReminder: true,
      },
    ]);

    // The healthy family: an 08:00 event (reminder 07:30 = 15:30Z), a 09:00 task (reminder 08:30 = 16:30Z) and
    // Ben's 07:30 summary (15:30Z).
    const event = await call(
      healthy,
      'POST',
      '/api/events',
      eventPayload(healthy, {
        title: 'Flu shots',
        start_date: '2027-02-10T08:00:00',
        duration_minutes: 30,
        location: 'Clinic',
        attendees: [String(healthy.parent)],
        alert_members: [String(healthy.parent)],
      }),
    );
    expect(event.statusCode, event.body).toBe(201);
    const task = await call(
      healthy,
      'POST',
      '/api/tasks',
      taskPayload(healthy.parent, {
        title: 'Insurance cards',
        due_date: '2027-02-10T09:00:00',
        estimated_duration_minutes: 15,
      }),
    );
    expect(task.statusCode, task.body).toBe(201);

    const log = recordingLogger();
    const p = hub.planner({ logger: log });
    const sendTimes = async (familyId: number, kind: string) =>
      (await rowsOf(familyId, kind)).map((r) => [r.status, r.sendAfter.toISOString()]);

    hub.server.clock.set('2027-02-10T15:20:00Z'); // 07:20 in Los Angeles
    const first = await p.tick();
    expect(await sendTimes(healthy.familyId, 'event_reminder')).toEqual([
      ['pending', '2027-02-10T15:30:00.000Z'],
    ]);
    // The poisoned family's rows the engine refuses are counted, and logged at warn with family and event ids.
    expect(first.failedRows).toBeGreaterThanOrEqual(5);
    const warned = (title: string) =>
      log.records.some(
        (r) =>
          r.level === 'warn' && r.fields.familyId === poisoned.familyId && r.fields.eventId === idOf(title),
      );
    for (const title of ['Every second', 'Roman times', 'Martian weekly', 'Gibberish', 'Not a time'])
      expect(warned(title), title).toBe(true);
    expect(
      log.records.some(
        (r) => r.level === 'warn' && r.fields.familyId === poisoned.familyId && r.fields.taskId !== undefined,
      ),
    ).toBe(true);
    // A broken row is retried in an hour, not on every tick.
    const [cursor] = await db
      .select({ at: events.nextReminderAt })
      .from(events)
      .where(eq(events.id, idOf('Gibberish') ?? 0));
    expect(cursor?.at?.toISOString()).toBe('2027-02-10T16:35:00.000Z');

    hub.server.clock.set('2027-02-10T15:30:00Z'); // 07:30: summaries
    log.records.length = 0;
    const second = await p.tick();
    expect(second.failedFamilies).toBe(1);
    expect(log.records.some((r) => r.level === 'error' && r.fields.familyId === poisoned.familyId)).toBe(
      true,
    );
    expect(await sendTimes(healthy.familyId, 'daily_summary')).toEqual([
      ['pending', '2027-02-10T15:30:00.000Z'],
    ]);
    expect(await rowsOf(poisoned.familyId, 'daily_summary')).toEqual([]);

    hub.server.clock.set('2027-02-10T16:20:00Z');
    await p.tick();
    expect(await sendTimes(healthy.familyId, 'task_reminder')).toEqual([
      ['pending', '2027-02-10T16:30:00.000Z'],
    ]);

    // What went out, on time, says the right things.
    hub.server.clock.set('2027-02-10T15:30:00Z');
    await hub.dispatcher().dispatchOnce();
    const summary = hub.smtp.messages.find(
      (m) => m.subject?.startsWith('Your day') && m.subject.includes('Healthy'),
    );
    expect(summary?.text).toContain('Events:\n- 8:00 AM Flu shots at Clinic');
    expect(summary?.text).toContain('Tasks due today:\n- Insurance cards (by 9:00 AM)');
    expect(
      hub.smtp.messages.find((m) => m.subject === 'Coming up: Flu shots (the Healthy family)'),
    ).toBeDefined();
  });
});
