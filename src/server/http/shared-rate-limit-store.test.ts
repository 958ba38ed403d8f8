import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { createTestServer, signUp, type TestServer } from '../test/harness.ts';

let server: TestServer;
let second: FastifyInstance;
let third: FastifyInstance;

beforeAll(async () => {
  server = await createTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: 10 });
  // Two more app instances on the same database: as far as the limits go, three processes.
  const ctx = { db: server.database.db, config: server.config, clock: server.clock, changes: server.changes };
  second = await buildApp(ctx);
  third = await buildApp(ctx);
});
afterAll(async () => {
  await second.close();
  await third.close();
  await server.close();
});

it('the sign-in limit holds across app processes: the 11th attempt in a minute is refused whichever gets it', async () => {
  const { email } = await signUp(server.app);
  const apps = [server.app, second, third];
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 11; attempt++) {
    const app = apps[attempt % apps.length] ?? server.app;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.9', // not the address that signed up (sign-up counts toward the same limit)
      payload: { email, password: 'wrong password' },
    });
    statuses.push(res.statusCode);
  }
  expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
  // And on every other instance too, not only the one that counted the 11th.
  for (const app of apps) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.9', // not the address that signed up (sign-up counts toward the same limit)
      payload: { email, password: 'wrong password' },
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }
});
