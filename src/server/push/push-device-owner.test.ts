import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccountDto } from '../../core/contracts/account.ts';
import type { FamilyMemberDto } from '../../core/contracts/members.ts';
import type { PushSubscriptionDto } from '../../core/contracts/push.ts';
import { remindersText } from '../../core/notifications/reminder-channel.ts';
import { sessions } from '../db/schema/families.ts';
import { notifications } from '../db/schema/notifications.ts';
import { pushSubscriptions } from '../db/schema/push.ts';
import { enqueue } from '../notifications/outbox.ts';
import { vapidKeys } from '../notifications/providers/vapid.ts';
import {
  type BrowserSubscription,
  type LocalPushService,
  startLocalPushService,
} from '../notifications/testing/push-service.ts';
import {
  callAs,
  createTestServer,
  type SignedInFamily,
  sessionCookie,
  signedInFamily,
  type TestServer,
} from '../test/harness.ts';

// Issue 41's open ends (ADR 043 addendum): a device lives as long as the session that subscribed it, belongs to
// the account signed in on it now (across families), and Account Settings says what the member card says.

let server: TestServer;
let push: LocalPushService;

beforeAll(async () => {
  const vapid = vapidKeys({ ...(await import('../config.ts')).testConfig() });
  push = await startLocalPushService(vapid.publicKey);
  server = await createTestServer({ WEB_PUSH_ALLOWED_ORIGINS: push.origin });
  server.clock.set('2026-12-05T12:00:00Z');
});
beforeEach(async () => {
  await server.database.system.delete(pushSubscriptions);
});
afterAll(async () => {
  await server.close();
  await push.close();
});

async function subscribe(f: Pick<SignedInFamily, 'cookie'>, sub: BrowserSubscription) {
  const res = await callAs(server, f, 'POST', '/api/push/subscriptions', sub);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PushSubscriptionDto>();
}

const devices = async (f: Pick<SignedInFamily, 'cookie'>) =>
  (await callAs(server, f, 'GET', '/api/push/subscriptions')).json<PushSubscriptionDto[]>().map((d) => d.id);

/** A second session of `f`'s account (another browser signing in). */
async function anotherSession(f: SignedInFamily): Promise<{ cookie: string }> {
  const login = await server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: f.email, password: f.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  return { cookie: sessionCookie(login.headers['set-cookie']) };
}

/** An event alert to `f`'s registrant through the outbox; the `push` rows written beside it. */
async function alert(f: SignedInFamily, title: string) {
  await server.database.system.transaction((tx) =>
    enqueue(tx, {
      familyId: f.familyId,
      familyMemberId: f.memberId,
      channel: 'email',
      subject: title,
      body: title,
      kind: 'event_alert',
      dedupeKey: `owner-test:${title}`,
      source: { kind: 'event_alert', id: 1 },
      now: server.clock.now(),
      push: { title, body: title },
    }),
  );
  const rows = await server.database.system
    .select()
    .from(notifications)
    .where(eq(notifications.familyId, f.familyId));
  return rows.filter((r) => r.channel === 'push' && r.subject === title);
}

describe('a push device lives as long as the session that subscribed it', () => {
  it('signing out deletes the device of that session, and no push is written for it', async () => {
    const family = await signedInFamily(server, { registration: { familyName: 'Signouts' } });
    const laptop = await anotherSession(family);
    const phone = await subscribe(family, push.newSubscription());
    const onLaptop = await subscribe(laptop, push.newSubscription());
    expect(await devices(family)).toEqual([phone.id, onLaptop.id]);

    expect((await callAs(server, laptop, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    expect(await devices(family)).toEqual([phone.id]);
    expect((await alert(family, 'After sign-out')).map((r) => r.pushSubscriptionId)).toEqual([phone.id]);
  });

  it('"sign out everywhere else" deletes the other sessions\' devices and keeps this one\'s', async () => {
    const family = await signedInFamily(server, { registration: { familyName: 'Everywhere' } });
    const other = await anotherSession(family);
    const mine = await subscribe(family, push.newSubscription());
    await subscribe(other, push.newSubscription());
    const res = await callAs(server, family, 'POST', '/api/account/sessions/sign-out-others');
    expect(res.statusCode, res.body).toBe(200);
    expect(await devices(family)).toEqual([mine.id]);
  });

  it('a device whose session expired gets nothing, before the session is pruned too', async () => {
    const family = await signedInFamily(server, { registration: { familyName: 'Expired' } });
    const other = await anotherSession(family);
    const mine = await subscribe(family, push.newSubscription());
    const stale = await subscribe(other, push.newSubscription());
    const queued = await alert(family, 'Queued before expiry');
    expect(queued.map((r) => r.pushSubscriptionId).sort()).toEqual([mine.id, stale.id].sort());
    // `other`'s session is past its idle expiry but still in the table (pruning runs hourly).
    const [otherRow] = await server.database.system
      .select({ sid: pushSubscriptions.sessionSid })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, stale.id));
    await server.database.system
      .update(sessions)
      .set({ expire: new Date(server.clock.now().getTime() - 1000) })
      .where(eq(sessions.sid, otherRow?.sid ?? ''));

    expect((await alert(family, 'After expiry')).map((r) => r.pushSubscriptionId)).toEqual([mine.id]);
    const card = (await callAs(server, family, 'GET', '/api/family-members'))
      .json<FamilyMemberDto[]>()
      .find((m) => m.is_you);
    expect(card?.push_devices).toBe(1);
  });
});

describe('one browser belongs to the account signed in on it now', () => {
  it('the same endpoint subscribed by an account of another family moves there; the first family loses it', async () => {
    const first = await signedInFamily(server, { registration: { familyName: 'Grandma A' } });
    const second = await signedInFamily(server, { registration: { familyName: 'Grandma B' } });
    const browser = push.newSubscription();
    const inFirst = await subscribe(first, browser);
    const waiting = await alert(first, 'For family A');
    expect(waiting.map((r) => r.pushSubscriptionId)).toEqual([inFirst.id]);

    const inSecond = await subscribe(second, browser);
    expect(inSecond.id).not.toBe(inFirst.id);
    expect(await devices(first)).toEqual([]);
    expect(await devices(second)).toEqual([inSecond.id]);
    // Family A's waiting message no longer names the device (it fails "device removed"), and A writes none.
    const [row] = await server.database.system
      .select()
      .from(notifications)
      .where(eq(notifications.id, waiting[0]?.id ?? 0));
    expect(row?.pushSubscriptionId).toBeNull();
    expect(await alert(first, 'For family A, later')).toEqual([]);
    expect((await alert(second, 'For family B')).map((r) => r.pushSubscriptionId)).toEqual([inSecond.id]);
    const rows = await server.database.system
      .select({ familyId: pushSubscriptions.familyId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.endpoint));
    expect(rows).toEqual([{ familyId: second.familyId }]);

    // The same account subscribing again (a new session on the same browser) keeps its device.
    const again = await anotherSession(second);
    expect((await subscribe(again, browser)).id).toBe(inSecond.id);
  });
});

describe('Account Settings says what the member card says', () => {
  it('the account reply carries the member as the card shows them, and push switched off', async () => {
    const family = await signedInFamily(server, { registration: { familyName: 'Truthful' } });
    const account = async () => (await callAs(server, family, 'GET', '/api/account')).json<AccountDto>();
    const card = async () =>
      (await callAs(server, family, 'GET', '/api/family-members'))
        .json<FamilyMemberDto[]>()
        .find((m) => m.is_you);

    await subscribe(family, push.newSubscription());
    const [mine, theirs] = [await account(), await card()];
    expect(mine.member).toEqual(theirs);
    expect(mine.push_switched_off).toBe(false);
    expect(
      remindersText(mine.member ?? { reminder_channel: null, reminder_gap: null, push_devices: 0 }),
    ).toBe(
      // The test server has no SMTP and no Twilio: e-mail is not configured, so push is all that reaches her.
      'Reminders: Push on 1 device',
    );

    await callAs(server, family, 'POST', '/api/settings', { key: 'disable_all_push', value: 'true' });
    const [off, offCard] = [await account(), await card()];
    expect(off.member).toEqual(offCard);
    expect(off).toMatchObject({ push_switched_off: true, member: { push_devices: 0 } });
  });
});
