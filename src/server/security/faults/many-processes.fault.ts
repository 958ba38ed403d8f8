import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse } from '../../test/sse-client.ts';
import { createTask, registerOverHttp, type ServerProcess, startServer } from './server-process.ts';

/**
 * Three FamilyHub processes on one PostgreSQL database behind a round-robin proxy (issue 24). Runs with
 * RELIABILITY_PG_URL or DATABASE_URL set (a server where a scratch database may be created).
 */
const baseUrl = process.env.RELIABILITY_PG_URL ?? process.env.DATABASE_URL;
const name = `familyhub_many_${process.pid}`;

const servers: ServerProcess[] = [];
let proxy: http.Server | undefined;
let proxyUrl = '';
let dbUrl = '';

/**
 * A round-robin reverse proxy: request n goes to process n mod 3, streamed both ways (server-sent events
 * included); the answer says which process served it in `x-backend` (1, 2 or 3).
 */
function roundRobin(backends: string[]): Promise<http.Server> {
  let next = 0;
  const server = http.createServer((request, response) => {
    const index = next++ % backends.length;
    const target = new URL(request.url ?? '/', backends[index]);
    const upstream = http.request(target, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-backend': String(index + 1) });
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  if (!baseUrl) return;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  dbUrl = url.toString();
  // One first, so that the others find the database migrated; then two more side by side.
  servers.push(await startServer({ DATABASE_URL: url.toString(), AUTH_RATE_LIMIT_PER_MINUTE: '10' }));
  servers.push(
    ...(await Promise.all(
      [0, 1].map(() => startServer({ DATABASE_URL: url.toString(), AUTH_RATE_LIMIT_PER_MINUTE: '10' })),
    )),
  );
  proxy = await roundRobin(servers.map((s) => s.url));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  proxy?.closeAllConnections();
  proxy?.close();
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  if (!baseUrl) return;
  const cleanup = new pg.Client({ connectionString: baseUrl });
  await cleanup.connect();
  await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await cleanup.end();
});

describe.skipIf(!baseUrl)('three app processes on one database', () => {
  it('a write through process 1 reaches a stream held by process 3 within 1 s', async () => {
    const [one, , three] = servers;
    if (!one || !three) throw new Error('no servers');
    const who = await registerOverHttp(one.url, 'many');
    const stream = await openSse(`${three.url}/api/changes`, { cookie: who.cookie });
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'ready');
    const started = performance.now();
    const task = await createTask(one.url, who, 'Written through process 1');
    expect(task.status, task.body).toBe(201);
    const change = await stream.next(
      (e) => e.event === 'change' && e.data === JSON.stringify({ kind: 'task', id: task.id }),
      1_000,
    );
    expect(change.at - started).toBeLessThan(1_000);
    stream.close();
  });

  it('a process restart ends its streams; reconnecting with the old id gets a resync (refetch everything)', async () => {
    const two = servers[1];
    if (!two) throw new Error('no server');
    const who = await registerOverHttp(two.url, 'restart');
    const before = await openSse(`${two.url}/api/changes`, { cookie: who.cookie });
    const ready = await before.next((e) => e.event === 'ready');
    two.child.kill('SIGTERM');
    await two.exited;
    await before.ended;
    const port = Number(new URL(two.url).port);
    servers[1] = await startServer({ DATABASE_URL: dbUrl, AUTH_RATE_LIMIT_PER_MINUTE: '10' }, 60_000, port);
    const after = await openSse(`${two.url}/api/changes`, {
      cookie: who.cookie,
      'last-event-id': ready.id ?? '',
    });
    await after.next((e) => e.event === 'resync');
    const task = await createTask(two.url, who, 'After the restart');
    await after.next((e) => e.event === 'change' && e.data === JSON.stringify({ kind: 'task', id: task.id }));
    after.close();
  });

  it('the sign-in limit holds across the three: the 11th attempt in a minute is refused', async () => {
    const who = await registerOverHttp(proxyUrl, 'limit');
    const session = await fetch(`${proxyUrl}/api/account`, { headers: { cookie: who.cookie } });
    const { email } = (await session.json()) as { email: string };
    // Sign-up counted toward this address's allowance: start in a fresh one-minute window.
    await new Promise((resolve) => setTimeout(resolve, 60_000 - (Date.now() % 60_000) + 50));
    const answers: string[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const res = await fetch(`${proxyUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'wrong password' }),
      });
      answers.push(`${res.status}@${res.headers.get('x-backend') ?? '?'}`);
    }
    expect(answers.map((a) => a.split('@')[0])).toEqual([...Array<string>(10).fill('401'), '429']);
    // Every process took its share of the attempts.
    expect(new Set(answers.map((a) => a.split('@')[1])).size).toBe(3);
  });
});
