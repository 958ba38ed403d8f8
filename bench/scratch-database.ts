import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/client.ts';

/** A scratch database, plus what only its owner may do. */
export interface ScratchDatabase extends Database {
  /**
   * Runs ANALYZE as the database's owner (the user of `serverUrl`). The app role and the system handle cannot:
   * PostgreSQL skips tables the caller does not own with only a WARNING, leaving the planner on default
   * estimates (on 1M events it chose a bitmap scan of every `parent_event_id IS NULL` row: 90 ms a request).
   */
  analyze(): Promise<void>;
}

/**
 * Opens a new, migrated scratch database on the PostgreSQL server at `serverUrl` (for example the machine's
 * `postgres://postgres@127.0.0.1:5432/postgres`), for a bench to seed and measure. `close()` closes the pool
 * and drops the database (WITH FORCE), so a bench leaves the server as it found it.
 * @param poolSize the app pool's connections (node-postgres `max`).
 * @throws whatever node-postgres throws when the server is unreachable or CREATE DATABASE is refused.
 */
export async function openScratchPostgres(serverUrl: string, poolSize = 10): Promise<ScratchDatabase> {
  const name = `familyhub_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), dataDir: '', poolSize });
  return {
    ...database,
    async analyze() {
      const owner = new pg.Client({ connectionString: target.toString() });
      await owner.connect();
      try {
        await owner.query('ANALYZE');
      } finally {
        await owner.end();
      }
    },
    async close() {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Where a bench's FamilyHub server process keeps its data: with DATABASE_URL set, a new PostgreSQL database on
 * that server (`DATABASE_URL` of the returned env); else a new PGlite folder (`DATA_DIR`). `drop()` removes the
 * database again (WITH FORCE; the server process must have ended).
 * @param tag a word for the names (`familyhub_bench_<tag>_<pid>`, `familyhub-bench-<tag>-…`).
 */
export async function scratchServerStorage(
  tag: string,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    return {
      env: { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `familyhub-bench-${tag}-`)) },
      drop: async () => {},
    };
  const name = `familyhub_bench_${tag}_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
