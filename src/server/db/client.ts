import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { APP_ROLE, scopedDb, type OpenedTransaction, type OpeningRead, type PreparedRead } from './scope.ts';
import type { Db, Tx } from './types.ts';

export interface Database {
  /**
   * Runs as the role `familyhub_app` (row-level security binds it) and follows the active family scope
   * (`withFamilyScope` in scope.ts): inside one, every query goes to that scope's transaction.
   */
  db: Db;
  /**
   * The system handle: every statement carries `app.system = 'on'`, so row-level security lets it see every
   * family. Only the system paths docs/security.md lists use it: directly (planner, dispatcher) or through
   * `withSystemScope(db, name, …)`. On PostgreSQL a small pool of its own (4 connections), so that system
   * work never takes the requests' connections; on PGlite every statement runs in a transaction that sets
   * the marker first.
   */
  system: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Subscribes to the NOTIFY channel `channel` (an SQL identifier) on a connection of its own: `onPayload`
   * gets each message's text, in commit order. `onConnected` runs after every (re)connection, the first
   * included: a message sent while the connection was down is lost, so the caller treats a reconnection as a
   * gap. On PostgreSQL a dropped connection (a restart, a failover) is re-established with backoff
   * (0.25 s doubling to 5 s); on PGlite the one connection never drops. Resolves, once listening, to the
   * function that stops.
   */
  listen(channel: string, onPayload: (payload: string) => void, onConnected: () => void): Promise<Stop>;
  close(): Promise<void>;
}

/** Ends what started it; resolves once it has. */
export type Stop = () => Promise<void>;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Thrown when the app's database login could escalate past row-level security (see `checkAppRole`). */
export class AppRoleError extends Error {}

/** Thrown when a PGlite data directory is already open in another live process. */
export class DataDirInUseError extends Error {}

/**
 * Opens the database the configuration names and applies pending migrations.
 *
 * - `databaseUrl` set: migrations run as that user (the owner) under an advisory lock, so several app
 *   processes may start at once; the app's pool (max `poolSize` connections) and the system pool log in as
 *   `appDatabaseUrl`'s user, by default `databaseUrl` with the user `familyhub_app` and no password (trust or
 *   peer authentication; set DATABASE_APP_URL otherwise).
 * - otherwise: embedded PGlite persisted under `dataDir`, guarded by a lock file holding our pid, because
 *   PGlite does not lock its directory itself and two writers would corrupt it.
 *
 * @throws DataDirInUseError when another live process holds `dataDir`.
 * @throws AppRoleError when the app login is a superuser, has BYPASSRLS, or can become a role that does.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  appDatabaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
}): Promise<Database> {
  if (options.databaseUrl) {
    const appUrl = options.appDatabaseUrl ?? appLoginUrl(options.databaseUrl);
    return openPostgres(options.databaseUrl, appUrl, options.poolSize ?? 10);
  }
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
  const system = drizzlePglite(systemPglite(client)) as unknown as Db;
  return {
    // The request's transaction opens with the session lookup, as on PostgreSQL (ADR 011, amended by ADR 022):
    // four statements fewer than a lookup in a system transaction of its own followed by the family's. The hooks
    // between the lookup and the handler write in it (the family write limit) or run before it opens (the
    // routes with `rateLimited` counts, `countsBeforeScope`), so none waits for the one connection it holds.
    db: scopedDb(db, system, (statement, read) => openPgliteTransaction(client, statement, read)),
    system,
    kind: 'pglite',
    async listen(channel, onPayload, onConnected) {
      const unlisten = await client.listen(channel, onPayload);
      onConnected();
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async close() {
      await client.close();
      onClose();
    },
  };
}

/** Builds SQL for the transactions opened below (Drizzle's default dialect, as `drizzle()` uses). */
const dialect = new PgDialect();

/**
 * Type ids whose text Drizzle's drivers keep as it is (timestamps, dates, intervals, numeric[] and their arrays),
 * for its columns' own `mapFromDriverValue`: an opening read's rows must reach the mapper as Drizzle's would.
 */
const RAW_TEXT_TYPES = new Set([1082, 1114, 1184, 1186, 1231, 1115, 1185, 1187, 1182]);
const keepText = (value: string) => value;
/** node-postgres type parsers of the opening read (as drizzle-orm/node-postgres's prepared queries set them). */
const drizzlePgTypes = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    RAW_TEXT_TYPES.has(typeId) ? keepText : pg.types.getTypeParser(typeId, format),
};
/** PGlite parsers of the opening read (as drizzle-orm/pglite's prepared queries set them). */
const drizzlePgliteParsers = Object.fromEntries([...RAW_TEXT_TYPES].map((id) => [id, keepText]));

/** `PREPARE name AS text` (the name checked: it is written into the SQL). */
function prepareStatement(read: PreparedRead): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(read.name)) throw new Error(`not an SQL identifier: ${read.name}`);
  return `PREPARE ${read.name} AS ${read.text}`;
}

/** `EXECUTE name('arg', …)`, each argument a quoted literal. */
function executeStatement(read: OpeningRead): string {
  return `EXECUTE ${read.statement.name}(${read.args.map((arg) => pg.escapeLiteral(arg)).join(', ')})`;
}

/**
 * Connections (node-postgres clients, or the one PGlite) on which a prepared read is already prepared, by name.
 * SQL-level prepared statements outlive transactions, rolled back or not, and live as long as the connection.
 */
const preparedOn = new WeakMap<object, Set<string>>();

function isPrepared(connection: object, read: PreparedRead): boolean {
  return preparedOn.get(connection)?.has(read.name) === true;
}

function markPrepared(connection: object, read: PreparedRead): void {
  const names = preparedOn.get(connection) ?? new Set<string>();
  names.add(read.name);
  preparedOn.set(connection, names);
}

/** A transaction handle for a transaction that has already ended: every use throws. */
function endedTransaction(): Tx {
  return new Proxy({} as Tx, {
    get(_target, property) {
      if (property === 'then') return undefined; // not a thenable: it may be passed through promises
      throw new Error(
        `The request's transaction was committed with its opening read (tx.${String(property)}): a route whose ` +
          'handler queries more must not declare an opening read that commits.',
      );
    },
  });
}

/**
 * PostgreSQL: takes a pool connection and sends `BEGIN; <statement>` as one simple query (one round trip), then
 * hands the open transaction over as a Drizzle transaction (nested `transaction()` calls become savepoints).
 * With `read`, the same message goes on with `EXECUTE <read>` (preceded by its `PREPARE` on the connection's
 * first use) and, when the read `commits`, `COMMIT`: then the connection is back in the pool when this resolves.
 * `statement` must carry no parameters (the simple protocol has none). `end` commits or rolls back and releases
 * the connection (destroying it when that fails).
 * @throws whatever any statement of the message throws (PostgreSQL skips the rest of the message), after rolling
 *   back and releasing the connection; a message that carried a `PREPARE` destroys the connection instead, since
 *   it cannot tell whether the statement was prepared.
 */
async function openPgTransaction(
  pool: pg.Pool,
  statement: string,
  read?: OpeningRead,
): Promise<OpenedTransaction> {
  const client = await pool.connect();
  const prepares = read !== undefined && !isPrepared(client, read.statement);
  const parts = [
    ...(prepares ? [prepareStatement(read.statement)] : []),
    'BEGIN',
    statement,
    ...(read ? [executeStatement(read)] : []),
    ...(read?.commits ? ['COMMIT'] : []),
  ];
  let results: pg.QueryResult<unknown[]>[];
  try {
    // Several statements in one string: node-postgres answers one result per statement. Rows as arrays, parsed
    // as Drizzle's driver parses them (the read's rows go to a Drizzle row mapper).
    const sent = await client.query<unknown[]>({
      text: parts.join('; '),
      rowMode: 'array',
      types: drizzlePgTypes,
    });
    results = sent as unknown as pg.QueryResult<unknown[]>[];
  } catch (error) {
    if (prepares) client.release(error as Error);
    else {
      await client.query('ROLLBACK').then(
        () => client.release(),
        (rollbackError: unknown) => client.release(rollbackError as Error),
      );
    }
    throw error;
  }
  if (prepares) markPrepared(client, read.statement);
  const first = prepares ? 2 : 1; // the statement's result, after PREPARE's and BEGIN's
  const rows = objectRows(results[first]);
  const readRows = read ? (results[first + 1]?.rows ?? []) : undefined;
  if (read?.commits) {
    client.release();
    return { rows, readRows, tx: endedTransaction(), end: async () => {} };
  }
  const session = new NodePgSession(client, dialect, undefined);
  return {
    rows,
    readRows,
    tx: new NodePgTransaction(dialect, session, undefined) as unknown as Tx,
    async end(commit) {
      try {
        await client.query(commit ? 'COMMIT' : 'ROLLBACK');
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      client.release();
    },
  };
}

/** An array-mode result's rows as objects keyed by column name. */
function objectRows(result: pg.QueryResult<unknown[]> | undefined): Record<string, unknown>[] {
  if (!result) return [];
  const names = result.fields.map((field) => field.name);
  return result.rows.map((values) => Object.fromEntries(names.map((name, i) => [name, values[i]])));
}

/**
 * PGlite: opens a transaction on its one connection (`BEGIN`, then `statement`, then `read` if given, preparing
 * it first on its first use) and hands it over as a Drizzle transaction, as `openPgTransaction` does on
 * PostgreSQL. The connection is held (PGlite queues every other query) until `end` commits or rolls back, or,
 * for a read that `commits`, until the read is done. `statement` must carry no parameters.
 * @throws whatever the statement or the read throws, after rolling back.
 */
function openPgliteTransaction(
  client: PGlite,
  statement: string,
  read?: OpeningRead,
): Promise<OpenedTransaction> {
  return new Promise((resolve, reject) => {
    let finish: (commit: boolean) => void = () => {};
    const decided = new Promise<boolean>((r) => (finish = r));
    let opened = false;
    /** The transaction a read that `commits` ended: handed over once PGlite has committed. */
    let committed: OpenedTransaction | undefined;
    const ended = client.transaction(async (pgliteTx) => {
      const result = await pgliteTx.query<Record<string, unknown>>(statement);
      let readRows: unknown[][] | undefined;
      if (read) {
        if (!isPrepared(client, read.statement)) {
          // Its own statement, so that a failure after it cannot leave it prepared but not marked.
          await pgliteTx.exec(prepareStatement(read.statement));
          markPrepared(client, read.statement);
        }
        const options = { rowMode: 'array' as const, parsers: drizzlePgliteParsers };
        readRows = (await pgliteTx.query<unknown[]>(executeStatement(read), [], options)).rows;
      }
      opened = true;
      if (read?.commits) {
        committed = { rows: result.rows, readRows, tx: endedTransaction(), end: async () => {} };
        return; // PGlite commits as the callback returns
      }
      const session = new PgliteSession(pgliteTx as unknown as PGlite, dialect, undefined);
      resolve({
        rows: result.rows,
        readRows,
        tx: new PgliteTransaction(dialect, session, undefined) as unknown as Tx,
        async end(commit) {
          finish(commit);
          await ended;
        },
      });
      if (!(await decided)) await pgliteTx.rollback();
    });
    // Before it opened, or at the COMMIT of a read that commits: a statement failed (PGlite rolled back). After
    // it opened otherwise: `end` awaits `ended` and throws.
    ended.then(
      () => {
        if (committed) resolve(committed);
      },
      (error: unknown) => {
        if (!opened || committed) reject(error as Error);
      },
    );
  });
}

/** The marker statement of the system scope (transaction-local: it ends with the transaction). */
const SYSTEM_MARKER = "select set_config('app.system', 'on', true)";

/**
 * PGlite (one connection) seen through the system scope: each query outside a transaction runs in one of its
 * own that sets the marker first, and each transaction sets it first. The drizzle PGlite driver uses only
 * `query` and `transaction`.
 */
function systemPglite(client: PGlite): PGlite {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (query: string, params?: unknown[], options?: object) =>
          target.transaction(async (tx) => {
            await tx.query(SYSTEM_MARKER);
            return tx.query(query, params, options);
          });
      }
      if (property === 'transaction') {
        return <T>(fn: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<T>) =>
          target.transaction(async (tx) => {
            await tx.query(SYSTEM_MARKER);
            return fn(tx);
          });
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** `url` logging in as the app role instead, without a password. */
export function appLoginUrl(url: string): string {
  const parsed = new URL(url);
  parsed.username = APP_ROLE;
  parsed.password = '';
  return parsed.toString();
}

/**
 * Refuses an app login that could get past row-level security: a superuser, a BYPASSRLS role, or one that is a
 * member (so may SET ROLE to) of any such role.
 * @throws AppRoleError naming the role and what is wrong, and how to fix it.
 */
async function checkAppRole(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ login: string; escalates: string | null }>(`
    SELECT current_user AS login,
      (SELECT string_agg(r.rolname, ', ') FROM pg_roles r
        WHERE (r.rolsuper OR r.rolbypassrls) AND pg_has_role(current_user, r.oid, 'MEMBER')) AS escalates`);
  const { login = '?', escalates = null } = rows[0] ?? {};
  if (escalates) {
    throw new AppRoleError(
      `The app's database login ${login} is, or can SET ROLE to, a role that bypasses row-level security ` +
        `(${escalates}). Connect as ${APP_ROLE} (DATABASE_APP_URL), created with ` +
        `ALTER ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS; see README "PostgreSQL".`,
    );
  }
}

async function openPostgres(url: string, appUrl: string, poolSize: number): Promise<Database> {
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
  // Every app connection logs in as the app role, which is no superuser and cannot become one (checked below).
  const pool = new pg.Pool({ connectionString: appUrl, max: poolSize });
  // A dropped connection must not crash the process; the pool replaces it on next use.
  pool.on('error', () => {});
  // The pool listens for errors only on idle connections. One checked out for a request's transaction that the
  // server terminates (a restart, a failover) between two statements emits 'error' outside any query, which
  // would crash the process without a listener; with this one the next statement fails (answered 503) and the
  // pool discards the connection on release, because it is no longer queryable.
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    await checkAppRole(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  // The system scope's own small pool: the marker is a startup parameter of each of its connections.
  const systemPool = new pg.Pool({ connectionString: appUrl, max: 4, options: '-c app.system=on' });
  systemPool.on('error', () => {});
  systemPool.on('connect', (client) => client.on('error', () => {}));
  const system = drizzlePg(systemPool) as unknown as Db;
  return {
    db: scopedDb(drizzlePg(pool) as unknown as Db, system, (statement, read) =>
      openPgTransaction(pool, statement, read),
    ),
    system,
    kind: 'postgres',
    listen: (channel, onPayload, onConnected) => listenPostgres(appUrl, channel, onPayload, onConnected),
    close: async () => {
      await Promise.all([pool.end(), systemPool.end()]);
    },
  };
}

/** Backoff of the LISTEN connection's reconnection (ms): first wait and cap. */
const LISTEN_RETRY_MS = { first: 250, max: 5_000 };

/**
 * `Database.listen` on PostgreSQL: one dedicated client (LISTEN holds its connection, so it cannot come from
 * the pool), replaced with backoff whenever it drops. Resolves once the first LISTEN has succeeded.
 * @throws whatever the first connection attempt throws (the database is not reachable at start).
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onConnected: () => void,
): Promise<Stop> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_MS.first;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      void client.end().catch(() => {});
      if (stopped) return;
      retry = setTimeout(() => void connect().catch(() => {}), delay); // a failure schedules the next
      delay = Math.min(delay * 2, LISTEN_RETRY_MS.max);
    };
    client.on('error', drop);
    client.on('end', drop);
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    current = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      drop();
      throw error;
    }
    delay = LISTEN_RETRY_MS.first;
    if (!stopped) onConnected();
  };
  try {
    await connect();
  } catch (error) {
    stopped = true;
    clearTimeout(retry);
    throw error;
  }
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => {});
  };
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
