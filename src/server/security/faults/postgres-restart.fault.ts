import { exec } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse } from '../../test/sse-client.ts';
import { createTask, registerOverHttp, type ServerProcess, startServer } from './server-process.ts';

/**
 * Restarts the machine's PostgreSQL server while the app serves writes. Runs only with RELIABILITY_PG_URL set
 * (a server where a scratch database may be created): it interrupts every other user of that server.
 * RELIABILITY_PG_RESTART overrides the restart command.
 */
const baseUrl = process.env.RELIABILITY_PG_URL;
const restart =
  process.env.RELIABILITY_PG_RESTART ??
  'pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main restart';
const name = `familyhub_restart_${process.pid}`;

let server: ServerProcess | undefined;

beforeAll(async () => {
  if (!baseUrl) return;
  // Closed at once: a connection held across the restart would die with it.
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  server = await startServer({ DATABASE_URL: url.toString(), AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  if (!baseUrl) return;
  const cleanup = new pg.Client({ connectionString: baseUrl });
  await cleanup.connect();
  await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await cleanup.end();
});

/**
 * Every task title in the app's database, read as its owner (every family's rows): `GET /api/tasks` answers at
 * most 1,000 (ADR 046), and the writers make more.
 */
async function storedTaskTitles(): Promise<string[]> {
  const url = new URL(baseUrl ?? '');
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query<{ title: string }>('select title from tasks')).rows.map((r) => r.title);
  } finally {
    await client.end();
  }
}

describe.skipIf(!baseUrl)('PostgreSQL restarted while the app serves traffic', () => {
  it('fails in-flight requests cleanly, reconnects by itself (its streams too: resync, then live), and loses nothing committed', async () => {
    if (!server) throw new Error('no server');
    const app = server;
    const who = await registerOverHttp(app.url, 'restart');
    // Live updates (issue 24): one stream stays open across the restart; another client saw the stream before
    // the restart, is offline through it, and comes back afterwards with its Last-Event-ID.
    const stream = await openSse(`${app.url}/api/changes`, { cookie: who.cookie });
    await stream.next((e) => e.event === 'ready');
    const offline = await openSse(`${app.url}/api/changes`, { cookie: who.cookie });
    const offlineSaw = await offline.next((e) => e.event === 'ready');
    offline.close();
    const acknowledged: string[] = [];
    const failures: { status: number; body: string; ms: number }[] = [];
    let restartedAt = Number.POSITIVE_INFINITY;
    let okAfterRestart = 0;
    let stop = false;
    const writers = Array.from({ length: 6 }, async (_, w) => {
      for (let i = 0; !stop; i += 1) {
        const title = `w${w}-${i}`;
        const started = Date.now();
        const res = await createTask(app.url, who, title).catch((e: unknown) => ({
          status: 0,
          body: String(e),
        }));
        if (res.status === 201) {
          acknowledged.push(title);
          if (started > restartedAt) okAfterRestart += 1;
        } else {
          failures.push({ status: res.status, body: res.body, ms: Date.now() - started });
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    });
    await new Promise((r) => setTimeout(r, 2_000));
    // Asynchronously, so that the writers keep sending while the server goes down and comes back.
    await promisify(exec)(restart, { shell: '/bin/bash' });
    restartedAt = Date.now();
    await new Promise((r) => setTimeout(r, 5_000));
    stop = true;
    await Promise.all(writers);

    // Still the same process, serving.
    expect(app.child.exitCode, app.output()).toBeNull();
    // Each request the restart interrupted was answered in the one error shape, 503 "unavailable" (retry),
    // quickly — never a hang, a dropped connection, a 500 or a crash.
    for (const failure of failures) {
      expect(failure.status, JSON.stringify(failure)).toBe(503);
      expect(JSON.parse(failure.body)).toMatchObject({ error: { code: 'unavailable' } });
      expect(failure.ms).toBeLessThan(15_000);
    }
    // It reconnected by itself: writes succeed again without a restart of the app.
    expect(okAfterRestart, JSON.stringify(failures.slice(0, 3))).toBeGreaterThan(0);
    // Nothing acknowledged was lost.
    const titles = new Set(await storedTaskTitles());
    expect(acknowledged.filter((t) => !titles.has(t))).toEqual([]);

    // The LISTEN connection came back by itself: the open stream was told to refetch (changes committed while
    // it was down were lost with it), and a write after the restart reaches it.
    const resync = await stream.next((e) => e.event === 'resync', 30_000);
    const from = stream.events.indexOf(resync);
    const after = await createTask(app.url, who, 'Written after the restart');
    expect(after.status, after.body).toBe(201);
    await stream.next(
      (e) => e.event === 'change' && e.data === JSON.stringify({ kind: 'task', id: after.id }),
      5_000,
      from,
    );
    stream.close();
    // The client that was away gets a resync rather than a replay with a hole in it.
    const back = await openSse(`${app.url}/api/changes`, {
      cookie: who.cookie,
      'last-event-id': offlineSaw.id ?? '',
    });
    await back.next((e) => e.event === 'resync');
    back.close();
    console.log(
      `postgres restart: ${acknowledged.length} writes acknowledged, ${failures.length} failed cleanly during the restart, ${okAfterRestart} after it`,
    );
  }, 120_000);
});
