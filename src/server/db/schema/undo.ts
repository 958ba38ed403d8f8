import { foreignKey, index, integer, jsonb, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { familyIsolation } from './family-isolation.ts';
import { families } from './families.ts';

/**
 * Issue 45 item 4, ADR 051: what one delete removed, kept for a short while so that the toast's Undo can put it
 * back (`POST /api/undo/{id}`). Written in the transaction of the delete; `payload` is an `UndoPayload`
 * (src/server/undo/rows.ts): the deleted rows as `to_jsonb` gives them, and the rows the delete changed as they
 * were before and after it. The id is random (a UUID), so it names nothing but this entry. `used_at` is set by
 * the undo; expired entries are pruned when a later one is written.
 */
export const undoEntries = pgTable(
  'undo_entries',
  {
    id: uuid('id').primaryKey(),
    familyId: integer('family_id').notNull(),
    /** What was deleted: one of `UNDO_KINDS` (src/core/contracts/undo.ts). */
    kind: varchar('kind', { length: 20 }).notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    familyIsolation('family_id'),
    foreignKey({
      name: 'undo_entries_family_id_fkey',
      columns: [t.familyId],
      foreignColumns: [families.id],
    }).onDelete('cascade'),
    index('undo_entries_family_id_expires_at_idx').on(t.familyId, t.expiresAt),
  ],
).enableRLS();
