import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { APP_ROLE, scopedDb } from './scope.ts';

/** A Drizzle database on either engine. Feature code sees only this type, never the driver. */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;
/** A transaction handle: accepted wherever a `Db` is (e.g. `enqueue(tx, …)` writes in the caller's transaction). */
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
export type DbOrTx = Db | Tx;

export interface Database {
  /**
   * Runs as the role `familyhub_app` (row-level security binds it) and follows the active family scope
   * (`withFamilyScope` in scope.ts): inside one, every query goes to that scope's transaction.
   */
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Thrown when a PGlite data directory is already open in another live process. */
export class DataDirInUseError extends Error {}

/**
 * Opens the database the configuration names and applies pending migrations.
 *
 * - `databaseUrl` set: a node-postgres pool (max `poolSize` connections). Migrations run under an advisory
 *   lock, so several app processes may start at once.
 * - otherwise: embedded PGlite persisted under `dataDir`, guarded by a lock file holding our pid, because
 *   PGlite does not lock its directory itself and two writers would corrupt it.
 *
 * @throws DataDirInUseError when another live process holds `dataDir`.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  fs.mkdirSync(options.dataDir, { recursive: true });
  const releaseLock = acquireDataDirLock(options.dataDir);
  try {
    const client = await PGlite.create(path.join(options.dataDir, 'pgdata'));
    return await wrapPglite(client, releaseLock);
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * Wraps an open PGlite (for example one restored from a test snapshot), migrating it. PGlite is one
 * connection whose user is a superuser (which row-level security never binds), so after migrating the
 * session switches to the app role for good.
 */
export async function wrapPglite(client: PGlite, onClose: () => void = () => {}): Promise<Database> {
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  await client.exec(`SET ROLE ${APP_ROLE}`);
  const db = drizzlePglite(client) as unknown as Db; // the PGlite driver's type is a PgDatabase subtype
  return {
    db: scopedDb(db),
    kind: 'pglite',
    async close() {
      await client.close();
      onClose();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // Migrations run as the configured user, on a connection of their own, under an advisory lock.
  const migrator = new pg.Client({ connectionString: url });
  await migrator.connect();
  try {
    await migrator.query('SELECT pg_advisory_lock(7301)');
    await migratePg(drizzlePg(migrator), { migrationsFolder });
  } finally {
    await migrator.query('SELECT pg_advisory_unlock(7301)').catch(() => {});
    await migrator.end().catch(() => {});
  }
  // Every app connection starts as the app role (a startup parameter: no statement can run before it, and
  // RESET ROLE returns to it), so that row-level security binds even when DATABASE_URL names a superuser.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: `-c role=${APP_ROLE}` });
  // A dropped connection must not crash the process; the pool replaces it on next use.
  pool.on('error', () => {});
  // The pool listens for errors only on idle connections. One checked out for a request's transaction that the
  // server terminates (a restart, a failover) between two statements emits 'error' outside any query, which
  // would crash the process without a listener; with this one the next statement fails (answered 503) and the
  // pool discards the connection on release, because it is no longer queryable.
  pool.on('connect', (client) => client.on('error', () => {}));
  const { rows } = await pool.query<{ role: string }>('SELECT current_user AS role');
  if (rows[0]?.role !== APP_ROLE) {
    await pool.end();
    // e.g. DATABASE_URL carries its own `options`, which replace ours.
    throw new Error(`Database connections run as ${rows[0]?.role ?? '?'}, not ${APP_ROLE}`);
  }
  return { db: scopedDb(drizzlePg(pool) as unknown as Db), kind: 'postgres', close: () => pool.end() };
}

/** Lock files this process holds, so that our own pid in a lock file is told apart from a stale one. */
const heldLocks = new Set<string>();

function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.resolve(dataDir, 'familyhub.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      heldLocks.add(lockPath);
      return () => {
        heldLocks.delete(lockPath);
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8'));
      // Our own pid is a live holder only if this process took the lock (a restarted container reuses pids).
      const held = holder === process.pid ? heldLocks.has(lockPath) : holder > 0 && isAlive(holder);
      if (Number.isInteger(holder) && held) {
        throw new DataDirInUseError(
          `The data directory ${dataDir} is in use by another FamilyHub process (pid ${holder}). ` +
            'Stop it first, or set DATA_DIR to another folder.',
        );
      }
      fs.rmSync(lockPath, { force: true }); // a stale lock left by a process that died
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
