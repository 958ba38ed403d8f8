import { instantToLocal, localToInstant } from './local-time.ts';

/**
 * An event's wall-clock time (`YYYY-MM-DDTHH:mm:ss` in its own zone) as the wire gives it: wall-clock in the
 * family's zone (SPEC §7; ADR 006). All-day values (DATEs), floating times (`eventZone` null) and times already
 * in the family's zone are returned unchanged.
 * @throws RangeError for a zone the runtime does not know.
 */
export function eventToFamilyTime(
  local: string,
  eventZone: string | null,
  allDay: boolean,
  familyZone: string,
): string {
  if (allDay || eventZone === null || eventZone === familyZone) return local;
  return instantToLocal(localToInstant(local, eventZone), familyZone);
}

/**
 * The inverse of `eventToFamilyTime`: a wire time (family wall-clock) in the terms of an event that runs in
 * `eventZone`, e.g. an occurrence's RECURRENCE-ID of a Europe/Berlin series opened by a Los Angeles family.
 * @throws RangeError for a zone the runtime does not know.
 */
export function familyToEventTime(
  local: string,
  eventZone: string | null,
  allDay: boolean,
  familyZone: string,
): string {
  if (allDay || eventZone === null || eventZone === familyZone) return local;
  return instantToLocal(localToInstant(local, familyZone), eventZone);
}
