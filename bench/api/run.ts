/**
 * Issue 14's API bench: signed-in `GET /api/events` for a busy month (about 150 occurrences) under load,
 * against a bare Fastify route that runs the same SQL without our stack (no session, validation, RRULE
 * expansion or DTO mapping), in the same run, on the same database; and, for information, against that bare route
 * with our tenant isolation added (app role, scoped transaction, row-level security), which tells what the
 * isolation costs by itself and what the rest of our stack costs beyond it.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/api/run.ts
 *   node --import tsx bench/api/run.ts                         (PGlite only)
 *
 * PostgreSQL: a scratch database (dropped after) seeded by SQL with generate_series: 10,000 families and
 * 1,000,000 events (100 a family over two years), plus the benchmarked family's busy December. PGlite (in
 * memory) gets the same shape at BENCH_PGLITE_FAMILIES families (default 1,000: 100,000 events), since a
 * single-connection WASM database is what one family runs at home, not a hosted service.
 * Load: autocannon in its own process, 50 connections, BENCH_SECONDS (default 10) after a 3 s warm-up.
 * Before it, the load-independent measure: CPU time per request of each side over BENCH_CPU_REQUESTS (default 300)
 * sequential requests, this process's (server, client, and PGlite's engine) plus PostgreSQL's backends' (/proc).
 * With `BENCH_PROFILE=<file.cpuprofile>`: a CPU profile of this process (the servers, not autocannon) during our
 * route's measured load on the first database, written to that file, and its top frames and files by self time printed.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app.ts';
import { testConfig } from '../../src/server/config.ts';
import { wrapPglite, type Database } from '../../src/server/db/client.ts';
import { familyWindowStatement } from '../../src/server/db/event-occurrences.ts';
import { APP_ROLE } from '../../src/server/db/scope.ts';
import { startChangeFeed } from '../../src/server/live/change-feed.ts';
import { openScratchPostgres } from '../scratch-database.ts';
import { rowsOf, seed } from './seed.ts';

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

/**
 * The bare comparison: Fastify, no plugins, the very statement `listOccurrences` sends for this family and month
 * (`familyWindowStatement`: the window's rows with their member lists and the overrides of the series among them,
 * one UNION ALL; the same text and values), rows returned as the driver gives them (objects). Prepared and named
 * like ours (`bare_events_window`), so that neither side plans the statement per request and the ratio is the cost
 * of our stack, not of PostgreSQL's planner (unnamed, the bare route planned it on every request: ≈ 0.6 ms of
 * PostgreSQL CPU, which moved the ratio from 0.42 to 0.78 on 2026-11-24). The family id is fixed: no session. It
 * reads through the system handle (ADR 008: with no scope the app role sees no rows), which on PostgreSQL is a pool
 * of 4 connections, not the app pool's size: keep that in mind when comparing at high concurrency. A second
 * route, `/bare/scoped-events`, adds our isolation alone (see there), for information: the targets are against the
 * first.
 */
async function bareServer(database: Database, familyId: number) {
  const app = Fastify({ logger: false });
  // December 2026 as `listOccurrences` asks for it: from the 1st to the day after the 31st.
  const statement = familyWindowStatement(familyId, MONTH.start, '2027-01-01');
  app.get('/bare/events', async () => {
    const result = await database.system._.session
      .prepareQuery(statement, undefined, 'bare_events_window', false)
      .execute();
    return rowsOf<unknown>(result);
  });
  // The same, with the isolation our route has and nothing else of our stack: the app role, a transaction whose
  // `app.family_id` is set, row-level security on every row read (BEGIN, set_config, the statement, COMMIT).
  app.get('/bare/scoped-events', async () =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.family_id', ${String(familyId)}, true)`);
      const result = await tx._.session
        .prepareQuery(statement, undefined, 'bare_scoped_events_window', false)
        .execute();
      return rowsOf<unknown>(result);
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** CPU time (ms) used so far by the PostgreSQL backends serving `database` (0 on PGlite: it runs in this process). */
async function backendCpuMs(database: Database): Promise<number> {
  if (database.kind !== 'postgres') return 0;
  const result = await database.system.execute(
    sql.raw('SELECT pid FROM pg_stat_activity WHERE datname = current_database()'),
  );
  let ticks = 0;
  for (const { pid } of rowsOf<{ pid: number }>(result)) {
    // /proc/<pid>/stat: fields 14 and 15 (1-based) are utime and stime in clock ticks; the name (field 2) may hold spaces.
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

interface CpuCost {
  /** This Node process's CPU (user + system) per request, ms: the server and, on PGlite, the database engine. */
  node: number;
  /** PostgreSQL's backends' CPU per request, ms (0 on PGlite). */
  database: number;
}

/**
 * The load-independent measure: `count` sequential requests (after `count / 5` to warm up), and the CPU they
 * cost, per request. Other processes on the machine slow a request down but hardly change its CPU time, so
 * this compares the two sides when the machine is too busy for req/s to mean much. The HTTP client's own work is
 * in this process too (about the same for both sides: similar bodies).
 */
async function cpuPerRequest(
  url: string,
  headers: Record<string, string>,
  database: Database,
  count: number,
): Promise<CpuCost> {
  // node:http with keep-alive and no Accept-Encoding, as autocannon sends (fetch would ask for gzip, and our side
  // would compress what the bare side does not).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers }, (response) => {
          response.on('data', () => {});
          response.on('end', () =>
            response.statusCode === 200
              ? resolve()
              : reject(new Error(`${url} answered ${String(response.statusCode)}`)),
          );
          response.on('error', reject);
        })
        .on('error', reject);
    });
  try {
    for (let i = 0; i < count / 5; i++) await once();
    const databaseBefore = await backendCpuMs(database);
    const before = process.cpuUsage();
    for (let i = 0; i < count; i++) await once();
    const used = process.cpuUsage(before);
    const databaseAfter = await backendCpuMs(database);
    return {
      node: (used.user + used.system) / 1000 / count,
      database: (databaseAfter - databaseBefore) / count,
    };
  } finally {
    agent.destroy();
  }
}

let profileWanted = Boolean(process.env.BENCH_PROFILE);

/**
 * Runs `fn` under a CPU profile of this process (V8's sampling profiler, 100 µs) when `BENCH_PROFILE` names a file
 * and no profile was taken yet: writes the profile there (open it in Chrome DevTools) and prints the 25 frames
 * with the most self time, as milliseconds and shares of the samples.
 */
async function profiled<T>(fn: () => Promise<T>): Promise<T> {
  if (!profileWanted) return fn();
  profileWanted = false;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  const result = await fn();
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  writeFileSync(process.env.BENCH_PROFILE ?? '', JSON.stringify(profile));
  const timeDeltas = profile.timeDeltas ?? [];
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const where = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}:${String(frame.lineNumber + 1)}`;
    self.set(where, (self.get(where) ?? 0) + (timeDeltas[i + 1] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((x, y) => x + y, 0);
  console.log(`CPU profile of our route's load (${total.toFixed(0)} ms sampled); top self time:`);
  const top = (m: Map<string, number>, n: number) => {
    for (const [where, ms] of [...m].sort((x, y) => y[1] - x[1]).slice(0, n)) {
      console.log(
        `  ${ms.toFixed(0).padStart(6)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${where}`,
      );
    }
  };
  top(self, 25);
  const byFile = new Map<string, number>();
  for (const [where, ms] of self) {
    const file = where.slice(where.indexOf(' ') + 1).replace(/:\d+$/, '') || '(native)';
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  console.log('By file:');
  top(byFile, 20);
  return result;
}

/** Targets of issue 19 (ours/bare req/s) and of issue 14 (our req/s, PostgreSQL p99). */
interface Targets {
  ratio: number;
  requestsPerSecond: number;
}

async function run(
  label: string,
  database: Database,
  analyze: () => Promise<void>,
  families: number,
  targets: Targets,
): Promise<void> {
  const config = testConfig({
    WEB_DIST_DIR: '/nonexistent',
    AUTH_RATE_LIMIT_PER_MINUTE: 100000,
    FAMILY_WRITE_RATE_LIMIT_PER_MINUTE: 100000,
    LOG_LEVEL: 'silent',
  });
  const changes = await startChangeFeed(database);
  const app = await buildApp({ db: database.db, config, clock: { now: () => new Date() }, changes });
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
  const total = await seed(database, family, families, analyze);
  console.log(
    `${label}: seeded ${String(families)} families, ${String(total)} events in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );

  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = await bareServer(database, family);
  const ours = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}/api/events?start=${MONTH.start}&end=${MONTH.end}`;
  const bareBase = `http://127.0.0.1:${String((bare.server.address() as AddressInfo).port)}`;
  const theirs = `${bareBase}/bare/events`;
  const scoped = `${bareBase}/bare/scoped-events`;
  const check = await fetch(ours, { headers: { cookie } });
  const occurrences = ((await check.json()) as unknown[]).length;
  const rows = ((await (await fetch(theirs)).json()) as unknown[]).length;
  const scopedRows = ((await (await fetch(scoped)).json()) as unknown[]).length;
  if (scopedRows !== rows)
    throw new Error(`the scoped bare route read ${String(scopedRows)} rows, not ${String(rows)}`);
  console.log(
    `${label}: GET /api/events for December 2026 returns ${String(occurrences)} occurrences (${String(rows)} rows)`,
  );

  if (label === 'PostgreSQL') {
    console.log(
      `${label}: round trips per request: ours ${String(await roundTrips(ours, { cookie }))}, bare ${String(await roundTrips(theirs, {}))}, ` +
        `bare with our isolation ${String(await roundTrips(scoped, {}))}`,
    );
  }
  const cpuRequests = Number(process.env.BENCH_CPU_REQUESTS ?? 300);
  const cpuOurs = await cpuPerRequest(ours, { cookie }, database, cpuRequests);
  const cpuBare = await cpuPerRequest(theirs, {}, database, cpuRequests);
  const cpuScoped = await cpuPerRequest(scoped, {}, database, cpuRequests);
  const cpuLine = (name: string, c: CpuCost) =>
    `  ${name.padEnd(34)} Node ${c.node.toFixed(2).padStart(6)} ms` +
    (database.kind === 'postgres' ? `  PostgreSQL ${c.database.toFixed(2).padStart(5)} ms` : '') +
    `  total ${(c.node + c.database).toFixed(2).padStart(6)} ms`;
  console.log(`${label}, CPU per request over ${String(cpuRequests)} sequential requests:`);
  console.log(cpuLine('GET /api/events (our stack)', cpuOurs));
  console.log(cpuLine('bare Fastify, same SQL', cpuBare));
  console.log(cpuLine('bare, same SQL, our isolation', cpuScoped));
  console.log(
    `  CPU ratio bare/ours ${((cpuBare.node + cpuBare.database) / (cpuOurs.node + cpuOurs.database)).toFixed(2)}`,
  );
  const a = await profiled(() => measure(ours, { cookie }));
  const b = await measure(theirs, {});
  const c = await measure(scoped, {});
  await app.close();
  await changes.close();
  await bare.close();
  const ratio = a.requestsPerSecond / b.requestsPerSecond;
  const line = (name: string, l: Load) =>
    `  ${name.padEnd(34)} ${l.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${String(l.p50).padStart(4)} ms  p99 ${String(l.p99).padStart(4)} ms  errors ${String(l.errors + l.non2xx)}`;
  console.log(`${label}, ${String(CONNECTIONS)} connections, ${String(SECONDS)} s each:`);
  console.log(line('GET /api/events (our stack)', a));
  console.log(line('bare Fastify, same SQL', b));
  console.log(line('bare, same SQL, our isolation', c));
  console.log(
    `  ratio ours/bare ${ratio.toFixed(2)} (target ≥ ${String(targets.ratio)}: ${ratio >= targets.ratio ? 'met' : 'NOT met'}); ` +
      `req/s target ≥ ${String(targets.requestsPerSecond)}: ${a.requestsPerSecond >= targets.requestsPerSecond ? 'met' : 'NOT met'}` +
      (label === 'PostgreSQL' ? `; p99 target < 20 ms: ${a.p99 < 20 ? 'met' : 'NOT met'}` : ''),
  );
  console.log(
    `  ratio ours/(bare with our isolation) ${(a.requestsPerSecond / c.requestsPerSecond).toFixed(2)} (for information: what our stack costs beyond the isolation)`,
  );
}

if (process.env.DATABASE_URL) {
  const postgres = await openScratchPostgres(process.env.DATABASE_URL);
  try {
    await run('PostgreSQL', postgres, () => postgres.analyze(), 10_000, {
      ratio: 0.6,
      requestsPerSecond: 2000,
    });
  } finally {
    await postgres.close();
  }
}
if (process.env.BENCH_SKIP_PGLITE !== '1') {
  const client = await PGlite.create();
  const pglite = await wrapPglite(client);
  // PGlite's one connection is the superuser's, switched to the app role (wrapPglite): ANALYZE as the superuser.
  const analyze = async () => {
    await client.exec(`RESET ROLE; ANALYZE; SET ROLE ${APP_ROLE}`);
  };
  try {
    await run('PGlite', pglite, analyze, Number(process.env.BENCH_PGLITE_FAMILIES ?? 1000), {
      ratio: 0.8,
      requestsPerSecond: 500,
    });
  } finally {
    await pglite.close();
  }
}
