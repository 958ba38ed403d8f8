import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { DrivingLegDto } from '../../../core/contracts/driving.ts';
import type { EventOccurrenceDto } from '../../../core/contracts/events.ts';
import { occurrenceKey } from '../../../core/driving/coverage.ts';

/** Issue messages per occurrence key (`occurrenceKey`), with the kind of leg they are about. */
export type IssuesByOccurrence = ReadonlyMap<string, string[]>;

const DrivingIssuesContext = createContext<IssuesByOccurrence>(new Map());

/** The words of each leg's issues, per occurrence: "Pickup: No driver yet". */
export function issuesByOccurrence(legs: readonly DrivingLegDto[]): IssuesByOccurrence {
  const map = new Map<string, string[]>();
  for (const leg of legs) {
    if (leg.issues.length === 0) continue;
    const key = occurrenceKey({
      eventId: leg.event_id,
      seriesId: leg.series_id,
      occurrenceId: leg.occurrence_start,
    });
    const label = leg.kind === 'pickup' ? 'Pickup' : 'Drop-off';
    map.set(key, [...(map.get(key) ?? []), ...leg.issues.map((i) => `${label}: ${i.message}`)]);
  }
  return map;
}

const NO_ISSUES: IssuesByOccurrence = new Map();
const NONE: readonly string[] = [];

/**
 * Makes the coverage issues of `legs` available to the event chips below it. Without any issue the value is
 * one shared empty map, so that a month switch without issues does not redraw every chip (issue 23).
 */
export function DrivingIssuesProvider({
  legs,
  children,
}: {
  legs: readonly DrivingLegDto[];
  children: ReactNode;
}) {
  const value = useMemo(() => {
    const map = issuesByOccurrence(legs);
    return map.size > 0 ? map : NO_ISSUES;
  }, [legs]);
  return <DrivingIssuesContext.Provider value={value}>{children}</DrivingIssuesContext.Provider>;
}

/** The issues of every occurrence under the nearest provider (an empty map outside one). */
export function useIssuesByOccurrence(): IssuesByOccurrence {
  return useContext(DrivingIssuesContext);
}

/** The coverage issues of one calendar occurrence in `map`, in words (a shared empty list when none). */
export function occurrenceIssues(map: IssuesByOccurrence, item: EventOccurrenceDto): readonly string[] {
  return (
    map.get(
      occurrenceKey({ eventId: item.id, seriesId: item.series_id, occurrenceId: item.occurrence_start }),
    ) ?? NONE
  );
}

/** The coverage issues of one calendar occurrence, in words (empty when none, or outside a provider). */
export function useOccurrenceIssues(item: EventOccurrenceDto): readonly string[] {
  return occurrenceIssues(useContext(DrivingIssuesContext), item);
}
