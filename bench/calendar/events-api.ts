/**
 * Times `GET /api/events?start=&end=` for one month holding ~500 occurrences, most of them from recurring
 * series, on PGlite (in memory) and, when DATABASE_URL is set, on PostgreSQL (a scratch database, dropped after).
 *
 *   node --import tsx bench/calendar/events-api.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/calendar/events-api.ts
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.ts';
import { testConfig } from '../../src/server/config.ts';
import { wrapPglite, type Database } from '../../src/server/db/client.ts';
import { startChangeFeed } from '../../src/server/live/change-feed.ts';
import { openScratchPostgres } from '../scratch-database.ts';
import { eventAttendees, events } from '../../src/server/db/schema/events.ts';
import { userAccounts } from '../../src/server/db/schema/families.ts';
import { buildRrule, type RecurrencePattern } from '../../src/core/recurrence/patterns.ts';
import { addLocalDays } from '../../src/core/time/local-time.ts';

const MONTH_START = '2026-12-01';
const MONTH_END = '2026-12-31';
const RUNS = 40;

async function run(label: string, database: Database): Promise<void> {
  const config = testConfig({
    WEB_DIST_DIR: '/nonexistent',
    AUTH_RATE_LIMIT_PER_MINUTE: 100000,
    FAMILY_WRITE_RATE_LIMIT_PER_MINUTE: 100000,
    LOG_LEVEL: 'silent',
  });
  const changes = await startChangeFeed(database);
  const app = await buildApp({
    db: database.db,
    config,
    clock: { now: () => new Date('2026-11-22T16:00:00Z') },
    changes,
  });
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      familyName: 'Bench',
      email,
      password: 'correct horse',
      memberName: 'Ana Bench',
      memberRole: 'parent',
      memberColor: 'blue',
    },
  });
  const cookie = String(reg.headers['set-cookie']).split(';')[0] ?? '';
  const [user] = await database.system.select().from(userAccounts).where(eq(userAccounts.email, email));
  if (!user) throw new Error('registration failed');
  const familyId = user.familyId;

  // Series that started in the autumn: 9 daily, 5 workday, 10 weekly, 4 monthly ≈ 279 + 115 + 44 + 4 occurrences, plus 93 one-offs.
  const series: Array<[RecurrencePattern, number]> = [
    ['daily', 9],
    ['workday', 5],
    ['weekly', 10],
    ['monthly_date', 2],
    ['monthly_day', 2],
  ];
  const rows: Array<typeof events.$inferInsert> = [];
  let n = 0;
  for (const [pattern, count] of series) {
    for (let i = 0; i < count; i += 1) {
      n += 1;
      const start = `${addLocalDays('2026-09-01', n % 7)}T${String(6 + (n % 14)).padStart(2, '0')}:00:00`;
      rows.push({
        familyId,
        title: `${pattern} ${String(i)}`,
        startDate: start,
        durationMinutes: 45,
        isRecurring: true,
        recurrencePattern: pattern,
        rrule: buildRrule(pattern, start, null),
        exdates: [`${addLocalDays(start.slice(0, 10), 91)}${start.slice(10)}`],
      });
    }
  }
  // One-off events across the year (other months are noise the query must skip).
  for (let d = 0; d < 365; d += 1) {
    const date = addLocalDays('2026-06-01', d);
    const perDay = date.startsWith('2026-12') ? 3 : 2;
    for (let k = 0; k < perDay; k += 1) {
      const hour = String(9 + k * 3).padStart(2, '0');
      rows.push({
        familyId,
        title: `One-off ${date} ${String(k)}`,
        startDate: `${date}T${hour}:30:00`,
        durationMinutes: 60,
      });
    }
  }
  const memberId = user.familyMemberId;
  if (memberId === null) throw new Error('registration made no member');
  for (let i = 0; i < rows.length; i += 200) {
    const stored = await database.system
      .insert(events)
      .values(rows.slice(i, i + 200))
      .returning({ id: events.id, isRecurring: events.isRecurring });
    // Every series has an attendee, so the read aggregates lists as a family's calendar does.
    const attendees = stored
      .filter((r) => r.isRecurring)
      .map((r) => ({ familyId, eventId: r.id, memberId, position: 0 }));
    if (attendees.length > 0) await database.system.insert(eventAttendees).values(attendees);
  }

  const url = `/api/events?start=${MONTH_START}&end=${MONTH_END}`;
  const first = await app.inject({ method: 'GET', url, headers: { cookie } });
  if (first.statusCode !== 200) throw new Error(`GET failed: ${first.statusCode} ${first.body}`);
  const occurrences = first.json<unknown[]>().length;
  const times: number[] = [];
  for (let i = 0; i < RUNS + 5; i += 1) {
    const t0 = performance.now();
    await app.inject({ method: 'GET', url, headers: { cookie } });
    if (i >= 5) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    (times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(1);
  console.log(
    `${label}: GET /api/events for ${MONTH_START}…${MONTH_END}: ${String(occurrences)} occurrences from ${String(rows.length)} rows; ` +
      `median ${pct(0.5)} ms, p95 ${pct(0.95)} ms, min ${(times[0] ?? 0).toFixed(1)} ms over ${String(RUNS)} runs`,
  );
  await app.close();
  await changes.close();
}

const pglite = await wrapPglite(await PGlite.create());
try {
  await run('PGlite', pglite);
} finally {
  await pglite.close();
}
if (process.env.DATABASE_URL) {
  const postgres = await openScratchPostgres(process.env.DATABASE_URL, 5);
  try {
    await run('PostgreSQL', postgres);
  } finally {
    await postgres.close();
  }
}
