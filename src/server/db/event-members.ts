import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from './types.ts';
import { eventAlertMembers, eventAttendees, events } from './schema/events.ts';

/**
 * An event's member lists as the wire carries them (SPEC §3 Event `attendees`, `alert_members`): member ids as
 * strings, in the order they were given. Stored as rows of `event_attendees` / `event_alert_members` (issue 26).
 */
export interface EventMemberLists {
  attendees: string[];
  alertMembers: string[];
}

/** An events row with its member lists (what `eventColumns` selects). */
export type EventRow = typeof events.$inferSelect & EventMemberLists;

type EventList = typeof eventAttendees | typeof eventAlertMembers;

/** One list of the event in the same statement: a correlated subquery, `[]` when empty (no extra round trip). */
function listOf(list: EventList) {
  return sql<
    string[]
  >`coalesce((select jsonb_agg(${list.memberId}::text order by ${list.position}) from ${list} where ${list.eventId} = ${events.id}), '[]'::jsonb)`;
}

/**
 * The select shape of an `EventRow`: every column of `events` plus `attendees` and `alertMembers` aggregated
 * from their join tables in the same statement (`db.select(eventColumns).from(events)`).
 */
export const eventColumns = {
  ...getTableColumns(events),
  attendees: listOf(eventAttendees),
  alertMembers: listOf(eventAlertMembers),
};

/** Each id once, first place kept; ids as numbers. */
function uniqueIds(ids: readonly string[]): number[] {
  return [...new Set(ids.map(Number))];
}

async function replaceList(
  tx: DbOrTx,
  list: EventList,
  event: { id: number; familyId: number },
  ids: readonly string[],
  isNew: boolean,
): Promise<void> {
  if (!isNew) await tx.delete(list).where(and(eq(list.familyId, event.familyId), eq(list.eventId, event.id)));
  const rows = uniqueIds(ids).map((memberId, position) => ({
    familyId: event.familyId,
    eventId: event.id,
    memberId,
    position,
  }));
  if (rows.length > 0) await tx.insert(list).values(rows);
}

/**
 * Writes the member lists of an event row just inserted or updated, and returns the row with them. A list equal
 * to `before`'s (the row's lists before the write; null for a new row) is not written again. Ids must be
 * members of the row's family (checked by the caller for a 400; the foreign keys refuse others).
 * @param row an events row as `.returning()` gives it.
 */
export async function saveEventMembers(
  tx: DbOrTx,
  row: typeof events.$inferSelect,
  lists: EventMemberLists,
  before: EventMemberLists | null,
): Promise<EventRow> {
  const same = (a: readonly string[], b: readonly string[] | undefined) =>
    b !== undefined && a.length === b.length && a.every((id, i) => id === b[i]);
  if (!same(lists.attendees, before?.attendees))
    await replaceList(tx, eventAttendees, row, lists.attendees, before === null);
  if (!same(lists.alertMembers, before?.alertMembers))
    await replaceList(tx, eventAlertMembers, row, lists.alertMembers, before === null);
  const attendees = uniqueIds(lists.attendees).map(String);
  const alertMembers = uniqueIds(lists.alertMembers).map(String);
  return { ...row, hasAlertMembers: alertMembers.length > 0, attendees, alertMembers };
}
