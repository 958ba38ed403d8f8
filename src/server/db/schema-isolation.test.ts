import { is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

/**
 * Issue 19 item 3: the Drizzle schema declares row-level security and the `family_isolation` policy on every
 * family-owned table, so the migrations' snapshots carry them. A new table with a `family_id` column and no
 * policy fails here (the catalogue check in security/row-level-security.test.ts covers the live database).
 */
const modules = import.meta.glob<Record<string, unknown>>('./schema/*.ts', { eager: true });
const tables = Object.values(modules)
  .flatMap((module) => Object.values(module))
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

describe('schema: family isolation', () => {
  it('finds the family-owned tables (else the check below proves nothing)', () => {
    const owned = tables.filter((t) => t.columns.some((c) => c.name === 'family_id')).map((t) => t.name);
    expect(owned).toEqual(expect.arrayContaining(['events', 'tasks', 'notes', 'sessions', 'family_members']));
    expect(owned.length).toBeGreaterThanOrEqual(14);
  });

  it('declares RLS and the family_isolation policy on families and on every table with family_id', () => {
    const owned = tables.filter(
      (t) => t.name === 'families' || t.columns.some((c) => c.name === 'family_id'),
    );
    for (const table of owned) {
      expect(table.enableRLS, `${table.name}: .enableRLS()`).toBe(true);
      expect(
        table.policies.map((p) => p.name),
        `${table.name}: familyIsolation(...) in its extra config`,
      ).toEqual(['family_isolation']);
    }
  });

  it('leaves tables without family data without a policy (the waitlist)', () => {
    const waitlist = tables.find((t) => t.name === 'waitlist_entries');
    expect(waitlist?.policies).toEqual([]);
  });
});
