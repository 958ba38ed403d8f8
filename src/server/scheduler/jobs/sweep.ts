import { and, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/types.ts';
import type { events } from '../../db/schema/events.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { NEVER, RETRY_MINUTES } from '../event-reminders.ts';
import { groupBy, type JobContext, MINUTE, type PlannerLogger } from './shared.ts';

/** Rows read (and cursors written) per query by the reminder sweep. */
export const PAGE = 2000;

/** What planning one page of reminder rows did: messages written, each row's new cursor, rows that failed. */
export interface Planned {
  created: number;
  next: Map<number, Date>;
  failedRows: number;
}

/**
 * Reads, page by page, the rows whose reminders are due by `to` (`next_reminder_at <= to`, the
 * `*_next_reminder_at_idx` range) and then the rows whose cursor is not computed yet (NULL, by the
 * `*_reminder_unplanned_idx` partial index), with their family's zone and row version, handing each page to
 * `plan`, which enqueues and returns the new cursors; those are written only where the row is still the
 * version that was read (`xmin`), so a concurrent edit (which sets the cursor back to NULL) wins. Pages are
 * planned through `planIsolated`, so a broken row never stops the others.
 */
export async function sweep<Row extends { id: number; familyId: number }>(
  { db, logger: log }: JobContext,
  table: typeof tasks | typeof events,
  unplanned: SQL,
  to: Date,
  read: (where: SQL) => Promise<{ row: Row; zone: string; version: string }[]>,
  plan: (page: { row: Row; zone: string }[]) => Promise<Planned>,
): Promise<{ created: number; failedRows: number }> {
  let created = 0;
  let failedRows = 0;
  const kind = table === tasks ? 'task' : 'event';
  const run = async (where: (after: number) => SQL) => {
    for (let after = 0; ;) {
      const page = await read(where(after));
      if (page.length === 0) return;
      const planned = await planIsolated(log, page, plan, kind, to);
      created += planned.created;
      failedRows += planned.failedRows;
      await advance(
        db,
        table,
        page.map((p) => ({ id: p.row.id, version: p.version, next: planned.next.get(p.row.id) ?? NEVER })),
      );
      if (page.length < PAGE) return;
      after = page[page.length - 1]?.row.id ?? after;
    }
  };
  // Due rows leave the range once advanced; the id cursor only guards against a row that could not be.
  await run((after) => and(lte(table.nextReminderAt, to), gt(table.id, after)) ?? sql`false`);
  await run((after) => and(unplanned, gt(table.id, after)) ?? sql`false`);
  return { created, failedRows };
}

/**
 * `plan` on a page of rows, isolating what breaks: when the page throws (composing a message, reading the
 * audience...), each family's rows are planned alone, then each row of a family that still throws; a row
 * that throws on its own is skipped, logged at warn with its family and row id, counted, and its cursor moves
 * `RETRY_MINUTES` past `to`, so it does not hold up its page every tick. Planning twice is harmless: the
 * outbox ignores a dedupe key it already has.
 */
async function planIsolated<Row extends { id: number; familyId: number }>(
  log: PlannerLogger | undefined,
  part: { row: Row; zone: string }[],
  plan: (page: { row: Row; zone: string }[]) => Promise<Planned>,
  kind: 'task' | 'event',
  to: Date,
): Promise<Planned> {
  try {
    return await plan(part);
  } catch (error) {
    const [only] = part;
    if (part.length === 1 && only) {
      const { familyId, id } = only.row;
      log?.warn({ err: error, familyId, [`${kind}Id`]: id }, `${kind} reminders could not be planned`);
      return {
        created: 0,
        next: new Map([[id, new Date(to.getTime() + RETRY_MINUTES * MINUTE)]]),
        failedRows: 1,
      };
    }
    const families = [...groupBy(part, (p) => p.row.familyId).values()];
    const total: Planned = { created: 0, next: new Map(), failedRows: 0 };
    for (const piece of families.length > 1 ? families : part.map((p) => [p])) {
      const planned = await planIsolated(log, piece, plan, kind, to);
      total.created += planned.created;
      total.failedRows += planned.failedRows;
      for (const [id, at] of planned.next) total.next.set(id, at);
    }
    return total;
  }
}

/** Writes `next_reminder_at` where the row is still at `version` (its `xmin` when it was read). */
async function advance(
  db: Db,
  table: typeof tasks | typeof events,
  rows: readonly { id: number; version: string; next: Date }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += PAGE) {
    const values = rows
      .slice(i, i + PAGE)
      .map((r) => sql`(${r.id}::int, ${r.version}::text, ${r.next.toISOString()}::timestamptz)`);
    await db.execute(sql`
      update ${table} set next_reminder_at = v.next
      from (values ${sql.join(values, sql`, `)}) as v(id, version, next)
      where ${table}.id = v.id and ${table}.xmin = v.version::xid`);
  }
}
