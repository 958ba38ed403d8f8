/**
 * SPEC §9 "Sorting: tasks and proposals by due_date ascending, undated last". `due_date` is local wall-clock
 * text `YYYY-MM-DDTHH:mm:00`, which sorts correctly as text. Ties (and undated items among themselves) keep
 * the order of their ids, so the list does not jump around between fetches.
 *
 * @returns a new array; the input is not changed.
 */
export function sortByDueDate<T extends { id: number; due_date: string | null }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => {
    if (a.due_date !== b.due_date) {
      if (a.due_date === null) return 1;
      if (b.due_date === null) return -1;
      return a.due_date < b.due_date ? -1 : 1;
    }
    return a.id - b.id;
  });
}

/**
 * SPEC §4 member filter applied to a list: an empty selection shows everything; otherwise an item shows when
 * any of its assignees is selected (tasks match on any of `assigned_to_ids`, proposals on `assigned_to`).
 */
export function filterByAssignees<T>(
  items: readonly T[],
  selectedIds: ReadonlySet<string>,
  assigneesOf: (item: T) => readonly (string | number | null)[],
): T[] {
  if (selectedIds.size === 0) return [...items];
  return items.filter((item) => assigneesOf(item).some((id) => id !== null && selectedIds.has(String(id))));
}

/**
 * Issue 21: an open task whose due time has passed. `nowLocal` is the family's wall-clock now
 * (`YYYY-MM-DDTHH:mm:ss`, see `instantToLocal`); `due_date` is wall-clock text in the same zone, so text order
 * is time order. Completed and undated tasks are never overdue.
 */
export function isOverdue(task: { status: string; due_date: string | null }, nowLocal: string): boolean {
  return task.status === 'open' && task.due_date !== null && task.due_date < nowLocal;
}
