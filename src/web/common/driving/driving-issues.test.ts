import { describe, expect, it } from 'vitest';
import { drivingLegDto, occurrenceDto } from '../../../../test/web/dtos.ts';
import { issuesByOccurrence, occurrenceIssues } from './driving-issues.tsx';

const NO_DRIVER = { type: 'no_driver', message: 'No driver yet' } as const;
const CLASH = { type: 'double_booked', message: 'Mom also has the drop-off at Piano at 4:30 PM' } as const;

describe('issuesByOccurrence and occurrenceIssues', () => {
  it("words each leg's issues with its kind and finds them by the calendar's occurrence", () => {
    const map = issuesByOccurrence([
      drivingLegDto({ kind: 'dropoff', issues: [CLASH] }),
      drivingLegDto({ kind: 'pickup', issues: [NO_DRIVER] }),
    ]);
    expect(occurrenceIssues(map, occurrenceDto())).toEqual([
      'Drop-off: Mom also has the drop-off at Piano at 4:30 PM',
      'Pickup: No driver yet',
    ]);
  });

  it('keeps the occurrences of one series apart, and leaves out legs without issues', () => {
    const leg = (start: string, issues: (typeof NO_DRIVER)[]) =>
      drivingLegDto({ event_id: 5, series_id: 5, occurrence_start: start, issues });
    const map = issuesByOccurrence([leg('2026-11-23T16:00:00', [NO_DRIVER]), leg('2026-11-30T16:00:00', [])]);
    expect(map.size).toBe(1);
    const occurrence = (start: string) => occurrenceDto({ id: 5, series_id: 5, occurrence_start: start });
    expect(occurrenceIssues(map, occurrence('2026-11-23T16:00:00'))).toEqual(['Pickup: No driver yet']);
    expect(occurrenceIssues(map, occurrence('2026-11-30T16:00:00'))).toEqual([]);
    expect(occurrenceIssues(map, occurrenceDto({ id: 6 }))).toEqual([]);
  });
});
