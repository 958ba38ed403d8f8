import { sql } from 'drizzle-orm';
import { pgPolicy } from 'drizzle-orm/pg-core';

/**
 * The row-level security policy every family-owned table carries (docs/security.md, ADR 008): rows of the
 * family the request's scope names, or every row in the system scope; no scope, no rows. `column` is the
 * column naming the family (`family_id`, or `id` on `families`). The SQL function is migration 0008's.
 * FORCE ROW LEVEL SECURITY, which Drizzle does not model, is set in migrations 0003 and later by hand.
 */
export function familyIsolation(column: 'family_id' | 'id') {
  const visible = sql.raw(`public.familyhub_family_visible("${column}")`);
  return pgPolicy('family_isolation', {
    as: 'permissive',
    for: 'all',
    to: 'public',
    using: visible,
    withCheck: visible,
  });
}
