import { type AnyColumn, sql, type SQL } from 'drizzle-orm';

/**
 * The body of a CHECK constraint keeping a text column to a closed list of values (issue 26: the enums of
 * src/core/contracts, e.g. task statuses). NULL passes (SQL CHECK semantics), so a nullable column stays
 * nullable. The values are constants of the code, never user input; quotes are doubled all the same.
 */
export function oneOf(column: AnyColumn, values: readonly string[]): SQL {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}
