import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  DESCRIPTION_PREVIEW_MAX_BYTES,
  DESCRIPTION_PREVIEW_MAX_LINES,
  TASKS_LIST_MAX,
} from '../../core/contracts/quotas.ts';
import {
  type CreateTaskInput,
  NOT_A_MEMBER_MESSAGE,
  PRIORITIES,
  type Priority,
  REMINDER_FREQUENCIES,
  type ReminderFrequency,
  TASK_STATUSES,
  type TaskDto,
  type TaskStatus,
  type UpdateTaskInput,
} from '../../core/contracts/tasks.ts';
import { sortByDueDate } from '../../core/tasks/sorting.ts';
import { optionalPreview } from '../../core/text/preview.ts';
import type { DbOrTx } from '../db/types.ts';
import { events } from '../db/schema/events.ts';
import { familyMembers } from '../db/schema/families.ts';
import { tasks } from '../db/schema/tasks.ts';
import { saveTaskAssignees, taskColumns, type TaskRow } from '../db/task-assignees.ts';
import { jsonRows, recordUndo, taskAssigneeRows } from '../db/undo-rows.ts';
import type { CappedList } from '../http/capped-list.ts';
import type { ServerContext } from '../context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { cancelTaskReminders } from '../scheduler/hooks.ts';

const EVENT_NOT_FOUND_MESSAGE = 'Please select a valid event';

// The columns are written only through the contract's enums; the fallbacks guard a hand-edited row.
const oneOf =
  <T extends string>(values: readonly T[], fallback: T) =>
  (value: string): T =>
    (values as readonly string[]).includes(value) ? (value as T) : fallback; // narrowed by the includes check

const asStatus = oneOf<TaskStatus>(TASK_STATUSES, 'open');
const asPriority = oneOf<Priority>(PRIORITIES, 'medium');
const asFrequency = oneOf<ReminderFrequency>(REMINDER_FREQUENCIES, '30_minutes_before');

/** Maps a row (and its event's title) to the SPEC §3 wire shape; no other column leaks. */
export function toTaskDto(row: TaskRow, eventTitle: string | null): TaskDto {
  return {
    id: row.id,
    family_id: row.familyId,
    title: row.title,
    description: row.description,
    description_truncated: false,
    event_id: row.eventId,
    event_title: eventTitle,
    assigned_to: row.assignedTo,
    assigned_to_ids: row.assignedToIds,
    due_date: row.dueDate,
    estimated_duration_minutes: row.estimatedDurationMinutes,
    status: asStatus(row.status),
    priority: asPriority(row.priority),
    send_sms_reminder: row.sendSmsReminder,
    reminder_frequency: asFrequency(row.reminderFrequency),
    last_reminder_sent: row.lastReminderSent ? row.lastReminderSent.toISOString() : null,
  };
}

function selectTasks(db: DbOrTx) {
  return db
    .select({ task: taskColumns, eventTitle: events.title })
    .from(tasks)
    .leftJoin(events, and(eq(events.id, tasks.eventId), eq(events.familyId, tasks.familyId)));
}

/**
 * @throws HttpError 400 naming `field` when any of `memberIds` is not a member of `familyId` (another family's
 * member is refused like an unknown id).
 */
async function assertMembers(
  db: DbOrTx,
  familyId: number,
  memberIds: number[],
  field: string,
): Promise<void> {
  const wanted = [...new Set(memberIds)];
  if (wanted.length === 0) return;
  const found = await db
    .select({ id: familyMembers.id })
    .from(familyMembers)
    .where(and(eq(familyMembers.familyId, familyId), inArray(familyMembers.id, wanted)));
  if (found.length !== wanted.length)
    throw badRequest(NOT_A_MEMBER_MESSAGE, { [field]: NOT_A_MEMBER_MESSAGE });
}

/** @throws HttpError 400 (field `event_id`) when the event is not one of `familyId`'s. */
async function assertEvent(db: DbOrTx, familyId: number, eventId: number): Promise<void> {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.familyId, familyId), eq(events.id, eventId)));
  if (!event) throw badRequest(EVENT_NOT_FOUND_MESSAGE, { event_id: EVENT_NOT_FOUND_MESSAGE });
}

/**
 * The order in which a capped task list keeps tasks (issue 42, ADR 046): open ones first, nearest due first
 * (undated last), then completed ones most recently changed first.
 */
export const taskListPriority: SQL[] = [
  sql`(${tasks.status} = 'completed')`,
  sql`case when ${tasks.status} <> 'completed' then ${tasks.dueDate} end asc nulls last`,
  sql`case when ${tasks.status} = 'completed' then ${tasks.updatedAt} end desc nulls last`,
  asc(tasks.id),
];

/**
 * Keeps the first `max` of `rows` (read in `taskListPriority` order, one more than `max`) in SPEC §9 order
 * (`sortByDueDate`), each description cut to its start (`DESCRIPTION_PREVIEW_MAX_*`, `description_truncated`).
 */
export function capTaskList<T extends { id: number; due_date: string | null; description: string | null }>(
  rows: readonly T[],
  max: number,
): CappedList<T & { description_truncated: boolean }> {
  const items = sortByDueDate(rows.slice(0, max)).map((item) => {
    const { text, truncated } = optionalPreview(
      item.description,
      DESCRIPTION_PREVIEW_MAX_LINES,
      DESCRIPTION_PREVIEW_MAX_BYTES,
    );
    return { ...item, description: text, description_truncated: truncated };
  });
  return { items, truncated: rows.length > max };
}

/**
 * SPEC §7 `GET /api/tasks`: the family's tasks, by due date ascending with undated ones last (SPEC §9), ties by
 * id — the same order as `sortByDueDate` in src/core/tasks/sorting.ts. At most `TASKS_LIST_MAX` (issue 42, ADR
 * 046: those `taskListPriority` puts first; `truncated` when more exist), each description cut to its start.
 */
export async function listTasks(ctx: ServerContext, familyId: number): Promise<CappedList<TaskDto>> {
  const rows = await selectTasks(ctx.db)
    .where(eq(tasks.familyId, familyId))
    .orderBy(...taskListPriority)
    .limit(TASKS_LIST_MAX + 1);
  return capTaskList(
    rows.map((r) => toTaskDto(r.task, r.eventTitle)),
    TASKS_LIST_MAX,
  );
}

/** One of the family's tasks. @throws HttpError 404 when `taskId` is not the family's. */
export async function getTask(ctx: ServerContext, familyId: number, taskId: number): Promise<TaskDto> {
  const [row] = await selectTasks(ctx.db).where(and(eq(tasks.familyId, familyId), eq(tasks.id, taskId)));
  if (!row) throw notFound();
  return toTaskDto(row.task, row.eventTitle);
}

/**
 * SPEC §7 `POST /api/tasks`.
 * @throws HttpError 400 when an assignee is not a member of the family (`assigned_to_ids`) or `event_id` is not
 * one of its events. Nothing is written then.
 */
export async function createTask(
  ctx: ServerContext,
  familyId: number,
  input: CreateTaskInput,
): Promise<TaskDto> {
  await assertMembers(ctx.db, familyId, input.assigned_to_ids.map(Number), 'assigned_to_ids');
  if (input.event_id !== null) await assertEvent(ctx.db, familyId, input.event_id);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(tasks)
      .values({
        familyId,
        title: input.title,
        description: input.description,
        eventId: input.event_id,
        assignedTo: input.assigned_to,
        dueDate: input.due_date,
        estimatedDurationMinutes: input.estimated_duration_minutes,
        status: input.status,
        priority: input.priority,
        sendSmsReminder: input.send_sms_reminder,
        reminderFrequency: input.reminder_frequency,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('task insert returned no row');
    return saveTaskAssignees(tx, inserted, input.assigned_to_ids, null);
  });
  return getTask(ctx, familyId, row.id);
}

/**
 * SPEC §7 `PATCH /api/tasks/{id}`: changes the fields present in `input` (Complete sends `status: 'completed'`,
 * reopening `status: 'open'`; SPEC §4 allows both directions). When the assignees change without `assigned_to`,
 * the first of them becomes `assigned_to` (unless the current one is still among them).
 * @throws HttpError 404 when the task is not the family's; 400 for an assignee outside the family or another
 * family's event. Nothing is written on either.
 */
export async function updateTask(
  ctx: ServerContext,
  familyId: number,
  taskId: number,
  input: UpdateTaskInput,
): Promise<TaskDto> {
  const [current] = await ctx.db
    .select(taskColumns)
    .from(tasks)
    .where(and(eq(tasks.familyId, familyId), eq(tasks.id, taskId)));
  if (!current) throw notFound();

  const ids = input.assigned_to_ids ?? current.assignedToIds;
  let assignedTo = input.assigned_to ?? current.assignedTo;
  if (input.assigned_to_ids && (assignedTo === null || !ids.includes(String(assignedTo)))) {
    assignedTo = Number(ids[0]);
  }
  if (input.assigned_to && !ids.includes(String(input.assigned_to))) {
    const message = 'Assignee must be one of the selected assignees';
    throw badRequest(message, { assigned_to: message });
  }
  if (input.assigned_to_ids) await assertMembers(ctx.db, familyId, ids.map(Number), 'assigned_to_ids');
  if (input.event_id) await assertEvent(ctx.db, familyId, input.event_id);
  const eventId = input.event_id === undefined ? current.eventId : input.event_id;
  const dueDate = input.due_date === undefined ? current.dueDate : input.due_date;
  // A standalone task keeps a due date (SPEC §5 'Date is required'); only an event's task may have none.
  if (dueDate === null && eventId === null)
    throw badRequest('Date is required', { due_date: 'Date is required' });

  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(tasks)
      .set({
        title: input.title,
        description: input.description,
        eventId: input.event_id,
        assignedTo,
        dueDate: input.due_date,
        estimatedDurationMinutes: input.estimated_duration_minutes,
        status: input.status,
        priority: input.priority,
        sendSmsReminder: input.send_sms_reminder,
        reminderFrequency: input.reminder_frequency,
        updatedAt: now,
      })
      .where(and(eq(tasks.familyId, familyId), eq(tasks.id, taskId)))
      .returning();
    if (updated) await saveTaskAssignees(tx, updated, ids, current.assignedToIds);
    // Completed / re-dated / reassigned: pending reminders go with the same commit (issue 8); the planner
    // re-plans what is still due.
    await cancelTaskReminders(tx, familyId, taskId, now);
  });
  return getTask(ctx, familyId, taskId);
}

/**
 * SPEC §7 `DELETE /api/tasks/{id}`; the task and its assignees are kept for its Undo (`recordUndo`, ADR 051) in
 * the same transaction. @returns the undo id for the reply. @throws HttpError 404 when the task is not the
 * family's.
 */
export async function deleteTask(ctx: ServerContext, familyId: number, taskId: number): Promise<string> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const rows = await jsonRows(tx, 'tasks', familyId, eq(tasks.id, taskId));
    const assignees = await taskAssigneeRows(tx, familyId, rows);
    const deleted = await tx
      .delete(tasks)
      .where(and(eq(tasks.familyId, familyId), eq(tasks.id, taskId)))
      .returning({ id: tasks.id });
    if (deleted.length === 0) throw notFound();
    // In the same transaction: a crash cannot leave the reminder of a deleted task pending (issue 8).
    await cancelTaskReminders(tx, familyId, taskId, now);
    const removed = { tasks: rows, task_assignees: assignees };
    return recordUndo(tx, familyId, 'task', { id: taskId, removed, changed: [] }, now);
  });
}
