import {
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { familyIsolation } from './family-isolation.ts';
import { families, familyMembers } from './families.ts';

/**
 * Secret ICS subscription feeds (issue 12): one per family (`member_id` null) and one per member.
 * Only the SHA-256 of the token is stored (hex, 64 chars); the URL `/api/calendar/feed/{token}.ics` is shown
 * once when created. Regenerating replaces the row, so the old URL stops working at once; so does deleting the
 * member whose account created it (src/server/members/service.ts `deleteMember`).
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    familyId: integer('family_id').notNull(),
    /** Null: the whole family's calendar; else the events this member organises, attends or drives. */
    memberId: integer('member_id'),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /**
     * The account that created this URL (issue 20): removing that account's member revokes it. Null for feeds made
     * before this column existed (then any removed member with a login revokes the family feed).
     */
    createdByUserId: integer('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    familyIsolation('family_id'),
    foreignKey({
      name: 'calendar_feeds_family_id_fkey',
      columns: [t.familyId],
      foreignColumns: [families.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'calendar_feeds_member_id_fkey',
      columns: [t.memberId],
      foreignColumns: [familyMembers.id],
    }).onDelete('cascade'),
    uniqueIndex('calendar_feeds_token_hash_idx').on(t.tokenHash),
    index('calendar_feeds_family_id_idx').on(t.familyId, t.memberId),
  ],
).enableRLS();
