import { sql, type SQL } from 'drizzle-orm';
import { events } from '../db/schema/events.ts';
import { notes } from '../db/schema/notes.ts';
import { activityProposals, tasks } from '../db/schema/tasks.ts';

/**
 * The searchable words of each table (issue 45, ADR 048): its `search_vector` column, a `tsvector` the database
 * generates from the row's texts and indexes with GIN (migration 0025_search.sql: titles weigh A, locations B,
 * descriptions and note contents C, a long text by its first 20,000 characters). Not in the drizzle schema, so no
 * other query reads it.
 */
export const SEARCH_VECTORS = {
  event: sql`${events}."search_vector"`,
  task: sql`${tasks}."search_vector"`,
  note: sql`${notes}."search_vector"`,
  activity: sql`${activityProposals}."search_vector"`,
} satisfies Record<string, SQL>;

/** How much of a text a search reads back for its snippet, in characters (the part the column covers). */
export const SEARCHED_TEXT_MAX = 20_000;
