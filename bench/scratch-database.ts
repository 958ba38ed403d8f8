import { randomBytes } from 'node:crypto';
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
