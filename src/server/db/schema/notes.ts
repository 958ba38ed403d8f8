import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { NOTE_CATEGORIES } from '../../../core/contracts/notes.ts';
import { familyIsolation } from './family-isolation.ts';
import { families, familyMembers } from './families.ts';
import { oneOf } from './one-of.ts';

/** SPEC §3 Note. `family_member_id` is the author. Display order: sort_order, pinned first, newest first. */
export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    familyId: integer('family_id').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content').notNull().default(''),
    familyMemberId: integer('family_member_id'),
    category: varchar('category', { length: 20 }).notNull().default('general'),
    pinned: boolean('pinned').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    familyIsolation('family_id'),
    foreignKey({
      name: 'notes_family_id_fkey',
      columns: [t.familyId],
      foreignColumns: [families.id],
    }).onDelete('cascade'),
    // The author goes when the member does, the note stays (issue 26; ON DELETE SET NULL ("family_member_id") is
    // hand-written in migration 0018).
    foreignKey({
      name: 'notes_family_member_id_fkey',
      columns: [t.familyId, t.familyMemberId],
      foreignColumns: [familyMembers.familyId, familyMembers.id],
    }).onDelete('set null'),
    check('notes_category_check', oneOf(t.category, NOTE_CATEGORIES)),
    index('notes_family_id_sort_order_idx').on(t.familyId, t.sortOrder),
  ],
).enableRLS();
