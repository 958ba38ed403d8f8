import { describe, expect, it } from 'vitest';
import { expandEvents } from '../recurrence/occurrences.ts';
import { buildFeed } from './export.ts';
import { parseIcs, toEngineEvents } from './import.ts';
import type { IcsEventRecord } from './model.ts';

const cal = (body: string) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:test\r\n${body}END:VCALENDAR\r\n`;
const LA = 'America/Los_Angeles';

const base: IcsEventRecord = {
  id: 1,
  title: 'x',
  description: null,
  startDate: '2026-12-01T17:00:00',
  endDate: null,
  durationMinutes: 60,
  isAllDay: false,
  timezone: 'America/Los_Angeles',
  location: null,
  organizerId: null,
  attendees: [],
  hasPickup: false,
  pickupAssignedTo: null,
  pickupMinutesBefore: 15,
  hasDropoff: false,
  dropoffAssignedTo: null,
  dropoffMinutesBefore: 15,
  rrule: null,
  exdates: [],
  rdates: [],
  parentEventId: null,
  recurrenceId: null,
  sourceUid: null,
  createdAt: new Date('2026-11-01T00:00:00Z'),
  updatedAt: new Date('2026-11-01T00:00:00Z'),
};

const vevent = (lines: string) => `BEGIN:VEVENT\r\nDTSTAMP:20260101T000000Z\r\n${lines}END:VEVENT\r\n`;
const one = (lines: string, zone = LA) => parseIcs(cal(vevent(lines)), zone, []);

describe('parseIcs: zones (issue 18: events keep their own zone)', () => {
  it('keeps UTC, IANA and floating times as written, and DATE values as days', () => {
    const r = parseIcs(
      cal(
        vevent('UID:a\r\nSUMMARY:Utc\r\nDTSTART:20260701T160000Z\r\nDTEND:20260701T173000Z\r\n') +
          vevent('UID:b\r\nSUMMARY:Berlin\r\nDTSTART;TZID=Europe/Berlin:20260115T090000\r\n') +
          vevent('UID:c\r\nSUMMARY:Camp\r\nDTSTART;VALUE=DATE:20260803\r\nDTEND;VALUE=DATE:20260808\r\n') +
          vevent('UID:d\r\nSUMMARY:Day\r\nDTSTART;VALUE=DATE:20260803\r\n') +
          vevent('UID:e\r\nSUMMARY:Float\r\nDTSTART:20260803T070000\r\nDURATION:PT30M\r\n'),
      ),
      LA,
      [],
    );
    expect(r.skipped).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(
      r.events.map((e) => [e.title, e.startDate, e.endDate, e.durationMinutes, e.isAllDay, e.timezone]),
    ).toEqual([
      ['Utc', '2026-07-01T16:00:00', null, 90, false, 'UTC'],
      ['Berlin', '2026-01-15T09:00:00', null, 60, false, 'Europe/Berlin'],
      ['Camp', '2026-08-03T00:00:00', '2026-08-08T00:00:00', 1440, true, null],
      ['Day', '2026-08-03T00:00:00', null, 1440, true, null],
      ['Float', '2026-08-03T07:00:00', null, 30, false, null],
    ]);
  });

  it('maps Windows zone ids exactly, and guesses a VTIMEZONE-only zone by its offsets with a report line', () => {
    const windows = one('UID:w\r\nDTSTART;TZID="W. Europe Standard Time":20260115T090000\r\n');
    expect(windows.events[0]?.timezone).toBe('Europe/Berlin');
    expect(windows.warnings).toEqual([]);
    const exchange = one(
      'UID:x\r\nDTSTART;TZID="tzone://Microsoft/Pacific Standard Time":20260115T090000\r\n',
    );
    expect(exchange.events[0]?.timezone).toBe('America/Los_Angeles');
    const custom = parseIcs(
      cal(
        'BEGIN:VTIMEZONE\r\nTZID:tzone://Microsoft/Custom\r\n' +
          'BEGIN:STANDARD\r\nDTSTART:16011028T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\n' +
          'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r\nEND:STANDARD\r\n' +
          'BEGIN:DAYLIGHT\r\nDTSTART:16010325T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\n' +
          'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r\nEND:DAYLIGHT\r\nEND:VTIMEZONE\r\n' +
          vevent('UID:c\r\nDTSTART;TZID="tzone://Microsoft/Custom":20260115T090000\r\n'),
      ),
      LA,
      [],
    );
    expect(custom.events[0]?.timezone).toBe('Europe/Berlin');
    expect(custom.warnings).toEqual([
      'Time zone "tzone://Microsoft/Custom" was not a known name: its times were read as Europe/Berlin (same offsets and changes in 2026–2027), in the start (DTSTART) of "(No title)"',
    ]);
  });

  it('refuses an event whose zone cannot be resolved, instead of reading it as family time', () => {
    const r = one('UID:u\r\nSUMMARY:Where\r\nDTSTART;TZID=Mars/Olympus:20260115T090000\r\n');
    expect(r.events).toEqual([]);
    expect(r.skipped).toEqual([
      { uid: 'u', title: 'Where', reason: 'Unknown time zone "Mars/Olympus" (no VTIMEZONE describes it)' },
    ]);
  });
});

describe('parseIcs: series', () => {
  it('keeps the RRULE as RFC 5545 writes it, EXDATEs in the series zone, RDATEs and overrides', () => {
    const r = parseIcs(
      cal(
        vevent(
          'UID:s\r\nSUMMARY:Swim\r\nDTSTART;TZID=Europe/Berlin:20261201T170000\r\nDTEND;TZID=Europe/Berlin:20261201T180000\r\n' +
            'RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20270224T075959Z\r\n' +
            'EXDATE:20261208T160000Z\r\nEXDATE;TZID=America/New_York:20261222T110000\r\n' +
            'RDATE;TZID=Europe/Berlin:20261203T170000\r\nRDATE;VALUE=PERIOD:20261205T090000Z/PT2H\r\n',
        ) +
          vevent(
            'UID:s\r\nSUMMARY:Gala\r\nRECURRENCE-ID:20261215T160000Z\r\n' +
              'DTSTART;TZID=Europe/Berlin:20261215T180000\r\n',
          ) +
          vevent(
            'UID:s\r\nRECURRENCE-ID;TZID=Europe/Berlin:20261229T170000\r\nDTSTART:20261229T170000\r\nSTATUS:CANCELLED\r\n',
          ),
      ),
      LA,
      [],
    );
    expect(r.skipped).toEqual([]);
    const [series, gala, cancelled] = r.events;
    expect(series).toMatchObject({
      timezone: 'Europe/Berlin',
      rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270224T075959Z',
      exdates: ['2026-12-08T17:00:00', '2026-12-22T17:00:00'],
      rdates: [
        { start: '2026-12-03T17:00:00', end: null },
        { start: '2026-12-05T10:00:00', end: '2026-12-05T12:00:00' },
      ],
    });
    expect(gala).toMatchObject({ recurrenceId: '2026-12-15T17:00:00', cancelled: false });
    expect(cancelled).toMatchObject({ recurrenceId: '2026-12-29T17:00:00', cancelled: true });
    const { occurrences } = expandEvents(
      toEngineEvents(r.events),
      { from: '2026-12-01T00:00:00', to: '2027-01-01T00:00:00' },
      'Europe/Berlin',
    );
    expect(occurrences.map((o) => [o.event.parsed.title, o.start])).toEqual([
      ['Swim', '2026-12-01T17:00:00'],
      ['Swim', '2026-12-03T17:00:00'],
      ['Swim', '2026-12-05T10:00:00'],
      ['Gala', '2026-12-15T18:00:00'],
    ]);
  });

  it('matches a date-time RECURRENCE-ID of an all-day series by its DATE (Exchange), and DATE EXDATEs', () => {
    const r = parseIcs(
      cal(
        vevent(
          'UID:bin\r\nSUMMARY:Bins\r\nDTSTART;VALUE=DATE:20260402\r\nDTEND;VALUE=DATE:20260403\r\n' +
            'RRULE:FREQ=WEEKLY;UNTIL=20260604T230000Z;INTERVAL=2\r\nEXDATE;VALUE=DATE:20260430\r\n',
        ) +
          vevent(
            'UID:bin\r\nSUMMARY:Bins\r\nRECURRENCE-ID;TZID=GMT Standard Time:20260416T000000\r\n' +
              'DTSTART;VALUE=DATE:20260417\r\nDTEND;VALUE=DATE:20260418\r\n',
          ),
      ),
      LA,
      [],
    );
    expect(r.events[0]).toMatchObject({
      rrule: 'FREQ=WEEKLY;INTERVAL=2;UNTIL=20260604',
      exdates: ['2026-04-30T00:00:00'],
    });
    expect(r.events[1]?.recurrenceId).toBe('2026-04-16T00:00:00');
    for (const zone of [LA, 'Europe/Berlin']) {
      const days = expandEvents(
        toEngineEvents(r.events),
        { from: '2026-04-01T00:00:00', to: '2026-07-01T00:00:00' },
        zone,
      ).occurrences.map((o) => o.start.slice(0, 10));
      expect(days).toEqual(['2026-04-02', '2026-04-17', '2026-05-14', '2026-05-28']);
    }
  });
});

describe('parseIcs: refusals and lengths', () => {
  it('keeps zero-length events zero-length and refuses impossible or ambiguous times with a reason', () => {
    expect(
      one('UID:z\r\nDTSTART:20260101T100000Z\r\nDTEND:20260101T100000Z\r\n').events[0]?.durationMinutes,
    ).toBe(0);
    expect(one('UID:z\r\nDTSTART:20260101T100000Z\r\nDURATION:PT0S\r\n').events[0]?.durationMinutes).toBe(0);
    expect(one('UID:z\r\nDTSTART:20260101T100000Z\r\n').events[0]?.durationMinutes).toBe(60);
    const reasons = (lines: string) => one(`UID:r\r\n${lines}`).skipped.map((s) => s.reason);
    expect(reasons('DTSTART:20260230T100000\r\n')).toEqual([
      'DTSTART 2026-02-30T10:00:00 is not a real date (events are never moved to another day)',
    ]);
    expect(reasons('DTSTART:20260101T100000Z\r\nDTSTART:20260102T100000Z\r\n')).toEqual([
      'It has two start times (DTSTART), so its time is ambiguous',
    ]);
    expect(reasons('DTSTART:01000101T100000Z\r\nRRULE:FREQ=DAILY\r\n')).toEqual([
      'Events must start between 1900 and 2200',
    ]);
    expect(reasons('DTSTART:20260101T100000Z\r\nDTEND:99991231T235959Z\r\n')).toEqual([
      'Events must end before 2201',
    ]);
    expect(reasons('DTSTART:20260101T100000Z\r\nDTEND:20260101T090000Z\r\n')).toEqual([
      'Its end (DTEND) is before its start',
    ]);
    expect(reasons('DTSTART:20260101T100000Z\r\nRRULE:FREQ=SECONDLY\r\n')).toHaveLength(1);
  });

  it('reports unreadable events with a reason, maps member names and strips our transport block', () => {
    const r = parseIcs(
      cal(
        'BEGIN:VEVENT\r\nUID:n\r\nSUMMARY:No start\r\nEND:VEVENT\r\n' +
          'BEGIN:VEVENT\r\nUID:m\r\nSUMMARY:Ok\r\nDTSTART:20260101T100000\r\n' +
          'ORGANIZER;CN=Ana Rivera:mailto:a@example.com\r\nDESCRIPTION:Bring towel\\n-- FamilyHub --\\nPickup: Ana\r\nEND:VEVENT\r\n',
      ),
      LA,
      [{ id: 7, name: 'Ana Rivera', email: null }],
    );
    expect(r.skipped).toEqual([{ uid: 'n', title: 'No start', reason: 'No start time (DTSTART)' }]);
    expect(r.events[0]).toMatchObject({
      organizerId: 7,
      description: 'Bring towel',
      startDate: '2026-01-01T10:00:00',
      timezone: null,
    });
  });
});

describe('buildFeed → parseIcs', () => {
  it('gives back the same events: zones, floating, UTC, DATEs, RDATE, zero length, DATE RECURRENCE-IDs', () => {
    const events: IcsEventRecord[] = [
      {
        ...base,
        id: 1,
        title: 'Swim',
        rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270224T075959Z',
        exdates: ['2026-12-08T17:00:00'],
        rdates: [{ start: '2026-12-03T17:00:00', end: '2026-12-03T19:00:00' }],
      },
      {
        ...base,
        id: 2,
        title: 'Gala',
        startDate: '2026-12-15T18:00:00',
        durationMinutes: 120,
        parentEventId: 1,
        recurrenceId: '2026-12-15T17:00:00',
      },
      {
        ...base,
        id: 3,
        title: 'Break',
        startDate: '2026-12-21T00:00:00',
        endDate: '2027-01-05T00:00:00',
        isAllDay: true,
        durationMinutes: 1440,
        timezone: null,
      },
      {
        ...base,
        id: 4,
        title: 'Bins',
        startDate: '2026-12-25T00:00:00',
        isAllDay: true,
        durationMinutes: 1440,
        timezone: null,
        rrule: 'FREQ=WEEKLY;UNTIL=20270301',
        exdates: ['2027-01-01T00:00:00'],
      },
      {
        ...base,
        id: 5,
        title: 'Bins late',
        startDate: '2027-01-09T09:00:00',
        timezone: 'Asia/Tokyo',
        parentEventId: 4,
        recurrenceId: '2027-01-08T00:00:00',
      },
      {
        ...base,
        id: 6,
        title: 'Tokyo call',
        startDate: '2026-12-02T08:00:00',
        timezone: 'Asia/Tokyo',
        durationMinutes: 0,
      },
      { ...base, id: 7, title: 'Utc', startDate: '2026-12-02T08:00:00', timezone: 'UTC' },
      {
        ...base,
        id: 8,
        title: 'Float',
        startDate: '2026-12-02T08:00:00',
        timezone: null,
        durationMinutes: 15,
      },
    ];
    const text = buildFeed({
      name: 'F',
      timeZone: LA,
      host: 'h.example',
      stamp: base.updatedAt,
      members: [],
      events,
    });
    expect(text).toContain('RECURRENCE-ID;VALUE=DATE:20270108');
    expect(text).toContain('EXDATE;VALUE=DATE:20270101');
    expect(text).toContain('DTSTART;TZID=Asia/Tokyo:20261202T080000');
    expect(text).toContain('DTEND;TZID=Asia/Tokyo:20261202T080000');
    expect(text).toContain('DTSTART:20261202T080000Z');
    expect(text).toContain('DTSTART:20261202T080000\r\n');
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Tokyo');
    const back = parseIcs(text, LA, []);
    expect(back.skipped).toEqual([]);
    expect(back.warnings).toEqual([]);
    expect(
      back.events.map((e) => [
        e.uid,
        e.title,
        e.startDate,
        e.endDate,
        e.durationMinutes,
        e.isAllDay,
        e.timezone,
        e.rrule,
        e.exdates,
        e.rdates,
        e.recurrenceId,
      ]),
    ).toEqual(
      events.map((e) => {
        const series = events.find((s) => s.id === e.parentEventId);
        return [
          `event-${series?.id ?? e.id}@h.example`,
          e.title,
          e.startDate,
          e.endDate,
          e.durationMinutes,
          e.isAllDay,
          e.isAllDay ? null : e.timezone,
          e.rrule,
          e.exdates,
          e.rdates,
          e.recurrenceId,
        ];
      }),
    );
  });
});

describe('ICS injection (issue 20)', () => {
  const evil = 'Ana\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:evil\r\nBEGIN:VALARM\rX\n,;\\';
  it('writes no extra line for CR/LF in family, member, title, location, description or imported UID', () => {
    const feed = buildFeed({
      name: evil,
      timeZone: LA,
      host: 'familyhub.test',
      stamp: new Date('2026-11-01T00:00:00Z'),
      members: [{ id: 7, name: evil, email: null }],
      events: [
        {
          ...base,
          title: evil,
          location: evil,
          description: evil,
          sourceUid: evil,
          organizerId: 7,
          attendees: ['7'],
        },
      ],
    });
    const lines = feed.split('\r\n');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.some((l) => /^(UID:evil|BEGIN:VALARM)/.test(l))).toBe(false);
    // Every line is folded at 75 octets, and no bare CR or LF is left inside a line.
    for (const line of lines) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      expect(line).not.toMatch(/[\r\n]/);
    }
    expect(feed).toContain('X-WR-CALNAME:Ana  END:VEVENT  BEGIN:VEVENT  UID:evil  BEGIN:VALARM X \\,\\;\\\\');
    const back = parseIcs(feed, LA, []);
    expect(back.events).toHaveLength(1);
    expect(back.events[0]?.title).not.toMatch(/[\r\n]/);
  });

  it('refuses an imported UID with a control character, and reads a title with one as a single line', () => {
    const result = one('UID:a\\nb\r\nSUMMARY:Swim\\nBEGIN\r\nDTSTART:20261201T170000Z\r\n');
    expect(result.events).toHaveLength(0);
    expect(result.skipped).toEqual([
      expect.objectContaining({ reason: 'Its UID contains control characters' }),
    ]);
    const titled = one('UID:ok-1\r\nSUMMARY:Swim\\nBEGIN:VALARM\r\nDTSTART:20261201T170000Z\r\n');
    expect(titled.events[0]?.title).toBe('Swim BEGIN:VALARM');
  });
});
