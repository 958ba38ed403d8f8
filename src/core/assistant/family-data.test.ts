import { describe, expect, it } from 'vitest';
import { type AssistantEvent, dropoffTime, occurrencesBetween, pickupTime } from './family-data.ts';

const base: AssistantEvent = {
  id: 1,
  title: 'Swim',
  start: '2026-10-01T08:00:00',
  end: null,
  durationMinutes: 60,
  allDay: false,
  location: null,
  memberIds: [],
  pickup: null,
  dropoff: null,
  rrule: null,
  exdates: [],
  rdates: [],
  zone: 'America/Los_Angeles',
  parentId: null,
  recurrenceId: null,
};
const LA = 'America/Los_Angeles';

const starts = (events: AssistantEvent[], from: string, to: string) =>
  occurrencesBetween(events, from, to, LA).map((o) => [o.event.id, o.start, o.end]);

describe('occurrencesBetween', () => {
  it('expands a weekly series at the same wall-clock time across the DST change (Nov 1 2026 in the US)', () => {
    const series = { ...base, rrule: 'FREQ=WEEKLY;BYDAY=TH' };
    expect(starts([series], '2026-10-26T00:00:00', '2026-11-09T00:00:00')).toEqual([
      [1, '2026-10-29T08:00:00', '2026-10-29T09:00:00'],
      [1, '2026-11-05T08:00:00', '2026-11-05T09:00:00'],
    ]);
  });

  it('leaves out EXDATEs and edited occurrences, and includes the edited copy', () => {
    const series = {
      ...base,
      rrule: 'FREQ=WEEKLY;BYDAY=TH',
      exdates: ['2026-11-05T08:00:00'],
    };
    const moved = {
      ...base,
      id: 2,
      start: '2026-11-12T09:30:00',
      parentId: 1,
      recurrenceId: '2026-11-12T08:00:00',
    };
    expect(starts([series, moved], '2026-11-01T00:00:00', '2026-11-20T00:00:00')).toEqual([
      [2, '2026-11-12T09:30:00', '2026-11-12T10:30:00'],
      [1, '2026-11-19T08:00:00', '2026-11-19T09:00:00'],
    ]);
  });

  it('includes multi-day and all-day events overlapping the window, not those that ended before it', () => {
    const trip = { ...base, id: 3, start: '2026-12-03T06:00:00', end: '2026-12-04T18:00:00' };
    const allDay = { ...base, id: 4, start: '2026-12-04T00:00:00', allDay: true, zone: null };
    const before = { ...base, id: 5, start: '2026-12-03T22:00:00', durationMinutes: 120 };
    expect(starts([trip, allDay, before], '2026-12-04T00:00:00', '2026-12-05T00:00:00')).toEqual([
      [3, '2026-12-03T06:00:00', '2026-12-04T18:00:00'],
      [4, '2026-12-04T00:00:00', '2026-12-05T00:00:00'],
    ]);
  });

  it('reads an event in its own zone and answers in the family zone (a Berlin series seen from Los Angeles)', () => {
    // 09:00 in Berlin is midnight in Los Angeles, except from Mar 8 to Mar 28 2026, when only the US has moved to
    // summer time: then it is 01:00.
    const berlin = { ...base, zone: 'Europe/Berlin', start: '2026-03-02T09:00:00', rrule: 'FREQ=WEEKLY' };
    expect(starts([berlin], '2026-03-01T00:00:00', '2026-04-01T00:00:00').map(([, start]) => start)).toEqual([
      '2026-03-02T00:00:00',
      '2026-03-09T01:00:00',
      '2026-03-16T01:00:00',
      '2026-03-23T01:00:00',
      '2026-03-30T00:00:00',
    ]);
  });

  it('times drives from the occurrence: drop-off before the start, pickup before the end', () => {
    const [o] = occurrencesBetween(
      [{ ...base, durationMinutes: 90 }],
      '2026-10-01T00:00:00',
      '2026-10-02T00:00:00',
      LA,
    );
    if (!o) throw new Error('no occurrence');
    expect(dropoffTime(o, { memberId: 1, minutesBefore: 15 })).toBe('2026-10-01T07:45:00');
    expect(pickupTime(o, { memberId: 1, minutesBefore: 15 })).toBe('2026-10-01T09:15:00');
  });
});
