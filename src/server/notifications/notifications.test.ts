import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countSmsSegments } from '../../core/notifications/sms-segments.ts';
import { appSettings, families } from '../db/schema/families.ts';
import { notifications } from '../db/schema/notifications.ts';
import { type SignedInFamily, signedInFamily, testServerPerFile } from '../test/harness.ts';
import { enqueue, enqueueMany, type OutboundMessage } from './outbox.ts';
import { UnknownRecipientError } from './policy.ts';
import { invitationEmail } from './templates.ts';
import { addMember, setSmsEnabled } from './testing/family.ts';
import { markPhoneVerified } from '../test/phone.ts';

const server = testServerPerFile();
let family: SignedInFamily;
let other: SignedInFamily;
let key = 0;

const nextKey = () => `test:${++key}`;

function message(overrides: Partial<OutboundMessage> = {}): OutboundMessage {
  return {
    familyId: family.familyId,
    familyMemberId: family.memberId,
    channel: 'email',
    recipient: 'ana@example.com',
    subject: 'Reminder',
    body: 'Pick up Mia at 3:30',
    kind: 'task_reminder',
    dedupeKey: nextKey(),
    now: server.clock.now(),
    ...overrides,
  };
}

async function rowsFor(familyId: number) {
  return server.database.system.select().from(notifications).where(eq(notifications.familyId, familyId));
}

beforeAll(async () => {
  family = await signedInFamily(server, { registration: { familyName: 'Rivera' } });
  other = await signedInFamily(server, { registration: { familyName: 'Okafor' } });
});

describe('enqueue', () => {
  it('writes in the caller’s transaction: nothing when it rolls back, the row when it commits', async () => {
    const rolledBack = nextKey();
    await expect(
      server.database.system.transaction(async (tx) => {
        await enqueue(tx, message({ dedupeKey: rolledBack }));
        throw new Error('the causing change failed');
      }),
    ).rejects.toThrow('the causing change failed');
    const committed = nextKey();
    await server.database.system.transaction(async (tx) => {
      await enqueue(tx, message({ dedupeKey: committed }));
    });
    const keys = (await rowsFor(family.familyId)).map((r) => r.dedupeKey);
    expect(keys).not.toContain(rolledBack);
    expect(keys).toContain(committed);
  });

  it('stores every field, pending, due now unless told otherwise', async () => {
    const now = server.clock.now();
    const expiresAt = new Date(now.getTime() + 3_600_000);
    const result = await enqueue(server.database.system, message({ html: '<p>Pick up</p>', expiresAt }));
    expect(result).toMatchObject({ created: true, status: 'pending', statusReason: null });
    const [row] = await server.database.system
      .select()
      .from(notifications)
      .where(eq(notifications.id, result.id));
    expect(row).toMatchObject({
      familyId: family.familyId,
      familyMemberId: family.memberId,
      channel: 'email',
      recipient: 'ana@example.com',
      subject: 'Reminder',
      body: 'Pick up Mia at 3:30',
      html: '<p>Pick up</p>',
      kind: 'task_reminder',
      status: 'pending',
      attempts: 0,
      lockedUntil: null,
    });
    expect(row?.sendAfter.toISOString()).toBe(now.toISOString());
    expect(row?.expiresAt?.toISOString()).toBe(expiresAt.toISOString());
    expect(row?.createdAt.toISOString()).toBe(now.toISOString());
  });

  it('is a no-op for a dedupe key already enqueued', async () => {
    const dedupeKey = nextKey();
    const first = await enqueue(server.database.system, message({ dedupeKey, body: 'first' }));
    const second = await enqueue(server.database.system, message({ dedupeKey, body: 'second' }));
    expect(second).toEqual({ id: first.id, created: false, status: 'pending', statusReason: null });
    const rows = (await rowsFor(family.familyId)).filter((r) => r.dedupeKey === dedupeKey);
    expect(rows.map((r) => r.body)).toEqual(['first']);
  });

  it('uses the member’s own e-mail or phone when no recipient is given', async () => {
    await setSmsEnabled(server.database.system, family.familyId, true);
    const memberId = await addMember(server.database.system, family.familyId, {
      name: 'Grandma',
      email: 'gran@example.com',
      phoneNumber: '+15551230001',
    });
    await markPhoneVerified(server.database.system, memberId);
    const email = await enqueue(
      server.database.system,
      message({ familyMemberId: memberId, recipient: undefined }),
    );
    const sms = await enqueue(
      server.database.system,
      message({ familyMemberId: memberId, recipient: undefined, channel: 'sms' }),
    );
    const rows = await rowsFor(family.familyId);
    expect(rows.find((r) => r.id === email.id)?.recipient).toBe('gran@example.com');
    expect(rows.find((r) => r.id === sms.id)).toMatchObject({
      recipient: '+15551230001',
      subject: null,
      html: null,
    });
    await setSmsEnabled(server.database.system, family.familyId, false);
  });

  it('cuts SMS bodies to at most 3 segments', async () => {
    await setSmsEnabled(server.database.system, family.familyId, true);
    const result = await enqueue(
      server.database.system,
      message({ channel: 'sms', recipient: '+15551230002', body: 'Reminder. '.repeat(100) }),
    );
    const [row] = await server.database.system
      .select()
      .from(notifications)
      .where(eq(notifications.id, result.id));
    expect(countSmsSegments(row?.body ?? '').segments).toBe(3);
    expect(row?.body.endsWith('...')).toBe(true);
    await setSmsEnabled(server.database.system, family.familyId, false);
  });

  it('refuses a member of another family and writes nothing', async () => {
    const before = (await rowsFor(family.familyId)).length + (await rowsFor(other.familyId)).length;
    await expect(
      enqueue(server.database.system, message({ familyMemberId: other.memberId })),
    ).rejects.toBeInstanceOf(UnknownRecipientError);
    const after = (await rowsFor(family.familyId)).length + (await rowsFor(other.familyId)).length;
    expect(after).toBe(before);
  });
});

describe('enqueueMany', () => {
  it('writes many rows with the same policy and dedupe rules as enqueue', async () => {
    const kid = await addMember(server.database.system, family.familyId, { name: 'Kid' });
    const existingKey = nextKey();
    await enqueue(server.database.system, message({ dedupeKey: existingKey }));
    const repeated = nextKey();
    const batch: OutboundMessage[] = [
      ...Array.from({ length: 1500 }, () => message()), // more than one INSERT chunk
      message({ dedupeKey: existingKey }), // already in the outbox
      message({ dedupeKey: repeated }),
      message({ dedupeKey: repeated }), // repeats within the call
      message({ familyMemberId: kid, recipient: undefined }), // no e-mail → suppressed
      message({ channel: 'sms', recipient: '+15551239999' }), // SMS off for the family → suppressed
    ];
    const result = await server.database.system.transaction((tx) => enqueueMany(tx, batch));
    expect(result).toEqual({ created: 1500 + 1 + 2, suppressed: 2 });
    const rows = await rowsFor(family.familyId);
    expect(rows.filter((r) => r.dedupeKey === repeated)).toHaveLength(1);
    expect(rows.filter((r) => r.statusReason === 'no_email' && r.familyMemberId === kid)).toHaveLength(1);
  });

  it('writes nothing when one message names another family’s member', async () => {
    const before = (await rowsFor(family.familyId)).length;
    await expect(
      server.database.system.transaction((tx) =>
        enqueueMany(tx, [message(), message({ familyMemberId: other.memberId })]),
      ),
    ).rejects.toBeInstanceOf(UnknownRecipientError);
    expect((await rowsFor(family.familyId)).length).toBe(before);
  });
});

describe('policy at enqueue', () => {
  let fresh: SignedInFamily;
  beforeAll(async () => {
    fresh = await signedInFamily(server, { registration: { familyName: 'Policy' } });
    await markPhoneVerified(server.database.system, fresh.memberId);
  });
  const msg = (overrides: Partial<OutboundMessage>) =>
    message({ familyId: fresh.familyId, familyMemberId: fresh.memberId, ...overrides });

  it('suppresses SMS while the family’s plan has SMS off (the default), and sends once an operator turns it on', async () => {
    const off = await enqueue(server.database.system, msg({ channel: 'sms', recipient: '+15551230003' }));
    expect(off).toMatchObject({ status: 'suppressed', statusReason: 'family_sms_disabled' });
    await setSmsEnabled(server.database.system, fresh.familyId, true);
    const on = await enqueue(server.database.system, msg({ channel: 'sms', recipient: '+15551230003' }));
    expect(on).toMatchObject({ status: 'pending', statusReason: null });
  });

  it('suppresses e-mail when the family plan has e-mail off', async () => {
    await server.database.system
      .update(families)
      .set({ emailEnabled: false })
      .where(eq(families.id, fresh.familyId));
    expect(await enqueue(server.database.system, msg({}))).toMatchObject({
      status: 'suppressed',
      statusReason: 'family_email_disabled',
    });
    await server.database.system
      .update(families)
      .set({ emailEnabled: true })
      .where(eq(families.id, fresh.familyId));
    expect(await enqueue(server.database.system, msg({}))).toMatchObject({ status: 'pending' });
  });

  it('applies the global switches disable_all_emails / disable_all_sms only when set to "true"', async () => {
    await server.database.system.insert(appSettings).values([
      { familyId: fresh.familyId, key: 'disable_all_emails', value: 'true' },
      { familyId: fresh.familyId, key: 'disable_all_sms', value: 'false' },
    ]);
    expect(await enqueue(server.database.system, msg({}))).toMatchObject({
      status: 'suppressed',
      statusReason: 'disable_all_emails',
    });
    expect(
      await enqueue(server.database.system, msg({ channel: 'sms', recipient: '+15551230004' })),
    ).toMatchObject({ status: 'pending' });
    await server.database.system
      .update(appSettings)
      .set({ value: 'true' })
      .where(eq(appSettings.familyId, fresh.familyId));
    expect(
      await enqueue(server.database.system, msg({ channel: 'sms', recipient: '+15551230004' })),
    ).toMatchObject({
      status: 'suppressed',
      statusReason: 'disable_all_sms',
    });
    // Another family is untouched by this family's switches.
    expect(await enqueue(server.database.system, message({}))).toMatchObject({ status: 'pending' });
  });

  it('still sends a transactional invitation when e-mail notifications are switched off', async () => {
    const content = invitationEmail({
      publicUrl: 'http://localhost:3000',
      token: 'tok',
      familyName: 'Policy',
      inviterName: 'Ana',
      inviteeName: 'Leo',
      expiresAt: null,
    });
    const result = await enqueue(server.database.system, msg({ ...content, recipient: 'leo@example.com' }));
    expect(result).toMatchObject({ status: 'pending' });
    // …but not to nobody.
    expect(await enqueue(server.database.system, msg({ ...content, recipient: '' }))).toMatchObject({
      status: 'suppressed',
      statusReason: 'no_email',
    });
    await server.database.system.delete(appSettings).where(eq(appSettings.familyId, fresh.familyId));
  });

  it('suppresses a member without an e-mail address or phone number', async () => {
    const memberId = await addMember(server.database.system, fresh.familyId, { name: 'Kid' });
    expect(
      await enqueue(server.database.system, msg({ familyMemberId: memberId, recipient: undefined })),
    ).toMatchObject({
      status: 'suppressed',
      statusReason: 'no_email',
    });
    expect(
      await enqueue(
        server.database.system,
        msg({ familyMemberId: memberId, recipient: undefined, channel: 'sms' }),
      ),
    ).toMatchObject({
      status: 'suppressed',
      statusReason: 'no_phone',
    });
  });

  it('suppresses SMS to a member whose number is not verified (issue 20), but not their e-mail', async () => {
    const memberId = await addMember(server.database.system, fresh.familyId, {
      name: 'Aunt',
      email: 'aunt@example.com',
      phoneNumber: '+15551230006',
    });
    expect(
      await enqueue(
        server.database.system,
        msg({ familyMemberId: memberId, recipient: undefined, channel: 'sms', dedupeKey: 'unverified:sms' }),
      ),
    ).toMatchObject({ status: 'suppressed', statusReason: 'phone_unverified' });
    expect(
      await enqueue(
        server.database.system,
        msg({
          familyMemberId: memberId,
          recipient: undefined,
          channel: 'email',
          dedupeKey: 'unverified:mail',
        }),
      ),
    ).toMatchObject({ status: 'pending', statusReason: null });
    await markPhoneVerified(server.database.system, memberId);
    expect(
      await enqueue(
        server.database.system,
        msg({ familyMemberId: memberId, recipient: undefined, channel: 'sms', dedupeKey: 'verified:sms' }),
      ),
    ).toMatchObject({ status: 'pending', statusReason: null });
  });

  it('suppresses SMS to a member who replied STOP, but not their e-mail', async () => {
    const memberId = await addMember(server.database.system, fresh.familyId, {
      name: 'Grandpa',
      email: 'pa@example.com',
      phoneNumber: '+15551230005',
      smsOptedOut: true,
    });
    expect(
      await enqueue(
        server.database.system,
        msg({ familyMemberId: memberId, recipient: undefined, channel: 'sms' }),
      ),
    ).toMatchObject({
      status: 'suppressed',
      statusReason: 'sms_opted_out',
    });
    expect(
      await enqueue(server.database.system, msg({ familyMemberId: memberId, recipient: undefined })),
    ).toMatchObject({ status: 'pending' });
  });
});

describe('GET /api/notifications', () => {
  let viewer: SignedInFamily;
  const ids: number[] = [];
  beforeAll(async () => {
    viewer = await signedInFamily(server, { registration: { familyName: 'Viewer' } });
    const grandma = await addMember(server.database.system, viewer.familyId, {
      name: 'Grandma',
      email: 'gran@example.com',
    });
    for (let i = 0; i < 5; i++) {
      const r = await enqueue(
        server.database.system,
        message({
          familyId: viewer.familyId,
          familyMemberId: grandma,
          recipient: undefined,
          subject: `Reminder ${i}`,
          body: `Body ${i}`,
        }),
      );
      ids.push(r.id);
    }
    const invite = invitationEmail({
      publicUrl: 'http://localhost:3000',
      token: 'secret-token-123',
      familyName: 'Viewer',
      inviterName: 'Ana',
      inviteeName: 'Grandma',
      expiresAt: null,
    });
    ids.push(
      (
        await enqueue(
          server.database.system,
          message({ ...invite, familyId: viewer.familyId, familyMemberId: grandma, recipient: undefined }),
        )
      ).id,
    );
  });

  const get = (url: string, cookie?: string) =>
    server.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });

  it('needs a session', async () => {
    const res = await get('/api/notifications');
    expect(res.statusCode).toBe(401);
  });

  it('lists the family’s messages newest first, with the member’s name and without the invitation token', async () => {
    const res = await get('/api/notifications', viewer.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: Array<Record<string, unknown>>; next_before: number | null }>();
    expect(body.items.map((i) => i.id)).toEqual([...ids].reverse());
    expect(body.next_before).toBeNull();
    const invite = body.items[0];
    expect(invite).toMatchObject({
      kind: 'invitation',
      channel: 'email',
      member_name: 'Grandma',
      recipient: 'gran@example.com',
      body_truncated: false,
      status: 'pending',
      attempts: 0,
      sent_at: null,
      expires_at: null,
      created_at: server.clock.now().toISOString(),
    });
    expect(String(invite?.body)).toContain('/register-invitation/…');
    expect(res.body).not.toContain('secret-token-123');
    expect(Object.keys(invite ?? {}).sort()).toEqual(
      [
        'attempts',
        'body',
        'body_truncated',
        'channel',
        'created_at',
        'expires_at',
        'family_member_id',
        'id',
        'kind',
        'last_error',
        'member_name',
        'recipient',
        'send_after',
        'sent_at',
        'status',
        'status_reason',
        'subject',
      ].sort(),
    );
  });

  it('pages with limit and before', async () => {
    const first = (await get('/api/notifications?limit=4', viewer.cookie)).json<{
      items: Array<{ id: number }>;
      next_before: number | null;
    }>();
    expect(first.items.map((i) => i.id)).toEqual([...ids].reverse().slice(0, 4));
    expect(first.next_before).toBe(first.items[3]?.id);
    const second = (await get(`/api/notifications?limit=4&before=${first.next_before}`, viewer.cookie)).json<{
      items: Array<{ id: number }>;
      next_before: number | null;
    }>();
    expect(second.items.map((i) => i.id)).toEqual([...ids].reverse().slice(4));
    expect(second.next_before).toBeNull();
  });

  it('never shows another family’s messages', async () => {
    const res = await get('/api/notifications?limit=100', other.cookie);
    const items = res.json<{ items: Array<{ id: number }> }>().items;
    expect(items.some((i) => ids.includes(i.id))).toBe(false);
  });

  it('answers 400 with a message per field for a bad query', async () => {
    const res = await get('/api/notifications?limit=0&before=abc', viewer.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Limit must be at least 1.',
        fields: { limit: 'Limit must be at least 1.', before: 'Before must be a message id.' },
      },
    });
    expect((await get('/api/notifications?limit=101', viewer.cookie)).json()).toMatchObject({
      error: { fields: { limit: 'Limit must be at most 100.' } },
    });
  });
});
