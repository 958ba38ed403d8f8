import { eq } from 'drizzle-orm';
import { buildCalendarObject } from '../../core/ics/export.ts';
import { type IcsEventRecord, ownUid } from '../../core/ics/model.ts';
import { expandEvents } from '../../core/recurrence/occurrences.ts';
import { addLocalDays, instantToLocal, localToInstant } from '../../core/time/local-time.ts';
import { loadFamilyWindowRows, type EngineRow } from '../db/event-occurrences.ts';
import type { DavResource } from './store.ts';
import { families, familyMembers } from '../db/schema/families.ts';
import type { ServerContext } from '../context.ts';

/** The widest `C:expand` range (days) answered with instances; a wider one gets the objects as stored. */
export const MAX_EXPAND_DAYS = 800;

/**
 * `C:calendar-data` with `C:expand` (RFC 4791 §9.6.5): each object of `resources` as the instances of its
 * occurrences that overlap `[start, end)`, found by FamilyHub's occurrence engine (the one the app and
 * time-range use, so the two never disagree): every instance a VEVENT with the series' UID, a RECURRENCE-ID for a
 * series' occurrence (its original start, in UTC; a DATE for an all-day series), its own DTSTART/DTEND in UTC (an
 * all-day one as DATEs), the fields of its series or of its override, and no RRULE, RDATE or EXDATE. A one-off
 * event in the range is given as it is, in UTC.
 * @param start, end the range as instants (the request's UTC date-times).
 * @returns objects by resource name; null when the range is wider than MAX_EXPAND_DAYS (the caller sends the
 *   objects unexpanded). An object with no instance in the range is an empty VCALENDAR.
 */
export async function expandObjects(
  ctx: ServerContext,
  familyId: number,
  resources: readonly DavResource[],
  start: Date,
  end: Date,
): Promise<Map<string, string> | null> {
  if (end.getTime() - start.getTime() > MAX_EXPAND_DAYS * 86_400_000 || end <= start) return null;
  const [family] = await ctx.db.select().from(families).where(eq(families.id, familyId));
  if (!family) return new Map();
  const members = (await ctx.db.select().from(familyMembers).where(eq(familyMembers.familyId, familyId))).map(
    (m) => ({ id: m.id, name: m.name, email: m.email }),
  );
  const zone = family.timezone;
  const from = instantToLocal(start, zone);
  const to = instantToLocal(end, zone);
  const rows = await loadFamilyWindowRows(
    ctx.db,
    familyId,
    from.slice(0, 10),
    addLocalDays(to.slice(0, 10), 1),
  );
  const { occurrences } = expandEvents(rows, { from, to }, zone);
  const host = new URL(ctx.config.PUBLIC_URL).hostname;
  const byId = new Map<number, EngineRow>(rows.map((r) => [r.id, r]));

  const instances = new Map<number, IcsEventRecord[]>();
  for (const o of occurrences) {
    const seriesId = o.seriesId ?? o.event.id;
    const series = byId.get(seriesId);
    if (!series) continue;
    const row = o.event.row;
    const uid = series.row.sourceUid ?? ownUid(series.id, host);
    const allDay = row.isAllDay;
    const instance: IcsEventRecord = {
      ...row,
      rdates: [],
      rrule: null,
      exdates: [],
      parentEventId: null,
      sourceUid: uid,
      // In UTC (§9.6.5); an all-day instance keeps its DATEs.
      timezone: allDay ? null : 'UTC',
      startDate: allDay ? o.start : instantToLocal(o.startAt, 'UTC'),
      endDate: allDay ? o.end : null,
      durationMinutes: allDay
        ? row.durationMinutes
        : Math.round((o.endAt.getTime() - o.startAt.getTime()) / 60_000),
      recurrenceId: null,
      ...(o.occurrenceId !== null ? { instanceOf: recurrenceIdOf(o.occurrenceId, series, zone) } : {}),
    };
    const list = instances.get(seriesId) ?? [];
    list.push(instance);
    instances.set(seriesId, list);
  }

  const out = new Map<string, string>();
  for (const resource of resources) {
    if (resource.eventId === null) continue;
    const list = instances.get(resource.eventId) ?? [];
    out.set(
      resource.name,
      buildCalendarObject({
        name: family.name,
        timeZone: zone,
        host,
        stamp: list.reduce((max, r) => (r.updatedAt > max ? r.updatedAt : max), new Date(0)),
        members,
        events: list,
      }),
    );
  }
  return out;
}

/**
 * An occurrence's RECURRENCE-ID (RFC 5545 §3.8.4.4) for its expanded instance: its original start as wall-clock
 * UTC, or the DATE (`YYYY-MM-DDT00:00:00`) for an all-day series.
 */
function recurrenceIdOf(occurrenceId: string, series: EngineRow, familyZone: string): string {
  if (series.allDay) return `${occurrenceId.slice(0, 10)}T00:00:00`;
  return instantToLocal(localToInstant(occurrenceId, series.zone ?? familyZone), 'UTC');
}
