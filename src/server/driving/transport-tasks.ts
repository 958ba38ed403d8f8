/**
 * The Pickup / Drop-off tasks of events with transport coordination (SPEC §1, §2; issue 46, ADR 047): one task per
 * occurrence and kind, made from the very legs the Driving page shows (`coverageOf`), so the two cannot disagree.
 */
import { and, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { DROPOFF_PREFIX, PICKUP_PREFIX } from '../../core/contracts/events.ts';
import { transportLegs, type TransportLeg } from '../../core/driving/coverage.ts';
import { expandEvents } from '../../core/recurrence/occurrences.ts';
import { MAX_YEAR } from '../../core/recurrence/rule.ts';
import { addLocalDays, instantToLocal, localDateOf } from '../../core/time/local-time.ts';
import type { DbOrTx } from '../db/types.ts';
import { eventColumns } from '../db/event-members.ts';
import { type EngineRow, loadWindowRows, toEngineRow } from '../db/event-occurrences.ts';
import { events } from '../db/schema/events.ts';
import { families } from '../db/schema/families.ts';
import { tasks } from '../db/schema/tasks.ts';
import { saveTaskAssignees, taskColumns, type TaskRow } from '../db/task-assignees.ts';
import { coverageOf, coverageWindow, transportFacts } from './service.ts';

/**
 * How many family days, today included, the occurrences of a series have their transport tasks for (ADR 047). A
 * one-off event's tasks exist as soon as it has a driver, however far ahead.
 */
const TRANSPORT_TASK_DAYS = 7;

/** How far before a day a one-off timed event may start and still end on it: the 7-day cap and two zones' offsets. */
const MAX_TIMED_SPAN_DAYS = 9;

/** The transport task one leg with a driver calls for. */
interface WantedTask {
  familyId: number;
  /** The one-off event, or the series (also for an occurrence edited on its own). */
  eventId: number;
  occurrenceStart: string | null;
  kind: 'pickup' | 'dropoff';
  title: string;
  description: string;
  driverId: number;
  /** Family wall-clock: when the driver sets off (the leg's `from`: start or end minus the lead). */
  dueDate: string;
  priority: string;
}

/** A transport task's identity (ADR 047): its event (one-off or series), the occurrence of a series, its kind. */
function keyOf(eventId: number | null, occurrenceStart: string | null, kind: string | null): string {
  return `${eventId ?? ''}|${occurrenceStart ?? ''}|${kind ?? ''}`;
}

function wantedOf(familyId: number, leg: TransportLeg, driverId: number, priority: string): WantedTask {
  const prefix = leg.kind === 'pickup' ? PICKUP_PREFIX : DROPOFF_PREFIX;
  return {
    familyId,
    eventId: leg.seriesId ?? leg.eventId,
    occurrenceStart: leg.occurrenceId,
    kind: leg.kind,
    title: `${prefix}${leg.title}`.slice(0, 200),
    description: `Transport for ${leg.title}`.slice(0, 500),
    driverId,
    dueDate: leg.from,
    priority,
  };
}

/**
 * The transport tasks the families `familyIds` (all in `familyZone`) should have at `now`: one for each pickup and
 * drop-off with a driver of the family days today … today + `TRANSPORT_TASK_DAYS` (exclusive), as the Driving page
 * computes them (`coverageOf`: series expanded by the occurrence engine, EXDATEs left out, an edited occurrence with
 * its own time, title and driver), and one for each later leg of a one-off event. Rows the engine cannot expand
 * are reported in `keepRoots` (their tasks are left as they are).
 */
async function wantedTasks(
  tx: DbOrTx,
  familyIds: readonly number[],
  familyZone: string,
  now: Date,
): Promise<{ wanted: Map<string, WantedTask>; keepRoots: Set<number> }> {
  const today = localDateOf(instantToLocal(now, familyZone));
  const horizonEnd = addLocalDays(today, TRANSPORT_TASK_DAYS);
  const window = coverageWindow(today, horizonEnd);
  const ofFamilies = inArray(events.familyId, [...familyIds]);
  // Only the rows that can have a leg: with a pickup or drop-off themselves, or edited occurrences of a series that
  // has one (the edit may have removed it). A write of a family without transport (an import of 1,000 series)
  // then expands nothing here, on the writer's transaction and the event loop.
  const mayDrive = sql`(${events.hasPickup} or ${events.hasDropoff} or exists (
    select 1 from ${events} as "transport_series"
    where "transport_series"."id" = ${events.parentEventId}
      and ("transport_series"."has_pickup" or "transport_series"."has_dropoff")))`;
  const near = await loadWindowRows(
    tx,
    sql`${ofFamilies} and ${mayDrive}`,
    window.from.slice(0, 10),
    window.to.slice(0, 10),
  );
  const later = (
    await tx
      .select(eventColumns)
      .from(events)
      .where(
        and(
          ofFamilies,
          isNull(events.parentEventId),
          isNull(events.rrule),
          sql`${events.rdates} = '[]'::jsonb`,
          eq(events.isAllDay, false),
          or(
            and(eq(events.hasPickup, true), isNotNull(events.pickupAssignedTo)),
            and(eq(events.hasDropoff, true), isNotNull(events.dropoffAssignedTo)),
          ),
          gte(events.startDate, `${addLocalDays(horizonEnd, -MAX_TIMED_SPAN_DAYS)}T00:00:00`),
        ),
      )
  ).map(toEngineRow);

  const byFamily = (rows: EngineRow[]) => {
    const out = new Map<number, EngineRow[]>();
    for (const r of rows) out.set(r.row.familyId, [...(out.get(r.row.familyId) ?? []), r]);
    return out;
  };
  const nearOf = byFamily(near);
  const laterOf = byFamily(later);
  const wanted = new Map<string, WantedTask>();
  const keepRoots = new Set<number>();
  for (const familyId of familyIds) {
    const rows = [...(nearOf.get(familyId) ?? []), ...(laterOf.get(familyId) ?? [])];
    const priorityOf = new Map(rows.map((r) => [r.id, r.row.priority]));
    const expansion = expandEvents(nearOf.get(familyId) ?? [], window, familyZone);
    const legs = coverageOf(expansion.occurrences, familyZone, today, horizonEnd).legs;
    const laterRows = laterOf.get(familyId) ?? [];
    if (laterRows.length > 0) {
      // One-off events only: the window costs nothing to expand, and its end is the engine's last year.
      const laterWindow = { from: `${horizonEnd}T00:00:00`, to: `${MAX_YEAR + 1}-01-01T00:00:00` };
      const laterExpansion = expandEvents(laterRows, laterWindow, familyZone);
      legs.push(
        ...transportLegs(laterExpansion.occurrences, transportFacts, familyZone).filter(
          (l) => l.day >= horizonEnd,
        ),
      );
      for (const f of laterExpansion.failures) keepRoots.add(f.event.id);
    }
    for (const f of expansion.failures) keepRoots.add(f.event.parentId ?? f.event.id);
    for (const leg of legs) {
      if (leg.driverId === null) continue;
      const task = wantedOf(familyId, leg, leg.driverId, priorityOf.get(leg.eventId) ?? 'medium');
      wanted.set(keyOf(task.eventId, task.occurrenceStart, task.kind), task);
    }
  }
  return { wanted, keepRoots };
}

/** Whether `row` already says what `w` wants (then it is not written: no change reaches CalDAV or live updates). */
function upToDate(row: TaskRow, w: WantedTask): boolean {
  return (
    row.title === w.title &&
    row.description === w.description &&
    row.assignedTo === w.driverId &&
    row.dueDate === w.dueDate &&
    row.priority === w.priority &&
    row.assignedToIds.length === 1 &&
    row.assignedToIds[0] === String(w.driverId)
  );
}

/**
 * Brings the transport tasks of the families `familyIds` (all in `familyZone`) in step with their calendar at
 * `now` (ADR 047): 'Pickup: {title}' due at the occurrence's end minus the pickup lead and 'Drop-off: {title}' due
 * at its start minus the drop-off lead (family wall-clock), assigned to the occurrence's driver, for each leg
 * `wantedTasks` names. A task that exists is updated in place (its status kept) when its occurrence changed
 * (moved, retitled, another driver); one whose occurrence is gone (deleted, an EXDATE, no driver any more, a day
 * already over) is deleted; a missing one is made. Idempotent, and a no-op when nothing changed; two writers at
 * once make one task (the unique `tasks_transport_*_key` indexes). Call in a transaction that sees the families'
 * rows (their scope, or the system's).
 * @returns how many tasks were made, changed or deleted.
 */
export async function syncTransportTasks(
  tx: DbOrTx,
  familyIds: readonly number[],
  familyZone: string,
  now: Date,
): Promise<number> {
  if (familyIds.length === 0) return 0;
  const { wanted, keepRoots } = await wantedTasks(tx, familyIds, familyZone, now);
  const existing = await tx
    .select(taskColumns)
    .from(tasks)
    .where(and(inArray(tasks.familyId, [...familyIds]), isNotNull(tasks.transportKind)));
  existing.sort((a, b) => a.id - b.id);
  const stale: number[] = [];
  const seen = new Set<string>();
  let written = 0;
  for (const row of existing) {
    if (row.eventId !== null && keepRoots.has(row.eventId)) continue;
    const key = keyOf(row.eventId, row.occurrenceStart, row.transportKind);
    const w = wanted.get(key);
    if (!w || seen.has(key)) {
      stale.push(row.id);
      continue;
    }
    seen.add(key);
    if (upToDate(row, w)) continue;
    const [updated] = await tx
      .update(tasks)
      .set({
        title: w.title,
        description: w.description,
        assignedTo: w.driverId,
        dueDate: w.dueDate,
        priority: w.priority,
        updatedAt: now,
      })
      .where(eq(tasks.id, row.id))
      .returning();
    if (updated) await saveTaskAssignees(tx, updated, [String(w.driverId)], row.assignedToIds);
    written++;
  }
  if (stale.length > 0) {
    await tx.delete(tasks).where(inArray(tasks.id, stale));
    written += stale.length;
  }
  const missing = [...wanted].filter(([key]) => !seen.has(key)).sort(([a], [b]) => a.localeCompare(b));
  for (const [, w] of missing) {
    const [created] = await tx
      .insert(tasks)
      .values({
        familyId: w.familyId,
        title: w.title,
        description: w.description,
        eventId: w.eventId,
        occurrenceStart: w.occurrenceStart,
        transportKind: w.kind,
        assignedTo: w.driverId,
        dueDate: w.dueDate,
        priority: w.priority,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) continue;
    await saveTaskAssignees(tx, created, [String(w.driverId)], null);
    written++;
  }
  return written;
}

/**
 * `syncTransportTasks` for one family, in its own time zone: call at the end of every transaction that writes the
 * family's events (create, edit, delete, import, a CalDAV PUT) or its zone.
 * @returns how many tasks were made, changed or deleted (0 when the family does not exist).
 */
export async function syncFamilyTransportTasks(tx: DbOrTx, familyId: number, now: Date): Promise<number> {
  const [family] = await tx
    .select({ timezone: families.timezone })
    .from(families)
    .where(eq(families.id, familyId));
  if (!family) return 0;
  return syncTransportTasks(tx, [familyId], family.timezone, now);
}
