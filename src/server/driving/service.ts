import { eq, type SQL } from 'drizzle-orm';
import type { DrivingDto, DrivingLegDto, DrivingQuery } from '../../core/contracts/driving.ts';
import {
  coverageIssues,
  legKey,
  transportLegs,
  type CoverageIssue,
  type TransportFacts,
  type TransportLeg,
} from '../../core/driving/coverage.ts';
import { issueMessage } from '../../core/driving/words.ts';
import { expandEvents } from '../../core/recurrence/occurrences.ts';
import { addLocalDays } from '../../core/time/local-time.ts';
import type { DbOrTx } from '../db/client.ts';
import { loadWindowRows, type EngineRow } from '../db/event-occurrences.ts';
import { events } from '../db/schema/events.ts';
import { families, familyMembers } from '../db/schema/families.ts';
import type { ServerContext } from '../http/context.ts';
import { notFound } from '../http/errors.ts';

/** The transport fields of a stored row (an override carries its own). */
export function transportFacts(e: EngineRow): TransportFacts {
  const r = e.row;
  return {
    title: r.title,
    hasPickup: r.hasPickup,
    pickupDriverId: r.pickupAssignedTo,
    pickupLeadMinutes: r.pickupMinutesBefore,
    hasDropoff: r.hasDropoff,
    dropoffDriverId: r.dropoffAssignedTo,
    dropoffLeadMinutes: r.dropoffMinutesBefore,
    attendeeIds: r.attendees.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0),
  };
}

/** The legs and issues of one family's days. */
export interface Coverage {
  legs: TransportLeg[];
  issues: CoverageIssue[];
  /** Rows the occurrence engine could not expand (left out), with why. */
  failures: { eventId: number; reason: string }[];
}

/**
 * Transport coverage of the family days `fromDay` … `toDay` (exclusive) for the families `familyFilter`
 * selects, computed from the occurrence engine in `familyZone`, per family. Legs are those whose span overlaps
 * the window's days; clashes are looked for with a day of margin either side (a late pickup the evening before
 * can clash with an early drop-off).
 * @returns per family id.
 */
export async function coverageByFamily(
  db: DbOrTx,
  familyFilter: SQL,
  familyZone: string,
  fromDay: string,
  toDay: string,
): Promise<Map<number, Coverage>> {
  const readFrom = addLocalDays(fromDay, -1);
  const readTo = addLocalDays(toDay, 1);
  const rows = await loadWindowRows(db, familyFilter, readFrom, readTo);
  const byFamily = new Map<number, EngineRow[]>();
  for (const r of rows) byFamily.set(r.row.familyId, [...(byFamily.get(r.row.familyId) ?? []), r]);
  const out = new Map<number, Coverage>();
  const from = `${fromDay}T00:00:00`;
  const to = `${toDay}T00:00:00`;
  for (const [familyId, ofFamily] of byFamily) {
    const { occurrences, failures } = expandEvents(
      ofFamily,
      { from: `${readFrom}T00:00:00`, to: `${readTo}T00:00:00` },
      familyZone,
    );
    const all = transportLegs(occurrences, transportFacts, familyZone);
    const issues = coverageIssues(all, occurrences, transportFacts);
    const inWindow = (l: TransportLeg) => l.day >= fromDay && l.day < toDay && l.from < to && l.to > from;
    out.set(familyId, {
      legs: all.filter(inWindow),
      issues: issues.filter((i) => inWindow(i.leg)),
      failures: failures.map((f) => ({ eventId: f.event.id, reason: f.reason })),
    });
  }
  return out;
}

/**
 * `GET /api/driving?start=&end=`: the session family's pickups and drop-offs of the days `start` … `end`
 * (inclusive, at most 31), each with its issues in words; sorted by day, gaps first within a day, then by time.
 * Reads only `familyId`'s rows.
 * @throws HttpError 404 when the family does not exist; 400 (by the caller's schema) for a bad range.
 */
export async function drivingWeek(
  ctx: ServerContext,
  familyId: number,
  range: DrivingQuery,
): Promise<DrivingDto> {
  const [family] = await ctx.db.select().from(families).where(eq(families.id, familyId));
  if (!family) throw notFound();
  const members = await ctx.db
    .select({ id: familyMembers.id, name: familyMembers.name })
    .from(familyMembers)
    .where(eq(familyMembers.familyId, familyId));
  const names = new Map(members.map((m) => [m.id, m.name]));
  const nameOf = (id: number) => names.get(id);
  const coverage = (
    await coverageByFamily(
      ctx.db,
      eq(events.familyId, familyId),
      family.timezone,
      range.start,
      addLocalDays(range.end, 1),
    )
  ).get(familyId) ?? { legs: [], issues: [], failures: [] };
  const issuesOf = new Map<string, CoverageIssue[]>();
  for (const i of coverage.issues) issuesOf.set(legKey(i.leg), [...(issuesOf.get(legKey(i.leg)) ?? []), i]);
  const legs: DrivingLegDto[] = coverage.legs.map((l) => ({
    key: legKey(l),
    kind: l.kind,
    event_id: l.eventId,
    series_id: l.seriesId,
    occurrence_start: l.occurrenceId,
    title: l.title,
    driver_id: l.driverId,
    passenger_ids: l.attendeeIds.filter((id) => id !== l.driverId),
    day: l.day,
    at: l.at,
    from: l.from,
    to: l.to,
    issues: (issuesOf.get(legKey(l)) ?? []).map((i) => ({ type: i.type, message: issueMessage(i, nameOf) })),
  }));
  legs.sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      Number(b.issues.length > 0) - Number(a.issues.length > 0) ||
      a.from.localeCompare(b.from),
  );
  return { start: range.start, end: range.end, legs };
}
