import { sql } from 'drizzle-orm';
import { pgPolicy } from 'drizzle-orm/pg-core';

/**
 * The row-level security policy every family-owned table carries (docs/security.md, ADR 008): rows of the
 * family the request's scope names, or every row in the system scope; no scope, no rows. `column` is the
 * column naming the family (`family_id`, or `id` on `families`). The SQL functions are migration 0003's
 * (`familyhub_scope_family_id`) and 0019's (`familyhub_system_scope`).
 *
 * Each function is called in a scalar sub-SELECT, so PostgreSQL evaluates it once per statement (an InitPlan)
 * and compares each row's family with that value, instead of reading the settings (and matching the family id's
 * pattern) for every row it reads: ADR 027. FORCE ROW LEVEL SECURITY, which Drizzle does not model, is set in
 * migrations 0003 and later by hand.
 */
export function familyIsolation(column: 'family_id' | 'id') {
  const visible = sql.raw(
    `(SELECT public.familyhub_system_scope()) OR "${column}" = (SELECT public.familyhub_scope_family_id())`,
  );
  return pgPolicy('family_isolation', {
    as: 'permissive',
    for: 'all',
    to: 'public',
    using: visible,
    withCheck: visible,
  });
}
