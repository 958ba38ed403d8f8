import { describe, expect, it } from 'vitest';
import { buildFeed } from './export.ts';
import { parseIcs } from './import.ts';
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
  parentEventId: null,
  recurrenceId: null,
  sourceUid: null,
  createdAt: new Date('2026-11-01T00:00:00Z'),
  updatedAt: new Date('2026-11-01T00:00:00Z'),
};

describe('parseIcs', () => {
  it('converts UTC and zoned times to the family zone and keeps DATE values as days', () => {
    const r = parseIcs(
      cal(
        'BEGIN:VEVENT\r\nUID:a\r\nSUMMARY:Utc\r\nDTSTART:20260701T160000Z\r\nDTEND:20260701T173000Z\r\nEND:VEVENT\r\n' +
          'BEGIN:VEVENT\r\nUID:b\r\nSUMMARY:Berlin\r\nDTSTART;TZID=Europe/Berlin:20260115T090000\r\nEND:VEVENT\r\n' +
          'BEGIN:VEVENT\r\nUID:c\r\nSUMMARY:Camp\r\nDTSTART;VALUE=DATE:20260803\r\nDTEND;VALUE=DATE:20260808\r\nEND:VEVENT\r\n' +
          'BEGIN:VEVENT\r\nUID:d\r\nSUMMARY:Day\r\nDTSTART;VALUE=DATE:20260803\r\nEND:VEVENT\r\n',
      ),
      LA,
      [],
    );
    expect(r.skipped).toEqual([]);
    expect(r.events.map((e) => [e.title, e.startDate, e.endDate, e.durationMinutes, e.isAllDay])).toEqual([
      ['Utc', '2026-07-01T09:00:00', null, 90, false],
      ['Berlin', '2026-01-15T00:00:00', null, 60, false],
      ['Camp', '2026-08-03T00:00:00', '2026-08-08T00:00:00', 1440, true],
      ['Day', '2026-08-03T00:00:00', null, 1440, true],
    ]);
  });

  it('keeps RRULE with UNTIL in local time, EXDATEs, overrides and cancelled occurrences', () => {
    const r = parseIcs(
      cal(
        'BEGIN:VEVENT\r\nUID:s\r\nSUMMARY:Swim\r\nDTSTART;TZID=America/Los_Angeles:20261201T170000\r\n' +
          'RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20270224T075959Z\r\n' +
          'EXDATE;TZID=America/Los_Angeles:20261208T170000\r\nEND:VEVENT\r\n' +
          'BEGIN:VEVENT\r\nUID:s\r\nSUMMARY:Gala\r\nRECURRENCE-ID;TZID=America/Los_Angeles:20261215T170000\r\n' +
          'DTSTART;TZID=America/Los_Angeles:20261215T180000\r\nSTATUS:CANCELLED\r\nEND:VEVENT\r\n',
      ),
      LA,
      [],
    );
    const [series, override] = r.events;
    expect(series).toMatchObject({
      rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270223T235959',
      exdates: ['2026-12-08T17:00:00'],
      recurrenceId: null,
    });
    expect(override).toMatchObject({ uid: 's', recurrenceId: '2026-12-15T17:00:00', cancelled: true });
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
    });
  });
});

describe('parseIcs: a series whose start changes day in the family zone (RFC 5545 §3.3.10)', () => {
  const series = (start: string, rule: string) =>
    parseIcs(
      cal(
        `BEGIN:VEVENT\r\nUID:t\r\nSUMMARY:Lesson\r\nDTSTART;TZID=${start}\r\nRRULE:${rule}\r\nEND:VEVENT\r\n`,
      ),
      LA,
      [],
    );

  it('moves BYDAY (and WKST for multi-week rules) with DTSTART: Tokyo Monday 08:00 is Sunday in Los Angeles', () => {
    const weekly = series('Asia/Tokyo:20270104T080000', 'FREQ=WEEKLY;BYDAY=MO;COUNT=10');
    expect(weekly.events[0]).toMatchObject({
      startDate: '2027-01-03T15:00:00',
      rrule: 'FREQ=WEEKLY;COUNT=10;BYDAY=SU',
    });
    expect(weekly.warnings).toEqual([]);
    const fortnightly = series('Asia/Tokyo:20270104T080000', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU');
    expect(fortnightly.events[0]?.rrule).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,SA;WKST=SU');
    // Europe → Los Angeles the same day: the rule is left alone.
    expect(series('Europe/Berlin:20270104T180000', 'FREQ=WEEKLY;BYDAY=MO').events[0]?.rrule).toBe(
      'FREQ=WEEKLY;BYDAY=MO',
    );
  });

  it('moves BYMONTHDAY, wrapping at the month edge, and makes a MONTHLY implicit day explicit', () => {
    expect(series('Asia/Tokyo:20270101T080000', 'FREQ=MONTHLY;BYMONTHDAY=1,15').events[0]).toMatchObject({
      startDate: '2026-12-31T15:00:00',
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1,14',
    });
    expect(series('Asia/Tokyo:20270101T080000', 'FREQ=MONTHLY').events[0]?.rrule).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=-1',
    );
    const edge = series('Asia/Tokyo:20270129T080000', 'FREQ=MONTHLY;BYMONTHDAY=29');
    expect(edge.events[0]?.rrule).toBe('FREQ=MONTHLY;BYMONTHDAY=28');
    expect(edge.warnings).toEqual([
      '"Lesson": its repeat rule was moved 1 day to the family\'s time zone; check occurrences near month ends',
    ]);
  });
});

describe('buildFeed → parseIcs', () => {
  it('gives back the same events (all-day, multi-day, series with EXDATE and override)', () => {
    const events: IcsEventRecord[] = [
      {
        ...base,
        id: 1,
        title: 'Swim',
        rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270223T235959',
        exdates: ['2026-12-08T17:00:00'],
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
      },
      { ...base, id: 4, title: 'Holiday', startDate: '2026-12-25T00:00:00', isAllDay: true },
    ];
    const text = buildFeed({
      name: 'F',
      timeZone: LA,
      host: 'h.example',
      stamp: base.updatedAt,
      members: [],
      events,
    });
    const back = parseIcs(text, LA, []);
    expect(back.skipped).toEqual([]);
    expect(
      back.events.map((e) => [
        e.uid,
        e.title,
        e.startDate,
        e.endDate,
        e.isAllDay,
        e.rrule,
        e.exdates,
        e.recurrenceId,
      ]),
    ).toEqual([
      [
        'event-1@h.example',
        'Swim',
        '2026-12-01T17:00:00',
        null,
        false,
        'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270223T235959',
        ['2026-12-08T17:00:00'],
        null,
      ],
      ['event-1@h.example', 'Gala', '2026-12-15T18:00:00', null, false, null, [], '2026-12-15T17:00:00'],
      ['event-3@h.example', 'Break', '2026-12-21T00:00:00', '2027-01-05T00:00:00', true, null, [], null],
      ['event-4@h.example', 'Holiday', '2026-12-25T00:00:00', null, true, null, [], null],
    ]);
  });
});
