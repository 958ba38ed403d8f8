import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../db/schema/events.ts';
import { families, familyMembers } from '../db/schema/families.ts';
import { drivingAlertLog, notifications } from '../db/schema/notifications.ts';
import { addMember, setSmsEnabled } from '../notifications/testing/family.ts';
import { callAs, type SignedInFamily, signedInFamily } from '../test/harness.ts';
import { messagingFixture } from '../test/messaging.ts';
import { markPhoneVerified } from '../test/phone.ts';

// Issue 27, part 2: the summary's gap line and the evening alert, planned by the scheduler (same pattern as
// src/server/scheduler/scheduler.test.ts: real database, PGlite or DATABASE_URL; fake carrier at HTTP).

/** The app with an SMTP sink and a fake carrier (src/server/test/messaging.ts). */
const hub = messagingFixture();

interface Household extends SignedInFamily {
  /** Ben: a parent with a phone. */
  parent: number;
  /** Ada: a second parent with a phone. */
  parent2: number;
  /** Mia: a child with a phone. */
  kid: number;
}

/** A Los Angeles family with SMS on: two parents and a child, all with phones; Ben's summary is on. */
async function household(name: string): Promise<Household> {
  const f = await signedInFamily(hub.server, { registration: { familyName: name } });
  const db = hub.server.database.system;
  await db.update(families).set({ timezone: 'America/Los_Angeles' }).where(eq(families.id, f.familyId));
  await setSmsEnabled(db, f.familyId, true);
  const parent = await addMember(db, f.familyId, {
    name: 'Ben',
    phoneNumber: '+15551230001',
    role: 'parent',
  });
  const parent2 = await addMember(db, f.familyId, {
    name: 'Ada',
    phoneNumber: '+15551230002',
    role: 'parent',
  });
  const kid = await addMember(db, f.familyId, { name: 'Mia', phoneNumber: '+15551230003', role: 'child' });
  await db.update(familyMembers).set({ dailySummaryEnabled: true }).where(eq(familyMembers.id, parent));
  await markPhoneVerified(db, [parent, parent2, kid]);
  return { ...f, parent, parent2, kid };
}

/** Soccer for Mia at 15:30–16:30 LA time on `day`, with a pickup whose driver is `driver` (null: to be decided). */
async function soccer(f: Household, day: string, driver: number | null, extra: object = {}) {
  const res = await callAs(hub.server, f, 'POST', '/api/events', {
    title: 'Soccer',
    start_date: `${day}T15:30:00`,
    duration_minutes: 60,
    attendees: [String(f.kid)],
    has_pickup: true,
    pickup_assigned_to: driver,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function alertsOf(familyId: number) {
  return (
    await hub.server.database.system.select().from(notifications).where(eq(notifications.familyId, familyId))
  ).filter((r) => r.kind === 'driving_gaps');
}

describe('the 7:30 summary', () => {
  it("opens with today's gaps for a parent", async () => {
    hub.server.clock.set('2026-11-24T12:00:00Z'); // 4:00 AM in Los Angeles
    const f = await household('Gapday');
    await soccer(f, '2026-11-24', null);
    hub.server.clock.set('2026-11-24T15:31:00Z'); // 7:31 AM
    await hub.planner().tick();
    await hub.dispatcher().dispatchOnce();
    const sms = hub.twilio.sent.find((m) => m.to === '+15551230001' && m.body.includes('Gapday'));
    expect(sms?.body).toMatch(
      /^FamilyHub, the Gapday family: Ben's day, Tue, Nov 24\. No one is picking up Mia from Soccer at 4:30 PM\. /,
    );
  });

  it('has no gap line once someone drives', async () => {
    hub.server.clock.set('2026-11-24T12:00:00Z');
    const f = await household('Covered');
    await soccer(f, '2026-11-24', null, { title: 'Soccer' });
    const db = hub.server.database.system;
    await db.update(events).set({ pickupAssignedTo: f.parent2 }).where(eq(events.familyId, f.familyId));
    hub.server.clock.set('2026-11-24T15:31:00Z');
    await hub.planner().tick();
    await hub.dispatcher().dispatchOnce();
    const sms = hub.twilio.sent.find((m) => m.to === '+15551230001' && m.body.includes('Covered'));
    expect(sms?.body).toBeDefined();
    expect(sms?.body).not.toContain('No one is');
  });
});

describe('the evening alert about tomorrow', () => {
  it('texts each parent once at 7 PM, not the child, not an opted-out parent; numbered, tied to the log', async () => {
    hub.server.clock.set('2026-11-25T20:00:00Z'); // noon in Los Angeles
    const f = await household('Evening');
    await soccer(f, '2026-11-26', null);
    await soccer(f, '2026-11-26', f.parent, { title: 'Chess' }); // covered: not named
    await hub.server.database.system
      .update(familyMembers)
      .set({ drivingAlertsEnabled: false })
      .where(eq(familyMembers.id, f.parent2));
    hub.server.clock.set('2026-11-26T02:59:00Z'); // 6:59 PM: too early
    await hub.planner().tick();
    expect(await alertsOf(f.familyId)).toEqual([]);
    hub.server.clock.set('2026-11-26T03:01:00Z'); // 7:01 PM
    await hub.planner().tick();
    await hub.planner().tick();
    await hub.dispatcher().dispatchOnce();
    const sent = hub.twilio.sent.filter((m) => m.body.includes('Evening'));
    expect(sent.map((m) => [m.to, m.body])).toEqual([
      [
        '+15551230001',
        "FamilyHub, the Evening family: no one is picking up tomorrow, Thu, Nov 26: 1) Mia from Soccer at 4:30 PM. Who can drive? Reply I'LL DRIVE to take it. https://familyhub.example/driving",
      ],
    ]);
    const [log] = await hub.server.database.system
      .select()
      .from(drivingAlertLog)
      .where(eq(drivingAlertLog.familyId, f.familyId));
    expect(log).toMatchObject({
      familyMemberId: f.parent,
      alertDate: '2026-11-26',
      dedupeKey: `driving-gaps:${f.parent}:2026-11-26`,
      legs: [{ kind: 'pickup', at: '2026-11-26T16:30:00', series_id: null, occurrence_start: null }],
    });
    // Later that evening, still once.
    hub.server.clock.set('2026-11-26T04:30:00Z');
    await hub.planner().tick();
    expect(await alertsOf(f.familyId)).toHaveLength(1);
  });

  it('two processes planning at once enqueue exactly one alert per parent', async () => {
    hub.server.clock.set('2026-11-27T20:00:00Z');
    const f = await household('Twins');
    await soccer(f, '2026-11-28', null);
    hub.server.clock.set('2026-11-28T03:05:00Z');
    await Promise.all([hub.planner().tick(), hub.planner().tick(), hub.planner().tick()]);
    await Promise.all([hub.planner().tick(), hub.planner().tick()]); // and restarts
    expect((await alertsOf(f.familyId)).map((r) => r.familyMemberId).sort()).toEqual(
      [f.parent, f.parent2].sort(),
    );
    const logs = await hub.server.database.system
      .select()
      .from(drivingAlertLog)
      .where(eq(drivingAlertLog.familyId, f.familyId));
    expect(logs).toHaveLength(2);
  });

  it('respects quiet hours: nothing is planned from 9 PM, and one planned before is not sent after 9 PM', async () => {
    hub.server.clock.set('2026-11-29T20:00:00Z');
    const late = await household('Latenight');
    await soccer(late, '2026-11-30', null);
    hub.server.clock.set('2026-11-30T05:01:00Z'); // 9:01 PM
    await hub.planner().tick();
    expect(await alertsOf(late.familyId)).toEqual([]);

    hub.server.clock.set('2026-11-30T20:00:00Z');
    const slow = await household('Slowsend');
    await soccer(slow, '2026-12-01', null);
    hub.server.clock.set('2026-12-01T04:59:00Z'); // 8:59 PM: planned
    await hub.planner().tick();
    expect(await alertsOf(slow.familyId)).toHaveLength(2);
    hub.server.clock.set('2026-12-01T05:00:30Z'); // 9:00 PM: the dispatcher finds them expired
    await hub.dispatcher().dispatchOnce();
    expect(hub.twilio.sent.filter((m) => m.body.includes('Slowsend'))).toEqual([]);
    expect((await alertsOf(slow.familyId)).map((r) => r.status)).toEqual(['expired', 'expired']);
  });

  it('says nothing when every pickup of tomorrow has a driver', async () => {
    hub.server.clock.set('2026-12-02T20:00:00Z');
    const f = await household('Allset');
    await soccer(f, '2026-12-03', f.parent2);
    hub.server.clock.set('2026-12-03T03:05:00Z');
    await hub.planner().tick();
    expect(await alertsOf(f.familyId)).toEqual([]);
  });
});
