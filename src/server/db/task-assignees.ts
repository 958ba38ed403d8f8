import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from './types.ts';
import { taskAssignees, tasks } from './schema/tasks.ts';

/** A tasks row with its assignees (SPEC §3 Task `assigned_to_ids`: member ids as strings, in the chosen order). */
export type TaskRow = typeof tasks.$inferSelect & { assignedToIds: string[] };

/** The assignees of the task in the same statement: a correlated subquery, `[]` when none (issue 26). */
export const assignedToIds = sql<
  string[]
>`coalesce((select jsonb_agg(${taskAssignees.memberId}::text order by ${taskAssignees.position}) from ${taskAssignees} where ${taskAssignees.taskId} = ${tasks.id}), '[]'::jsonb)`;

/** The select shape of a `TaskRow`: every column of `tasks` plus `assignedToIds` (`db.select(taskColumns)`). */
export const taskColumns = { ...getTableColumns(tasks), assignedToIds };

/**
 * Writes the assignees of a task row just inserted or updated (each id once, first place kept) and returns the
 * row with them. Ids must be members of the row's family (the caller checks for a 400; the foreign keys refuse
 * others). `before` (the assignees before the write; null for a new row) spares an unchanged list the write.
 */
export async function saveTaskAssignees(
  tx: DbOrTx,
  row: typeof tasks.$inferSelect,
  ids: readonly string[],
  before: readonly string[] | null,
): Promise<TaskRow> {
  const unique = [...new Set(ids.map(Number))];
  const assigned = unique.map(String);
  if (before !== null && before.length === assigned.length && before.every((id, i) => id === assigned[i]))
    return { ...row, assignedToIds: assigned };
  if (before !== null)
    await tx
      .delete(taskAssignees)
      .where(and(eq(taskAssignees.familyId, row.familyId), eq(taskAssignees.taskId, row.id)));
  if (unique.length > 0)
    await tx
      .insert(taskAssignees)
      .values(
        unique.map((memberId, position) => ({ familyId: row.familyId, taskId: row.id, memberId, position })),
      );
  return { ...row, assignedToIds: assigned };
}
