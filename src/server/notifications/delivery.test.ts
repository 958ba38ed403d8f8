import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { familyMembers, families } from '../db/schema/families.ts';
import { notifications } from '../db/schema/notifications.ts';
import { type SignedInFamily, signedInFamily } from '../test/harness.ts';
import { messagingFixture } from '../test/messaging.ts';
import { withDatabase } from '../test/global-setup.ts';
import { createDispatcher, type Dispatcher, wakeOnOutboxChanges } from './dispatcher.ts';
import { enqueue, type OutboundMessage } from './outbox.ts';
import { createLogProvider } from './providers/log.ts';
import { ProviderError, type OutgoingMessage, type Provider } from './providers/provider.ts';
import { createTwilioProvider } from './providers/twilio.ts';
import { invitationEmail } from './templates.ts';
import { addMember, setSmsEnabled } from './testing/family.ts';
import { testProviders } from './testing/providers.ts';
import { markPhoneVerified } from '../test/phone.ts';

/** The app with an SMTP sink and a fake carrier (src/server/test/messaging.ts). */
const hub = messagingFixture();
let family: SignedInFamily;
let key = 0;
const MIN = 60_000;

function message(overrides: Partial<OutboundMessage> = {}): OutboundMessage {
  key += 1;
  return {
    familyId: family.familyId,
    familyMemberId: family.memberId,
    channel: 'email',
    recipient: `person${key}@example.com`,
    subject: `Reminder ${key}`,
    body: `Reminder number ${key}`,
    html: `<p>Reminder number ${key}</p>`,
    kind: 'task_reminder',
    dedupeKey: `delivery:${key}`,
    now: hub.server.clock.now(),
    ...overrides,
  };
}

async function row(id: number) {
  const [r] = await hub.server.database.system.select().from(notifications).where(eq(notifications.id, id));
  if (!r) throw new Error(`no notification ${id}`);
  return r;
}

beforeAll(async () => {
  family = await signedInFamily(hub.server, { registration: { familyName: 'Delivery' } });
  await markPhoneVerified(hub.server.database.system, family.memberId);
  await setSmsEnabled(hub.server.database.system, family.familyId, true);
});

describe('e-mail over SMTP', () => {
  it('delivers the invitation e-mail with headers, text, HTML and the accept link', async () => {
    const memberId = await addMember(hub.server.database.system, family.familyId, {
      name: 'Grandma',
      email: 'gran@example.com',
    });
    const content = invitationEmail({
      publicUrl: 'https://familyhub.example/',
      token: 'tok_ABC123',
      familyName: 'Delivery & Co',
      inviterName: 'Ana',
      inviteeName: 'Grandma',
      expiresAt: new Date('2026-11-29T16:00:00Z'),
    });
    const queued = await enqueue(
      hub.server.database.system,
      message({ ...content, familyMemberId: memberId, recipient: undefined, dedupeKey: 'invitation:1' }),
    );
    const summary = await hub.dispatcher().dispatchOnce();
    expect(summary).toMatchObject({ claimed: 1, sent: 1, retried: 0, failed: 0 });

    expect(hub.smtp.messages).toHaveLength(1);
    const mail = hub.smtp.messages[0];
    expect(mail?.from?.value).toEqual([{ name: 'FamilyHub', address: 'no-reply@familyhub.test' }]);
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('gran@example.com');
    expect(mail?.subject).toBe('Ana invited you to join the Delivery & Co family on FamilyHub');
    expect(mail?.messageId).toBe(`<notification-${queued.id}@familyhub.test>`);
    expect(mail?.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail?.text).toContain(
      'Accept the invitation: https://familyhub.example/register-invitation/tok_ABC123',
    );
    expect(mail?.text).toContain('This invitation expires on 2026-11-29.');
    expect(mail?.html).toContain('href="https://familyhub.example/register-invitation/tok_ABC123"');
    expect(mail?.html).toContain('<strong>the Delivery &amp; Co family</strong>');

    const r = await row(queued.id);
    expect(r).toMatchObject({
      status: 'sent',
      attempts: 1,
      lockedUntil: null,
      lastError: null,
      providerMessageId: mail?.messageId,
    });
    expect(r.sentAt?.toISOString()).toBe(hub.server.clock.now().toISOString());
  });

  it('fails at once on a permanent rejection (550) without retrying', async () => {
    hub.smtp.rejectRecipients.add('nobody@example.com');
    const queued = await enqueue(hub.server.database.system, message({ recipient: 'nobody@example.com' }));
    const summary = await hub.dispatcher().dispatchOnce();
    expect(summary).toMatchObject({ claimed: 1, failed: 1 });
    const r = await row(queued.id);
    expect(r).toMatchObject({ status: 'failed', attempts: 1, statusReason: 'Permanent provider error' });
    expect(r.lastError).toContain('550');
    hub.server.clock.advanceMinutes(24 * 60);
    expect((await hub.dispatcher().dispatchOnce()).claimed).toBe(0);
    expect(hub.smtp.messages).toHaveLength(0);
  });

  it('SMTP down for a while, then back: every message delivered exactly once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await enqueue(hub.server.database.system, message())).id);
    await hub.smtp.stop();
    const d = hub.dispatcher();
    const down = await d.dispatchOnce();
    expect(down).toMatchObject({ claimed: 5, sent: 0, retried: 5 });
    for (const id of ids) {
      const r = await row(id);
      expect(r).toMatchObject({ status: 'pending', attempts: 1 });
      expect(r.lastError).toMatch(/ECONNECTION|ECONNREFUSED/);
      // random = 0.5 → 3/4 of the first 30 s ceiling.
      expect(r.sendAfter.getTime() - hub.server.clock.now().getTime()).toBe(22_500);
    }
    // Still down on the next due round: second backoff step.
    hub.server.clock.advanceMinutes(1);
    expect(await d.dispatchOnce()).toMatchObject({ claimed: 5, retried: 5 });
    // Not yet due again: nothing is claimed early.
    expect((await d.dispatchOnce()).claimed).toBe(0);

    await hub.smtp.start();
    hub.server.clock.advanceMinutes(2);
    expect(await d.dispatchOnce()).toMatchObject({ claimed: 5, sent: 5 });
    hub.server.clock.advanceMinutes(24 * 60);
    expect((await d.dispatchOnce()).claimed).toBe(0);
    expect(hub.smtp.messages.map((m) => m.messageId).sort()).toEqual(
      ids.map((id) => `<notification-${id}@familyhub.test>`).sort(),
    );
    for (const id of ids) expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('a message whose expiry passes while the provider is down is expired, not sent late', async () => {
    const now = hub.server.clock.now();
    const queued = await enqueue(
      hub.server.database.system,
      message({ kind: 'daily_summary', expiresAt: new Date(now.getTime() + 30 * MIN) }),
    );
    await hub.smtp.stop();
    const d = hub.dispatcher();
    expect(await d.dispatchOnce()).toMatchObject({ claimed: 1, retried: 1 });
    hub.server.clock.advanceMinutes(60);
    await hub.smtp.start();
    expect(await d.dispatchOnce()).toMatchObject({ claimed: 0, expired: 1 });
    expect(hub.smtp.messages).toHaveLength(0);
    expect(await row(queued.id)).toMatchObject({
      status: 'expired',
      statusReason: 'Expired before it could be delivered',
      sentAt: null,
    });
  });

  it('gives up after the bounded number of attempts', async () => {
    await hub.smtp.stop();
    const queued = await enqueue(hub.server.database.system, message());
    const d = hub.dispatcher({ backoff: { baseMs: 1000, maxMs: 1000, maxAttempts: 3 } });
    expect(await d.dispatchOnce()).toMatchObject({ retried: 1 });
    hub.server.clock.advanceMinutes(1);
    expect(await d.dispatchOnce()).toMatchObject({ retried: 1 });
    hub.server.clock.advanceMinutes(1);
    expect(await d.dispatchOnce()).toMatchObject({ failed: 1 });
    expect(await row(queued.id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      statusReason: 'Gave up after 3 attempts',
    });
    await hub.smtp.start();
    hub.server.clock.advanceMinutes(60);
    expect((await d.dispatchOnce()).claimed).toBe(0);
  });
});

describe('SMS over the Twilio Messages API (local fake)', () => {
  it('sends with Basic auth, the form fields and a ValidityPeriod from expires_at', async () => {
    const now = hub.server.clock.now();
    const queued = await enqueue(
      hub.server.database.system,
      message({
        channel: 'sms',
        recipient: '+15551110001',
        body: 'Pick up Mia at 3:30',
        expiresAt: new Date(now.getTime() + 45 * MIN),
      }),
    );
    expect(await hub.dispatcher().dispatchOnce()).toMatchObject({ sent: 1 });
    expect(hub.twilio.sent).toEqual([
      { to: '+15551110001', from: hub.twilio.from, body: 'Pick up Mia at 3:30', validityPeriod: '2700' },
    ]);
    const r = await row(queued.id);
    expect(r.status).toBe('sent');
    expect(r.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it('caps ValidityPeriod at Twilio’s 36000 seconds and omits it without an expiry', async () => {
    await enqueue(
      hub.server.database.system,
      message({
        channel: 'sms',
        recipient: '+15551110002',
        expiresAt: new Date(hub.server.clock.now().getTime() + 48 * 60 * MIN),
      }),
    );
    await enqueue(hub.server.database.system, message({ channel: 'sms', recipient: '+15551110003' }));
    expect(await hub.dispatcher({ concurrency: 1 }).dispatchOnce()).toMatchObject({ sent: 2 });
    expect(hub.twilio.sent.map((s) => s.validityPeriod)).toEqual(['36000', null]);
  });

  it('retries 429 (honouring Retry-After) and 500, then delivers once', async () => {
    const queued = await enqueue(
      hub.server.database.system,
      message({ channel: 'sms', recipient: '+15551110004' }),
    );
    hub.twilio.failNext({ status: 429, code: 20429, retryAfterSeconds: 120 }, { status: 500 });
    const d = hub.dispatcher();
    expect(await d.dispatchOnce()).toMatchObject({ retried: 1 });
    let r = await row(queued.id);
    expect(r.lastError).toContain('Twilio 429');
    expect(r.sendAfter.getTime() - hub.server.clock.now().getTime()).toBe(120_000);
    hub.server.clock.advanceMinutes(1);
    expect((await d.dispatchOnce()).claimed).toBe(0);
    hub.server.clock.advanceMinutes(1);
    expect(await d.dispatchOnce()).toMatchObject({ retried: 1 });
    r = await row(queued.id);
    expect(r.lastError).toContain('Twilio 500');
    hub.server.clock.advanceMinutes(5);
    expect(await d.dispatchOnce()).toMatchObject({ sent: 1 });
    expect(hub.twilio.requests).toHaveLength(3);
    expect(hub.twilio.sent).toHaveLength(1);
    expect(await row(queued.id)).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('fails at once on an invalid number (21211)', async () => {
    hub.twilio.failFor('+15550000000', { status: 400, code: 21211 });
    const queued = await enqueue(
      hub.server.database.system,
      message({ channel: 'sms', recipient: '+15550000000' }),
    );
    expect(await hub.dispatcher().dispatchOnce()).toMatchObject({ failed: 1 });
    const r = await row(queued.id);
    expect(r).toMatchObject({ status: 'failed', attempts: 1 });
    expect(r.lastError).toContain('21211');
  });

  it('an unsubscribed recipient (21610) fails at once and marks the member as opted out', async () => {
    const memberId = await addMember(hub.server.database.system, family.familyId, {
      name: 'Teen',
      phoneNumber: '+15551110005',
    });
    await markPhoneVerified(hub.server.database.system, memberId);
    hub.twilio.failFor('+15551110005', { status: 400, code: 21610 });
    const queued = await enqueue(
      hub.server.database.system,
      message({ channel: 'sms', familyMemberId: memberId, recipient: undefined }),
    );
    expect(await hub.dispatcher().dispatchOnce()).toMatchObject({ failed: 1 });
    expect(await row(queued.id)).toMatchObject({ status: 'failed' });
    const [member] = await hub.server.database.system
      .select()
      .from(familyMembers)
      .where(eq(familyMembers.id, memberId));
    expect(member?.smsOptedOut).toBe(true);
    const next = await enqueue(
      hub.server.database.system,
      message({ channel: 'sms', familyMemberId: memberId, recipient: undefined }),
    );
    expect(next).toMatchObject({ status: 'suppressed', statusReason: 'sms_opted_out' });
  });

  it('a wrong auth token is retried, not lost (the operator can fix it)', async () => {
    const queued = await enqueue(
      hub.server.database.system,
      message({ channel: 'sms', recipient: '+15551110006' }),
    );
    const bad = createTwilioProvider({
      accountSid: hub.twilio.accountSid,
      authToken: 'wrong',
      from: hub.twilio.from,
      baseUrl: hub.twilio.baseUrl,
      sendsPerSecond: 0,
    });
    expect(
      await hub
        .dispatcher({ providers: { email: testProviders(hub.smtp, hub.twilio).email, sms: bad } })
        .dispatchOnce(),
    ).toMatchObject({ retried: 1 });
    expect((await row(queued.id)).lastError).toContain('Twilio 401 (20003)');
    hub.server.clock.advanceMinutes(5);
    expect(await hub.dispatcher().dispatchOnce()).toMatchObject({ sent: 1 });
  });

  it('paces sends to the configured rate', async () => {
    for (let i = 0; i < 3; i++)
      await enqueue(hub.server.database.system, message({ channel: 'sms', recipient: `+1555111002${i}` }));
    const paced = createTwilioProvider({
      accountSid: hub.twilio.accountSid,
      authToken: hub.twilio.authToken,
      from: hub.twilio.from,
      baseUrl: hub.twilio.baseUrl,
      sendsPerSecond: 10,
    });
    const started = performance.now();
    expect(
      await hub
        .dispatcher({ providers: { email: testProviders(hub.smtp, hub.twilio).email, sms: paced } })
        .dispatchOnce(),
    ).toMatchObject({ sent: 3 });
    // Three sends at 10/s: the 2nd waits 100 ms, the 3rd 200 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });
});

/** A provider whose sends wait until the test lets them go. */
function gatedProvider(): Provider & { started: OutgoingMessage[]; release(): void } {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const started: OutgoingMessage[] = [];
  return {
    name: 'gated',
    started,
    release: () => open(),
    async send(m) {
      started.push(m);
      await gate;
      return { providerMessageId: `gated-${m.id}` };
    },
    async close() {},
  };
}

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition not reached');
}

describe('faults', () => {
  it('a process killed between claim and send: the lease expires and the message goes out once', async () => {
    const queued = await enqueue(hub.server.database.system, message());
    const hung = gatedProvider();
    // Process A claims the row, then "dies" inside the send (its provider never returns).
    const crashed = createDispatcher({
      db: hub.server.database.system,
      clock: hub.server.clock,
      providers: { email: hung, sms: hung },
      leaseMs: 5 * MIN,
    });
    const abandoned = crashed.dispatchOnce();
    await until(() => hung.started.length === 1);
    expect(await row(queued.id)).toMatchObject({ status: 'sending', attempts: 1 });

    const survivor = hub.dispatcher({ leaseMs: 5 * MIN });
    expect((await survivor.dispatchOnce()).claimed).toBe(0); // still leased
    hub.server.clock.advanceMinutes(6);
    expect(await survivor.dispatchOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(hub.smtp.messages).toHaveLength(1);
    const sent = await row(queued.id);
    expect(sent).toMatchObject({
      status: 'sent',
      attempts: 2,
      providerMessageId: `<notification-${queued.id}@familyhub.test>`,
    });

    // If the "dead" process wakes up, its stale lease cannot overwrite the recorded outcome.
    hung.release();
    expect(await abandoned).toMatchObject({ sent: 0 });
    expect(await row(queued.id)).toEqual(sent);
  });

  it('graceful shutdown finishes the send in flight and hands unstarted claims back', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await enqueue(hub.server.database.system, message())).id);
    const slow = gatedProvider();
    const d = createDispatcher({
      db: hub.server.database.system,
      clock: hub.server.clock,
      providers: { email: slow, sms: slow },
      concurrency: 1,
    });
    const round = d.dispatchOnce();
    await until(() => slow.started.length === 1);
    const stopping = d.stop();
    slow.release();
    await stopping;
    expect(await round).toMatchObject({ claimed: 4, sent: 1, released: 3 });
    const rows = await hub.server.database.system
      .select()
      .from(notifications)
      .where(inArray(notifications.id, ids));
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(1);
    for (const r of rows.filter((r) => r.status !== 'sent'))
      expect(r).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    // A new process sends the rest right away.
    expect(await hub.dispatcher().dispatchOnce()).toMatchObject({ sent: 3 });
  });

  it('a claimed message whose expiry passes while it waits its turn is expired, not sent', async () => {
    const first = await enqueue(hub.server.database.system, message());
    const second = await enqueue(
      hub.server.database.system,
      message({ expiresAt: new Date(hub.server.clock.now().getTime() + MIN) }),
    );
    const slow = gatedProvider();
    const d = hub.dispatcher({ providers: { email: slow, sms: slow }, concurrency: 1 });
    const round = d.dispatchOnce();
    await until(() => slow.started.length === 1);
    hub.server.clock.advanceMinutes(2);
    slow.release();
    expect(await round).toMatchObject({ claimed: 2, sent: 1, expired: 1 });
    expect(slow.started.map((m) => m.id)).toEqual([first.id]);
    expect(await row(second.id)).toMatchObject({ status: 'expired', sentAt: null });
  });

  it('the loop delivers on its own and stops cleanly', async () => {
    const queued = await enqueue(hub.server.database.system, message());
    const d = hub.dispatcher();
    d.start();
    await until(async () => (await row(queued.id)).status === 'sent');
    await d.stop();
    expect(hub.smtp.messages).toHaveLength(1);
  });

  it('two dispatchers (two app instances) over 1,000 due messages: each sent exactly once', async () => {
    // Remove leftovers of earlier tests so that exactly our 1,000 are due.
    await hub.server.database.system
      .delete(notifications)
      .where(inArray(notifications.status, ['pending', 'sending']));
    await hub.server.database.system.transaction(async (tx) => {
      for (let i = 0; i < 1000; i++) {
        await enqueue(
          tx,
          message({
            channel: 'sms',
            recipient: `+1555200${String(i).padStart(4, '0')}`,
            body: `Message ${i}`,
          }),
        );
      }
    });
    // On PostgreSQL the second instance has its own connection pool, as a second process would.
    let second: Database | null = null;
    if (hub.server.database.kind === 'postgres' && process.env.DATABASE_URL) {
      // Any one row will do: we only want the server-side database name (families has rows by now).
      const [current] = await hub.server.database.system
        .select({ name: sql<string>`current_database()` })
        .from(families)
        .limit(1);
      const name = current?.name;
      if (!name) throw new Error('no database name');
      second = await openDatabase({
        databaseUrl: withDatabase(process.env.DATABASE_URL, name),
        dataDir: '',
        poolSize: 5,
      });
    }
    const a = hub.dispatcher({ batchSize: 25 });
    const b = hub.dispatcher({ batchSize: 25, ...(second ? { db: second.system } : {}) });
    const drain = async (d: Dispatcher) => {
      let sent = 0;
      for (;;) {
        const s = await d.dispatchOnce();
        sent += s.sent;
        if (s.claimed === 0) return sent;
      }
    };
    let sentA = 0;
    let sentB = 0;
    // A transient failure (seen: a keep-alive connection the fake closed while idle, "fetch failed") is retried later: move the clock
    // past the backoff and drain again until nothing is left.
    for (let round = 0; round < 5; round++) {
      const [x, y] = await Promise.all([drain(a), drain(b)]);
      sentA += x;
      sentB += y;
      const left = await hub.server.database.system
        .select({ id: notifications.id })
        .from(notifications)
        .where(inArray(notifications.status, ['pending', 'sending']));
      if (left.length === 0) break;
      hub.server.clock.advanceMinutes(10);
    }
    await second?.close();
    expect(sentA + sentB).toBe(1000);
    expect(sentA).toBeGreaterThan(0);
    expect(sentB).toBeGreaterThan(0);
    expect(hub.twilio.sent).toHaveLength(1000);
    expect(new Set(hub.twilio.sent.map((s) => s.to)).size).toBe(1000);
    const statuses = await hub.server.database.system
      .select({ status: notifications.status, attempts: notifications.attempts })
      .from(notifications)
      .where(eq(notifications.kind, 'task_reminder'));
    const pendingOrSending = statuses.filter((s) => s.status === 'pending' || s.status === 'sending');
    expect(pendingOrSending).toHaveLength(0);
  }, 120_000);
});

describe('the loop sleeps until something is due (ADR 030)', () => {
  /** hub.server.clock, counting its reads: every round reads it, a sleeping loop does not. */
  function countingClock() {
    const clock = { reads: 0, now: () => ((clock.reads += 1), hub.server.clock.now()) };
    return clock;
  }
  /** Resolves once the loop has gone `ms` without reading its clock: it is asleep. */
  async function asleep(clock: { reads: number }, ms = 150): Promise<void> {
    let seen = -1;
    await until(async () => {
      if (seen === clock.reads) return true;
      seen = clock.reads;
      await new Promise((r) => setTimeout(r, ms));
      return false;
    });
  }
  beforeEach(async () => {
    // Earlier tests' leftovers (retries, leases) would be due at their own times.
    await hub.server.database.system
      .delete(notifications)
      .where(inArray(notifications.status, ['pending', 'sending']));
  });

  it('an idle loop makes no round in 1.5 s (it polled each second before), and a committed message wakes it at once', async () => {
    const clock = countingClock();
    const d = hub.dispatcher({ clock });
    const stopWaking = wakeOnOutboxChanges(hub.server.changes, d);
    try {
      d.start();
      await asleep(clock);
      const reads = clock.reads;
      await new Promise((r) => setTimeout(r, 1500));
      expect(clock.reads).toBe(reads);
      // Committed by another connection than the loop's (a request's transaction, another process): the
      // notifications trigger's change message is what wakes it, long before its 60 s idle limit.
      const queued = await hub.server.database.system.transaction((tx) => enqueue(tx, message()));
      await until(async () => (await row(queued.id)).status === 'sent');
      expect(hub.smtp.messages.map((m) => m.subject)).toEqual([`Reminder ${String(key)}`]);
    } finally {
      stopWaking();
    }
  });

  it('without a nudge, a loop wakes at the next send time it found, not at its idle limit', async () => {
    const later = await enqueue(
      hub.server.database.system,
      message({ sendAfter: new Date(hub.server.clock.now().getTime() + 400) }),
    );
    const clock = countingClock();
    const d = hub.dispatcher({ clock, minPauseMs: 10 });
    d.start();
    await asleep(clock, 50); // its first round found nothing due and sleeps ≈ 400 ms, not 60 s
    expect((await row(later.id)).status).toBe('pending');
    hub.server.clock.advanceMinutes(1);
    const woke = Date.now();
    await until(async () => (await row(later.id)).status === 'sent');
    expect(Date.now() - woke).toBeLessThan(5_000);
    hub.server.clock.advanceMinutes(-1);
  });

  it('a due message another dispatcher holds is looked at again after the pause, not in a tight loop', async () => {
    const held = await enqueue(hub.server.database.system, message());
    const clock = countingClock();
    const d = hub.dispatcher({ clock, minPauseMs: 200 });
    // Another dispatcher's claim, still open: the row is due but locked (FOR UPDATE SKIP LOCKED skips it).
    // This speaks for PostgreSQL: on PGlite the one connection serialises the two, so the loop waits instead.
    let release = () => {};
    const holding = hub.server.database.system.transaction(async (tx) => {
      await tx.select().from(notifications).where(eq(notifications.id, held.id)).for('update');
      await new Promise<void>((resolve) => (release = resolve));
    });
    try {
      await new Promise((r) => setTimeout(r, 50));
      d.start();
      await new Promise((r) => setTimeout(r, 1000));
      // A round reads the clock a handful of times; one each 200 ms is ≈ 5 rounds, a tight loop hundreds.
      expect(clock.reads).toBeLessThan(60);
    } finally {
      release();
      await holding;
    }
    await until(async () => (await row(held.id)).status === 'sent');
  });
});

describe('what a failure records', () => {
  it('keeps a long error whole to the last character: an emoji across the cut is left out, not halved', async () => {
    const queued = await enqueue(hub.server.database.system, message());
    const failing: Provider = {
      name: 'failing',
      send: () => Promise.reject(new ProviderError(`${'x'.repeat(999)}😀 and the rest`, true)),
      close: async () => {},
    };
    expect(
      await hub.dispatcher({ providers: { email: failing, sms: failing } }).dispatchOnce(),
    ).toMatchObject({
      failed: 1,
    });
    expect(await row(queued.id)).toMatchObject({ status: 'failed', lastError: 'x'.repeat(999) });
  });
});

describe('log provider (no configuration)', () => {
  it('records the message as delivered to the log and sends nothing', async () => {
    const logged: string[] = [];
    const sink = { info: (_fields: object, msg: string) => logged.push(msg) };
    const queued = await enqueue(
      hub.server.database.system,
      message({ channel: 'sms', recipient: '+15551110099' }),
    );
    const d = hub.dispatcher({
      providers: { email: createLogProvider('email', sink), sms: createLogProvider('sms', sink) },
    });
    expect(await d.dispatchOnce()).toMatchObject({ sent: 1 });
    expect(await row(queued.id)).toMatchObject({
      status: 'sent',
      providerMessageId: `log-${queued.id}`,
      statusReason: 'Delivered to the server log; no provider is configured.',
    });
    expect(logged).toEqual(['sms delivered to the log (no provider configured)']);
    expect(hub.twilio.requests).toHaveLength(0);
  });
});
