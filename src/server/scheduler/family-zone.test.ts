import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../db/schema/events.ts';
import { familyMembers } from '../db/schema/families.ts';
import { notifications } from '../db/schema/notifications.ts';
import { addMember } from '../notifications/testing/family.ts';
import { callAs, eventPayload, type SignedInFamily, signedInFamily } from '../test/harness.ts';
import { messagingFixture } from '../test/messaging.ts';

/**
 * Issue 18 acceptance: register with a zone, change it in Global Settings, and the 7:30 summary and a reminder land
 * at the new local time (ADR 005). Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */

/** The app with an SMTP sink and a fake carrier (src/server/test/messaging.ts). */
const hub = messagingFixture();

/** A family registered through the API in `timezone`, with Ben (e-mail, daily summary on). */
async function register(familyName: string, timezone: string): Promise<SignedInFamily & { ben: number }> {
  const f = await signedInFamily(hub.server, { registration: { familyName, timezone } });
  const db = hub.server.database.system;
  const ben = await addMember(db, f.familyId, { name: 'Ben', email: `ben-${f.familyId}@example.com` });
  await db.update(familyMembers).set({ dailySummaryEnabled: true }).where(eq(familyMembers.id, ben));
  return { ...f, ben };
}

async function rowsOf(familyId: number, kind: string) {
  const rows = await hub.server.database.system
    .select()
    .from(notifications)
    .where(eq(notifications.familyId, familyId))
    .orderBy(notifications.id);
  return rows.filter((r) => r.kind === kind);
}

const mailsTo = (familyName: string) => hub.smtp.messages.filter((m) => m.subject?.includes(familyName));

describe('changing the family time zone (Europe/Berlin → America/New_York)', () => {
  it('moves the 7:30 summary and an event reminder to the new local time', async () => {
    // Tue 2026-12-01: Berlin is UTC+1, New York UTC−5.
    hub.server.clock.set('2026-12-01T04:00:00Z');
    const movers = await register('Movers', 'Europe/Berlin');
    const stayers = await register('Stayers', 'Europe/Berlin');
    const dispatcher = hub.dispatcher();
    const created = await callAs(
      hub.server,
      movers,
      'POST',
      '/api/events',
      eventPayload(movers, {
        title: 'Dentist',
        start_date: '2026-12-01T10:00:00',
        organizer_id: movers.ben,
        alert_members: [String(movers.ben)],
        category: 'appointment',
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    await dispatcher.dispatchOnce(); // the "new event" alert
    hub.smtp.messages.length = 0;

    // Planned from the Berlin clock: the reminder 30 min before 10:00 Berlin (08:30Z), a day ahead.
    await hub.planner({ horizonMinutes: 24 * 60 }).tick();
    expect((await rowsOf(movers.familyId, 'event_reminder')).map((r) => r.sendAfter.toISOString())).toEqual([
      '2026-12-01T08:30:00.000Z',
    ]);

    const planner = hub.planner();
    hub.server.clock.set('2026-12-01T06:30:00Z'); // 07:30 in Berlin
    await planner.tick();
    expect((await rowsOf(movers.familyId, 'daily_summary')).map((r) => r.status)).toEqual(['pending']);

    // Before the dispatcher got to it, a parent fixes the family's zone in Global Settings.
    hub.server.clock.set('2026-12-01T06:30:20Z');
    const changed = await callAs(hub.server, movers, 'POST', '/api/settings', {
      key: 'timezone',
      value: 'America/New_York',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [event] = await hub.server.database.system
      .select({ timezone: events.timezone, start: events.startDate })
      .from(events)
      .where(eq(events.familyId, movers.familyId));
    // Made in the app: 10:00 stays 10:00, now in New York (or floating, read in the family's zone).
    expect(event?.start).toBe('2026-12-01T10:00:00');
    expect([null, 'America/New_York']).toContain(event?.timezone);

    await dispatcher.dispatchOnce();
    await planner.tick();
    // The family that stayed in Berlin got its summary at 7:30 Berlin; the movers got nothing from Berlin's clock.
    expect(mailsTo('Stayers').map((m) => m.subject)).toEqual([
      'Your day, Tue, Dec 1: the Stayers family on FamilyHub',
    ]);
    expect(mailsTo('Movers')).toEqual([]);
    const [stayed] = await rowsOf(stayers.familyId, 'daily_summary');
    expect(stayed?.sendAfter.toISOString()).toBe('2026-12-01T06:30:00.000Z');

    hub.server.clock.set('2026-12-01T08:25:00Z');
    await planner.tick();
    hub.server.clock.set('2026-12-01T08:30:00Z'); // 09:30 in Berlin: the old reminder time
    await planner.tick();
    await dispatcher.dispatchOnce();
    expect(mailsTo('Movers')).toEqual([]);
    expect((await rowsOf(movers.familyId, 'event_reminder')).filter((r) => r.status !== 'cancelled')).toEqual(
      [],
    );

    hub.server.clock.set('2026-12-01T12:29:00Z');
    await planner.tick();
    expect((await rowsOf(movers.familyId, 'daily_summary')).filter((r) => r.status !== 'cancelled')).toEqual(
      [],
    );
    hub.server.clock.set('2026-12-01T12:30:00Z'); // 07:30 in New York
    await planner.tick();
    const [summary] = (await rowsOf(movers.familyId, 'daily_summary')).filter(
      (r) => r.status !== 'cancelled',
    );
    expect(summary).toMatchObject({ dedupeKey: `summary:${movers.ben}:2026-12-01`, status: 'pending' });
    expect(summary?.sendAfter.toISOString()).toBe('2026-12-01T12:30:00.000Z');
    expect(summary?.expiresAt?.toISOString()).toBe('2026-12-01T15:00:00.000Z'); // 10:00 in New York
    await dispatcher.dispatchOnce();
    const [mail] = mailsTo('Movers');
    expect(mail?.subject).toBe('Your day, Tue, Dec 1: the Movers family on FamilyHub');
    expect(mail?.text).toContain('10:00 AM');
    expect(mail?.text).toContain('Dentist');

    hub.server.clock.set('2026-12-01T14:20:00Z');
    await planner.tick();
    const reminders = (await rowsOf(movers.familyId, 'event_reminder')).filter(
      (r) => r.status !== 'cancelled',
    );
    expect(reminders.map((r) => r.sendAfter.toISOString())).toEqual(['2026-12-01T14:30:00.000Z']); // 09:30 NY
    hub.server.clock.set('2026-12-01T14:30:00Z');
    await dispatcher.dispatchOnce();
    const reminderMail = mailsTo('Movers').find((m) => m.subject?.startsWith('Coming up: Dentist'));
    expect(reminderMail?.text).toContain('"Dentist" starts at 10:00 AM today.');
    // And only once: the Berlin summary never went out, the New York one did.
    expect(mailsTo('Movers').filter((m) => m.subject?.startsWith('Your day'))).toHaveLength(1);
  });

  it("words a reminder by the family's date: just after midnight in Berlin it is today there, not in UTC", async () => {
    // 00:45 on Wed Dec 2 in Berlin is 23:45Z on Tue Dec 1; the reminder goes at 00:15 Berlin (23:15Z).
    hub.server.clock.set('2026-12-01T20:00:00Z');
    const f = await register('Nightowls', 'Europe/Berlin');
    const created = await callAs(
      hub.server,
      f,
      'POST',
      '/api/events',
      eventPayload(f, {
        title: 'Night train',
        start_date: '2026-12-02T00:45:00',
        organizer_id: f.ben,
        alert_members: [String(f.ben)],
        category: 'family',
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    hub.server.clock.set('2026-12-01T23:10:00Z');
    await hub.planner().tick();
    const [reminder] = await rowsOf(f.familyId, 'event_reminder');
    expect(reminder?.sendAfter.toISOString()).toBe('2026-12-01T23:15:00.000Z');
    expect(reminder?.body).toContain('"Night train" starts at 12:45 AM today.');
  });
});
