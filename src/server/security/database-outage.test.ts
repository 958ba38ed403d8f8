import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../http/errors.ts';
import { createTestServer, signUp, type TestServer } from '../test/harness.ts';
import { call, queryRows } from './fixtures.ts';

describe('isDatabaseUnavailable', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  it.each([
    [
      'a terminated backend (57P01)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['a server starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    [
      'a driver error wrapped by Drizzle',
      new Error('Failed query: select 1', { cause: withCode('x', '57P01') }),
    ],
  ])('is true for %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value', '23505')],
    ['a syntax error', withCode('syntax error at or near', '42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'Connection terminated'],
  ])('is false for %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

// On PostgreSQL only: kill every connection the app holds (only this test's own database is touched).
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL connections killed under the app', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('answers 503 unavailable (or succeeds) while they die, then recovers by itself', async () => {
    const { cookie } = await signUp(server.app);
    expect((await call(server.app, cookie, 'GET', '/api/tasks')).statusCode).toBe(200);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const [{ name } = { name: '' }] = await queryRows<{ name: string }>(
      server.database.system,
      sql`select current_database() as name`,
    );
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await admin.end();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await call(server.app, cookie, 'GET', '/api/tasks');
      statuses.push(res.statusCode);
      if (res.statusCode !== 200) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('1');
        expect(res.json().error.code).toBe('unavailable');
      }
    }
    expect(statuses.at(-1), JSON.stringify(statuses)).toBe(200);
  });
});
