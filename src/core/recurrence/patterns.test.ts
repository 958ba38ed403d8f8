import { describe, expect, it } from 'vitest';
import { localToInstant } from '../time/local-time.ts';
import { buildRrule, describeRecurrence, nthWeekdayOfMonth, seriesUntil, withUntil } from './patterns.ts';
import { type EngineEvent, hasOccurrence } from './occurrences.ts';
import { expandRule } from './rule.ts';

/** The wall-clock starts of a pattern's series in [from, to), minus EXDATEs (what the engine does with them). */
function expandSeries(
  series: { start: string; rrule: string; exdates?: string[] },
  from: string,
  to: string,
) {
  const removed = new Set(series.exdates ?? []);
  return expandRule(series.start, series.rrule, 'America/Los_Angeles', from, to).filter(
    (s) => !removed.has(s),
  );
}

describe('buildRrule', () => {
  it.each([
    ['daily', 'FREQ=DAILY'],
    ['workday', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    ['weekly', 'FREQ=WEEKLY;BYDAY=TU'],
    ['monthly_date', 'FREQ=MONTHLY;BYMONTHDAY=10'],
    ['monthly_day', 'FREQ=MONTHLY;BYDAY=2TU'],
  ] as const)('maps %s to %s', (pattern, rrule) => {
    expect(buildRrule(pattern, '2026-11-10T08:00:00', null)).toBe(rrule);
  });

  it('ends the rule at the end of the end date, in local (floating) time', () => {
    expect(buildRrule('daily', '2026-11-10T08:00:00', '2026-11-20')).toBe('FREQ=DAILY;UNTIL=20261120T235959');
  });

  it('takes the 5th weekday for a date after the 28th', () => {
    expect(nthWeekdayOfMonth('2026-10-29')).toBe(5);
    expect(buildRrule('monthly_day', '2026-10-29T18:00:00', null)).toBe('FREQ=MONTHLY;BYDAY=5TH');
  });
});

describe('pattern series, expanded', () => {
  it('keeps a weekly 08:00 at 08:00 local across the March DST change in Los Angeles', () => {
    const starts = expandSeries(
      { start: '2026-03-01T08:00:00', rrule: buildRrule('weekly', '2026-03-01T08:00:00', null) },
      '2026-03-01T00:00:00',
      '2026-03-16T00:00:00',
    );
    expect(starts).toEqual(['2026-03-01T08:00:00', '2026-03-08T08:00:00', '2026-03-15T08:00:00']);
    // The instants move by an hour in UTC: PST before, PDT after.
    expect(starts.map((s) => localToInstant(s, 'America/Los_Angeles').toISOString())).toEqual([
      '2026-03-01T16:00:00.000Z',
      '2026-03-08T15:00:00.000Z',
      '2026-03-15T15:00:00.000Z',
    ]);
  });

  it('skips EXDATEs and stops at UNTIL (inclusive of the end date)', () => {
    const rrule = buildRrule('daily', '2026-11-01T07:30:00', '2026-11-05');
    expect(
      expandSeries(
        { start: '2026-11-01T07:30:00', rrule, exdates: ['2026-11-03T07:30:00'] },
        '2026-10-01T00:00:00',
        '2027-01-01T00:00:00',
      ),
    ).toEqual(['2026-11-01T07:30:00', '2026-11-02T07:30:00', '2026-11-04T07:30:00', '2026-11-05T07:30:00']);
  });

  it('counts DTSTART as the first occurrence even when the rule would not produce it', () => {
    const rrule = buildRrule('workday', '2026-11-21T09:00:00', null); // a Saturday
    expect(
      expandSeries({ start: '2026-11-21T09:00:00', rrule }, '2026-11-21T00:00:00', '2026-11-25T00:00:00'),
    ).toEqual(['2026-11-21T09:00:00', '2026-11-23T09:00:00', '2026-11-24T09:00:00']);
  });

  it('treats the range as half-open [from, to)', () => {
    const series = { start: '2026-11-01T00:00:00', rrule: 'FREQ=DAILY' };
    expect(expandSeries(series, '2026-11-02T00:00:00', '2026-11-04T00:00:00')).toEqual([
      '2026-11-02T00:00:00',
      '2026-11-03T00:00:00',
    ]);
  });

  it('skips months without the 31st or without a 5th weekday', () => {
    expect(
      expandSeries(
        { start: '2026-01-31T10:00:00', rrule: buildRrule('monthly_date', '2026-01-31T10:00:00', null) },
        '2026-01-01T00:00:00',
        '2026-06-01T00:00:00',
      ),
    ).toEqual(['2026-01-31T10:00:00', '2026-03-31T10:00:00', '2026-05-31T10:00:00']);
  });
});

describe('helpers', () => {
  it('withUntil replaces the end', () => {
    expect(withUntil('FREQ=DAILY;UNTIL=20261231T235959', '2026-11-09T07:59:00')).toBe(
      'FREQ=DAILY;UNTIL=20261109T075900',
    );
    expect(withUntil('FREQ=DAILY;UNTIL=20261231T235959', null)).toBe('FREQ=DAILY');
  });
  it('seriesUntil reads the end', () => {
    expect(seriesUntil('FREQ=DAILY;UNTIL=20261231T235959')).toBe('2026-12-31T23:59:00');
    expect(seriesUntil('FREQ=DAILY')).toBeNull();
  });
  it('hasOccurrence checks membership', () => {
    const series: EngineEvent = {
      id: 1,
      start: '2026-11-02T08:00:00',
      end: null,
      durationMinutes: 60,
      allDay: false,
      zone: 'America/Los_Angeles',
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
      exdates: ['2026-11-09T08:00:00'],
      rdates: [],
      parentId: null,
      recurrenceId: null,
    };
    const zone = 'Europe/Berlin';
    expect(hasOccurrence(series, '2026-11-16T08:00:00', zone)).toBe(true);
    expect(hasOccurrence(series, '2026-11-09T08:00:00', zone)).toBe(false);
    expect(hasOccurrence(series, '2026-11-17T08:00:00', zone)).toBe(false);
  });
  it('describes patterns', () => {
    expect(describeRecurrence('monthly_day', '2026-11-10T08:00:00')).toBe('Monthly on the 2nd Tuesday');
    expect(describeRecurrence('weekly', '2026-11-10T08:00:00')).toBe('Every Tuesday');
  });
});
