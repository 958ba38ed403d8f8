import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { familyIsolation } from './family-isolation.ts';
import { families } from './families.ts';

/** The two CalDAV collections of a family (issue 40): the family calendar (VEVENT) and the family's tasks (VTODO). */
export const DAV_COLLECTIONS = ['events', 'tasks'] as const;
export type DavCollection = (typeof DAV_COLLECTIONS)[number];

/**
 * Issue 40: the family's change counter for CalDAV sync (RFC 6578). Every write to an event, task or their
 * member lists takes the next value in the writing transaction (migration 0023's triggers), holding this row's
 * lock until it commits, so a family's values are handed out in commit order and a sync token never skips a
 * change that commits later. The counter is the family's own: it tells nothing of other families' writes.
 */
export const davSyncState = pgTable(
  'dav_sync_state',
  {
    familyId: integer('family_id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    familyIsolation('family_id'),
    foreignKey({
      name: 'dav_sync_state_family_id_fkey',
      columns: [t.familyId],
      foreignColumns: [families.id],
    }).onDelete('cascade'),
  ],
).enableRLS();

/**
 * Issue 40: one row per calendar object resource of a family's collection (RFC 4791 §4.1), kept by triggers on
 * `events`, `tasks`, `event_attendees` and `task_assignees` (migration 0023), never by the app except to give a
 * client's name to a resource it created by PUT. `name` is the last path segment (`event-<id>.ics` for a
 * resource made in the app, the client's own name for one a client made); `seq` is the family's counter
 * (`dav_sync_state`) at the resource's last change, so it is its ETag and what sync-collection compares with
 * a token. A deleted event or task leaves its row with `deleted` (a tombstone, RFC 6578 §3.5) so that a sync
 * reports it as gone.
 */
export const davResources = pgTable(
  'dav_resources',
  {
    familyId: integer('family_id').notNull(),
    collection: varchar('collection', { length: 10 }).$type<DavCollection>().notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    /** The series or one-off event (never an override: overrides are part of their series' resource). */
    eventId: integer('event_id'),
    taskId: integer('task_id'),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    deleted: boolean('deleted').notNull().default(false),
  },
  (t) => [
    familyIsolation('family_id'),
    primaryKey({ name: 'dav_resources_pkey', columns: [t.familyId, t.collection, t.name] }),
    foreignKey({
      name: 'dav_resources_family_id_fkey',
      columns: [t.familyId],
      foreignColumns: [families.id],
    }).onDelete('cascade'),
    uniqueIndex('dav_resources_event_id_key').on(t.eventId),
    uniqueIndex('dav_resources_task_id_key').on(t.taskId),
    index('dav_resources_family_id_seq_idx').on(t.familyId, t.collection, t.seq),
    check('dav_resources_collection_check', sql`${t.collection} in ('events', 'tasks')`),
  ],
).enableRLS();
