/* Test and bench support (not product code): the calendars a hostile free account uploads (issue 39). */

/** One hostile upload: its text, how many VEVENTs it has, and what the import must say of the refused ones. */
export interface HostileCalendar {
  name: string;
  text: string;
  events: number;
  /** Every skipped event's reason matches this. */
  reason: RegExp;
  /** More VEVENTs than one upload may carry: answered 413 before anything is read. */
  tooMany?: true;
  /**
   * An upload a family may really send, imported in full: its answer time is the database writing every event
   * (about 1 ms an event on PGlite), which issue 39's 2 s does not bound; the wait it causes others still is.
   */
  legitimate?: true;
}

const calendar = (body: string) =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//hostile//EN\r\n${body}END:VCALENDAR\r\n`;

const vevent = (uid: string, lines: string) =>
  `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:${uid}\r\n${lines}END:VEVENT\r\n`;

const list = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i).join(',');

/** `n` events, each made by `lines(i)`. */
const many = (n: number, prefix: string, lines: (i: number) => string) =>
  calendar(Array.from({ length: n }, (_, i) => vevent(`${prefix}-${i}`, lines(i))).join(''));

/**
 * The uploads of issue 39's review, and two more: the most events one upload may carry (1,000 weekly series,
 * all imported), and 300 events each in a time zone of its own that only its VTIMEZONE describes (every zone
 * is matched against the IANA database: the request's time budget ends it).
 */
export function hostileCalendars(): HostileCalendar[] {
  const minuteRule = `RRULE:FREQ=YEARLY;BYYEARDAY=${list(1, 366)};BYHOUR=${list(0, 23)};BYMINUTE=${list(0, 59)}\r\n`;
  const dailyMinuteRule = `RRULE:FREQ=DAILY;BYHOUR=${list(0, 23)};BYMINUTE=${list(0, 59)}\r\n`;
  return [
    {
      name: 'a minute-by-minute YEARLY rule, 40 times (69 KB)',
      text: many(40, 'minutes', () => `DTSTART:20260105T080000Z\r\n${minuteRule}`),
      events: 40,
      // Its text alone refuses it (issue 42: a stored RRULE is at most 1,000 characters).
      reason: /repeat rule is longer than 1,000 characters/,
    },
    {
      name: 'a minute-by-minute DAILY rule, 40 times',
      text: many(40, 'daily-minutes', () => `DTSTART:20260105T080000Z\r\n${dailyMinuteRule}`),
      events: 40,
      // Short enough to be stored, refused by its parts' count before any expansion (issue 39).
      reason: /occurrences a year; at most 20,000/,
    },
    {
      name: '20,000 events in one request',
      text: many(20_000, 'many', (i) => `DTSTART:2026${String((i % 12) + 1).padStart(2, '0')}05T080000Z\r\n`),
      events: 20_000,
      reason: /./,
      tooMany: true,
    },
    {
      name: 'FREQ=SECONDLY',
      text: many(1, 'secondly', () => 'DTSTART:20260105T080000Z\r\nRRULE:FREQ=SECONDLY\r\n'),
      events: 1,
      reason: /more often than daily/,
    },
    {
      name: 'DTSTART in the year 0100',
      text: many(1, 'year-0100', () => 'DTSTART:01000105T080000Z\r\nRRULE:FREQ=DAILY\r\n'),
      events: 1,
      reason: /between 1900 and 2200/,
    },
    {
      name: 'COUNT=1000000000',
      text: many(1, 'count', () => 'DTSTART:20260105T080000Z\r\nRRULE:FREQ=DAILY;COUNT=1000000000\r\n'),
      events: 1,
      reason: /^$/,
    },
    {
      name: '1,000 weekly series, the most one upload may carry',
      text: many(
        1_000,
        'weekly',
        (i) =>
          `DTSTART;TZID=Europe/Berlin:2026${String((i % 12) + 1).padStart(2, '0')}${String((i % 28) + 1).padStart(2, '0')}T170000\r\n` +
          'DURATION:PT1H\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE\r\nEXDATE;TZID=Europe/Berlin:20261224T170000\r\n',
      ),
      events: 1_000,
      reason: /^$/,
      legitimate: true,
    },
    {
      name: '300 events in 300 time zones of their own',
      text: calendar(
        Array.from({ length: 300 }, (_, i) => {
          const tzid = `Custom zone ${i}`;
          const offset = `+${String(i % 12).padStart(2, '0')}00`;
          return (
            `BEGIN:VTIMEZONE\r\nTZID:${tzid}\r\nBEGIN:STANDARD\r\nDTSTART:16010101T000000\r\n` +
            `TZOFFSETFROM:${offset}\r\nTZOFFSETTO:${offset}\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n` +
            vevent(`zone-${i}`, `DTSTART;TZID="${tzid}":${1900 + (i % 300)}0105T080000\r\n`)
          );
        }).join(''),
      ),
      events: 300,
      reason: /smaller parts|time zone/i,
      legitimate: true,
    },
  ];
}
