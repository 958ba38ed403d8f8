/** Seeding of issue 14's API bench (bench/api/run.ts): the data both sides read. */
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';

/** The rows of a raw `execute`: both drivers (node-postgres and PGlite) answer `{ rows }`, typed `unknown` by Drizzle's generic Db. */
export function rowsOf<T>(result: unknown): T[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as T[]; // shape checked just above; the element type is the caller's SELECT list
  }
  throw new Error('unexpected execute() result');
}

/**
 * Seeds `families - 1` other families with 100 one-off events each over 2026–2027 (so the indexed query must
 * skip other families and other months), and gives `familyId` a busy December: 4 one-offs a day (124,
 * some multi-day and overlapping), one daily series (31), one weekly (5), and 100 events across the year.
 * `analyze` runs ANALYZE as the tables' owner, which the app role cannot.
 * @returns the number of events in the database.
 */
export async function seed(
  database: Database,
  familyId: number,
  families: number,
  analyze: () => Promise<void>,
): Promise<number> {
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
  await analyze(); // as the owner: the app role's ANALYZE skips every table (see ScratchDatabase.analyze)
  const count = await db.execute(sql.raw('SELECT count(*)::int AS n FROM events'));
  return Number(rowsOf<{ n: number }>(count)[0]?.n);
}
