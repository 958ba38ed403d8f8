import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/client.ts';

/**
 * Opens a new, migrated scratch database on the PostgreSQL server at `serverUrl` (for example the machine's
 * `postgres://postgres@127.0.0.1:5432/postgres`), for a bench to seed and measure. `close()` closes the pool
 * and drops the database (WITH FORCE), so a bench leaves the server as it found it.
 * @param poolSize the app pool's connections (node-postgres `max`).
 * @throws whatever node-postgres throws when the server is unreachable or CREATE DATABASE is refused.
 */
export async function openScratchPostgres(serverUrl: string, poolSize = 10): Promise<Database> {
  const name = `familyhub_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), dataDir: '', poolSize });
  return {
    ...database,
    async close() {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
