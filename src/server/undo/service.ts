/**
 * Issue 45 item 4, ADR 051: `POST /api/undo/{id}` puts back what a delete removed (its undo entry, written by
 * the delete: src/server/db/undo-rows.ts) and makes the writes that follow it, as a new write would.
 */
import { and, eq } from 'drizzle-orm';
import { eventLimitMessage } from '../../core/contracts/events.ts';
import {
  UNDO_CONFLICT_MESSAGE,
  UNDO_EXPIRED_MESSAGE,
  UNDO_NOT_FOUND_MESSAGE,
  UNDO_USED_MESSAGE,
  type UndoKind,
  type UndoResult,
} from '../../core/contracts/undo.ts';
import type { DbOrTx } from '../db/types.ts';
import { families } from '../db/schema/families.ts';
import { undoEntries } from '../db/schema/undo.ts';
import { restoreRows, UndoConflict, type UndoPayload } from '../db/undo-rows.ts';
import type { ServerContext } from '../context.ts';
import { syncFamilyTransportTasks } from '../driving/transport-tasks.ts';
import { eventsCreatedThisMonth } from '../events/plan-limit.ts';
import { assertRoomForOneMore } from '../members/service.ts';
import { conflict, gone, notFound } from '../http/errors.ts';

/**
 * Whether `error` (or a cause: Drizzle wraps driver errors) is a foreign key (23503) or unique (23505) violation:
 * a member a row names was deleted, or the e-mail of a cancelled invitation was invited again.
 */
function isKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '23503' || code === '23505') return true;
  }
  return false;
}

/**
 * Undoes the delete whose reply carried `undoId`, in one transaction: the rows it removed come back with their
 * ids and columns, the rows it changed (a series' RRULE, UNTIL, EXDATEs; a proposal's event) go back to how
 * they were, and the entry is used up. CalDAV resources and sync tokens, the live stream and the ICS feed follow
 * from the writes (database triggers); reminders are planned again by the planner's next tick (cursors NULL);
 * an event's transport tasks are synced. A restore that brings back events is a new event for the monthly plan
 * limit, and a restored invitation takes its place in the member limit again: past a limit it is refused.
 * @returns what came back (`kind`) and its id.
 * @throws HttpError 404 for an id that is not the family's (unknown, another family's, pruned); 410 when the
 *   window (`UNDO_WINDOW_SECONDS`) passed or it was undone already; 409 when what the delete changed was changed
 *   again, a member a row names was deleted since, an invitation's e-mail was invited again, or a plan limit
 *   would be passed. Nothing is written on error.
 */
export async function undoDelete(ctx: ServerContext, familyId: number, undoId: string): Promise<UndoResult> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(undoEntries)
      .where(and(eq(undoEntries.familyId, familyId), eq(undoEntries.id, undoId)))
      .for('update');
    if (!entry) throw notFound(UNDO_NOT_FOUND_MESSAGE);
    if (entry.usedAt !== null) throw gone(UNDO_USED_MESSAGE);
    if (entry.expiresAt.getTime() <= now.getTime()) throw gone(UNDO_EXPIRED_MESSAGE);
    const kind = entry.kind as UndoKind;
    const payload = entry.payload as UndoPayload;
    // A restored invitation takes its place in the member limit again (this also locks the family row).
    if (kind === 'invitation') await assertRoomForOneMore(tx, familyId);
    const timeZone = await lockFamily(tx, familyId);
    const countedBefore = await eventsCreatedThisMonth(tx, familyId, timeZone, now);
    try {
      await restoreRows(tx, familyId, payload);
    } catch (error) {
      if (error instanceof UndoConflict || isKeyViolation(error)) throw conflict(UNDO_CONFLICT_MESSAGE);
      throw error;
    }
    if (kind === 'event') {
      await checkRestoredEvents(tx, familyId, timeZone, countedBefore, now);
      await syncFamilyTransportTasks(tx, familyId, now);
    }
    await tx.update(undoEntries).set({ usedAt: now }).where(eq(undoEntries.id, undoId));
    return { ok: true as const, kind, id: payload.id };
  });
}

/**
 * Locks the family's row (as every write that counts toward a plan limit does, so two cannot both take the last
 * place). @returns its IANA zone. @throws HttpError 404 when the family is gone.
 */
async function lockFamily(tx: DbOrTx, familyId: number): Promise<string> {
  const [family] = await tx
    .select({ timezone: families.timezone })
    .from(families)
    .where(eq(families.id, familyId))
    .for('update');
  if (!family) throw notFound(UNDO_NOT_FOUND_MESSAGE);
  return family.timezone;
}

/**
 * The monthly plan limit (`eventsCreatedThisMonth`) after events came back: refused when the restore added
 * counted events this month and the count is now past `max_events_per_month` (the slot the delete freed was
 * taken since). A family already past its limit before (a lowered plan) may still undo a delete that adds none.
 * @throws HttpError 409 with the limit's message.
 */
async function checkRestoredEvents(
  tx: DbOrTx,
  familyId: number,
  timeZone: string,
  countedBefore: number,
  now: Date,
): Promise<void> {
  const counted = await eventsCreatedThisMonth(tx, familyId, timeZone, now);
  const [family] = await tx
    .select({ max: families.maxEventsPerMonth })
    .from(families)
    .where(eq(families.id, familyId));
  const max = family?.max ?? 0;
  if (counted > countedBefore && counted > max) throw conflict(eventLimitMessage(max));
}
