import { describe, expect, it } from 'vitest';
import { addLocalDays } from '../time/local-time.ts';
import { generateCase } from '../../../test/recurrence/differential.ts';
import { expandEvents, hasOccurrence, occurrencesIn, refusal, type EngineEvent } from './occurrences.ts';

/** A row with defaults: a one-hour floating one-off starting at `start`. */
function row(over: Partial<EngineEvent> & Pick<EngineEvent, 'start'>): EngineEvent {
  return {
    id: 1,
    end: null,
    durationMinutes: 60,
    allDay: false,
    zone: null,
    rrule: null,
    exdates: [],
    rdates: [],
    parentId: null,
    recurrenceId: null,
    ...over,
  };
}

function starts(events: EngineEvent[], from: string, to: string, familyZone: string): string[] {
  const { occurrences, failures } = expandEvents(events, { from, to }, familyZone);
  expect(failures).toEqual([]);
  return occurrences.map((o) => o.start);
}

// Offsets by hand (tzdata 2026): America/Los_Angeles is UTC−8, and UTC−7 from 2026-03-08 10:00Z to
// 2026-11-01 09:00Z; Europe/Berlin is UTC+1, and UTC+2 from 2026-03-29 01:00Z to 2026-10-25 01:00Z;
// Asia/Tokyo is UTC+9 all year.
describe('a weekly Tokyo 08:00 series through every DST change of 2026', () => {
  const tokyo = row({ start: '2026-01-05T08:00:00', zone: 'Asia/Tokyo', rrule: 'FREQ=WEEKLY' });
  // Mondays 08:00 in Tokyo are Sundays 23:00Z: every Monday of 2026 from Jan 5 to Dec 28.
  const mondays = Array.from({ length: 52 }, (_, i) => addLocalDays('2026-01-05', 7 * i));
  const utc = (monday: string) => `${addLocalDays(monday, -1)}T23:00:00Z`;

  it('is Sunday 15:00 in Los Angeles in standard time and 16:00 in daylight time', () => {
    const expected = mondays.map((monday) => {
      const at = utc(monday);
      const daylight = at >= '2026-03-08T10:00:00Z' && at < '2026-11-01T09:00:00Z';
      return `${addLocalDays(monday, -1)}T${daylight ? '16' : '15'}:00:00`;
    });
    expect(starts([tokyo], '2026-01-01T00:00:00', '2027-01-01T00:00:00', 'America/Los_Angeles')).toEqual(
      expected,
    );
    // Spot checks either side of each change.
    expect(expected).toContain('2026-03-01T15:00:00');
    expect(expected).toContain('2026-03-08T16:00:00');
    expect(expected).toContain('2026-10-25T16:00:00');
    expect(expected).toContain('2026-11-01T15:00:00');
  });

  it('is Monday 00:00 in Berlin in winter time and 01:00 in summer time', () => {
    const expected = mondays.map((monday) => {
      const at = utc(monday);
      const summer = at >= '2026-03-29T01:00:00Z' && at < '2026-10-25T01:00:00Z';
      return `${monday}T${summer ? '01' : '00'}:00:00`;
    });
    expect(starts([tokyo], '2026-01-01T00:00:00', '2027-01-01T00:00:00', 'Europe/Berlin')).toEqual(expected);
    expect(expected).toContain('2026-03-23T00:00:00');
    expect(expected).toContain('2026-03-30T01:00:00');
    expect(expected).toContain('2026-10-19T01:00:00');
    expect(expected).toContain('2026-10-26T00:00:00');
  });
});

describe('a Berlin daily 09:00 series seen from Los Angeles', () => {
  const berlin = row({ start: '2026-03-01T09:00:00', zone: 'Europe/Berlin', rrule: 'FREQ=DAILY' });
  const days = (from: string, n: number, time: string) =>
    Array.from({ length: n }, (_, i) => `${addLocalDays(from, i)}T${time}`);

  it('moves by the hour in the March weeks when only one of the two zones is on summer time', () => {
    // 09:00 CET = 08:00Z: 00:00 PST (to Mar 8, changed at 10:00Z), then 01:00 PDT; 09:00 CEST = 07:00Z = 00:00 PDT.
    expect(starts([berlin], '2026-03-01T00:00:00', '2026-04-02T00:00:00', 'America/Los_Angeles')).toEqual([
      ...days('2026-03-01', 8, '00:00:00'),
      ...days('2026-03-09', 20, '01:00:00'),
      ...days('2026-03-29', 4, '00:00:00'),
    ]);
  });

  it('and in the October weeks', () => {
    // 09:00 CEST = 07:00Z = 00:00 PDT to Oct 24; 09:00 CET = 08:00Z = 01:00 PDT (Oct 25 – Nov 1, LA changes at
    // 09:00Z on Nov 1), then 00:00 PST.
    expect(starts([berlin], '2026-10-20T00:00:00', '2026-11-05T00:00:00', 'America/Los_Angeles')).toEqual([
      ...days('2026-10-20', 5, '00:00:00'),
      ...days('2026-10-25', 8, '01:00:00'),
      ...days('2026-11-02', 3, '00:00:00'),
    ]);
  });
});

describe('overrides, lengths and COUNT', () => {
  const allDaySeries = row({
    start: '2026-06-01T00:00:00',
    allDay: true,
    durationMinutes: 1440,
    rrule: 'FREQ=WEEKLY;COUNT=4',
  });

  it.each(['2026-06-08T00:00:00', '2026-06-08T09:30:00'])(
    'an all-day override with RECURRENCE-ID %s replaces its occurrence, not duplicates it',
    (recurrenceId) => {
      const moved = row({
        id: 2,
        start: '2026-06-10T00:00:00',
        allDay: true,
        durationMinutes: 1440,
        parentId: 1,
        recurrenceId,
      });
      const { occurrences } = expandEvents(
        [moved, allDaySeries],
        { from: '2026-05-01T00:00:00', to: '2026-08-01T00:00:00' },
        'Europe/Berlin',
      );
      expect(occurrences.map((o) => [o.start.slice(0, 10), o.event.id])).toEqual([
        ['2026-06-01', 1],
        ['2026-06-10', 2],
        ['2026-06-15', 1],
        ['2026-06-22', 1],
      ]);
      expect(occurrences[1]?.occurrenceId).toBe(recurrenceId);
    },
  );

  it('keeps a zero-length event zero-length, one-off or series, given by DTEND or by duration', () => {
    const daily = row({
      id: 2,
      start: '2026-05-04T10:00:00',
      durationMinutes: 0,
      rrule: 'FREQ=DAILY;COUNT=3',
    });
    const events = [
      row({ id: 1, start: '2026-05-04T09:00:00', end: '2026-05-04T09:00:00', zone: 'Europe/Berlin' }),
      daily,
    ];
    const { occurrences } = expandEvents(
      events,
      { from: '2026-05-04T00:00:00', to: '2026-05-10T00:00:00' },
      'America/Los_Angeles',
    );
    expect(occurrences).toHaveLength(4);
    for (const o of occurrences) {
      expect(o.endAt.getTime()).toBe(o.startAt.getTime());
      expect(o.end).toBe(o.start);
    }
    // One at the window's very start counts.
    const atStart = expandEvents(
      [daily],
      { from: '2026-05-05T10:00:00', to: '2026-05-05T11:00:00' },
      'America/Los_Angeles',
    );
    expect(atStart.occurrences.map((o) => o.start)).toEqual(['2026-05-05T10:00:00']);
  });

  it('applies the exact DTEND duration to an instance that spans a DST change (RFC 5545 §3.8.5.3)', () => {
    // 01:30–02:30 is one hour; on 2026-03-08 01:30 PST (09:30Z) + 1 h = 10:30Z = 03:30 PDT.
    const series = row({
      start: '2026-03-07T01:30:00',
      end: '2026-03-07T02:30:00',
      zone: 'America/Los_Angeles',
      rrule: 'FREQ=DAILY;COUNT=3',
    });
    const { occurrences } = expandEvents(
      [series],
      { from: '2026-03-07T00:00:00', to: '2026-03-10T00:00:00' },
      'America/Los_Angeles',
    );
    expect(occurrences.map((o) => [o.start, o.end])).toEqual([
      ['2026-03-07T01:30:00', '2026-03-07T02:30:00'],
      ['2026-03-08T01:30:00', '2026-03-08T03:30:00'],
      ['2026-03-09T01:30:00', '2026-03-09T02:30:00'],
    ]);
    for (const o of occurrences) expect(o.endAt.getTime() - o.startAt.getTime()).toBe(3_600_000);
  });

  it('gives exactly COUNT occurrences when DTSTART does not match the rule (DTSTART counts first)', () => {
    // Saturday start, Mondays and Wednesdays: Sat 7, Mon 9, Wed 11, and no more.
    const series = row({ start: '2026-03-07T10:00:00', rrule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=3' });
    expect(starts([series], '2026-01-01T00:00:00', '2027-01-01T00:00:00', 'UTC')).toEqual([
      '2026-03-07T10:00:00',
      '2026-03-09T10:00:00',
      '2026-03-11T10:00:00',
    ]);
    expect(hasOccurrence(series, '2026-03-07T10:00:00', 'UTC')).toBe(true);
    expect(hasOccurrence(series, '2026-03-16T10:00:00', 'UTC')).toBe(false);
  });
});

describe('UNTIL before DTSTART', () => {
  it('shows DTSTART alone (DTSTART is the first instance; RFC 5545 leaves the rest undefined)', () => {
    const series = row({
      start: '2026-04-19T07:30:00',
      zone: 'Asia/Kolkata',
      rrule: 'FREQ=DAILY;UNTIL=20260418T203900Z',
    });
    expect(starts([series], '2026-04-01T00:00:00', '2026-06-01T00:00:00', 'UTC')).toEqual([
      '2026-04-19T02:00:00',
    ]);
    // Whichever window holds it: one that starts after UNTIL too.
    expect(starts([series], '2026-04-19T00:00:00', '2026-04-20T00:00:00', 'UTC')).toEqual([
      '2026-04-19T02:00:00',
    ]);
    expect(starts([series], '2026-04-20T00:00:00', '2026-06-01T00:00:00', 'UTC')).toEqual([]);
  });
});

describe('BYYEARDAY with other parts (rrule-temporal 2.2 ignores BYDAY there; RFC 5545 §3.3.10 note 2)', () => {
  const yearly = (rrule: string) =>
    starts(
      [row({ start: '2026-01-03T09:00:00', zone: 'UTC', rrule })],
      '2026-01-01T00:00:00',
      '2040-01-01T00:00:00',
      'UTC',
    );

  it('limits the year days to the listed weekdays', () => {
    // December 31 falls on a Saturday in 2033 and 2039 (by hand: 2033-01-01 is a Saturday, 2039-01-01 too).
    expect(yearly('FREQ=YEARLY;BYYEARDAY=-1;BYDAY=SA')).toEqual([
      '2026-01-03T09:00:00',
      '2033-12-31T09:00:00',
      '2039-12-31T09:00:00',
    ]);
  });

  it('keeps a year day only where BYMONTHDAY agrees (day 60 is March 1 only in common years)', () => {
    const days = yearly('FREQ=YEARLY;BYYEARDAY=60;BYMONTHDAY=1');
    expect(days).not.toContain('2028-02-29T09:00:00');
    expect(days).toContain('2027-03-01T09:00:00');
    expect(days.filter((d) => d.startsWith('2028') || d.startsWith('2032'))).toEqual([]);
  });

  it('refuses the shapes a filter afterwards would get wrong, with a reason', () => {
    const { failures } = expandEvents(
      [row({ start: '2026-01-03T09:00:00', rrule: 'FREQ=YEARLY;BYYEARDAY=1,2;BYDAY=SU;BYSETPOS=1' })],
      { from: '2026-01-01T00:00:00', to: '2027-01-01T00:00:00' },
      'UTC',
    );
    expect(failures.map((f) => f.reason)).toEqual([
      'BYYEARDAY with BYDAY or BYMONTHDAY cannot go with BYSETPOS or BYWEEKNO',
    ]);
  });
});

// Rules python-dateutil (under the differential test's oracle) gets wrong, checked by hand against RFC 5545.
describe('rules checked by hand where the oracle is wrong', () => {
  const dates = (rrule: string, start: string, from: string, to: string) =>
    starts([row({ start, rrule })], from, to, 'UTC').map((s) => s.slice(0, 10));

  it('BYDAY mixing plain and numbered weekdays is the union of both (RFC 5545 §3.3.10)', () => {
    // April 2027: Thursdays 1, 8, 15, 22, 29 and the 4th Sunday, the 25th.
    expect(
      dates('FREQ=MONTHLY;BYDAY=TH,4SU', '2027-04-01T10:00:00', '2027-04-01T00:00:00', '2027-05-01T00:00:00'),
    ).toEqual(['2027-04-01', '2027-04-08', '2027-04-15', '2027-04-22', '2027-04-25', '2027-04-29']);
  });

  it('WEEKLY BYSETPOS counts the whole week of a mid-week DTSTART', () => {
    // Week of Mon 12 April 2027: TU 13, FR 16; the 2nd is FR 16, after DTSTART (Thu 15), so an instance.
    expect(
      dates(
        'FREQ=WEEKLY;BYDAY=TU,FR;BYSETPOS=2;COUNT=4',
        '2027-04-15T09:00:00',
        '2027-04-01T00:00:00',
        '2027-06-01T00:00:00',
      ),
    ).toEqual(['2027-04-15', '2027-04-16', '2027-04-23', '2027-04-30']);
  });

  it('numbers weeks from WKST with week 1 the first holding four days of the year', () => {
    // WKST=SA: 2024's week 1 starts Sat 2023-12-30, so its week 53 is 2024-12-28 … 2025-01-03 (Fri Jan 3 is an
    // instance after DTSTART); 2025's week 1 starts Sat Jan 4 and 2025 has 52 weeks, 2026 too: no more.
    expect(
      dates(
        'FREQ=YEARLY;BYWEEKNO=53;BYDAY=MO,FR;WKST=SA',
        '2025-01-01T09:00:00',
        '2025-01-01T00:00:00',
        '2027-01-01T00:00:00',
      ),
    ).toEqual(['2025-01-01', '2025-01-03']);
    // ISO weeks: 2026 has 53 (it starts on a Thursday), 2026-12-28 … 2027-01-03.
    expect(
      dates(
        'FREQ=YEARLY;BYWEEKNO=53;BYDAY=MO,FR',
        '2026-01-05T09:00:00',
        '2026-06-01T00:00:00',
        '2027-06-01T00:00:00',
      ),
    ).toEqual(['2026-12-28', '2027-01-01']);
  });

  it('keeps a week that crosses the year end whole, whatever the INTERVAL', () => {
    // The last ISO week of 2026 is week 53, Mon 2026-12-28 … Sun 2027-01-03.
    expect(
      dates(
        'FREQ=YEARLY;INTERVAL=3;BYWEEKNO=-1',
        '2026-11-25T03:15:00',
        '2026-12-01T00:00:00',
        '2027-02-01T00:00:00',
      ),
    ).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });

  it('finds the 53rd Saturday only in a year that has one', () => {
    // 2027 has 52 Saturdays (Jan 2 … Dec 25); 2028 (leap, from a Saturday) has 53, the last on Dec 30.
    expect(
      dates('FREQ=YEARLY;BYDAY=53SA', '2027-11-26T09:15:00', '2027-11-01T00:00:00', '2029-06-01T00:00:00'),
    ).toEqual(['2027-11-26', '2028-12-30']);
  });
});

describe('refusals and hostile rows', () => {
  const timed = (over: Partial<EngineEvent>) => row({ start: '2026-03-01T09:00:00', ...over });

  it.each([
    ['FREQ=SECONDLY', timed({ rrule: 'FREQ=SECONDLY' }), /more often than daily/],
    ['FREQ=HOURLY', timed({ rrule: 'FREQ=HOURLY;COUNT=5' }), /more often than daily/],
    [
      'DTSTART in the year 0100',
      timed({ start: '0100-01-01T09:00:00', rrule: 'FREQ=DAILY' }),
      /between 1900/,
    ],
    ['DTSTART in 1899', timed({ start: '1899-12-31T09:00:00' }), /between 1900/],
    ['DTSTART in 2201', timed({ start: '2201-01-01T09:00:00' }), /between 1900/],
    ['DTEND 9999-12-31', timed({ end: '9999-12-31T23:59:00' }), /before 2201/],
    ['a Feb 30 start', timed({ start: '2026-02-30T09:00:00', rrule: 'FREQ=YEARLY' }), /not a real date/],
    ['an Apr 31 EXDATE', timed({ rrule: 'FREQ=DAILY', exdates: ['2026-04-31T09:00:00'] }), /not a real date/],
    ['an unknown zone', timed({ zone: 'Mars/Olympus_Mons' }), /Unknown time zone/],
    ['RSCALE', timed({ rrule: 'RSCALE=HEBREW;FREQ=YEARLY' }), /other calendar systems/],
    [
      // Issue 42: every listed occurrence carries its series' rule, so its length is bounded.
      'an RRULE over 1,000 characters',
      timed({ rrule: `FREQ=DAILY;BYHOUR=${'1,'.repeat(493)}1;BYMINUTE=0` }),
      /longer than 1,000 characters/,
    ],
    [
      'COUNT with UNTIL',
      timed({ rrule: 'FREQ=DAILY;COUNT=2;UNTIL=20260310T000000Z' }),
      /both COUNT and UNTIL/,
    ],
  ])('refuses %s with a reason, fast', (_name, event, reason) => {
    const started = performance.now();
    expect(refusal(event, 'Europe/Berlin')).toMatch(reason);
    const { occurrences, failures } = expandEvents(
      [event, row({ id: 9, start: '2026-03-02T12:00:00' })],
      { from: '2026-03-01T00:00:00', to: '2026-04-01T00:00:00' },
      'Europe/Berlin',
    );
    // The neighbour still shows (isolation); the bad row shows nothing, or fails with a reason.
    expect(occurrences.some((o) => o.event.id === 9)).toBe(true);
    for (const f of failures) expect(f.reason.length).toBeGreaterThan(10);
    // A generous bound: speed proper is measured by `npm run bench:recurrence`.
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it.each([
    ['COUNT=1000000000', timed({ start: '1950-01-01T09:00:00', rrule: 'FREQ=DAILY;COUNT=1000000000' })],
    ['a daily series from 1900', timed({ start: '1900-01-01T09:00:00', rrule: 'FREQ=DAILY' })],
    ['a rule that never matches', timed({ rrule: 'FREQ=MONTHLY;BYMONTHDAY=1,29;BYSETPOS=3' })],
  ])('expands %s near the window, fast', (_name, event) => {
    const started = performance.now();
    expect(refusal(event, 'Europe/Berlin')).toBeNull();
    const { occurrences, failures } = expandEvents(
      [event],
      { from: '2026-03-01T00:00:00', to: '2026-04-01T00:00:00' },
      'Europe/Berlin',
    );
    expect(failures).toEqual([]);
    // Every day of March; the rule that never matches has only its DTSTART (Mar 1), always an occurrence.
    expect(occurrences.length).toBe(event.rrule?.includes('BYSETPOS') ? 1 : 31);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('rows stored before the checks (found by the planner and import work)', () => {
  const at = (extra: Partial<EngineEvent>) => row({ start: '2027-02-10T08:00:00', ...extra });
  const day = { from: '2027-02-10T00:00:00', to: '2027-02-11T00:00:00' };

  it('reports a one-off in an unknown zone as a failure with the zone named, not silently nothing', () => {
    const r = expandEvents([at({ zone: 'Mars/Olympus' })], day, 'America/Los_Angeles');
    expect(r.failures.map((f) => f.reason)).toEqual(['Unknown time zone "Mars/Olympus"']);
  });

  it('reports an event that ends in year 9999 instead of showing it every day', () => {
    const r = expandEvents([at({ end: '9999-12-31T23:59:59' })], day, 'America/Los_Angeles');
    expect(r.occurrences).toEqual([]);
    expect(r.failures).toHaveLength(1);
  });

  it('gives a DATE series with a UTC UNTIL the same days in every family', () => {
    const series = at({
      allDay: true,
      start: '2020-04-02T00:00:00',
      rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH;UNTIL=20200916T230000Z',
    });
    const september = { from: '2020-09-01T00:00:00', to: '2020-10-01T00:00:00' };
    for (const zone of ['America/Los_Angeles', 'Europe/Berlin', 'Pacific/Auckland'])
      expect(expandEvents([series], september, zone).occurrences.map((o) => o.start)).toEqual([
        '2020-09-03T00:00:00',
      ]);
  });

  it('reads a DATE UNTIL on a timed series as the start of that day, as python-dateutil does', () => {
    const series = at({
      zone: 'UTC',
      start: '2025-09-16T12:00:00',
      rrule: 'FREQ=DAILY;INTERVAL=2;UNTIL=20250920',
    });
    const week = { from: '2025-09-15T00:00:00', to: '2025-09-25T00:00:00' };
    expect(expandEvents([series], week, 'UTC').occurrences.map((o) => o.start)).toEqual([
      '2025-09-16T12:00:00',
      '2025-09-18T12:00:00',
    ]);
  });
});

describe('occurrencesIn: a part of a wider expansion', () => {
  it('is what expandEvents gives over that part, on 300 generated series with their overrides', () => {
    const key = (o: { event: { id: number }; startAt: Date; endAt: Date }) =>
      `${o.event.id}|${o.startAt.toISOString()}|${o.endAt.toISOString()}`;
    let compared = 0;
    for (let i = 0; i < 300; i++) {
      const c = generateCase(20_261_129, i);
      const events = c.override ? [c.series, c.override] : [c.series];
      // The case's window, and a day or two around it, as the daily summary reads its day.
      const wide = {
        from: `${addLocalDays(c.from.slice(0, 10), -1)}T00:00:00`,
        to: `${addLocalDays(c.to.slice(0, 10), 2)}T00:00:00`,
      };
      const whole = expandEvents(events, wide, c.familyZone);
      const alone = expandEvents(events, { from: c.from, to: c.to }, c.familyZone);
      if (whole.failures.length > 0 || alone.failures.length > 0) continue;
      expect(
        occurrencesIn(whole.occurrences, { from: c.from, to: c.to }, c.familyZone).map(key),
        `case ${i}`,
      ).toEqual(alone.occurrences.map(key));
      compared++;
    }
    expect(compared).toBeGreaterThan(250);
  });

  it('keeps a zero-length event at the start, and leaves out one that ends where the part begins', () => {
    const day = { from: '2026-12-01T00:00:00', to: '2026-12-02T00:00:00' };
    const events = [
      row({ id: 1, start: '2026-12-01T00:00:00', durationMinutes: 0 }),
      row({ id: 2, start: '2026-11-30T23:00:00' }),
      row({ id: 3, start: '2026-11-30T23:30:00' }),
      row({ id: 4, start: '2026-12-01T23:59:00', rrule: 'FREQ=DAILY;COUNT=3' }),
    ];
    const whole = expandEvents(
      events,
      { from: '2026-11-30T00:00:00', to: '2026-12-03T00:00:00' },
      'Europe/Berlin',
    );
    const ids = (list: { event: { id: number }; start: string }[]) =>
      list.map((o) => `${o.event.id} ${o.start}`);
    expect(ids(occurrencesIn(whole.occurrences, day, 'Europe/Berlin'))).toEqual([
      '3 2026-11-30T23:30:00',
      '1 2026-12-01T00:00:00',
      '4 2026-12-01T23:59:00',
    ]);
    expect(ids(occurrencesIn(whole.occurrences, day, 'Europe/Berlin'))).toEqual(
      ids(expandEvents(events, day, 'Europe/Berlin').occurrences),
    );
  });
});
