import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { FREE_SIGN_IN_FAILURES } from '../auth/sign-in-delays.ts';
import { signUp, startInOneRateWindow, testServerPerFile } from '../test/harness.ts';

const server = testServerPerFile({ AUTH_RATE_LIMIT_PER_MINUTE: 10 });
let second: FastifyInstance;
let third: FastifyInstance;

beforeAll(async () => {
  // Two more app instances on the same database: as far as the limits go, three processes.
  const ctx = { db: server.database.db, config: server.config, clock: server.clock, changes: server.changes };
  second = await buildApp(ctx);
  third = await buildApp(ctx);
});
afterAll(async () => {
  await second.close();
  await third.close();
});

it('the sign-in limit holds across app processes: the 11th attempt in a minute is refused whichever gets it', async () => {
  // Three accounts, so that no (account, address) pair reaches its growing delays (next test) first.
  const emails = [
    (await signUp(server.app)).email,
    (await signUp(server.app)).email,
    (await signUp(server.app)).email,
  ];
  const email = emails[0] ?? '';
  await startInOneRateWindow(20_000);
  const apps = [server.app, second, third];
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 11; attempt++) {
    const app = apps[attempt % apps.length] ?? server.app;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.9', // not the address that signed up (sign-up counts toward the same limit)
      payload: { email: emails[attempt % emails.length], password: 'wrong password' },
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

it('the growing sign-in delays hold across app processes, per (account, address) (issue 20 item 7)', async () => {
  const { email } = await signUp(server.app, { password: 'owner-secret-1' });
  const apps = [server.app, second, third];
  const guess = (app: FastifyInstance, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });
  // The free failures, spread over the three processes, are counted together.
  for (let i = 0; i < FREE_SIGN_IN_FAILURES + 1; i++) {
    const app = apps[i % apps.length] ?? server.app;
    expect((await guess(app, `guess-${i}`, '203.0.113.77')).statusCode).toBe(401);
  }
  // So every process now makes that pair wait, the right password included …
  for (const app of apps) {
    const res = await guess(app, 'owner-secret-1', '203.0.113.77');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
  }
  // … while the owner, from their own address, gets in through any of them.
  for (const app of apps) expect((await guess(app, 'owner-secret-1', '198.51.100.20')).statusCode).toBe(200);
  // Once the wait is over, another process lets the pair in, and the success clears it everywhere.
  server.clock.advanceMinutes(2 / 60);
  expect((await guess(third, 'owner-secret-1', '203.0.113.77')).statusCode).toBe(200);
  expect((await guess(second, 'wrong', '203.0.113.77')).statusCode).toBe(401);
});
