/**
 * Issue 45 item 4, ADR 051: what a delete removed and changed, kept as rows (`to_jsonb`) in `undo_entries` so
 * that `POST /api/undo/{id}` can put exactly those rows back — same ids, same columns — in one transaction.
 * The graph readers here name what each kind of delete may touch; `diffGraphs` compares the graph before and
 * after the delete, so a delete's own logic is not repeated here.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { UNDO_WINDOW_SECONDS, type UndoKind } from '../../core/contracts/undo.ts';
import type { DbOrTx } from './types.ts';
import { eventAlertMembers, eventAttendees, events } from './schema/events.ts';
import { familyMembers } from './schema/families.ts';
import { notes } from './schema/notes.ts';
import { activityProposals, taskAssignees, tasks } from './schema/tasks.ts';
import { undoEntries } from './schema/undo.ts';

/** A row as PostgreSQL's `to_jsonb` gives it: column names as keys, timestamps as ISO text with offset. */
export type JsonRow = Record<string, unknown>;

/**
 * The tables an undo may write, in the order their removed rows go back (a row's parents before it), with the
 * columns that name a row.
 */
const UNDO_TABLES = {
  family_members: { table: familyMembers, key: ['id'] },
  events: { table: events, key: ['id'] },
  event_attendees: { table: eventAttendees, key: ['event_id', 'member_id'] },
  event_alert_members: { table: eventAlertMembers, key: ['event_id', 'member_id'] },
  tasks: { table: tasks, key: ['id'] },
  task_assignees: { table: taskAssignees, key: ['task_id', 'member_id'] },
  notes: { table: notes, key: ['id'] },
  activity_proposals: { table: activityProposals, key: ['id'] },
} as const satisfies Record<string, { table: PgTable; key: readonly string[] }>;
export type UndoTable = keyof typeof UNDO_TABLES;
const TABLE_ORDER = Object.keys(UNDO_TABLES) as UndoTable[];

/**
 * Columns kept by the database, not by what a user did: the reminder planner's cursors (set to NULL on restore,
 * so the planner plans again), the alert flag (a trigger of the member lists), and the generated search vector.
 */
const DERIVED_COLUMNS = ['next_reminder_at', 'has_alert_members', 'search_vector'];

/** Some of the family's rows of each undo table, keyed by table. */
export type Graph = Partial<Record<UndoTable, JsonRow[]>>;

/**
 * What one delete did: the rows it `removed` (by table) and the rows it `changed` (as they were `before` it and
 * as it left them, `after`), plus the id of what the user deleted (`id`: the event, task, note… the reply names).
 */
export interface UndoPayload {
  id: number;
  removed: Graph;
  changed: { table: UndoTable; before: JsonRow; after: JsonRow }[];
}

function keyOf(table: UndoTable, row: JsonRow): string {
  return UNDO_TABLES[table].key.map((k) => String(row[k])).join('/');
}

/** The row without the columns the database keeps itself (`DERIVED_COLUMNS`), as comparable text. */
function comparable(row: JsonRow): string {
  const kept = Object.entries(row).filter(([k]) => !DERIVED_COLUMNS.includes(k));
  return JSON.stringify(kept.sort(([a], [b]) => a.localeCompare(b)));
}

/** The family's rows of `table` matching `where`, as `to_jsonb` gives them, in key order. */
export async function jsonRows(
  tx: DbOrTx,
  name: UndoTable,
  familyId: number,
  where: SQL,
): Promise<JsonRow[]> {
  const { table, key } = UNDO_TABLES[name];
  const order = sql.raw(key.map((k) => `"${k}"`).join(', '));
  const result: unknown = await tx.execute(
    sql`select to_jsonb(${table}) as row from ${table} where family_id = ${familyId} and ${where} order by ${order}`,
  );
  return (result as { rows: { row: JsonRow }[] }).rows.map((r) => r.row); // both drivers answer { rows }
}

/**
 * The rows an event delete may remove or change: the events `ids` (series or one-off) and their overrides, the
 * member lists of all of them, their tasks (transport tasks included) with their assignees, and the activity
 * proposals that became them. Read again after the delete, `before` (the graph read before it) names the
 * proposals to read again: the delete set their `event_id` to NULL, and they are changed, not gone.
 */
export async function eventGraph(
  tx: DbOrTx,
  familyId: number,
  ids: readonly number[],
  before?: Graph,
): Promise<Graph> {
  const rows = await jsonRows(
    tx,
    'events',
    familyId,
    sql`(${inArray(events.id, [...ids])} or ${inArray(events.parentEventId, [...ids])})`,
  );
  const eventIds = rows.map((r) => Number(r.id));
  const linked = (before?.activity_proposals ?? []).map((p) => Number(p.id));
  if (eventIds.length === 0) {
    const proposals = linked.length
      ? await jsonRows(tx, 'activity_proposals', familyId, inArray(activityProposals.id, linked))
      : [];
    return { events: [], activity_proposals: proposals };
  }
  const ofEvents = (column: SQL) =>
    sql`${column} in (${sql.join(
      eventIds.map((id) => sql`${id}`),
      sql`, `,
    )})`;
  const eventTasks = await jsonRows(tx, 'tasks', familyId, ofEvents(sql`event_id`));
  return {
    events: rows,
    event_attendees: await jsonRows(tx, 'event_attendees', familyId, ofEvents(sql`event_id`)),
    event_alert_members: await jsonRows(tx, 'event_alert_members', familyId, ofEvents(sql`event_id`)),
    tasks: eventTasks,
    task_assignees: await taskAssigneeRows(tx, familyId, eventTasks),
    activity_proposals: await jsonRows(
      tx,
      'activity_proposals',
      familyId,
      linked.length
        ? sql`(${ofEvents(sql`event_id`)} or ${inArray(activityProposals.id, linked)})`
        : ofEvents(sql`event_id`),
    ),
  };
}

/** The assignee rows of `taskRows` (rows of `tasks` as `to_jsonb` gives them). */
export async function taskAssigneeRows(
  tx: DbOrTx,
  familyId: number,
  taskRows: JsonRow[],
): Promise<JsonRow[]> {
  if (taskRows.length === 0) return [];
  return jsonRows(
    tx,
    'task_assignees',
    familyId,
    inArray(
      taskAssignees.taskId,
      taskRows.map((t) => Number(t.id)),
    ),
  );
}

/**
 * What a delete did, from the graph read before it and the same graph read after it: rows gone are `removed`,
 * rows whose columns changed (other than `DERIVED_COLUMNS`) are `changed`.
 */
export function diffGraphs(id: number, before: Graph, after: Graph): UndoPayload {
  const removed: Graph = {};
  const changed: UndoPayload['changed'] = [];
  for (const table of TABLE_ORDER) {
    const afterRows = new Map((after[table] ?? []).map((r) => [keyOf(table, r), r]));
    for (const row of before[table] ?? []) {
      const now = afterRows.get(keyOf(table, row));
      if (!now) (removed[table] ??= []).push(row);
      else if (comparable(now) !== comparable(row)) changed.push({ table, before: row, after: now });
    }
  }
  return { id, removed, changed };
}

/**
 * Writes the undo entry of a delete in the delete's transaction and prunes the family's expired entries.
 * `now` is the delete's time; the entry works for `UNDO_WINDOW_SECONDS` from it.
 * @returns the undo id (a random UUID) the delete's reply carries as `undo_id`.
 */
export async function recordUndo(
  tx: DbOrTx,
  familyId: number,
  kind: UndoKind,
  payload: UndoPayload,
  now: Date,
): Promise<string> {
  await tx.delete(undoEntries).where(and(eq(undoEntries.familyId, familyId), lt(undoEntries.expiresAt, now)));
  const id = randomUUID();
  await tx.insert(undoEntries).values({
    id,
    familyId,
    kind,
    payload,
    createdAt: now,
    expiresAt: new Date(now.getTime() + UNDO_WINDOW_SECONDS * 1000),
  });
  return id;
}

/** Why rows cannot go back as they were: what the delete changed was changed again, or a row is back already. */
export class UndoConflict extends Error {}

/**
 * Puts back what `payload` says a delete did, in the caller's transaction: first checks that every changed row
 * is still as the delete left it and no removed row exists again (else nothing is written), then inserts the
 * removed rows with their own ids and columns (parents first; the planner's cursors NULL, so reminders are
 * planned again) and writes the changed rows back as they were. The database's triggers do the rest as for any
 * write: CalDAV resources and sync tokens (migration 0023), the live stream (0014), the alert flag (0018).
 * @returns the restored `events` rows (as stored again), for the caller's side effects.
 * @throws UndoConflict as above; a foreign key violation (23503) when a member a row names is gone.
 */
export async function restoreRows(tx: DbOrTx, familyId: number, payload: UndoPayload): Promise<JsonRow[]> {
  for (const { table, after } of payload.changed) {
    const [current] = await jsonRows(tx, table, familyId, whereKey(table, after));
    if (!current || comparable(current) !== comparable(after)) throw new UndoConflict(table);
  }
  for (const table of TABLE_ORDER) {
    const rows = payload.removed[table];
    if (!rows?.length) continue;
    for (const row of rows) {
      if ((await jsonRows(tx, table, familyId, whereKey(table, row))).length > 0)
        throw new UndoConflict(table);
    }
    const ordered =
      table === 'events'
        ? [...rows].sort((a, b) => Number(a.parent_event_id ?? 0) - Number(b.parent_event_id ?? 0))
        : rows;
    await insertRows(tx, table, ordered.map(withoutCursor));
  }
  for (const { table, before } of payload.changed)
    await updateRow(tx, table, familyId, withoutCursor(before));
  return payload.removed.events ?? [];
}

/** The row with the planner's cursor cleared (tables without one are unchanged). */
function withoutCursor(row: JsonRow): JsonRow {
  return 'next_reminder_at' in row ? { ...row, next_reminder_at: null } : row;
}

function whereKey(table: UndoTable, row: JsonRow): SQL {
  const parts = UNDO_TABLES[table].key.map((k) => sql`${sql.identifier(k)} = ${row[k] as number}`);
  return sql.join(parts, sql` and `);
}

/** The table's columns the app writes (the generated search vector is the database's), as SQL identifiers. */
function writableColumns(table: UndoTable): SQL {
  const names = Object.values(getTableColumns(UNDO_TABLES[table].table)).map((c) => c.name);
  return sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
}

async function insertRows(tx: DbOrTx, table: UndoTable, rows: JsonRow[]): Promise<void> {
  const target = UNDO_TABLES[table].table;
  const columns = writableColumns(table);
  await tx.execute(
    sql`insert into ${target} (${columns}) select ${columns} from jsonb_populate_recordset(null::${target}, ${JSON.stringify(rows)}::jsonb)`,
  );
}

async function updateRow(tx: DbOrTx, table: UndoTable, familyId: number, row: JsonRow): Promise<void> {
  const target = UNDO_TABLES[table].table;
  const columns = writableColumns(table);
  await tx.execute(
    sql`update ${target} set (${columns}) = (select ${columns} from jsonb_populate_record(null::${target}, ${JSON.stringify(row)}::jsonb)) where family_id = ${familyId} and ${whereKey(table, row)}`,
  );
}
