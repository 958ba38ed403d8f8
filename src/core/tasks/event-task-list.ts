/** What the event form's Associated Tasks list shows of an event's tasks (`eventTasksToShow`). */
export interface EventTasksShown<T> {
  /** The tasks listed, in the order given. */
  shown: T[];
  /** The transport tasks of the series' other occurrences, not listed (the Driving page has them). */
  otherDrives: number;
}

/** With no occurrence chosen, the transport tasks of this many of a series' next occurrences are listed. */
export const FIRST_OCCURRENCES_LISTED = 1;

/**
 * Issue 46: the tasks of an event the form lists, out of `GET /api/events/{id}/tasks`'s reply (`tasks`, due
 * order). A series' pickups and drop-offs are tasks of its occurrences (ADR 047: up to two a day for the next
 * seven days), so the form of a daily school run would list fourteen. Listed: every task that belongs to no
 * occurrence (added by hand, or a one-off event's transport, `occurrence_start` null), and the transport tasks of
 * the occurrence being edited (`occurrence`, its RECURRENCE-ID in the series' terms, `YYYY-MM-DDTHH:mm:ss`), or,
 * with none chosen (null), those of the first `FIRST_OCCURRENCES_LISTED` occurrences that have any. The others
 * are counted.
 */
export function eventTasksToShow<T extends { occurrence_start: string | null }>(
  tasks: readonly T[],
  occurrence: string | null,
): EventTasksShown<T> {
  const occurrences = [
    ...new Set(tasks.flatMap((t) => (t.occurrence_start === null ? [] : [t.occurrence_start]))),
  ].sort();
  const listed = new Set(occurrence === null ? occurrences.slice(0, FIRST_OCCURRENCES_LISTED) : [occurrence]);
  const shown = tasks.filter((t) => t.occurrence_start === null || listed.has(t.occurrence_start));
  return { shown, otherDrives: tasks.length - shown.length };
}
