import { describe, expect, it } from 'vitest';
import { memberDto, occurrenceDto } from '../../../../test/web/dtos.ts';
import {
  attendeesOf,
  eventHref,
  eventLabel,
  monthInitialsMinWidth,
  monthTimeMinWidth,
  sameChipContent,
} from './event-chip.tsx';

const teo = memberDto({ id: 4, name: 'Teo Rivera', color: 'orange', role: 'child' });
const lucia = memberDto({ id: 3, name: 'Lucia Rivera', color: 'yellow', role: 'child' });
const byId = new Map([teo, lucia].map((m) => [m.id, m]));

describe('eventHref', () => {
  it('opens a one-off event and an edited occurrence by their own row', () => {
    expect(eventHref(occurrenceDto({ id: 8 }), 'month')).toBe('/add-event/8?view=month');
    const exception = occurrenceDto({
      id: 9,
      series_id: 5,
      is_exception: true,
      occurrence_start: '2026-11-30T16:00:00',
    });
    expect(eventHref(exception, 'week')).toBe('/add-event/9?view=week');
  });

  it("opens a series' occurrence as that occurrence of the series", () => {
    const occurrence = occurrenceDto({ id: 5, series_id: 5, occurrence_start: '2026-11-30T16:00:00' });
    expect(eventHref(occurrence, 'day')).toBe('/add-event/5?view=day&occurrence=2026-11-30T16%3A00%3A00');
  });
});

describe('attendeesOf and eventLabel', () => {
  it("keeps the attendees that are still members, in the event's order", () => {
    expect(attendeesOf(occurrenceDto({ attendees: ['4', '99', '3'] }), byId)).toEqual([teo, lucia]);
  });

  it('says the title, the time, the place, who comes and that it repeats', () => {
    const item = occurrenceDto({
      location: 'Riverside Park',
      series_id: 1,
      occurrence_start: '2026-11-23T16:00:00',
    });
    expect(eventLabel(item, [teo])).toBe(
      'Soccer practice, 4:00 PM – 5:30 PM, Riverside Park, with Teo Rivera, repeats',
    );
    expect(eventLabel(occurrenceDto({ is_all_day: true }), [])).toBe('Soccer practice, All day');
  });
});

describe('sameChipContent', () => {
  it('is true for the same text on another day (a month switch keeps the chip)', () => {
    const moved = occurrenceDto({ start_date: '2026-12-21T16:00:00', end_date: '2026-12-21T17:30:00' });
    expect(sameChipContent(occurrenceDto(), moved)).toBe(true);
  });

  it('is false when anything the chip draws differs', () => {
    const base = occurrenceDto();
    for (const change of [
      { title: 'Swim' },
      { location: 'Pool' },
      { is_all_day: true },
      { organizer_id: 4 },
      { series_id: 1 },
      { start_date: '2026-11-23T16:15:00' },
      { end_date: '2026-11-23T18:00:00' },
      { attendees: ['4'] },
    ]) {
      expect(sameChipContent(base, occurrenceDto(change)), JSON.stringify(change)).toBe(false);
    }
  });
});

describe("the month grid's widths for a chip's time and initials", () => {
  it('grow with the root font size, from 707 and 1,323 CSS px at 16 px', () => {
    expect(monthTimeMinWidth(16)).toBe(707);
    expect(monthInitialsMinWidth(16)).toBe(1323);
    expect(monthTimeMinWidth(20)).toBe(878.5);
  });
});
