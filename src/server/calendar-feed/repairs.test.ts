import { expect, it } from 'vitest';
import { parseIcs, toEngineEvents } from '../../core/ics/import.ts';
import { expandEvents } from '../../core/recurrence/occurrences.ts';
import { addLocalDays } from '../../core/time/local-time.ts';
import { icsOracle } from '../../../test/oracles/ics-oracle.ts';
import { describeWithOracles } from '../../../test/oracles/probe.ts';

/**
 * Issue 39: what real calendars contain is repaired and imported with a warning, never refused, and the result is
 * the occurrences python3-recurring-ical-events gives, in a Los Angeles and a Berlin family. The cases are this
 * project's own, written in the shapes public test suites and exports show (a German holiday feed's empty
 * `RRULE:`, Google's empty `EXDATE;VALUE=DATE:`, Exchange's `RECURRENCE-ID;TZID=UTC+01` on an all-day series,
 * Thunderbird's `TZID=UTC+11`, a bi-weekly series with a DATE EXDATE).
 *
 * Where Debian's recurring-ical-events 2.0.1 cannot read a case, or reads it against RFC 5545, it is handed the
 * file as we read it (`oracleInput`), each with the reason:
 * - an unreadable EXDATE/RDATE value: it fails on the whole file ("'NoneType' object has no attribute 'dts'"),
 *   so it gets the file without that value;
 * - a `UTC±hh` TZID: it reads the times as floating (family) time, so it gets the IANA fixed-offset zone; the
 *   offset itself is checked here independently (`Date.parse` with the offset);
 * - a DATE EXDATE on a DATE-TIME series: version 2.0.1 ignores it (later versions remove the day), so it gets the
 *   day's occurrence as a DATE-TIME.
 */

const FAMILIES = ['America/Los_Angeles', 'Europe/Berlin'];

const calendar = (...events: string[]) =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//FamilyHub tests//EN\r\n${events.join('')}END:VCALENDAR\r\n`;
const vevent = (lines: string[]) =>
  `BEGIN:VEVENT\r\nDTSTAMP:20260101T000000Z\r\n${lines.map((l) => `${l}\r\n`).join('')}END:VEVENT\r\n`;

interface RepairCase {
  name: string;
  ics: string;
  /** Each warning must contain these words (event, property, value). */
  warnings: string[];
  /** The file as we read it, for the oracle (see the header). */
  oracleInput?: (text: string) => string;
  /** Occurrences we import, at least (a repaired event is never refused). */
  minimum: number;
}

const CASES: RepairCase[] = [
  {
    name: 'an empty RRULE (German holiday feeds)',
    ics: calendar(
      vevent([
        'UID:tag-der-einheit@holidays.example',
        'SUMMARY:Tag der Deutschen Einheit',
        'DTSTART:20261003',
        'DTEND:20261004',
        'RRULE:',
      ]),
      vevent(['UID:reformation@holidays.example', 'SUMMARY:Reformationstag', 'DTSTART:20261031', 'RRULE:']),
    ),
    warnings: [
      '"Tag der Deutschen Einheit": its repeat rule (RRULE) was empty, so it was imported as a single event',
      '"Reformationstag": its repeat rule (RRULE) was empty',
    ],
    minimum: 2,
  },
  {
    name: 'unreadable EXDATE and RDATE values, and empty ones (a bi-weekly series)',
    ics: calendar(
      vevent([
        'UID:swim@club.example',
        'SUMMARY:Swim practice',
        'DTSTART;TZID=Europe/Berlin:20260105T170000',
        'DTEND;TZID=Europe/Berlin:20260105T180000',
        'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;UNTIL=20260601T000000Z',
        'EXDATE;TZID=Europe/Berlin:20260119T170000,2026-02-16T17:00,20260230T170000',
        'EXDATE;VALUE=DATE:',
        'RDATE;TZID=Europe/Berlin:20260108T170000,TBD',
        'RDATE:',
      ]),
    ),
    warnings: [
      '"Swim practice": the skipped date (EXDATE) "2026-02-16T17:00" is not a date, so it was left out',
      '"Swim practice": the skipped date (EXDATE) "20260230T170000" is not a real date, so it was left out',
      '"Swim practice": an empty skipped date (EXDATE) was left out',
      '"Swim practice": the extra date (RDATE) "TBD" is not a date, so it was left out',
      '"Swim practice": an empty extra date (RDATE) was left out',
    ],
    oracleInput: (text) =>
      text
        .replace(',2026-02-16T17:00,20260230T170000', '')
        .replace('EXDATE;VALUE=DATE:\r\n', '')
        .replace(',TBD', '')
        .replace('RDATE:\r\n', ''),
    minimum: 10,
  },
  {
    name: 'UTC±hh and GMT±h time zone names (Thunderbird, Exchange)',
    ics: calendar(
      vevent([
        'UID:choir@school.example',
        'SUMMARY:Choir',
        'DTSTART;TZID=UTC+01:20260106T190000',
        'DTEND;TZID=UTC+01:20260106T200000',
        'RRULE:FREQ=WEEKLY;COUNT=30',
      ]),
      vevent([
        'UID:call@work.example',
        'SUMMARY:Call with grandma',
        'DTSTART;TZID=GMT-5:20260310T090000',
        'DURATION:PT30M',
      ]),
      vevent([
        'UID:cricket@club.example',
        'SUMMARY:Cricket on TV',
        'DTSTART;TZID="UTC+05:30":20260401T193000',
        'DURATION:PT3H',
      ]),
    ),
    warnings: [
      'Time zone "UTC+01" was read as the fixed offset UTC+01:00 (Etc/GMT-1), in the start (DTSTART) of "Choir"',
      'Time zone "GMT-5" was read as the fixed offset UTC-05:00 (Etc/GMT+5), in the start (DTSTART) of "Call with grandma"',
      'Time zone "UTC+05:30" was read as the fixed offset UTC+05:30 (Asia/',
    ],
    oracleInput: (text) =>
      text
        .replaceAll('TZID=UTC+01', 'TZID=Etc/GMT-1')
        .replace('TZID=GMT-5', 'TZID=Etc/GMT+5')
        .replace('TZID="UTC+05:30"', 'TZID=Asia/Kolkata'),
    minimum: 32,
  },
  {
    name: 'a DATE EXDATE without VALUE=DATE on a timed series',
    ics: calendar(
      vevent([
        'UID:school-run@family.example',
        'SUMMARY:School run',
        'DTSTART;TZID=America/Los_Angeles:20260105T073000',
        'DTEND;TZID=America/Los_Angeles:20260105T080000',
        'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR;COUNT=20',
        'EXDATE:20260107,20260119',
      ]),
    ),
    warnings: [
      '"School run": the skipped date (EXDATE) "20260107" is a date written without VALUE=DATE; it was read as that whole day',
      '"School run": the skipped date (EXDATE) "20260119" is a date written without VALUE=DATE',
    ],
    oracleInput: (text) =>
      text.replace(
        'EXDATE:20260107,20260119',
        'EXDATE;TZID=America/Los_Angeles:20260107T073000,20260119T073000',
      ),
    minimum: 18,
  },
  {
    name: "an all-day series' override in a UTC+01 or unknown zone (Exchange)",
    ics: calendar(
      vevent([
        'UID:bins@council.example',
        'SUMMARY:Bins out',
        'DTSTART;VALUE=DATE:20260219',
        'DTEND;VALUE=DATE:20260220',
        'RRULE:FREQ=WEEKLY;COUNT=8',
      ]),
      vevent([
        'UID:bins@council.example',
        'SUMMARY:Bins out (holiday week)',
        'RECURRENCE-ID;TZID=UTC+01:20260226T000000',
        'DTSTART;VALUE=DATE:20260227',
        'DTEND;VALUE=DATE:20260228',
      ]),
      vevent([
        'UID:bins@council.example',
        'SUMMARY:Bins out (strike)',
        'RECURRENCE-ID;TZID=Mars/Olympus:20260312T000000',
        'DTSTART;VALUE=DATE:20260313',
        'DTEND;VALUE=DATE:20260314',
      ]),
    ),
    // The unknown zone says nothing: an all-day series matches its overrides by date, whatever their zone.
    warnings: [
      'Time zone "UTC+01" was read as the fixed offset UTC+01:00 (Etc/GMT-1), in the changed occurrence (RECURRENCE-ID) of "Bins out (holiday week)"',
    ],
    oracleInput: (text) => text.replace('TZID=UTC+01', 'TZID=Etc/GMT-1'),
    minimum: 8,
  },
];

/** `uid|title|instant` of every occurrence we import, starting in [from, to) (UTC days). */
function ours(text: string, zone: string, from: string, to: string) {
  const parsed = parseIcs(text, zone, []);
  const { occurrences, failures } = expandEvents(
    toEngineEvents(parsed.events),
    { from: `${addLocalDays(from, -2)}T00:00:00`, to: `${addLocalDays(to, 2)}T00:00:00` },
    zone,
  );
  expect(failures).toEqual([]);
  const lo = Date.parse(`${from}T00:00:00Z`);
  const hi = Date.parse(`${to}T00:00:00Z`);
  const keys = occurrences
    .filter((o) => o.startAt.getTime() >= lo && o.startAt.getTime() < hi)
    .map((o) => `${o.event.parsed.uid}|${o.event.parsed.title}|${o.startAt.toISOString().slice(0, 19)}Z`);
  return { parsed, keys: keys.sort() };
}

describeWithOracles('import repairs (issue 39)', () => {
  for (const c of CASES) {
    it(`${c.name}: imports with a warning and the oracle's occurrences in LA and Berlin`, () => {
      for (const zone of FAMILIES) {
        const mine = ours(c.ics, zone, '2026-01-01', '2027-01-01');
        expect(mine.parsed.skipped, zone).toEqual([]);
        for (const w of c.warnings)
          expect(
            mine.parsed.warnings.some((line) => line.includes(w)),
            `${zone}: ${w}\n${mine.parsed.warnings.join('\n')}`,
          ).toBe(true);
        expect(mine.parsed.warnings).toHaveLength(c.warnings.length);
        expect(mine.keys.length, zone).toBeGreaterThanOrEqual(c.minimum);
        const theirs = icsOracle(
          c.oracleInput ? c.oracleInput(c.ics) : c.ics,
          zone,
          '2025-12-29',
          '2027-01-04',
        );
        if ('error' in theirs) throw new Error(`the oracle could not read ${c.name}: ${theirs.error}`);
        const lo = Date.parse('2026-01-01T00:00:00Z');
        const hi = Date.parse('2027-01-01T00:00:00Z');
        const expected = theirs
          .filter(([, , at]) => Date.parse(at) >= lo && Date.parse(at) < hi)
          .map(([uid, title, at]) => `${uid ?? ''}|${title}|${at}`)
          .sort();
        expect(mine.keys, `${c.name} in ${zone}`).toEqual(expected);
      }
    });
  }

  it('reads UTC±hh names at exactly that offset, whatever the family zone', () => {
    /** The instant of a wall-clock time with an ISO 8601 offset, as `Date.parse` reads it (the independent check). */
    const at = (text: string) => `${new Date(Date.parse(text)).toISOString().slice(0, 19)}Z`;
    for (const zone of FAMILIES) {
      const { keys } = ours(CASES[2]?.ics ?? '', zone, '2026-01-01', '2027-01-01');
      expect(keys).toContain(`call@work.example|Call with grandma|${at('2026-03-10T09:00:00-05:00')}`);
      expect(keys).toContain(`choir@school.example|Choir|${at('2026-07-07T19:00:00+01:00')}`);
      expect(keys).toContain(`cricket@club.example|Cricket on TV|${at('2026-04-01T19:30:00+05:30')}`);
    }
  });

  it('still refuses what cannot be read, with a reason', () => {
    const r = parseIcs(
      calendar(
        vevent(['UID:where', 'SUMMARY:Where', 'DTSTART;TZID=Mars/Olympus:20260115T090000']),
        vevent(['UID:rule', 'SUMMARY:Rule', 'DTSTART:20260115T090000Z', 'RRULE:FREQ=WEEKLY;BYDAY=XX']),
        'BEGIN:VEVENT\r\nUID:cut\r\nSUMMARY:Cut off\r\nDTSTART:20260115T090000Z\r\n',
      ),
      'Europe/Berlin',
      [],
    );
    expect(r.events).toEqual([]);
    expect(r.skipped).toEqual([
      {
        uid: 'where',
        title: 'Where',
        reason: 'Unknown time zone "Mars/Olympus" (no VTIMEZONE describes it)',
      },
      {
        uid: 'rule',
        title: 'Rule',
        reason: 'This event could not be read: its BYDAY value "XX" is not valid iCalendar',
      },
      { uid: 'cut', title: 'Cut off', reason: 'The file ends in the middle of this event' },
    ]);
  });
});
