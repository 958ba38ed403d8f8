import { and, asc, eq, gt } from 'drizzle-orm';
import { instantToLocal, localDateOf } from '../../../core/time/local-time.ts';
import type { Db } from '../../db/types.ts';
import type { PlannerLogger } from './shared.ts';
import { families } from '../../db/schema/families.ts';
import { syncTransportTasks } from '../../driving/transport-tasks.ts';

/** Families per transport-task transaction. */
const CHUNK = 500;

/**
 * Issue 46 (ADR 047): once per family day, per time zone, the transport tasks of every family in that zone are
 * brought in step with its calendar (`syncTransportTasks`): the day now six days ahead gets the tasks of its
 * occurrences, the day that ended loses its own, and anything a write outside the events service left behind is
 * put right. Event writes keep the tasks in step between passes. Idempotent (a task is written only
 * when it changes, and the unique `tasks_transport_*_key` indexes stop a second process making one twice), and
 * restart-safe: a process that starts plans every zone's current day once.
 * @param now the planning instant.
 * @param done `zone|date` already passed by this process (skipped: each zone is read once per family day, not every
 *   tick). Updated in place, once a zone's every family is done (a failure is tried again next tick).
 * A chunk that fails is done again family by family, so that one family's failure (logged at warn with its id,
 * and skipped) costs only that family.
 * @returns how many tasks were made, changed or deleted.
 */
export async function planTransportTasks(
  db: Db,
  now: Date,
  done: Set<string> = new Set(),
  logger?: PlannerLogger,
): Promise<number> {
  const zones = (await db.selectDistinct({ timezone: families.timezone }).from(families)).map(
    (r) => r.timezone,
  );
  let written = 0;
  for (const zone of zones) {
    const today = localDateOf(instantToLocal(now, zone));
    if (done.has(`${zone}|${today}`)) continue;
    for (let after = 0; ;) {
      const chunk = (
        await db
          .select({ id: families.id })
          .from(families)
          .where(and(eq(families.timezone, zone), gt(families.id, after)))
          .orderBy(asc(families.id))
          .limit(CHUNK)
      ).map((r) => r.id);
      if (chunk.length === 0) break;
      after = chunk[chunk.length - 1] ?? after;
      written += await db
        .transaction((tx) => syncTransportTasks(tx, chunk, zone, now))
        .catch(() => syncEach(db, chunk, zone, now, logger));
      if (chunk.length < CHUNK) break;
    }
    done.add(`${zone}|${today}`);
  }
  return written;
}

/** `syncTransportTasks` for each of `familyIds` in a transaction of its own; a family that fails is logged and skipped. */
async function syncEach(
  db: Db,
  familyIds: readonly number[],
  zone: string,
  now: Date,
  logger: PlannerLogger | undefined,
): Promise<number> {
  let written = 0;
  for (const familyId of familyIds) {
    try {
      written += await db.transaction((tx) => syncTransportTasks(tx, [familyId], zone, now));
    } catch (error) {
      logger?.warn({ err: error, familyId }, 'transport tasks could not be brought in step');
    }
  }
  return written;
}
