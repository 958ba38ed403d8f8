import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';

/** A Drizzle database on either engine. Feature code sees only this type, never the driver. */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;
/** A transaction handle: accepted wherever a `Db` is (e.g. `enqueue(tx, …)` writes in the caller's transaction). */
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
export type DbOrTx = Db | Tx;
