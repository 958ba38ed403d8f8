import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsUpTo, migrationSubjects, type Subject } from '../test/migration-subjects.ts';

/**
 * Migration 0026 (issue 46 item 1, ADR 047) on a database holding transport tasks made the old way: one per series
 * (dated at its first occurrence) and per edited occurrence, and a one-off event's twice. Rows are written at
 * migration 0024, then the database is migrated. On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */

describe.each(migrationSubjects())('migration 0026 (transport tasks per occurrence) on %s', (_name, open) => {
  let db: Subject;
  const folders: string[] = [];
  let ids: { series: number; oneOff: number; familyId: number };

  beforeAll(async () => {
    db = await open();
    const upTo24 = migrationsUpTo(24);
    folders.push(upTo24);
    await db.migrate(upTo24);
    const [family] = await db.query<{ id: number }>(
      `insert into families (name) values ('Old') returning id`,
    );
    const familyId = family?.id ?? 0;
    const event = async (values: string, columns = '') =>
      (
        await db.query<{ id: number }>(
          `insert into events (family_id, title, start_date${columns}) values ($1, ${values}) returning id`,
          [familyId],
        )
      )[0]?.id ?? 0;
    const series = await event(`'School', '2026-11-17T08:15:00', 'FREQ=DAILY'`, ', rrule');
    const override = await event(
      `'School', '2026-11-19T09:15:00', ${series}, '2026-11-19T08:15:00'`,
      ', parent_event_id, recurrence_id',
    );
    const rdates = await event(`'Piano', '2026-11-18T17:00:00', '["2026-11-25T17:00:00"]'`, ', rdates');
    const oneOff = await event(`'Party', '2026-11-28T13:00:00'`);
    const task = (title: string, eventId: number, kind: string | null, due: string) =>
      db.query(
        `insert into tasks (family_id, title, event_id, transport_kind, due_date) values ($1, $2, $3, $4, $5)`,
        [familyId, title, eventId, kind, due],
      );
    await task('Drop-off: School', series, 'dropoff', '2026-11-17T08:00:00');
    await task('Pickup: School', series, 'pickup', '2026-11-17T14:45:00');
    await task('Pack lunch', series, null, '2026-11-17T07:00:00');
    await task('Drop-off: School', override, 'dropoff', '2026-11-19T09:00:00');
    await task('Drop-off: Piano', rdates, 'dropoff', '2026-11-18T16:45:00');
    await task('Drop-off: Party', oneOff, 'dropoff', '2026-11-28T12:45:00');
    await task('Drop-off: Party', oneOff, 'dropoff', '2026-11-28T12:45:00');
    await task('Pickup: Party', oneOff, 'pickup', '2026-11-28T15:45:00');
    const all = migrationsUpTo(1000);
    folders.push(all);
    await db.migrate(all);
    ids = { series, oneOff, familyId };
  });

  afterAll(async () => {
    await db.close();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it("deletes the series' and edited occurrences' stale tasks and a one-off's second one; keeps the rest", async () => {
    const rows = await db.query<{ title: string; event_id: number; occurrence_start: string | null }>(
      `select title, event_id, occurrence_start from tasks order by id`,
    );
    expect(rows).toEqual([
      { title: 'Pack lunch', event_id: ids.series, occurrence_start: null },
      { title: 'Drop-off: Party', event_id: ids.oneOff, occurrence_start: null },
      { title: 'Pickup: Party', event_id: ids.oneOff, occurrence_start: null },
    ]);
  });

  it('allows one task per occurrence and kind, and an occurrence only on a transport task', async () => {
    const insert = (eventId: number, kind: string | null, occurrence: string | null) =>
      db.query(
        `insert into tasks (family_id, title, event_id, transport_kind, occurrence_start) values ($1, 'T', $2, $3, $4)`,
        [ids.familyId, eventId, kind, occurrence],
      );
    await insert(ids.series, 'pickup', '2026-11-24T08:15:00');
    await insert(ids.series, 'dropoff', '2026-11-24T08:15:00');
    await insert(ids.series, 'pickup', '2026-11-25T08:15:00');
    await expect(insert(ids.series, 'pickup', '2026-11-24T08:15:00')).rejects.toThrow(
      /tasks_transport_occurrence_key/,
    );
    await expect(insert(ids.oneOff, 'pickup', null)).rejects.toThrow(/tasks_transport_event_key/);
    await expect(insert(ids.series, null, '2026-11-24T08:15:00')).rejects.toThrow(
      /tasks_occurrence_start_check/,
    );
    // Tasks that are not transport tasks are as many as anyone wants.
    await insert(ids.series, null, null);
    await insert(ids.series, null, null);
  });
});
