/** The Pickup / Drop-off tasks an event with transport coordination keeps (SPEC §2). */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { eventEnd } from '../../core/calendar/event-span.ts';
import { DROPOFF_PREFIX, PICKUP_PREFIX } from '../../core/contracts/events.ts';
import { addLocalMinutes } from '../../core/time/local-time.ts';
import type { DbOrTx } from '../db/types.ts';
import type { EventRow } from '../db/event-members.ts';
import { tasks } from '../db/schema/tasks.ts';
import { saveTaskAssignees, taskColumns } from '../db/task-assignees.ts';

function timing(row: EventRow) {
  return {
    start_date: row.startDate,
    end_date: row.endDate,
    duration_minutes: row.durationMinutes,
    is_all_day: row.isAllDay,
  };
}

/**
 * Keeps an event's transport tasks in step with it: 'Pickup: {title}' due at the end minus the pickup lead,
 * 'Drop-off: {title}' due at the start minus the drop-off lead, assigned to the chosen member. An existing
 * transport task (found by `transport_kind`) is moved, never duplicated; one whose coordination was switched
 * off is removed. For a series the tasks follow its first occurrence.
 */
export async function syncTransportTasks(tx: DbOrTx, row: EventRow, now: Date): Promise<void> {
  const existing = await tx
    .select(taskColumns)
    .from(tasks)
    .where(and(eq(tasks.familyId, row.familyId), eq(tasks.eventId, row.id), isNotNull(tasks.transportKind)));
  const end = eventEnd(timing(row));
  const wanted = [
    {
      kind: 'pickup',
      on: row.hasPickup && row.pickupAssignedTo !== null,
      title: `${PICKUP_PREFIX}${row.title}`.slice(0, 200),
      assignee: row.pickupAssignedTo,
      due: addLocalMinutes(end, -row.pickupMinutesBefore),
    },
    {
      kind: 'dropoff',
      on: row.hasDropoff && row.dropoffAssignedTo !== null,
      title: `${DROPOFF_PREFIX}${row.title}`.slice(0, 200),
      assignee: row.dropoffAssignedTo,
      due: addLocalMinutes(row.startDate, -row.dropoffMinutesBefore),
    },
  ];
  for (const w of wanted) {
    const current = existing.filter((t) => t.transportKind === w.kind);
    if (!w.on || w.assignee === null) {
      if (current.length > 0)
        await tx.delete(tasks).where(
          inArray(
            tasks.id,
            current.map((t) => t.id),
          ),
        );
      continue;
    }
    const values = {
      title: w.title,
      assignedTo: w.assignee,
      dueDate: w.due,
      priority: row.priority,
      updatedAt: now,
    };
    const [first, ...extra] = current;
    const assignees = [String(w.assignee)];
    if (first) {
      const [moved] = await tx.update(tasks).set(values).where(eq(tasks.id, first.id)).returning();
      if (moved) await saveTaskAssignees(tx, moved, assignees, first.assignedToIds);
      if (extra.length > 0)
        await tx.delete(tasks).where(
          inArray(
            tasks.id,
            extra.map((t) => t.id),
          ),
        );
    } else {
      const [created] = await tx
        .insert(tasks)
        .values({
          ...values,
          familyId: row.familyId,
          eventId: row.id,
          transportKind: w.kind,
          description: `Transport for ${row.title}`.slice(0, 500),
          createdAt: now,
        })
        .returning();
      if (created) await saveTaskAssignees(tx, created, assignees, null);
    }
  }
}
