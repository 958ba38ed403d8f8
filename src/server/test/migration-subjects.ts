import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../db/client.ts';
import { withDatabase } from './global-setup.ts';

/**
 * What the tests of one migration share: a database migrated step by step (rows written the old way at migration
 * N, then the rest), on PGlite and on PostgreSQL when DATABASE_URL is set.
 */

/**
 * A copy of the migrations folder that stops after migration `last` (its journal cut there), in a new temporary
 * folder (the caller removes it).
 */
export function migrationsUpTo(last: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'familyhub-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries)
    fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/** A database to migrate step by step, and raw SQL on it (as its owner). */
export interface Subject {
  migrate(folder: string): Promise<void>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

async function pgliteSubject(): Promise<Subject> {
  const client = await PGlite.create();
  return {
    migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    close: () => client.close(),
  };
}

async function postgresSubject(url: string): Promise<Subject> {
  const name = `familyhub_m_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  // One client, ended before the database is dropped (a pool's idle client would be terminated by the drop).
  const pool = new pg.Client({ connectionString: withDatabase(url, name) });
  await pool.connect();
  return {
    migrate: (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
    query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
    async close() {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The databases a migration test runs on: `[name, open]`, PGlite, and PostgreSQL when DATABASE_URL is set. */
export function migrationSubjects(): [string, () => Promise<Subject>][] {
  const subjects: [string, () => Promise<Subject>][] = [['PGlite', pgliteSubject]];
  const url = process.env.DATABASE_URL;
  if (url) subjects.push(['PostgreSQL', () => postgresSubject(url)]);
  return subjects;
}
