import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from './types.ts';

/**
 * The role every app connection runs as once migrations are applied (created by migration
 * 0003_row-level-security): not a superuser, no BYPASSRLS, so the tables' row-level security policies bind it.
 */
export const APP_ROLE = 'familyhub_app';

/**
 * The scope of the current async context: a family's transaction, or the named system scope, whose queries
 * go to the database's system handle (every statement carries the marker `app.system = 'on'`).
 */
type Scope =
  | { kind: 'family'; /** The undecorated database the transaction was opened on. */ base: Db; tx: Tx }
  | {
      kind: 'system';
      base: Db;
      system: Db;
      /** Which system path (docs/security.md lists them). */ name: string;
    };

/**
 * A transaction a request opened with its first statement in the same round trip as `BEGIN` (client.ts), for
 * `openScope` and `withOpenedFamilyScope`.
 */
export interface OpenedTransaction {
  /** The first statement's rows. */
  rows: Record<string, unknown>[];
  /**
   * The opening read's rows (`OpeningRead`), one array of values per row in the statement's column order, each
   * value as Drizzle's driver gives it (timestamps and dates as text); undefined when none was sent.
   */
  readRows?: unknown[][];
  /**
   * The open transaction. After an opening read that `commits`, a handle whose every use throws: the transaction
   * has ended and its connection is back in the pool.
   */
  tx: Tx;
  /**
   * Commits (`true`) or rolls back, and gives the connection back. Throws what COMMIT throws. Does nothing once
   * an opening read that `commits` has ended the transaction.
   */
  end(commit: boolean): Promise<void>;
}

/**
 * An SQL-level prepared statement (`PREPARE name AS text`): PostgreSQL parses and plans it once per connection,
 * which prepares it on its first use there. `name` is an SQL identifier (lower case, digits, underscores);
 * `text` has `$1`… placeholders whose types PostgreSQL infers, and must always be the same for one name.
 */
export interface PreparedRead {
  readonly name: string;
  readonly text: string;
}

/**
 * A read sent in the same message as a request's `BEGIN` and session statement (ADR 024): `EXECUTE name(args…)`,
 * and `COMMIT` after it when `commits` (the handler then makes no other query). It runs after the session
 * statement has set the family scope, so it must read its family from `current_setting('app.family_id')`;
 * without a session it runs in no scope and sees no family rows.
 */
export interface OpeningRead {
  statement: PreparedRead;
  /** The placeholders' values in order, sent as quoted SQL literals (any text is safe; PostgreSQL casts them). */
  args: readonly string[];
  /** The transaction commits right after the read: the handler answers from the read alone. */
  commits: boolean;
}

/**
 * Opens a transaction whose first statement (plain SQL text, no parameters) is `statement`, followed by `read`
 * when given (its rows in `OpenedTransaction.readRows`).
 */
export type TransactionOpener = (statement: string, read?: OpeningRead) => Promise<OpenedTransaction>;

const storage = new AsyncLocalStorage<Scope>();
/** undecorated database → how to open a transaction with a first statement in one round trip. */
const openerOf = new WeakMap<Db, TransactionOpener>();
/** scoped proxy → the database it wraps. */
const baseOf = new WeakMap<Db, Db>();
/** undecorated database → its system handle. */
const systemOf = new WeakMap<Db, Db>();

/**
 * Wraps a database so that, while a family scope is active in the current async context (see
 * `withFamilyScope`), every use of it — `select`, `insert`, `execute`, `transaction` (then a savepoint) … —
 * goes to the scope's transaction, where PostgreSQL row-level security limits rows to that family.
 * Inside the system scope (`withSystemScope`) it is the database's system handle. Outside any scope it is the
 * database itself, where row-level security shows the app role no family rows at all (deny by default). Feature code therefore keeps calling `ctx.db` and cannot reach
 * around the request's transaction by accident (on PGlite, one connection, that would wait forever).
 */
export function scopedDb(base: Db, system?: Db, opener?: TransactionOpener): Db {
  if (system) systemOf.set(base, system);
  if (opener) openerOf.set(base, opener);
  const proxy = new Proxy(base, {
    get(target, property) {
      const scope = storage.getStore();
      const active: object =
        scope?.base !== target ? target : scope.kind === 'family' ? scope.tx : scope.system;
      const value: unknown = Reflect.get(active, property, active);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(active) : value;
    },
  });
  baseOf.set(proxy, base);
  return proxy;
}

/**
 * Runs `fn` inside one transaction whose first statement is
 * `set_config('app.family_id', familyId, true)` (transaction-local, like `SET LOCAL`): every query `fn` makes
 * through `db` (a `scopedDb`) sees and may write only `familyId`'s rows, whatever its own WHERE clause says.
 * Commits when `fn` resolves, rolls back when it throws.
 *
 * @param db a `scopedDb` (or a plain database)
 * @param familyId the signed-in family's id (a positive integer)
 * Called inside the system scope (a route that learnt its family from a token or a phone number), `fn` leaves
 * it: from then on the request sees only `familyId`'s rows.
 *
 * @throws Error when `familyId` is not a positive integer or a family scope is already active (family scopes
 *   do not nest: a request has one family); whatever `fn` throws, after the rollback.
 */
export async function withFamilyScope<T>(db: Db, familyId: number, fn: () => Promise<T>): Promise<T> {
  if (!Number.isSafeInteger(familyId) || familyId <= 0) {
    throw new Error(`withFamilyScope: family id must be a positive integer, got ${String(familyId)}`);
  }
  if (storage.getStore()?.kind === 'family')
    throw new Error('withFamilyScope: a family scope is already active');
  const base = baseOf.get(db) ?? db;
  // Outside the system context: a family transaction must never run on the system handle.
  return storage.exit(() =>
    base.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.family_id', ${String(familyId)}, true)`);
      return storage.run({ kind: 'family', base, tx }, fn);
    }),
  );
}

/**
 * Opens a transaction on `db` (a `scopedDb`) whose first statement is `statement`, sent with `BEGIN` in one
 * round trip: a statement that sets the transaction's family scope itself (migration 0013's
 * `familyhub_open_session`), to be run in with `withOpenedFamilyScope`, or ended at once with `end(false)`.
 * With `read`, that read goes in the same round trip, after the statement (and `COMMIT` after it when it
 * `commits`).
 * @returns null when `db` was built without an opener (then use `withFamilyScope`).
 * @throws Error when a scope is already active; whatever the statement or the read throws.
 */
export async function openScope(
  db: Db,
  statement: string,
  read?: OpeningRead,
): Promise<OpenedTransaction | null> {
  if (storage.getStore()) throw new Error('openScope: a scope is already active');
  const opener = openerOf.get(baseOf.get(db) ?? db);
  return opener ? opener(statement, read) : null;
}

/**
 * `withFamilyScope` on a transaction `openScope` opened, whose first statement set `familyId`'s scope: runs `fn`
 * with every query through `db` in that transaction, commits when `fn` resolves and rolls back when it throws.
 * @throws Error when `familyId` is not a positive integer or a family scope is already active (the transaction is
 *   rolled back); what COMMIT throws; whatever `fn` throws, after the rollback.
 */
export async function withOpenedFamilyScope<T>(
  db: Db,
  opened: OpenedTransaction,
  familyId: number,
  fn: () => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    if (!Number.isSafeInteger(familyId) || familyId <= 0) {
      throw new Error(`withOpenedFamilyScope: family id must be a positive integer, got ${String(familyId)}`);
    }
    if (storage.getStore()?.kind === 'family') {
      throw new Error('withOpenedFamilyScope: a family scope is already active');
    }
    const base = baseOf.get(db) ?? db;
    result = await storage.run({ kind: 'family', base, tx: opened.tx }, fn);
  } catch (error) {
    await opened.end(false).catch(() => {}); // the connection is released (or discarded) either way
    throw error;
  }
  await opened.end(true);
  return result;
}

/**
 * Runs `fn` in the named system scope: every query it makes through `db` (a `scopedDb` opened with a system
 * handle) goes to that handle, whose statements carry `app.system = 'on'` and so see every family's rows.
 * Only the paths that must cross families use it (sign-in and sign-up, the session lookup, invitation and
 * feed tokens, the SMS webhook's phone lookup, account recovery); each is listed by `name` in
 * docs/security.md. The planner and dispatcher are handed the system handle itself (`Database.system`).
 *
 * @param name the system path, e.g. `'session-lookup'` (for logs and the docs; not interpreted)
 * @throws Error when a family scope is active (a family's request never widens to all families), or when
 *   `db` has no system handle; whatever `fn` throws.
 */
export async function withSystemScope<T>(db: Db, name: string, fn: () => Promise<T>): Promise<T> {
  if (storage.getStore()?.kind === 'family') {
    throw new Error(`withSystemScope(${name}): a family scope is active`);
  }
  const base = baseOf.get(db) ?? db;
  const system = systemOf.get(base);
  if (!system) throw new Error(`withSystemScope(${name}): this database has no system handle`);
  return storage.run({ kind: 'system', base, system, name }, fn);
}

/** The system path the current async context runs in, or null (for tests and logs). */
export function activeSystemScope(): string | null {
  const scope = storage.getStore();
  return scope?.kind === 'system' ? scope.name : null;
}

/**
 * Inside a system-scope transaction `tx` (one that found its family by a token and holds row locks it must
 * keep), narrows the rest of that transaction to `familyId`: clears the system marker and sets the family,
 * both transaction-local, in one statement. From then on `tx` sees only that family's rows.
 * @throws Error when `familyId` is not a positive integer.
 */
export async function narrowToFamily(tx: DbOrTx, familyId: number): Promise<void> {
  if (!Number.isSafeInteger(familyId) || familyId <= 0) {
    throw new Error(`narrowToFamily: family id must be a positive integer, got ${String(familyId)}`);
  }
  await tx.execute(
    sql`select set_config('app.system', '', true), set_config('app.family_id', ${String(familyId)}, true)`,
  );
}
