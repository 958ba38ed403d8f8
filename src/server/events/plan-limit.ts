/** The plan limit on new events (`families.max_events_per_month`), shared by every path that creates one. */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { eventLimitMessage } from '../../core/contracts/events.ts';
import { addLocalDays, instantToLocal, localToInstant } from '../../core/time/local-time.ts';
import type { DbOrTx } from '../db/types.ts';
import { events } from '../db/schema/events.ts';
import { families } from '../db/schema/families.ts';
import { conflict, notFound } from '../http/errors.ts';

/**
 * How many events count against the plan this calendar month of `timeZone`: rows with `counts_toward_plan`
 * created since the month's first local midnight — events and series (a series counts once) made by any path
 * (form, activity conversion, "this and following" split, ICS import) and imported overrides (RECURRENCE-ID,
 * issue 20); an occurrence edited in the app counts only when the edit moved it into another month (ADR 040).
 * Used by every path that creates an event, so that all apply the same rule.
 */
export async function eventsCreatedThisMonth(
  tx: DbOrTx,
  familyId: number,
  timeZone: string,
  now: Date,
): Promise<number> {
  const today = instantToLocal(now, timeZone);
  const next = addLocalDays(`${today.slice(0, 7)}-01`, 32).slice(0, 7);
  const from = localToInstant(`${today.slice(0, 7)}-01T00:00:00`, timeZone);
  const to = localToInstant(`${next}-01T00:00:00`, timeZone);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(
      and(
        eq(events.familyId, familyId),
        eq(events.countsTowardPlan, true),
        gte(events.createdAt, from),
        lt(events.createdAt, to),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Plan limit: at most `families.max_events_per_month` events created per calendar month of the family's zone
 * (`eventsCreatedThisMonth`). Locks the family row so that two concurrent creations cannot both take the
 * last slot.
 * @throws HttpError 409 past the limit.
 */
export async function checkMonthlyLimit(tx: DbOrTx, familyId: number, now: Date): Promise<void> {
  const [family] = await tx.select().from(families).where(eq(families.id, familyId)).for('update');
  if (!family) throw notFound();
  if ((await eventsCreatedThisMonth(tx, familyId, family.timezone, now)) >= family.maxEventsPerMonth) {
    throw conflict(eventLimitMessage(family.maxEventsPerMonth));
  }
}
