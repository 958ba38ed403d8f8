import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PushSubscriptionDto } from '../../core/contracts/push.ts';
import { families, familyMembers } from '../db/schema/families.ts';
import { notifications } from '../db/schema/notifications.ts';
import { pushSubscriptions } from '../db/schema/push.ts';
import { createDispatcher, type Dispatcher } from '../notifications/dispatcher.ts';
import { enqueue } from '../notifications/outbox.ts';
import { createLogProvider } from '../notifications/providers/log.ts';
import { createPlanner } from '../scheduler/planner.ts';
import {
  createTestServer,
  type SignedInFamily,
  signedInFamily,
  type TestServer,
  eventPayload,
  taskPayload,
} from '../test/harness.ts';
import { allowedOrigins, endpointProblem } from '../notifications/providers/push-endpoints.ts';
import { createWebPushProvider } from '../notifications/providers/webpush.ts';
import {
  startLocalPushService,
  type BrowserSubscription,
  type LocalPushService,
} from '../notifications/testing/push-service.ts';
import { vapidKeys } from '../notifications/providers/vapid.ts';

let server: TestServer;
let push: LocalPushService;
let family: SignedInFamily;
const dispatchers: Dispatcher[] = [];

/** The real dispatcher with the real Web Push provider; e-mail and SMS go to the log. */
function dispatcher(): Dispatcher {
  const d = createDispatcher({
    db: server.database.system,
    clock: server.clock,
    providers: {
      email: createLogProvider('email'),
      sms: createLogProvider('sms'),
      push: createWebPushProvider({
        vapid: vapidKeys(server.config),
        allowedOrigins: allowedOrigins(server.config.WEB_PUSH_ALLOWED_ORIGINS),
        timeoutMs: 2000,
      }),
    },
    random: () => 0.5,
  });
  dispatchers.push(d);
  return d;
}

const call = (f: SignedInFamily, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, payload, headers: { cookie: f.cookie, 'user-agent': UA } });

const UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';

async function subscribeDevice(
  f: SignedInFamily,
  subscription: BrowserSubscription,
): Promise<PushSubscriptionDto> {
  const res = await call(f, 'POST', '/api/push/subscriptions', subscription);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PushSubscriptionDto>();
}

const pushRows = (familyId: number) =>
  server.database.system
    .select()
    .from(notifications)
    .where(eq(notifications.familyId, familyId))
    .then((rows) => rows.filter((r) => r.channel === 'push'));

/** An event alert to the registrant, written through the outbox as the events feature does. */
async function alert(title: string) {
  return server.database.system.transaction((tx) =>
    enqueue(tx, {
      familyId: family.familyId,
      familyMemberId: family.memberId,
      channel: 'email',
      subject: title,
      body: title,
      kind: 'event_alert',
      dedupeKey: `push-test:${title}`,
      source: { kind: 'event_alert', id: 1 },
      now: server.clock.now(),
      push: { title, body: `${title} body` },
    }),
  );
}

beforeAll(async () => {
  const vapid = vapidKeys({ ...(await import('../config.ts')).testConfig() });
  push = await startLocalPushService(vapid.publicKey);
  server = await createTestServer({ WEB_PUSH_ALLOWED_ORIGINS: push.origin });
  server.clock.set('2026-12-05T12:00:00Z');
  family = await signedInFamily(server, { registration: { familyName: 'Pushy' } });
  const db = server.database.system;
  await db.update(families).set({ timezone: 'America/Los_Angeles' }).where(eq(families.id, family.familyId));
  await db
    .update(familyMembers)
    .set({ dailySummaryEnabled: true })
    .where(eq(familyMembers.id, family.memberId));
});
afterEach(async () => {
  await Promise.all(dispatchers.splice(0).map((d) => d.stop()));
});
afterAll(async () => {
  await server.close();
  await push.close();
});

describe('Web Push through a local push service', () => {
  it('an event alert, a task reminder and the 7:30 summary each arrive decrypted exactly once', async () => {
    const device = await subscribeDevice(family, push.newSubscription());
    expect(device).toMatchObject({
      device_label: 'Chrome 140 on Android',
      service: push.origin,
      last_success_at: null,
    });
    const vapid = await call(family, 'GET', '/api/push/vapid-public-key');
    expect(vapid.json()).toEqual({ public_key: vapidKeys(server.config).publicKey });
    expect(Buffer.from(vapid.json<{ public_key: string }>().public_key, 'base64url')).toHaveLength(65);

    const event = await call(
      family,
      'POST',
      '/api/events',
      eventPayload(family, {
        location: 'Town hall',
        alert_members: [String(family.memberId)],
      }),
    );
    expect(event.statusCode, event.body).toBe(201);
    const eventId = event.json<{ id: number }>().id;
    const task = await call(
      family,
      'POST',
      '/api/tasks',
      taskPayload(family.memberId, {
        due_date: '2026-12-06T08:15:00',
      }),
    );
    expect(task.statusCode, task.body).toBe(201);
    const taskId = task.json<{ id: number }>().id;

    // 07:50 in Los Angeles: the task's 07:45 reminder and the 7:30 summary are both due.
    server.clock.set('2026-12-06T15:50:00Z');
    const planner = createPlanner({
      db: server.database.system,
      clock: server.clock,
      publicUrl: 'http://x.test',
    });
    await planner.tick();
    await dispatcher().dispatchOnce();
    await dispatcher().dispatchOnce(); // a second round sends nothing again

    const got = push.received;
    expect(got.map((r) => r.payload.title).sort()).toEqual([
      'New event: Piano recital',
      'Reminder: Dentist forms',
      'Your day, Sun, Dec 6',
    ]);
    const byTitle = (t: string) => got.find((r) => r.payload.title === t);
    expect(byTitle('New event: Piano recital')).toMatchObject({
      payload: { url: `/add-event/${eventId}`, icon: '/icons/icon-192.png' },
      urgency: 'normal',
      ttl: 6 * 3600 + 10 * 60, // until the event starts (14:00 PST = 22:00Z)
    });
    expect(byTitle('New event: Piano recital')?.payload.body).toContain('"Piano recital"');
    expect(byTitle('Reminder: Dentist forms')).toMatchObject({
      payload: { url: `/add-task/${taskId}`, body: 'Reminder: "Dentist forms" is due at 8:15 AM today.' },
      urgency: 'high', // due within the hour
      ttl: 25 * 60,
    });
    expect(byTitle('Reminder: Dentist forms')?.payload.tag).toMatch(/^task:/);
    expect(byTitle('Your day, Sun, Dec 6')?.payload.url).toBe('/');

    const rows = await pushRows(family.familyId);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect(rows.every((r) => r.recipient === 'Chrome 140 on Android')).toBe(true);
    const list = await call(family, 'GET', '/api/push/subscriptions');
    expect(list.json<PushSubscriptionDto[]>()[0]?.last_success_at).toBe('2026-12-06T15:50:00.000Z');
    // The recent-messages history shows the push deliveries like the others.
    const history = await call(family, 'GET', '/api/notifications');
    expect(
      history.json<{ items: { channel: string }[] }>().items.filter((i) => i.channel === 'push'),
    ).toHaveLength(3);
  });

  it('a 429 is retried after Retry-After; a 410 deletes the subscription', async () => {
    await server.database.system.delete(pushSubscriptions);
    push.received.length = 0;
    const sub = push.newSubscription();
    const device = await subscribeDevice(family, sub);
    push.failNext(sub.endpoint, { status: 429, retryAfter: '120' });
    const { id } = await alert('Busy');
    const d = dispatcher();
    expect(await d.dispatchOnce()).toMatchObject({ retried: 1 });
    const [row] = (await pushRows(family.familyId)).filter((r) => r.subject === 'Busy');
    expect(row?.status).toBe('pending');
    expect(row?.sendAfter.getTime()).toBe(server.clock.now().getTime() + 120_000);
    server.clock.advanceMinutes(1);
    expect(await d.dispatchOnce()).toMatchObject({ claimed: 0 });
    server.clock.advanceMinutes(1.01);
    expect(await d.dispatchOnce()).toMatchObject({ sent: 1 });
    expect(push.received.map((r) => r.payload.title)).toEqual(['Busy']);
    expect(id).toBeGreaterThan(0);

    push.failNext(sub.endpoint, { status: 410 });
    await alert('Gone');
    expect(await d.dispatchOnce()).toMatchObject({ failed: 1 });
    const list = await call(family, 'GET', '/api/push/subscriptions');
    expect(list.json<PushSubscriptionDto[]>().map((s) => s.id)).not.toContain(device.id);
    const [gone] = (await pushRows(family.familyId)).filter((r) => r.subject === 'Gone');
    expect(gone).toMatchObject({ status: 'failed', pushSubscriptionId: null });
    expect(gone?.lastError).toContain('410');
  });

  it('refuses an endpoint on a disallowed host with a 400, and never calls one', async () => {
    for (const endpoint of [
      'https://evil.example.com/push/abc',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://169.254.169.254/latest',
      'https://fcm.googleapis.com.evil.example/x',
    ]) {
      const res = await call(family, 'POST', '/api/push/subscriptions', {
        ...push.newSubscription(),
        endpoint,
      });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields.endpoint).toBeTruthy();
    }
    const malformed = await call(family, 'POST', '/api/push/subscriptions', { endpoint: 'x', keys: {} });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json<{ error: { fields: object } }>().error.fields).sort()).toEqual([
      'endpoint',
      'keys.auth',
      'keys.p256dh',
    ]);

    // A row that got in some other way (the allowed origins changed): the dispatcher refuses it, unsent.
    await server.database.system.delete(pushSubscriptions);
    const sub = push.newSubscription();
    await subscribeDevice(family, sub);
    const sneaky = sub.endpoint.replace('127.0.0.1', 'localhost');
    await server.database.system.update(pushSubscriptions).set({ endpoint: sneaky });
    const before = push.requests.length;
    await alert('Sneaky');
    expect(await dispatcher().dispatchOnce()).toMatchObject({ failed: 1 });
    expect(push.requests.length).toBe(before);
    const [row] = (await pushRows(family.familyId)).filter((r) => r.subject === 'Sneaky');
    expect(row?.lastError).toContain('Refused');
  });

  it("another account's device is a 404; the family's push switch suppresses push", async () => {
    await server.database.system.delete(pushSubscriptions);
    const mine = await subscribeDevice(family, push.newSubscription());
    const other = await signedInFamily(server, { registration: { familyName: 'Others' } });
    expect((await call(other, 'DELETE', `/api/push/subscriptions/${mine.id}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', '/api/push/subscriptions')).json()).toEqual([]);
    expect((await call(family, 'DELETE', '/api/push/subscriptions/abc')).statusCode).toBe(404);

    // The member card says so, truthfully: the registrant's account has one device, until push is switched off.
    const pushDevices = async () =>
      (await call(family, 'GET', '/api/family-members'))
        .json<{ id: number; push_devices: number }[]>()
        .find((m) => m.id === family.memberId)?.push_devices;
    expect(await pushDevices()).toBe(1);
    const off = await call(family, 'POST', '/api/settings', { key: 'disable_all_push', value: 'true' });
    expect(await pushDevices()).toBe(0);
    expect(off.statusCode, off.body).toBeLessThan(300);
    await alert('Silenced');
    const [row] = (await pushRows(family.familyId)).filter((r) => r.subject === 'Silenced');
    expect(row).toMatchObject({ status: 'suppressed', statusReason: 'disable_all_push' });
    await call(family, 'POST', '/api/settings', { key: 'disable_all_push', value: 'false' });

    expect((await call(family, 'DELETE', `/api/push/subscriptions/${mine.id}`)).statusCode).toBe(204);
    expect((await call(family, 'GET', '/api/push/subscriptions')).json()).toEqual([]);
  });
});

describe('endpointProblem', () => {
  const none = new Set<string>();
  it('allows the known push services over https only', () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/x', none)).toBeNull();
    expect(endpointProblem('https://updates.push.services.mozilla.com/wpush/v2/x', none)).toBeNull();
    expect(endpointProblem('https://web.push.apple.com/x', none)).toBeNull();
    expect(endpointProblem('https://wns2-by3p.notify.windows.com/w/?token=x', none)).toBeNull();
    expect(endpointProblem('https://push.apple.com.evil.test/x', none)).not.toBeNull();
    expect(endpointProblem('https://fcm.googleapis.com:8443/x', none)).not.toBeNull();
    expect(endpointProblem('https://user:pw@fcm.googleapis.com/x', none)).not.toBeNull();
    expect(endpointProblem('http://127.0.0.1:9/x', allowedOrigins(' http://127.0.0.1:9 ,junk'))).toBeNull();
  });
});
