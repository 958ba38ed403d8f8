import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signedInFamily, signUp, type TestServer } from '../test/harness.ts';
import { openSse, type SseReader } from '../test/sse-client.ts';

let server: TestServer;
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
  server = await createTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  a = await family('Rivera');
  b = await family('Okafor');
});
afterAll(async () => {
  for (const reader of open) reader.close();
  await server.close();
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
    expect(change.id).toMatch(/^[0-9a-f]{8}\.[0-9]+$/);
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

    for (const foreign of ['0badc0de.1', 'garbage', `${(seen.id ?? '').split('.')[0]}.999999999`]) {
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
