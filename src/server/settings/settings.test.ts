import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NotificationStatus } from '../../core/contracts/notifications.ts';
import { events } from '../db/schema/events.ts';
import { appSettings, families } from '../db/schema/families.ts';
import { dailySummaryLog, notifications } from '../db/schema/notifications.ts';
import { tasks } from '../db/schema/tasks.ts';
import { signedInFamily, signUp, testServerPerFile } from '../test/harness.ts';

const server = testServerPerFile();

function get(cookie: string | null, key: string) {
  return server.app.inject({ method: 'GET', url: `/api/settings/${key}`, headers: cookie ? { cookie } : {} });
}
function post(cookie: string | null, payload: Record<string, unknown>) {
  return server.app.inject({
    method: 'POST',
    url: '/api/settings',
    headers: cookie ? { cookie } : {},
    payload,
  });
}

describe('global settings', () => {
  it.each(['disable_all_emails', 'disable_all_sms'])(
    '%s reads false until set, then what was set',
    async (key) => {
      const { cookie } = await signUp(server.app);
      expect((await get(cookie, key)).json()).toEqual({ key, value: 'false' });
      const set = await post(cookie, { key, value: 'true' });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({ key, value: 'true' });
      expect((await get(cookie, key)).json()).toEqual({ key, value: 'true' });
      await post(cookie, { key, value: 'false' });
      expect((await get(cookie, key)).json()).toEqual({ key, value: 'false' });
    },
  );

  it('keeps settings per family: two families each set both keys, and neither sees the other’s', async () => {
    const a = await signUp(server.app);
    const b = await signUp(server.app);
    for (const key of ['disable_all_emails', 'disable_all_sms']) {
      expect((await post(a.cookie, { key, value: 'true' })).statusCode).toBe(200);
      expect((await get(b.cookie, key)).json().value).toBe('false');
      expect((await post(b.cookie, { key, value: 'false' })).statusCode).toBe(200);
      expect((await get(a.cookie, key)).json().value).toBe('true');
    }
    const rows = await server.database.system
      .select()
      .from(appSettings)
      .where(eq(appSettings.key, 'disable_all_sms'));
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  it('answers 400 to an unknown key, on read and write, and writes nothing', async () => {
    const { cookie } = await signUp(server.app);
    const read = await get(cookie, 'disable_everything');
    expect(read.statusCode).toBe(400);
    expect(read.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { key: 'Unknown setting' },
    });
    const write = await post(cookie, { key: 'theme', value: 'dark' });
    expect(write.statusCode).toBe(400);
    expect(write.json().error.fields.key).toBe('Unknown setting');
    expect(
      await server.database.system.select().from(appSettings).where(eq(appSettings.key, 'theme')),
    ).toEqual([]);
  });

  it.each([
    [{ value: 'true' }],
    [{ key: 'disable_all_sms', value: 'yes' }],
    [{ key: 'disable_all_sms', value: true }],
  ])('answers 400 to %j', async (payload) => {
    const { cookie } = await signUp(server.app);
    expect((await post(cookie, payload)).statusCode).toBe(400);
    expect((await get(cookie, 'disable_all_sms')).json().value).toBe('false');
  });

  it('answers 401 when signed out', async () => {
    expect((await get(null, 'disable_all_emails')).statusCode).toBe(401);
    expect((await post(null, { key: 'disable_all_emails', value: 'true' })).statusCode).toBe(401);
  });
});

/** A family registered in `timezone`, with its id and the registrant's member id. */
async function family(timezone: string) {
  return signedInFamily(server, { registration: { timezone } });
}

const setZone = (cookie: string, value: unknown) => post(cookie, { key: 'timezone', value });

/** The family's events as (title → zone, start) and their reminder cursors. */
async function eventsOf(familyId: number) {
  const rows = await server.database.system.select().from(events).where(eq(events.familyId, familyId));
  return Object.fromEntries(rows.map((r) => [r.title, { timezone: r.timezone, start: r.startDate }]));
}

/** One of each kind of timed, all-day, floating, app-made and imported event, in `zone`. */
async function seedEvents(familyId: number, zone: string) {
  const base = { familyId, startDate: '2026-12-01T08:00:00', durationMinutes: 60 };
  await server.database.system.insert(events).values([
    { ...base, title: 'Swim (app)', timezone: zone },
    {
      ...base,
      title: 'Piano (app series)',
      timezone: zone,
      rrule: 'FREQ=WEEKLY;BYDAY=TU',
      exdates: ['2026-12-08T08:00:00'],
    },
    { ...base, title: 'School (imported, same zone)', timezone: zone, sourceUid: 'school@example.org' },
    { ...base, title: 'Webinar (imported, London)', timezone: 'Europe/London', sourceUid: 'web@example.org' },
    { ...base, title: 'Flight (app, Tokyo)', timezone: 'Asia/Tokyo' },
    { ...base, title: 'Holiday (all day)', startDate: '2026-12-24T00:00:00', isAllDay: true, timezone: null },
    { ...base, title: 'Floating', timezone: null },
  ]);
}

describe('the family time zone (issue 18)', () => {
  it('reads the zone chosen at registration, changes it, and the session follows', async () => {
    const f = await family('Europe/Berlin');
    expect((await get(f.cookie, 'timezone')).json()).toEqual({ key: 'timezone', value: 'Europe/Berlin' });
    const set = await setZone(f.cookie, 'America/New_York');
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ key: 'timezone', value: 'America/New_York' });
    expect((await get(f.cookie, 'timezone')).json().value).toBe('America/New_York');
    const session = await server.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: f.cookie },
    });
    expect(session.json().family_timezone).toBe('America/New_York');
  });

  it.each([['UTC+2'], ['W. Europe Standard Time'], ['Mars/Olympus'], [''], [42], [null], ['A'.repeat(65)]])(
    'answers 400 with a field message to %j and keeps the zone',
    async (value) => {
      const f = await family('Europe/Berlin');
      const res = await setZone(f.cookie, value);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_failed',
        fields: { value: 'Choose a time zone from the list' },
      });
      expect((await get(f.cookie, 'timezone')).json().value).toBe('Europe/Berlin');
    },
  );

  it('moves the events made in the app to the new zone at the same wall-clock time; imported ones keep theirs', async () => {
    const f = await family('America/Los_Angeles');
    await seedEvents(f.familyId, 'America/Los_Angeles');
    expect((await setZone(f.cookie, 'Europe/Berlin')).statusCode).toBe(200);
    expect(await eventsOf(f.familyId)).toEqual({
      'Swim (app)': { timezone: 'Europe/Berlin', start: '2026-12-01T08:00:00' },
      'Piano (app series)': { timezone: 'Europe/Berlin', start: '2026-12-01T08:00:00' },
      'School (imported, same zone)': { timezone: 'America/Los_Angeles', start: '2026-12-01T08:00:00' },
      'Webinar (imported, London)': { timezone: 'Europe/London', start: '2026-12-01T08:00:00' },
      // Made in the app but in a zone of its own (not the family's): it keeps it.
      'Flight (app, Tokyo)': { timezone: 'Asia/Tokyo', start: '2026-12-01T08:00:00' },
      'Holiday (all day)': { timezone: null, start: '2026-12-24T00:00:00' },
      Floating: { timezone: null, start: '2026-12-01T08:00:00' },
    });
    const [series] = await server.database.system
      .select({ exdates: events.exdates })
      .from(events)
      .where(eq(events.title, 'Piano (app series)'));
    expect(series?.exdates).toEqual(['2026-12-08T08:00:00']);
  });

  it('cancels what was planned from the old clock and frees unsent summary claims, and nothing else', async () => {
    const f = await family('Europe/Berlin');
    const db = server.database.system;
    const now = new Date('2026-12-01T06:00:00Z');
    const [task] = await db
      .insert(tasks)
      .values({ familyId: f.familyId, title: 'Pack lunch', dueDate: '2026-12-01T12:00:00' })
      .returning({ id: tasks.id });
    const outbox = (
      dedupeKey: string,
      kind: string,
      source: Pick<typeof notifications.$inferInsert, 'sourceKind' | 'sourceId' | 'sourceOccurrence'>,
      status: NotificationStatus = 'pending',
    ) => ({
      familyId: f.familyId,
      familyMemberId: f.memberId,
      channel: 'email',
      recipient: 'ana@example.com',
      body: 'text',
      kind,
      dedupeKey,
      ...source,
      status,
      sendAfter: now,
    });
    const summaryOf = (date: string) => ({
      sourceKind: 'daily_summary' as const,
      sourceId: f.memberId,
      sourceOccurrence: date,
    });
    await db.insert(notifications).values([
      outbox(`summary:${f.memberId}:2026-12-01`, 'daily_summary', summaryOf('2026-12-01')),
      outbox(`summary:${f.memberId}:2026-11-30`, 'daily_summary', summaryOf('2026-11-30'), 'sent'),
      outbox(
        `task:${task?.id}:reminder:${f.memberId}:2026-12-01T12:00:00:30_minutes_before`,
        'task_reminder',
        { sourceKind: 'task', sourceId: task?.id },
      ),
      outbox(`event:999:event:2026-12-01T08:00:00:${f.memberId}`, 'event_reminder', {
        sourceKind: 'event',
        sourceId: 999,
        sourceOccurrence: '2026-12-01T08:00:00',
      }),
      outbox(`event-alert:999:${f.memberId}:1:abc`, 'event_alert', {
        sourceKind: 'event_alert',
        sourceId: 999,
      }),
    ]);
    await db.insert(dailySummaryLog).values([
      { familyId: f.familyId, familyMemberId: f.memberId, summaryDate: '2026-12-01' },
      { familyId: f.familyId, familyMemberId: f.memberId, summaryDate: '2026-11-30' },
    ]);
    await db
      .update(tasks)
      .set({ nextReminderAt: new Date('2026-12-01T10:30:00Z') })
      .where(eq(tasks.familyId, f.familyId));

    expect((await setZone(f.cookie, 'America/New_York')).statusCode).toBe(200);

    const rows = await db
      .select()
      .from(notifications)
      .where(eq(notifications.familyId, f.familyId))
      .orderBy(notifications.id);
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ['daily_summary', 'cancelled'],
      ['daily_summary', 'sent'],
      ['task_reminder', 'cancelled'],
      ['event_reminder', 'cancelled'],
      // An alert is news of a change, not planned from the clock.
      ['event_alert', 'pending'],
    ]);
    // The key stays as it was: a cancelled row no longer holds it.
    expect(rows[0]?.dedupeKey).toBe(`summary:${f.memberId}:2026-12-01`);
    expect(rows[0]?.statusReason).toBe('Family time zone changed before the message was sent');
    const log = await db
      .select({ date: dailySummaryLog.summaryDate })
      .from(dailySummaryLog)
      .where(eq(dailySummaryLog.familyId, f.familyId));
    expect(log.map((l) => l.date)).toEqual(['2026-11-30']);
    const [cursor] = await db
      .select({ next: tasks.nextReminderAt })
      .from(tasks)
      .where(eq(tasks.familyId, f.familyId));
    expect(cursor?.next).toBeNull();
  });

  it("leaves another family's zone, events, outbox and summary log alone", async () => {
    const a = await family('America/Los_Angeles');
    const b = await family('America/Los_Angeles');
    await seedEvents(a.familyId, 'America/Los_Angeles');
    await seedEvents(b.familyId, 'America/Los_Angeles');
    const db = server.database.system;
    await db.insert(notifications).values({
      familyId: b.familyId,
      familyMemberId: b.memberId,
      channel: 'email',
      recipient: 'b@example.com',
      body: 'text',
      kind: 'daily_summary',
      dedupeKey: `summary:${b.memberId}:2026-12-01`,
      sourceKind: 'daily_summary',
      sourceId: b.memberId,
      sourceOccurrence: '2026-12-01',
      sendAfter: new Date('2026-12-01T15:30:00Z'),
    });
    await db
      .insert(dailySummaryLog)
      .values({ familyId: b.familyId, familyMemberId: b.memberId, summaryDate: '2026-12-01' });
    const cursor = new Date('2026-12-01T15:30:00Z');
    await db.update(events).set({ nextReminderAt: cursor }).where(eq(events.familyId, b.familyId));
    const before = await eventsOf(b.familyId);

    expect((await setZone(a.cookie, 'Europe/Berlin')).statusCode).toBe(200);

    expect((await get(b.cookie, 'timezone')).json().value).toBe('America/Los_Angeles');
    expect(await eventsOf(b.familyId)).toEqual(before);
    expect(before['Swim (app)']?.timezone).toBe('America/Los_Angeles');
    const bRows = await db.select().from(notifications).where(eq(notifications.familyId, b.familyId));
    expect(bRows.map((r) => [r.status, r.dedupeKey])).toEqual([
      ['pending', `summary:${b.memberId}:2026-12-01`],
    ]);
    expect(
      await db.select().from(dailySummaryLog).where(eq(dailySummaryLog.familyId, b.familyId)),
    ).toHaveLength(1);
    const cursors = await db
      .select({ next: events.nextReminderAt })
      .from(events)
      .where(eq(events.familyId, b.familyId));
    expect(cursors.every((c) => c.next?.getTime() === cursor.getTime())).toBe(true);
    const [bFamily] = await db.select().from(families).where(eq(families.id, b.familyId));
    expect(bFamily?.timezone).toBe('America/Los_Angeles');
  });

  it('changes nothing when the zone is the one the family already has', async () => {
    const f = await family('Europe/Berlin');
    await seedEvents(f.familyId, 'Europe/Berlin');
    const db = server.database.system;
    await db.insert(notifications).values({
      familyId: f.familyId,
      familyMemberId: f.memberId,
      channel: 'email',
      recipient: 'ana@example.com',
      body: 'text',
      kind: 'daily_summary',
      dedupeKey: `summary:${f.memberId}:2026-12-02`,
      sourceKind: 'daily_summary',
      sourceId: f.memberId,
      sourceOccurrence: '2026-12-02',
      sendAfter: new Date('2026-12-02T06:30:00Z'),
    });
    const stamps = await db
      .select({ updatedAt: events.updatedAt })
      .from(events)
      .where(eq(events.familyId, f.familyId));
    expect((await setZone(f.cookie, 'Europe/Berlin')).statusCode).toBe(200);
    const [row] = await db.select().from(notifications).where(eq(notifications.familyId, f.familyId));
    expect(row?.status).toBe('pending');
    expect(
      await db.select({ updatedAt: events.updatedAt }).from(events).where(eq(events.familyId, f.familyId)),
    ).toEqual(stamps);
  });
});
