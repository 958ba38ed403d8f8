import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsUpTo, migrationSubjects, type Subject } from '../test/migration-subjects.ts';

/**
 * Migration 0016 (issue 26 item 4) on a database that holds outbox rows written the old way: rows are written
 * at migration 0015, then the database is migrated. On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */

interface Row {
  dedupe_key: string;
  status: string;
  status_reason: string | null;
  source_kind: string;
  source_id: number | null;
  source_occurrence: string | null;
}

describe.each(migrationSubjects())('migration 0016 (outbox sources) on %s', (_name, open) => {
  let db: Subject;
  let rows: Row[];
  const folders: string[] = [];

  beforeAll(async () => {
    db = await open();
    const upTo15 = migrationsUpTo(15);
    folders.push(upTo15);
    await db.migrate(upTo15);
    const [family] = await db.query<{ id: number }>(
      `insert into families (name) values ('Old rows') returning id`,
    );
    const insert = (key: string, kind: string, status: string, reason: string | null = null) =>
      db.query(
        `insert into notifications (family_id, channel, recipient, body, kind, dedupe_key, send_after, status, status_reason)
         values ($1, 'email', 'ana@example.com', 'text', $2, $3, now(), $4, $5)`,
        [family?.id, kind, key, status, reason],
      );
    // A reminder cancelled the old way (suppressed, key renamed), and the one planned again in its place.
    await insert(
      'event:7:event:2026-12-01T09:00:00:3#cancelled:1',
      'event_reminder',
      'suppressed',
      'Event changed before the reminder was sent',
    );
    await insert('event:7:event:2026-12-01T09:00:00:3', 'event_reminder', 'pending');
    await insert('event:7:pickup:2026-12-01T09:00:00:3', 'pickup_reminder', 'sent');
    await insert('event:7:dropoff:2026-12-01T09:00:00:3#cancelled:4', 'dropoff_reminder', 'suppressed', 'x');
    // Suppressed by policy: stays suppressed.
    await insert(
      'task:12:reminder:3:2026-12-01T12:00:00:30_minutes_before',
      'task_reminder',
      'suppressed',
      'no_phone',
    );
    await insert('summary:3:2026-12-01', 'daily_summary', 'sent');
    await insert('event-alert:7:3:1764000000000:abcdef012345', 'event_alert', 'pending');
    await insert('driving-gaps:3:2026-12-02', 'driving_gaps', 'pending');
    await insert('invitation:5:0123456789abcdef01234567', 'invitation', 'suppressed', 'no_email_provider');
    await insert('password_reset:9:2026-12-01T08:00:00.000Z:a1b2c3d4e5f6', 'password_reset', 'sent');
    await insert('sms:in:SM123:1', 'assistant_question', 'sent');
    await insert('bench:1', 'bench', 'pending');

    const all = migrationsUpTo(1000);
    folders.push(all);
    await db.migrate(all);
    rows = await db.query<Row>(
      `select dedupe_key, status, status_reason, source_kind, source_id, source_occurrence from notifications order by id`,
    );
  });

  afterAll(async () => {
    await db.close();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('turns cancellations into cancelled rows with their key back, and keeps every other status', () => {
    expect(rows.map((r) => [r.dedupe_key, r.status, r.status_reason])).toEqual([
      ['event:7:event:2026-12-01T09:00:00:3', 'cancelled', 'Event changed before the reminder was sent'],
      ['event:7:event:2026-12-01T09:00:00:3', 'pending', null],
      ['event:7:pickup:2026-12-01T09:00:00:3', 'sent', null],
      ['event:7:dropoff:2026-12-01T09:00:00:3', 'cancelled', 'x'],
      ['task:12:reminder:3:2026-12-01T12:00:00:30_minutes_before', 'suppressed', 'no_phone'],
      ['summary:3:2026-12-01', 'sent', null],
      ['event-alert:7:3:1764000000000:abcdef012345', 'pending', null],
      ['driving-gaps:3:2026-12-02', 'pending', null],
      ['invitation:5:0123456789abcdef01234567', 'suppressed', 'no_email_provider'],
      ['password_reset:9:2026-12-01T08:00:00.000Z:a1b2c3d4e5f6', 'sent', null],
      ['sms:in:SM123:1', 'sent', null],
      ['bench:1', 'pending', null],
    ]);
  });

  it('fills the source columns from the keys', () => {
    expect(rows.map((r) => [r.source_kind, r.source_id, r.source_occurrence])).toEqual([
      ['event', 7, '2026-12-01T09:00:00'],
      ['event', 7, '2026-12-01T09:00:00'],
      ['pickup', 7, '2026-12-01T09:00:00'],
      ['dropoff', 7, '2026-12-01T09:00:00'],
      ['task', 12, null],
      ['daily_summary', 3, '2026-12-01'],
      ['event_alert', 7, null],
      ['driving_gaps', 3, '2026-12-02'],
      ['invitation', 5, null],
      ['account', 9, null],
      ['sms', null, null],
      ['other', null, null],
    ]);
  });

  it('keeps the key unique among live rows only, and refuses statuses and kinds outside the lists', async () => {
    const [family] = await db.query<{ id: number }>(`select id from families limit 1`);
    const insert = (key: string, status: string, kind = 'other') =>
      db.query(
        `insert into notifications (family_id, channel, recipient, body, kind, dedupe_key, send_after, status, source_kind)
         values ($1, 'email', 'ana@example.com', 'text', 'x', $2, now(), $3, $4)`,
        [family?.id, key, status, kind],
      );
    await expect(insert('event:7:event:2026-12-01T09:00:00:3', 'pending')).rejects.toThrow(
      /unique|duplicate/i,
    );
    await insert('event:7:event:2026-12-01T09:00:00:3', 'cancelled');
    await expect(insert('new:1', 'bogus')).rejects.toThrow(/notifications_status_check/);
    await expect(insert('new:2', 'pending', 'bogus')).rejects.toThrow(/notifications_source_kind_check/);
  });
});
