/**
 * Issue 14's API bench: signed-in `GET /api/events` for a busy month (about 150 occurrences) under load,
 * against a bare Fastify route that runs the same SQL without our stack (no session, validation, RRULE
 * expansion or DTO mapping), in the same run, on the same database.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/api/run.ts
 *   node --import tsx bench/api/run.ts                         (PGlite only)
 *
 * PostgreSQL: a scratch database (dropped after) seeded by SQL with generate_series: 10,000 families and
 * 1,000,000 events (100 a family over two years), plus the benchmarked family's busy December. PGlite (in
 * memory) gets the same shape at BENCH_PGLITE_FAMILIES families (default 1,000: 100,000 events), since a
 * single-connection WASM database is what one family runs at home, not a hosted service.
 * Load: autocannon in its own process, 50 connections, BENCH_SECONDS (default 10) after a 3 s warm-up.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app.ts';
import { testConfig } from '../../src/server/config.ts';
import { wrapPglite, type Database } from '../../src/server/db/client.ts';
import { openScratchPostgres } from '../scratch-database.ts';

const MONTH = { start: '2026-12-01', end: '2026-12-31' };
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon in a child process (so it does not share the server's event loop) and reads its JSON. */
async function autocannon(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]);
  // Asynchronous on purpose: the servers under test live in this process and must keep answering.
  const child = spawn(
    'npx',
    ['autocannon', '-c', String(CONNECTIONS), '-d', String(seconds), '-j', ...headerArgs, url],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (status !== 0) throw new Error(`autocannon failed: ${stderr}`);
  // autocannon's -j report: requests.average is requests/s; latency percentiles in milliseconds.
  const report = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  };
  return {
    requestsPerSecond: report.requests.average,
    p50: report.latency.p50,
    p99: report.latency.p99,
    errors: report.errors,
    non2xx: report.non2xx,
  };
}

/**
 * How many round trips to PostgreSQL one request to `url` makes: node-postgres `Client.query` calls while it runs
 * (a multi-statement simple query is one). Only meaningful with nothing else running.
 */
async function roundTrips(url: string, headers: Record<string, string>): Promise<number> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let count = 0;
  proto.query = function (this: unknown, ...args: unknown[]) {
    count++;
    return original.apply(this, args);
  };
  try {
    await (await fetch(url, { headers })).arrayBuffer();
  } finally {
    proto.query = original;
  }
  return count;
}

/** Warm-up, then the measured run. */
async function measure(url: string, headers: Record<string, string>): Promise<Load> {
  await autocannon(url, headers, 3);
  return autocannon(url, headers, SECONDS);
}

/** The rows of a raw `execute`: both drivers (node-postgres and PGlite) answer `{ rows }`, typed `unknown` by Drizzle's generic Db. */
function rowsOf<T>(result: unknown): T[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as T[]; // shape checked just above; the element type is the caller's SELECT list
  }
  throw new Error('unexpected execute() result');
}

/**
 * Seeds `families - 1` other families with 100 one-off events each over 2026–2027 (so the indexed query must
 * skip other families and other months), and gives `familyId` a busy December: 4 one-offs a day (124,
 * some multi-day and overlapping), one daily series (31), one weekly (5), and 100 events across the year.
 */
async function seed(database: Database, familyId: number, families: number): Promise<number> {
  const db = database.system; // seeding crosses families (ADR 008)
  await db.execute(
    sql.raw(
      `INSERT INTO families (name) SELECT 'Family ' || g FROM generate_series(1, ${families - 1}) AS g`,
    ),
  );
  // 100 events per family, spread over 730 days from 2026-01-01, 1–2 h long.
  await db.execute(
    sql.raw(`
    INSERT INTO events (family_id, title, start_date, end_date, duration_minutes)
    SELECT f.id, 'Event ' || g,
           to_char(timestamp '2026-01-01 08:00' + ((f.id * 7 + g * 7) % 730) * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS'),
           to_char(timestamp '2026-01-01 09:00' + ((f.id * 7 + g * 7) % 730) * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS'),
           60
    FROM families f CROSS JOIN generate_series(1, 100) AS g
    WHERE f.id <> ${familyId}`),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO events (family_id, title, start_date, end_date, duration_minutes)
    SELECT ${familyId}, (ARRAY['Swim lessons','Dentist','Piano','Soccer practice','Grandma visit','School play'])[1 + g % 6] || ' ' || g,
           to_char(timestamp '2026-12-01 07:00' + (g / 4) * interval '1 day' + (g % 4) * interval '3 hours', 'YYYY-MM-DD"T"HH24:MI:SS'),
           to_char(timestamp '2026-12-01 07:00' + (g / 4) * interval '1 day' + (g % 4) * interval '3 hours'
                   + (CASE WHEN g % 10 = 0 THEN 2 * 1440 ELSE 90 END) * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS'),
           CASE WHEN g % 10 = 0 THEN 2 * 1440 ELSE 90 END
    FROM generate_series(0, 123) AS g`),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO events (family_id, title, start_date, end_date, duration_minutes, is_recurring, recurrence_pattern, rrule)
    VALUES (${familyId}, 'School run', '2026-09-01T08:00:00', '2026-09-01T08:30:00', 30, true, 'daily', 'FREQ=DAILY'),
           (${familyId}, 'Swim club', '2026-09-02T17:00:00', '2026-09-02T18:00:00', 60, true, 'weekly', 'FREQ=WEEKLY')`),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO events (family_id, title, start_date, end_date, duration_minutes)
    SELECT ${familyId}, 'Other month ' || g,
           to_char(timestamp '2026-01-03 10:00' + g * 3 * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS'),
           to_char(timestamp '2026-01-03 11:00' + g * 3 * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS'), 60
    FROM generate_series(0, 99) AS g WHERE g * 3 NOT BETWEEN 325 AND 365`),
  );
  await db.execute(sql.raw('ANALYZE'));
  const count = await db.execute(sql.raw('SELECT count(*)::int AS n FROM events'));
  return Number(rowsOf<{ n: number }>(count)[0]?.n);
}

/**
 * The bare comparison: Fastify, no plugins, the same statement `listOccurrences` sends (`loadWindowRows`: the
 * window's rows and the overrides of the series among them, one UNION ALL), rows returned as they come. The
 * family id is fixed: no session. It reads through the system handle (ADR 008: with no scope the app role sees
 * no rows), which on PostgreSQL is a pool of 4 connections, not the app pool's size: keep that in mind when
 * comparing at high concurrency.
 */
async function bareServer(database: Database, familyId: number) {
  const app = Fastify({ logger: false });
  // loadWindowRows' bounds for December 2026 (a day either side, timed events up to 9 days long, series 400 days).
  const to = '2027-01-02T00:00:00';
  const from = '2026-11-30T00:00:00';
  const earliest = '2026-11-22T00:00:00';
  const seriesFloor = '2025-10-27';
  const inWindow = sql`family_id = ${familyId} AND start_date < ${to}
        AND ((rrule IS NULL AND (start_date >= ${earliest} OR end_date >= ${from}))
          OR (rrule IS NOT NULL AND parent_event_id IS NULL AND (recurrence_end_date IS NULL OR recurrence_end_date >= ${seriesFloor}))
          OR (parent_event_id IS NULL AND rrule IS NULL AND rdates <> '[]'::jsonb))`;
  app.get('/bare/events', async () => {
    const rows = await database.system.execute(sql`
      (SELECT * FROM events WHERE ${inWindow})
      UNION ALL
      (SELECT * FROM events WHERE family_id = ${familyId} AND parent_event_id IN (
        SELECT id FROM events WHERE ${inWindow} AND parent_event_id IS NULL AND (rrule IS NOT NULL OR rdates <> '[]'::jsonb)))`);
    return rowsOf<unknown>(rows);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

async function run(label: string, database: Database, families: number, targetRps: number): Promise<void> {
  const config = testConfig({
    WEB_DIST_DIR: '/nonexistent',
    AUTH_RATE_LIMIT_PER_MINUTE: 100000,
    FAMILY_WRITE_RATE_LIMIT_PER_MINUTE: 100000,
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ db: database.db, config, clock: { now: () => new Date() } });
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      familyName: 'Bench',
      email: `bench-${randomBytes(4).toString('hex')}@example.com`,
      password: 'correct horse',
      memberName: 'Ana Bench',
      memberRole: 'parent',
      memberColor: 'blue',
    },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const cookie = String(reg.headers['set-cookie']).split(';')[0] ?? '';
  // The only family so far is the one just registered.
  const idRow = await database.system.execute(sql.raw('SELECT max(id)::int AS id FROM families'));
  const family = Number(rowsOf<{ id: number }>(idRow)[0]?.id);

  const t0 = Date.now();
  const total = await seed(database, family, families);
  console.log(
    `${label}: seeded ${String(families)} families, ${String(total)} events in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );

  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = await bareServer(database, family);
  const ours = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}/api/events?start=${MONTH.start}&end=${MONTH.end}`;
  const theirs = `http://127.0.0.1:${String((bare.server.address() as AddressInfo).port)}/bare/events`;
  const check = await fetch(ours, { headers: { cookie } });
  const occurrences = ((await check.json()) as unknown[]).length;
  const rows = ((await (await fetch(theirs)).json()) as unknown[]).length;
  console.log(
    `${label}: GET /api/events for December 2026 returns ${String(occurrences)} occurrences (${String(rows)} rows)`,
  );

  if (label === 'PostgreSQL') {
    console.log(
      `${label}: round trips per request: ours ${String(await roundTrips(ours, { cookie }))}, bare ${String(await roundTrips(theirs, {}))}`,
    );
  }
  const a = await measure(ours, { cookie });
  const b = await measure(theirs, {});
  await app.close();
  await bare.close();
  const ratio = a.requestsPerSecond / b.requestsPerSecond;
  const line = (name: string, l: Load) =>
    `  ${name.padEnd(34)} ${l.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${String(l.p50).padStart(4)} ms  p99 ${String(l.p99).padStart(4)} ms  errors ${String(l.errors + l.non2xx)}`;
  console.log(`${label}, ${String(CONNECTIONS)} connections, ${String(SECONDS)} s each:`);
  console.log(line('GET /api/events (our stack)', a));
  console.log(line('bare Fastify, same SQL', b));
  console.log(
    `  ratio ours/bare ${ratio.toFixed(2)} (target ≥ 0.6); req/s target ≥ ${String(targetRps)}: ${a.requestsPerSecond >= targetRps ? 'met' : 'NOT met'}` +
      (label === 'PostgreSQL' ? `; p99 target < 20 ms: ${a.p99 < 20 ? 'met' : 'NOT met'}` : ''),
  );
}

if (process.env.DATABASE_URL) {
  const postgres = await openScratchPostgres(process.env.DATABASE_URL);
  try {
    await run('PostgreSQL', postgres, 10_000, 2000);
  } finally {
    await postgres.close();
  }
}
if (process.env.BENCH_SKIP_PGLITE !== '1') {
  const pglite = await wrapPglite(await PGlite.create());
  try {
    await run('PGlite', pglite, Number(process.env.BENCH_PGLITE_FAMILIES ?? 1000), 500);
  } finally {
    await pglite.close();
  }
}
