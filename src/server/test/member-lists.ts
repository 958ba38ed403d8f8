import type { DbOrTx } from '../db/types.ts';
import { type EventMemberLists, type EventRow, saveEventMembers } from '../db/event-members.ts';
import { events } from '../db/schema/events.ts';
import { tasks } from '../db/schema/tasks.ts';
import { saveTaskAssignees, type TaskRow } from '../db/task-assignees.ts';

/**
 * Test seeding: inserts events rows with their member lists (`attendees`, `alertMembers`: member ids as strings,
 * rows of the join tables since migration 0018), one row at a time, in order. @returns the rows as read.
 */
export async function insertEvents(
  db: DbOrTx,
  rows: readonly (typeof events.$inferInsert & Partial<EventMemberLists>)[],
): Promise<EventRow[]> {
  const out: EventRow[] = [];
  for (const { attendees = [], alertMembers = [], ...columns } of rows) {
    const [row] = await db.insert(events).values(columns).returning();
    if (!row) throw new Error('event insert returned no row');
    out.push(await saveEventMembers(db, row, { attendees, alertMembers }, null));
  }
  return out;
}

/** Test seeding: inserts tasks rows with their assignees (`assignedToIds`), in order. @returns the rows. */
export async function insertTasks(
  db: DbOrTx,
  rows: readonly (typeof tasks.$inferInsert & { assignedToIds?: string[] })[],
): Promise<TaskRow[]> {
  const out: TaskRow[] = [];
  for (const { assignedToIds = [], ...columns } of rows) {
    const [row] = await db.insert(tasks).values(columns).returning();
    if (!row) throw new Error('task insert returned no row');
    out.push(await saveTaskAssignees(db, row, assignedToIds, null));
  }
  return out;
}
