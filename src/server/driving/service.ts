import { eq, type SQL } from 'drizzle-orm';
import type { DrivingDto, DrivingLegDto, DrivingQuery } from '../../core/contracts/driving.ts';
import { DRIVING_LEGS_MAX } from '../../core/contracts/quotas.ts';
import {
  coverageIssues,
  LEG_CLASHES_MAX,
  legKey,
  transportLegs,
  type CoverageIssue,
  type TransportFacts,
  type TransportLeg,
} from '../../core/driving/coverage.ts';
import { issueMessage } from '../../core/driving/words.ts';
import { expandEvents, type Occurrence, type Window } from '../../core/recurrence/occurrences.ts';
import { addLocalDays } from '../../core/time/local-time.ts';
import type { DbOrTx } from '../db/types.ts';
import { loadWindowRows, type EngineRow } from '../db/event-occurrences.ts';
import { events } from '../db/schema/events.ts';
import { families, familyMembers } from '../db/schema/families.ts';
import type { ServerContext } from '../context.ts';
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
 * The wall-clock window (family time) whose occurrences the coverage of the family days `fromDay` … `toDay`
 * (exclusive) is computed from: those days and a day either side, where clashes are looked for (a late pickup the
 * evening before can clash with an early drop-off).
 */
export function coverageWindow(fromDay: string, toDay: string): Window {
  return { from: `${addLocalDays(fromDay, -1)}T00:00:00`, to: `${addLocalDays(toDay, 1)}T00:00:00` };
}

/**
 * Transport coverage of one family's days `fromDay` … `toDay` (exclusive), from its `occurrences` over
 * {@link coverageWindow} of those days in `familyZone`. Legs are those whose span overlaps the days.
 */
export function coverageOf(
  occurrences: readonly Occurrence<EngineRow>[],
  familyZone: string,
  fromDay: string,
  toDay: string,
): Omit<Coverage, 'failures'> {
  const from = `${fromDay}T00:00:00`;
  const to = `${toDay}T00:00:00`;
  const all = transportLegs(occurrences, transportFacts, familyZone);
  const legs = all.filter((l) => l.day >= fromDay && l.day < toDay && l.from < to && l.to > from);
  return { legs, issues: coverageIssues(legs, occurrences, transportFacts, all) };
}

/**
 * Transport coverage of the family days `fromDay` … `toDay` (exclusive) for the families `familyFilter`
 * selects, computed from the occurrence engine in `familyZone`, per family ({@link coverageOf}).
 * @returns per family id.
 */
export async function coverageByFamily(
  db: DbOrTx,
  familyFilter: SQL,
  familyZone: string,
  fromDay: string,
  toDay: string,
): Promise<Map<number, Coverage>> {
  const window = coverageWindow(fromDay, toDay);
  const rows = await loadWindowRows(db, familyFilter, window.from.slice(0, 10), window.to.slice(0, 10));
  const byFamily = new Map<number, EngineRow[]>();
  for (const r of rows) byFamily.set(r.row.familyId, [...(byFamily.get(r.row.familyId) ?? []), r]);
  const out = new Map<number, Coverage>();
  for (const [familyId, ofFamily] of byFamily) {
    const { occurrences, failures } = expandEvents(ofFamily, window, familyZone);
    out.set(familyId, {
      ...coverageOf(occurrences, familyZone, fromDay, toDay),
      failures: failures.map((f) => ({ eventId: f.event.id, reason: f.reason })),
    });
  }
  return out;
}

/**
 * `GET /api/driving?start=&end=`: the session family's pickups and drop-offs of the days `start` … `end`
 * (inclusive, at most 62), each with its issues in words; sorted by day, gaps first within a day, then by time.
 * Bounded (issue 42): the `DRIVING_LEGS_MAX` earliest legs (`legs_truncated`), `LEG_CLASHES_MAX` issues a leg
 * (`issues_truncated`). Reads only `familyId`'s rows.
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
  // The legs come sorted by the start of their span: the earliest are kept (issue 42).
  const kept = coverage.legs.slice(0, DRIVING_LEGS_MAX);
  const legs: DrivingLegDto[] = kept.map((l) => {
    const issues = issuesOf.get(legKey(l)) ?? [];
    return {
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
      issues: issues
        .slice(0, LEG_CLASHES_MAX)
        .map((i) => ({ type: i.type, message: issueMessage(i, nameOf) })),
      issues_truncated: issues.length > LEG_CLASHES_MAX,
    };
  });
  legs.sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      Number(b.issues.length > 0) - Number(a.issues.length > 0) ||
      a.from.localeCompare(b.from),
  );
  return { start: range.start, end: range.end, legs, legs_truncated: coverage.legs.length > kept.length };
}
