import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, wrapPglite } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a tarball of a freshly migrated data directory. */
    pgliteSnapshot: string;
    /** PostgreSQL: name of a migrated template database that each test file copies. */
    pgTemplate: string;
  }
}

/**
 * Migrates the schema once per run: into a PGlite snapshot (each test file restores it in under a second
 * instead of booting PGlite afresh) or, with DATABASE_URL, into a PostgreSQL template database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `familyhub_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const templateUrl = withDatabase(url, template);
    // The app logs in as familyhub_app (migration 0003 creates it NOLOGIN); as README "PostgreSQL" says.
    await admin.query(
      `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'familyhub_app') THEN
         CREATE ROLE familyhub_app NOLOGIN; END IF; END $$`,
    );
    await admin.query('ALTER ROLE familyhub_app LOGIN NOSUPERUSER NOBYPASSRLS');
    const database = await openDatabase({ databaseUrl: templateUrl, dataDir: '' });
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteSnapshot', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const client = await PGlite.create();
  const database = await wrapPglite(client);
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'familyhub-snapshot-')), 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('pgTemplate', '');
  return async () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

/** `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
