import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/**
 * The role every app connection runs as once migrations are applied (created by migration
 * 0003_row-level-security): not a superuser, no BYPASSRLS, so the tables' row-level security policies bind it.
 */
export const APP_ROLE = 'familyhub_app';

interface FamilyScope {
  /** The undecorated database the scope's transaction was opened on. */
  base: Db;
  tx: Tx;
}

const storage = new AsyncLocalStorage<FamilyScope>();
/** scoped proxy → the database it wraps. */
const baseOf = new WeakMap<Db, Db>();

/**
 * Wraps a database so that, while a family scope is active in the current async context (see
 * `withFamilyScope`), every use of it — `select`, `insert`, `execute`, `transaction` (then a savepoint) … —
 * goes to the scope's transaction, where PostgreSQL row-level security limits rows to that family.
 * Outside a scope it is the database itself. Feature code therefore keeps calling `ctx.db` and cannot reach
 * around the request's transaction by accident (on PGlite, one connection, that would wait forever).
 */
export function scopedDb(base: Db): Db {
  const proxy = new Proxy(base, {
    get(target, property) {
      const scope = storage.getStore();
      const active: object = scope && scope.base === target ? scope.tx : target;
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
 * @throws Error when `familyId` is not a positive integer or a scope is already active (scopes do not nest:
 *   a request has one family); whatever `fn` throws, after the rollback.
 */
export async function withFamilyScope<T>(db: Db, familyId: number, fn: () => Promise<T>): Promise<T> {
  if (!Number.isSafeInteger(familyId) || familyId <= 0) {
    throw new Error(`withFamilyScope: family id must be a positive integer, got ${String(familyId)}`);
  }
  if (storage.getStore()) throw new Error('withFamilyScope: a family scope is already active');
  const base = baseOf.get(db) ?? db;
  return base.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.family_id', ${String(familyId)}, true)`);
    return storage.run({ base, tx }, fn);
  });
}
