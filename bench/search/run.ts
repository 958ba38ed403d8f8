/**
 * Issue 45 ("Search"): `GET /api/search` for a family with 5,000 events (and 1,000 tasks, 300 notes, 300
 * activity requests), beside four other families of the same size, through the whole stack (`app.inject`:
 * session, scope, row-level security, validation, ranking, the series' next occurrences). Target: under 50 ms.
 *
 *   npm run bench:search                               PGlite (a scratch DATA_DIR)
 *   DATABASE_URL=postgres://… npm run bench:search     PostgreSQL (a scratch database, dropped after)
 *   BENCH_RUNS (default 40 measured calls a query, after 5 warm-up calls), BENCH_EVENTS (default 5,000)
 *
 * The rows are made by SQL from fixed word lists (no randomness): titles such as "Orthodontist for Maya" or
 * "Soccer practice (Leo)", a location on half, a description on a third, 4 % weekly series; tasks, notes and
 * requests likewise. Prints, per query, how many results and the median and 95th percentile in milliseconds.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/server/app.ts';
import { testConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { startChangeFeed } from '../../src/server/live/change-feed.ts';
import { scratchServerStorage } from '../scratch-database.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5000);
const FAMILIES = 5;
const QUERIES = [
  'orthodontist',
  'soccer',
  'maya',
  'piano lesson',
  'dent',
  'birthday party maya',
  'xyzzy',
  'the',
];

const THINGS = [
  'Orthodontist',
  'Dentist',
  'Soccer practice',
  'Piano lesson',
  'Swim team',
  'Birthday party',
  'Parent teacher conference',
  'School pictures',
  'Field trip',
  'Doctor',
  'Haircut',
  'Book club',
  'Grocery run',
  'Car service',
  'Playdate',
  'Math tutoring',
  'Ballet',
  'Scouts',
  'Vet',
  'Band concert',
];
const NAMES = ['Maya', 'Leo', 'Ana', 'Marco', 'Grandma', 'the kids', 'Teo', 'Ada'];
const PLACES = [
  'Smile Dental, 12 Elm St',
  'Riverside Park field 3',
  'Music school',
  'Aquatic Center',
  'Lincoln Elementary',
];
const SENTENCES = [
  'Bring the permission slip signed by a parent.',
  'Pack water and a snack; the session runs long.',
  'Carpool with the Okafors this week.',
  'Remember the insurance card and the retainer case.',
  'Wear the blue shirt for the team photo.',
];

const array = (words: string[]) =>
  sql`array[${sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`;

async function main(): Promise<void> {
  const storage = await scratchServerStorage('search');
  const database = await openDatabase({
    databaseUrl: storage.env.DATABASE_URL,
    dataDir: storage.env.DATA_DIR ?? '',
  });
  const config = testConfig({ WEB_DIST_DIR: '/nonexistent' });
  const changes = await startChangeFeed(database);
  const app = await buildApp({
    db: database.db,
    config,
    clock: { now: () => new Date('2026-11-22T16:00:00Z') },
    changes,
  });
  try {
    let cookie = '';
    const familyIds: number[] = [];
    for (let f = 0; f < FAMILIES; f++) {
      const email = `parent.search${String(f)}@example.com`;
      const reg = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          familyName: `Search ${String(f)}`,
          email,
          password: 'correct horse',
          memberName: 'Ana Search',
          memberRole: 'parent',
          memberColor: 'blue',
        },
      });
      if (reg.statusCode !== 201) throw new Error(`register: ${reg.statusCode} ${reg.body}`);
      if (f === 0) cookie = String(reg.headers['set-cookie']).split(';')[0] ?? '';
      const rows = await database.system.execute(
        sql`select family_id, family_member_id from user_accounts where email = ${email}`,
      );
      const row = (rows as unknown as { rows: { family_id: number; family_member_id: number }[] }).rows[0];
      if (!row) throw new Error('no account');
      familyIds.push(row.family_id);
      const family = row.family_id;
      const member = row.family_member_id;
      await database.system.execute(sql`
        insert into events (family_id, title, description, start_date, timezone, location, is_recurring, rrule, counts_toward_plan)
        select ${family},
               (${array(THINGS)})[1 + g % ${THINGS.length}] || ' for ' || (${array(NAMES)})[1 + (g / 7) % ${NAMES.length}],
               case when g % 3 = 0 then (${array(SENTENCES)})[1 + g % ${SENTENCES.length}] end,
               to_char(timestamp '2026-01-01 07:00' + (g % 730) * interval '1 day' + (g % 12) * interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS'),
               'America/Los_Angeles',
               case when g % 2 = 0 then (${array(PLACES)})[1 + g % ${PLACES.length}] end,
               g % 25 = 0, case when g % 25 = 0 then 'FREQ=WEEKLY' end, true
        from generate_series(1, ${EVENTS}) g`);
      await database.system.execute(sql`
        insert into tasks (family_id, title, description, assigned_to, due_date, status)
        select ${family}, 'Call the ' || lower((${array(THINGS)})[1 + g % ${THINGS.length}]) || ' about ' || (${array(NAMES)})[1 + g % ${NAMES.length}],
               case when g % 2 = 0 then (${array(SENTENCES)})[1 + g % ${SENTENCES.length}] end, ${member},
               to_char(timestamp '2026-01-01 09:00' + (g % 700) * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS'),
               case when g % 3 = 0 then 'completed' else 'open' end
        from generate_series(1, 1000) g`);
      await database.system.execute(sql`
        insert into notes (family_id, title, content, family_member_id, category, sort_order)
        select ${family}, 'Note ' || g || ': ' || (${array(THINGS)})[1 + g % ${THINGS.length}],
               repeat((${array(SENTENCES)})[1 + g % ${SENTENCES.length}] || E'\n', 20), ${member}, 'general', g
        from generate_series(1, 300) g`);
      await database.system.execute(sql`
        insert into activity_proposals (family_id, title, description, location, assigned_to, assigned_by, due_date, status)
        select ${family}, (${array(THINGS)})[1 + g % ${THINGS.length}] || ' sign-up', (${array(SENTENCES)})[1 + g % ${SENTENCES.length}],
               (${array(PLACES)})[1 + g % ${PLACES.length}], ${member}, ${member},
               to_char(timestamp '2026-06-01 10:00' + (g % 300) * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS'), 'pending'
        from generate_series(1, 300) g`);
    }
    if (storage.env.DATABASE_URL) {
      const owner = new pg.Client({ connectionString: storage.env.DATABASE_URL });
      await owner.connect();
      await owner.query('ANALYZE');
      await owner.end();
    }
    console.log(
      `search bench: ${storage.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${String(FAMILIES)} families of ${String(EVENTS)} events, ` +
        `1,000 tasks, 300 notes, 300 requests each; ${String(RUNS)} calls a query`,
    );
    const all: number[] = [];
    for (const q of QUERIES) {
      const url = `/api/search?q=${encodeURIComponent(q)}`;
      const times: number[] = [];
      let results = 0;
      for (let i = 0; i < RUNS + 5; i++) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { cookie } });
        const took = performance.now() - started;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        results = res.json<{ results: unknown[] }>().results.length;
        if (i >= 5) times.push(took);
      }
      all.push(...times);
      console.log(
        `  ${JSON.stringify(q).padEnd(24)} ${String(results).padStart(3)} results  median ${median(times).toFixed(1)} ms  p95 ${percentile(times, 0.95).toFixed(1)} ms`,
      );
    }
    console.log(
      `all queries: median ${median(all).toFixed(1)} ms, p95 ${percentile(all, 0.95).toFixed(1)} ms (target < 50 ms)`,
    );
  } finally {
    await app.close();
    await changes.close();
    await database.close();
    await storage.drop();
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

function median(values: number[]): number {
  return percentile(values, 0.5);
}

await main();
