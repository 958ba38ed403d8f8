/**
 * Daily-summary bench (issue 8). Seeds a scratch PostgreSQL database with N families (default 100,000) in four
 * time zones, 4 members each (the 2 parents have the daily summary on; a quarter of the families text), a
 * realistic week (Sun 2026-11-22 – Sat 11-28) of one-off events, one weekly series per family, pickups and
 * drop-offs, and open tasks (some overdue), all with `generate_series` SQL. Then, for each zone at its 07:30 on
 * Wed 2026-11-25, it times `planDailySummaries(zone)`: claiming the log rows, reading the day's events and tasks,
 * writing one summary per member into the outbox. Prints per-zone and total planning time, the cost of a second process
 * planning the same minute, and the cost of one ordinary planner tick (task, event, pickup reminders).
 *
 * Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/daily-summary/run.ts [--families 100000]
 * The scratch database is dropped afterwards (pass --keep to keep it). Numbers go in docs/performance.md.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.ts';
import { dailySummaryWindow } from '../../src/core/reminders/reminder-times.ts';
import { createPlanner } from '../../src/server/scheduler/planner.ts';

const { values } = parseArgs({
  options: { families: { type: 'string', default: '100000' }, keep: { type: 'boolean', default: false } },
});
const FAMILIES = Number(values.families);
const ZONES = ['Asia/Tokyo', 'Europe/London', 'America/New_York', 'America/Los_Angeles'];
const DAY = '2026-11-25';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL (a PostgreSQL server) is required');
const name = `familyhub_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const scratchUrl = new URL(url);
scratchUrl.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: scratchUrl.toString(), dataDir: '', poolSize: 10 });
const db = database.db;
// Seeding and reporting go through a plain node-postgres client (typed rows); planning through the app's Drizzle.
const raw = new pg.Client({ connectionString: scratchUrl.toString() });
await raw.connect();
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

try {
  let t = performance.now();
  const zoneList = `ARRAY[${ZONES.map((z) => `'${z}'`).join(',')}]`;
  const statements = [
    `INSERT INTO families (id, name, timezone, sms_enabled)
     SELECT f, 'Family ' || f, (${zoneList})[1 + f % 4], f % 4 = 0 FROM generate_series(1, ${FAMILIES}) f`,
    `SELECT setval('families_id_seq', ${FAMILIES})`,
    // Member ids: 4(f-1)+1 and +2 are the parents, +3 and +4 the children.
    `INSERT INTO family_members (id, family_id, name, role, email, phone_number, daily_summary_enabled)
     SELECT 4 * (f - 1) + k, f,
       (ARRAY['Ana','Ben','Mia','Leo'])[k], CASE WHEN k <= 2 THEN 'parent' ELSE 'child' END,
       CASE WHEN k <= 2 THEN 'm' || (4 * (f - 1) + k) || '@example.com' END,
       CASE WHEN k = 1 THEN '+1555' || lpad(f::text, 7, '0') END,
       k <= 2
     FROM generate_series(1, ${FAMILIES}) f, generate_series(1, 4) k`,
    `SELECT setval('family_members_id_seq', ${FAMILIES * 4})`,
    // 8 one-off events per family over the week (school, clubs, appointments), half with a pickup.
    `INSERT INTO events (family_id, title, start_date, duration_minutes, location, organizer_id, attendees,
       alert_members, category, has_pickup, pickup_assigned_to, has_dropoff, dropoff_assigned_to)
     SELECT f, (ARRAY['Soccer practice','Dentist','Piano lesson','Playdate','Swim club','Parent evening','Birthday party','Art class'])[e],
       to_char(DATE '2026-11-22' + (e - 1) % 7 + (f % 2), 'YYYY-MM-DD') || 'T' || lpad((8 + (e * 3 + f) % 11)::text, 2, '0') || ':' || (ARRAY['00','15','30','45'])[1 + (f + e) % 4] || ':00',
       30 + 15 * (e % 4), (ARRAY['Riverside Park','Main St Clinic','Town hall','Community pool'])[1 + e % 4],
       4 * (f - 1) + 1 + e % 2,
       jsonb_build_array((4 * (f - 1) + 3 + e % 2)::text),
       jsonb_build_array((4 * (f - 1) + 2 - e % 2)::text),
       'activity', e % 2 = 0, CASE WHEN e % 2 = 0 THEN 4 * (f - 1) + 2 END,
       e % 3 = 0, CASE WHEN e % 3 = 0 THEN 4 * (f - 1) + 1 END
     FROM generate_series(1, ${FAMILIES}) f, generate_series(1, 8) e`,
    // One weekly series per family (Wednesday afternoons), started a month ago.
    `INSERT INTO events (family_id, title, start_date, duration_minutes, location, organizer_id, attendees,
       category, is_recurring, recurrence_pattern, rrule, has_pickup, pickup_assigned_to)
     SELECT f, 'Scouts', '2026-10-28T16:30:00', 90, 'Scout hall', 4 * (f - 1) + 1,
       jsonb_build_array((4 * (f - 1) + 3)::text, (4 * (f - 1) + 4)::text), 'activity', true, 'weekly',
       'FREQ=WEEKLY;BYDAY=WE', true, 4 * (f - 1) + 2
     FROM generate_series(1, ${FAMILIES}) f`,
    // 6 open tasks per family across the week (two of them already overdue on Wednesday), 2 completed.
    `INSERT INTO tasks (family_id, title, assigned_to, assigned_to_ids, due_date, status)
     SELECT f, (ARRAY['Pack lunch','Buy milk','Return library books','Pay school trip','Book haircut','Water plants','Take out bins','Sign permission slip'])[k],
       4 * (f - 1) + 1 + k % 2, jsonb_build_array((4 * (f - 1) + 1 + k % 2)::text),
       to_char(DATE '2026-11-23' + (k - 1) % 5, 'YYYY-MM-DD') || 'T' || lpad((7 + k)::text, 2, '0') || ':00:00',
       CASE WHEN k > 6 THEN 'completed' ELSE 'open' END
     FROM generate_series(1, ${FAMILIES}) f, generate_series(1, 8) k`,
    'ANALYZE',
  ];
  for (const statement of statements) await raw.query(statement);
  const seeded = performance.now() - t;
  const counts = await raw.query<{
    families: string;
    members: string;
    events: string;
    tasks: string;
  }>(`SELECT (SELECT count(*) FROM families) AS families, (SELECT count(*) FROM family_members) AS members,
      (SELECT count(*) FROM events) AS events, (SELECT count(*) FROM tasks) AS tasks`);
  console.log(`seeded in ${seconds(seeded)}:`, counts.rows[0]);

  let total = 0;
  let written = 0;
  let current = new Date();
  const clock = { now: () => current };
  const planner = createPlanner({ db, clock, publicUrl: 'https://familyhub.example' });
  for (const zone of ZONES) {
    const at = dailySummaryWindow(DAY, zone).sendAt;
    current = at;
    t = performance.now();
    const result = await planner.planDailySummaries(zone);
    const ms = performance.now() - t;
    total += ms;
    written += result.summaries;
    console.log(
      `${zone.padEnd(20)} 07:30 = ${at.toISOString()}  ${result.summaries} summaries in ${seconds(ms)}`,
    );
    // A second process at the same minute finds every summary claimed.
    const again = createPlanner({ db, clock, publicUrl: 'https://familyhub.example' });
    t = performance.now();
    const repeat = await again.planDailySummaries(zone);
    console.log(
      `${''.padEnd(20)} second process: ${repeat.summaries} new, ${seconds(performance.now() - t)}`,
    );
  }
  // An ordinary minute afterwards: the whole tick (reminders for every zone, bookkeeping; summaries done).
  current = new Date('2026-11-25T16:05:00Z');
  t = performance.now();
  const tick = await planner.tick();
  console.log(`one planner tick at ${current.toISOString()}: ${seconds(performance.now() - t)}`, tick);
  // The next minute: steady state (only what became due in that minute is new).
  current = new Date('2026-11-25T16:06:00Z');
  t = performance.now();
  const next = await planner.tick();
  console.log(`next tick at ${current.toISOString()}: ${seconds(performance.now() - t)}`, next);
  const byChannel = await raw.query<{ channel: string; status: string; n: string }>(
    `SELECT channel, status, count(*) AS n FROM notifications GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  console.log(
    `total: ${written} summaries planned in ${seconds(total)} (${Math.round(written / (total / 1000))}/s)`,
  );
  console.log('outbox:', byChannel.rows);
  const sample = await raw.query<{ channel: string; subject: string | null; body: string }>(
    `SELECT channel, subject, body FROM notifications WHERE family_id = 4 ORDER BY id`,
  );
  for (const row of sample.rows) console.log(`--- sample (${row.channel}) ${row.subject ?? ''}\n${row.body}`);
} finally {
  await raw.end();
  await database.close();
  if (!values.keep) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
