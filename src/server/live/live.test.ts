import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_STREAMS_PER_SESSION } from '../../core/contracts/quotas.ts';
import { tokenFromMail } from '../account/testing/mail.ts';
import { sessions } from '../db/schema/families.ts';
import {
  createTestServer,
  sessionCookie,
  signedInFamily,
  signUp,
  testServerPerFile,
} from '../test/harness.ts';
import { openSse, type SseReader } from '../test/sse-client.ts';

const server = testServerPerFile();
let base: string;
let a: { cookie: string; familyId: number; memberId: number };
let b: { cookie: string; familyId: number; memberId: number };
const open: SseReader[] = [];

async function family(name: string) {
  return signedInFamily(server, { registration: { familyName: name, memberName: `${name} Parent` } });
}

async function stream(cookie: string | null, headers: Record<string, string> = {}, query = '') {
  const reader = await openSse(`${base}/api/changes${query}`, { ...(cookie ? { cookie } : {}), ...headers });
  open.push(reader);
  return reader;
}

/** The test database's name (each test file gets its own, copied from the run's template). */
async function currentDatabase(): Promise<string> {
  const [row] = await server.database.system
    .select({ name: sql<string>`current_database()` })
    .from(sql`(select 1) as one`);
  return row?.name ?? '';
}

async function createNote(cookie: string, memberId: number, title: string): Promise<number> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/notes',
    headers: { cookie },
    payload: { title, family_member_id: memberId },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

beforeAll(async () => {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  a = await family('Rivera');
  b = await family('Okafor');
});
afterAll(async () => {
  for (const reader of open) reader.close();
});

describe('GET /api/changes', () => {
  it('refuses a request without a session (401)', async () => {
    const res = await fetch(`${base}/api/changes`);
    expect(res.status).toBe(401);
  });

  it('streams the family its own committed writes (kind and id only), and never another family’s', async () => {
    const streamA = await stream(a.cookie);
    const streamB = await stream(b.cookie);
    expect(streamA.status).toBe(200);
    const id = await createNote(a.cookie, a.memberId, 'Soccer kit list');
    const change = await streamA.next((e) => e.event === 'change' && e.data.includes(`"id":${id}`));
    expect(JSON.parse(change.data)).toEqual({ kind: 'note', id });
    expect(change.id).toMatch(/^[0-9a-f]{8}\.[0-9a-f]{32}$/);
    // B's own write reaches B, and nothing of A's came before it.
    const own = await server.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: { cookie: b.cookie },
      payload: {
        title: 'Pack lunches',
        due_date: '2026-11-25T08:00',
        assigned_to_ids: [String(b.memberId)],
      },
    });
    expect(own.statusCode, own.body).toBe(201);
    await streamB.next((e) => e.event === 'change' && e.data.includes('"kind":"task"'));
    expect(streamB.events.filter((e) => e.data.includes(`"id":${id}`) && e.data.includes('note'))).toEqual(
      [],
    );
    expect(streamA.events.some((e) => e.data.includes('"kind":"task"'))).toBe(false);
  });

  it('publishes only on commit: a rolled-back write sends nothing', async () => {
    const reader = await stream(a.cookie);
    await expect(
      server.database.system.transaction(async (tx) => {
        await tx.execute(
          sql`insert into notes (family_id, family_member_id, title) values (${a.familyId}, ${a.memberId}, 'Rolled back')`,
        );
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const kept = await createNote(a.cookie, a.memberId, 'Kept');
    const first = await reader.next((e) => e.event === 'change');
    expect(JSON.parse(first.data)).toEqual({ kind: 'note', id: kept });
  });

  it('replays what a reconnecting stream missed (Last-Event-ID), and asks for a resync when it cannot', async () => {
    const first = await stream(a.cookie);
    await createNote(a.cookie, a.memberId, 'Before');
    const seen = await first.next((e) => e.event === 'change');
    first.close();
    const missed = await createNote(a.cookie, a.memberId, 'While away');
    await new Promise((resolve) => setTimeout(resolve, 100)); // the notification reaches the feed

    const resumed = await stream(a.cookie, { 'last-event-id': seen.id ?? '' });
    const replayed = await resumed.next((e) => e.event === 'change');
    expect(JSON.parse(replayed.data)).toEqual({ kind: 'note', id: missed });
    const byQuery = await stream(a.cookie, {}, `?since=${encodeURIComponent(seen.id ?? '')}`);
    expect(JSON.parse((await byQuery.next((e) => e.event === 'change')).data)).toEqual({
      kind: 'note',
      id: missed,
    });

    const tag = (seen.id ?? '').split('.')[0] ?? '';
    for (const foreign of ['0badc0de.1', 'garbage', `${tag}.999999999`, `${tag}.${'0'.repeat(32)}`]) {
      const other = await stream(a.cookie, { 'last-event-id': foreign });
      await other.next((e) => e.event === 'resync');
    }
    // Family B resuming from A's id gets none of A's changes.
    const asB = await stream(b.cookie, { 'last-event-id': seen.id ?? '' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asB.events.filter((e) => e.event === 'change')).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'survives losing the LISTEN connection (a database restart): streams get a resync, then changes again',
    async () => {
      const reader = await stream(a.cookie);
      await reader.next((e) => e.event === 'ready');
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        const killed = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like 'LISTEN%'`,
          [await currentDatabase()],
        );
        expect(killed.rowCount).toBe(1);
      } finally {
        await admin.end();
      }
      await reader.next((e) => e.event === 'resync', 10_000);
      const id = await createNote(a.cookie, a.memberId, 'After the restart');
      await reader.next((e) => e.event === 'change' && e.data === JSON.stringify({ kind: 'note', id }));
    },
  );

  it('ends every stream when the app closes (a deploy does not wait on them)', async () => {
    const extra = await createTestServer();
    await extra.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (extra.app.server.address() as AddressInfo).port;
    const { cookie } = await signUp(extra.app);
    const reader = await openSse(`http://127.0.0.1:${port}/api/changes`, { cookie });
    expect(extra.changes.size).toBe(1);
    await extra.close();
    await reader.ended;
  });
});

/** Resolves when `reader`'s stream ends, or fails after `ms`. */
async function endsWithin(reader: SseReader, ms: number): Promise<number> {
  const started = performance.now();
  await Promise.race([
    reader.ended,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`the stream was still open after ${ms} ms`)), ms),
    ),
  ]);
  return performance.now() - started;
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookie(res.headers['set-cookie']);
}

describe('streams end with their session (issue 42)', () => {
  it('within 5 s of signing out', async () => {
    const family = await signedInFamily(server);
    const reader = await stream(family.cookie);
    await reader.next((e) => e.event === 'ready');
    const out = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: family.cookie },
    });
    expect(out.statusCode).toBe(200);
    await endsWithin(reader, 5_000);
  });

  it('within 5 s of the session being revoked from another device, and no other session’s stream', async () => {
    const family = await signedInFamily(server);
    const phone = await stream(family.cookie);
    const laptopCookie = await signIn(family.email, family.password);
    const laptop = await stream(laptopCookie);
    await phone.next((e) => e.event === 'ready');
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/account/sessions/sign-out-others',
      headers: { cookie: laptopCookie },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    await endsWithin(phone, 5_000);
    const id = await createNote(laptopCookie, family.memberId, 'Still live');
    await laptop.next((e) => e.event === 'change' && e.data.includes(`"id":${id}`));
  });

  it('within 5 s of its session row going in any process (expiry, account removal: the row is deleted)', async () => {
    const family = await signedInFamily(server);
    const reader = await stream(family.cookie);
    await reader.next((e) => e.event === 'ready');
    // Another process's delete: nothing in this process is told.
    await server.database.system.delete(sessions).where(eq(sessions.familyId, family.familyId));
    await endsWithin(reader, 5_000);
  });

  it('within 5 s of its member being deleted', async () => {
    const family = await signedInFamily(server);
    const email = `invitee-${family.familyId}@example.com`;
    const invite = await server.app.inject({
      method: 'POST',
      url: '/api/family-members/invite',
      headers: { cookie: family.cookie },
      payload: { name: 'Grandpa Joe', email, role: 'other', color: 'green' },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const token = await tokenFromMail(server.database.system, email, 'invitation', 'register-invitation');
    const accept = await server.app.inject({
      method: 'POST',
      url: `/api/family-members/invitations/${token}/accept`,
      payload: { password: 'a long invitee password', phone_number: null },
    });
    expect(accept.statusCode, accept.body).toBeLessThan(300);
    const reader = await stream(await signIn(email, 'a long invitee password'));
    await reader.next((e) => e.event === 'ready');
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/family-members/${invite.json<{ id: number }>().id}`,
      headers: { cookie: family.cookie },
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await endsWithin(reader, 5_000);
  });
});

describe('how many streams (issue 42)', () => {
  it(`refuses a session's streams past ${LIVE_STREAMS_PER_SESSION} with 429 and Retry-After; others are unaffected`, async () => {
    const family = await signedInFamily(server);
    const readers: SseReader[] = [];
    for (let i = 0; i < LIVE_STREAMS_PER_SESSION; i += 1) {
      const reader = await stream(family.cookie);
      expect(reader.status).toBe(200);
      readers.push(reader);
    }
    const refused = await fetch(`${base}/api/changes`, { headers: { cookie: family.cookie } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    expect((await stream(b.cookie)).status).toBe(200);
    // Closing one frees its place.
    readers[0]?.close();
    await expect
      .poll(async () => {
        const again = await fetch(`${base}/api/changes`, { headers: { cookie: family.cookie } });
        if (again.status === 200) await again.body?.cancel();
        return again.status;
      })
      .toBe(200);
  });

  it('refuses a stream past the per-process ceiling (LIVE_STREAMS_PER_PROCESS) with 429 and Retry-After', async () => {
    const small = await createTestServer({ LIVE_STREAMS_PER_PROCESS: 2 });
    await small.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(small.app.server.address() as AddressInfo).port}/api/changes`;
    try {
      const one = await signUp(small.app);
      const two = await signUp(small.app);
      const first = await openSse(url, { cookie: one.cookie });
      const second = await openSse(url, { cookie: two.cookie });
      open.push(first, second);
      const refused = await fetch(url, { headers: { cookie: one.cookie } });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await small.close();
    }
  });
});

describe('the live-update id (issue 42)', () => {
  it('reveals nothing of other families’ writes, and still resumes', async () => {
    const reader = await stream(a.cookie);
    await reader.next((e) => e.event === 'ready');
    const before = await createNote(a.cookie, a.memberId, 'One');
    const one = await reader.next((e) => e.event === 'change' && e.data.includes(`"id":${before}`));
    for (let i = 0; i < 5; i += 1) await createNote(b.cookie, b.memberId, `Other family ${i}`);
    const after = await createNote(a.cookie, a.memberId, 'Two');
    const two = await reader.next((e) => e.event === 'change' && e.data.includes(`"id":${after}`));
    const [tagOne = '', sealedOne = ''] = (one.id ?? '').split('.');
    const [tagTwo = '', sealedTwo = ''] = (two.id ?? '').split('.');
    expect(tagTwo).toBe(tagOne);
    for (const id of [one.id, two.id]) expect(id).toMatch(/^[0-9a-f]{8}\.[0-9a-f]{32}$/);
    // Read as numbers, the two ids are neither one change apart nor six (the other family's five between).
    expect([1n, 6n]).not.toContain(BigInt(`0x${sealedTwo}`) - BigInt(`0x${sealedOne}`));
    const resumed = await stream(a.cookie, { 'last-event-id': one.id ?? '' });
    const replayed = await resumed.next((e) => e.event === 'change');
    expect(JSON.parse(replayed.data)).toEqual({ kind: 'note', id: after });
  });
});
