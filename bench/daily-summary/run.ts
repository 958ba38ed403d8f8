/**
 * Daily-summary and reminder-planner bench (issue 8). Seeds a scratch PostgreSQL database with N families (default
 * 100,000) in four time zones, 4 members each (the 2 parents have the daily summary on; a quarter of the families
 * text), a realistic week (Sun 2026-11-22 – Sat 11-28) of one-off events, one weekly series per family, pickups and
 * drop-offs, and open tasks (some overdue), all with `generate_series` SQL. Then, for each zone at its 07:30 on
 * Wed 2026-11-25, it times `planDailySummaries(zone)`: claiming the log rows, reading the day's events and tasks,
 * writing one summary per member into the outbox. Prints per-zone and total planning time and the cost of a second
 * process planning the same minute.
 *
 * Then the per-minute reminder tick. The seed also sets every row's `next_reminder_at` cursor the way a planner that
 * has been running since 16:00Z would have left it (in SQL, with PostgreSQL's `AT TIME ZONE`; the week has no DST
 * change), except for 1% of the events and tasks, left NULL as if just written. It times the ticks of 16:05Z (the
 * first of a new process: computes those 1% and plans what falls due), 16:06Z–16:08Z (nothing falls due: the seeded
 * times are on quarter hours), 16:15Z (the 16:30 reminders fall due) and 16:16Z, and then a tick after 20,000 events
 * and 20,000 tasks were set back to NULL (the rate at which the cursors of a migrated database are computed).
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
/** The titles of the one-off events: the e-th title is event e of a family (its member lists follow from e). */
const TITLES = `ARRAY['Soccer practice','Dentist','Piano lesson','Playdate','Swim club','Parent evening','Birthday party','Art class']`;

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL (a PostgreSQL server) is required');
const name = `familyhub_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const scratchUrl = new URL(url);
scratchUrl.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: scratchUrl.toString(), dataDir: '', poolSize: 10 });
const db = database.system; // the planner crosses families: the system handle (ADR 008)
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
    // 8 one-off events per family over the week (school, clubs, appointments), half with a pickup. Each has a
    // child attending and a parent alerted (rows of event_attendees / event_alert_members, below).
    `INSERT INTO events (family_id, title, start_date, duration_minutes, location, organizer_id,
       category, has_pickup, pickup_assigned_to, has_dropoff, dropoff_assigned_to)
     SELECT f, (${TITLES})[e],
       to_char(DATE '2026-11-22' + (e - 1) % 7 + (f % 2), 'YYYY-MM-DD') || 'T' || lpad((8 + (e * 3 + f) % 11)::text, 2, '0') || ':' || (ARRAY['00','15','30','45'])[1 + (f + e) % 4] || ':00',
       30 + 15 * (e % 4), (ARRAY['Riverside Park','Main St Clinic','Town hall','Community pool'])[1 + e % 4],
       4 * (f - 1) + 1 + e % 2,
       'activity', e % 2 = 0, CASE WHEN e % 2 = 0 THEN 4 * (f - 1) + 2 END,
       e % 3 = 0, CASE WHEN e % 3 = 0 THEN 4 * (f - 1) + 1 END
     FROM generate_series(1, ${FAMILIES}) f, generate_series(1, 8) e`,
    // One weekly series per family (Wednesday afternoons), started a month ago.
    `INSERT INTO events (family_id, title, start_date, duration_minutes, location, organizer_id,
       category, is_recurring, recurrence_pattern, rrule, has_pickup, pickup_assigned_to)
     SELECT f, 'Scouts', '2026-10-28T16:30:00', 90, 'Scout hall', 4 * (f - 1) + 1, 'activity', true, 'weekly',
       'FREQ=WEEKLY;BYDAY=WE', true, 4 * (f - 1) + 2
     FROM generate_series(1, ${FAMILIES}) f`,
    // Attendees: one child of each one-off event (e from its title), both children at Scouts.
    `INSERT INTO event_attendees (family_id, event_id, member_id, position)
     SELECT family_id, id, 4 * (family_id - 1) + 3 + array_position(${TITLES}, title) % 2, 0
     FROM events WHERE rrule IS NULL
     UNION ALL
     SELECT family_id, id, 4 * (family_id - 1) + 2 + k, k - 1
     FROM events, generate_series(1, 2) k WHERE rrule IS NOT NULL`,
    // One parent alerted of each one-off event (the trigger sets events.has_alert_members).
    `INSERT INTO event_alert_members (family_id, event_id, member_id, position)
     SELECT family_id, id, 4 * (family_id - 1) + 2 - array_position(${TITLES}, title) % 2, 0
     FROM events WHERE rrule IS NULL`,
    // 6 open tasks per family across the week (two of them already overdue on Wednesday), 2 completed.
    `INSERT INTO tasks (family_id, title, assigned_to, due_date, status)
     SELECT f, (ARRAY['Pack lunch','Buy milk','Return library books','Pay school trip','Book haircut','Water plants','Take out bins','Sign permission slip'])[k],
       4 * (f - 1) + 1 + k % 2,
       to_char(DATE '2026-11-23' + (k - 1) % 5, 'YYYY-MM-DD') || 'T' || lpad((7 + k)::text, 2, '0') || ':00:00',
       CASE WHEN k > 6 THEN 'completed' ELSE 'open' END
     FROM generate_series(1, ${FAMILIES}) f, generate_series(1, 8) k`,
    // Each task's one assignee is its assigned_to.
    `INSERT INTO task_assignees (family_id, task_id, member_id, position)
     SELECT family_id, id, assigned_to, 0 FROM tasks`,
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
  // The reminder cursors as a planner running since T0 would have left them (see the header).
  const T0 = `TIMESTAMPTZ '2026-11-25T16:00:00Z'`;
  const NEVER = `TIMESTAMPTZ '9999-12-31T00:00:00Z'`;
  t = performance.now();
  for (const statement of [
    // One-off events: the earliest of the event, drop-off and pickup reminders from T0 on.
    `UPDATE events e SET next_reminder_at = coalesce((
       SELECT min(a) FROM (VALUES
         (CASE WHEN e.has_alert_members THEN s.at - interval '30 minutes' END),
         (CASE WHEN e.has_dropoff AND e.dropoff_assigned_to IS NOT NULL THEN s.at - e.dropoff_minutes_before * interval '1 minute' END),
         (CASE WHEN e.has_pickup AND e.pickup_assigned_to IS NOT NULL THEN s.at + (e.duration_minutes - e.pickup_minutes_before) * interval '1 minute' END)
       ) v(a) WHERE a >= ${T0}), ${NEVER})
     FROM (SELECT e2.id, e2.start_date::timestamp AT TIME ZONE f.timezone AS at
           FROM events e2 JOIN families f ON f.id = e2.family_id WHERE e2.rrule IS NULL) s
     WHERE s.id = e.id`,
    // The weekly series (Wednesdays 16:30–18:00, pickup at 17:45): this Wednesday's pickup, or next week's.
    `UPDATE events e SET next_reminder_at = CASE
       WHEN (TIMESTAMP '2026-11-25 17:45' AT TIME ZONE f.timezone) >= ${T0} THEN TIMESTAMP '2026-11-25 17:45' AT TIME ZONE f.timezone
       ELSE TIMESTAMP '2026-12-02 17:45' AT TIME ZONE f.timezone END
     FROM families f WHERE f.id = e.family_id AND e.rrule IS NOT NULL`,
    // Open tasks (30 minutes before, the default).
    `UPDATE tasks t SET next_reminder_at = CASE
       WHEN (t.due_date::timestamp AT TIME ZONE f.timezone) - interval '30 minutes' >= ${T0}
       THEN (t.due_date::timestamp AT TIME ZONE f.timezone) - interval '30 minutes' ELSE ${NEVER} END
     FROM families f WHERE f.id = t.family_id AND t.status = 'open'`,
    // 1% written since the last tick: not computed yet.
    `UPDATE events SET next_reminder_at = NULL WHERE id % 100 = 0`,
    `UPDATE tasks SET next_reminder_at = NULL WHERE id % 100 = 0 AND status = 'open'`,
    'VACUUM ANALYZE events',
    'VACUUM ANALYZE tasks',
  ])
    await raw.query(statement);
  console.log(`reminder cursors seeded in ${seconds(performance.now() - t)}`);
  const due = async (at: Date) => {
    const to = new Date(at.getTime() + 15 * 60_000).toISOString();
    const r = await raw.query<{ events: string; tasks: string; unplanned: string }>(
      `SELECT (SELECT count(*) FROM events WHERE next_reminder_at <= $1) AS events,
              (SELECT count(*) FROM tasks WHERE next_reminder_at <= $1) AS tasks,
              (SELECT count(*) FROM events WHERE next_reminder_at IS NULL AND NOT is_all_day)
                + (SELECT count(*) FROM tasks WHERE next_reminder_at IS NULL AND status = 'open') AS unplanned`,
      [to],
    );
    return r.rows[0];
  };
  for (const minute of ['05', '06', '07', '08', '15', '16']) {
    current = new Date(`2026-11-25T16:${minute}:00Z`);
    const before = await due(current);
    t = performance.now();
    const tick = await planner.tick();
    console.log(
      `tick at ${current.toISOString()}: ${seconds(performance.now() - t)}; rows due by the horizon`,
      before,
      tick,
    );
  }
  // The plans of the two due-time reads (on the data as the ticks left it).
  for (const table of ['events', 'tasks']) {
    const plan = await raw.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, COSTS OFF) SELECT * FROM ${table} JOIN families f ON f.id = ${table}.family_id
       WHERE ${table}.next_reminder_at <= TIMESTAMPTZ '2026-11-25T16:40:00Z' AND ${table}.id > 0 ORDER BY ${table}.id LIMIT 2000`,
    );
    console.log(`plan (${table}):\n  ${plan.rows.map((r) => r['QUERY PLAN']).join('\n  ')}`);
  }
  // The rate at which cursors are computed (a migrated database computes every row's once, in its first tick).
  await raw.query(
    `UPDATE events SET next_reminder_at = NULL WHERE id IN (SELECT id FROM events ORDER BY id LIMIT 20000)`,
  );
  await raw.query(
    `UPDATE tasks SET next_reminder_at = NULL WHERE id IN (SELECT id FROM tasks WHERE status = 'open' ORDER BY id LIMIT 20000)`,
  );
  current = new Date('2026-11-25T16:17:00Z');
  t = performance.now();
  const refill = await planner.tick();
  const refillMs = performance.now() - t;
  console.log(
    `tick with 40,000 cursors to compute: ${seconds(refillMs)} (${Math.round(40_000 / (refillMs / 1000))} rows/s)`,
    refill,
  );
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
