/**
 * The DAILY, WEEKLY, MONTHLY and YEARLY examples of RFC 5545 §3.8.5.3 (pages 123–132), as data: DTSTART in
 * America/New_York (wall clock), the RRULE as printed (an "or" alternative is an example of its own), and the
 * instances the RFC lists. The HOURLY and MINUTELY examples are left out (FamilyHub refuses sub-daily rules).
 *
 * `expected` is the RFC's list in short form: `YYYY-MM: days` groups separated by `;`, days as `2,9,16` or
 * ranges `2-30`, at DTSTART's time (or at each of `times`). `open`: the RFC's list ends in "…" (the rule goes on),
 * so a library passes when its instances up to the last one listed are exactly those. UNTIL values stay UTC, as
 * printed; run.ts reads them in America/New_York.
 */
export interface RfcExample {
  title: string;
  dtstart: string;
  rrule: string;
  expected: string;
  open?: boolean;
  /** Wall-clock times of each listed day (default: DTSTART's). */
  times?: string[];
  /** EXDATE values (wall clock), taken out of a library's answer. */
  exdates?: string[];
}

const EVERY_20_MINUTES = ['09', '10', '11', '12', '13', '14', '15', '16'].flatMap((h) =>
  ['00', '20', '40'].map((m) => `${h}:${m}`),
);

export const RFC_EXAMPLES: RfcExample[] = [
  {
    title: 'Daily for 10 occurrences',
    dtstart: '1997-09-02T09:00:00',
    rrule: 'FREQ=DAILY;COUNT=10',
    expected: '1997-09: 2-11',
  },
  {
    title: 'Daily until December 24, 1997',
    dtstart: '1997-09-02T09:00:00',
    rrule: 'FREQ=DAILY;UNTIL=19971224T000000Z',
    expected: '1997-09: 2-30; 1997-10: 1-31; 1997-11: 1-30; 1997-12: 1-23',
  },
  {
    title: 'Every other day - forever',
    dtstart: '1997-09-02T09:00:00',
    rrule: 'FREQ=DAILY;INTERVAL=2',
    expected:
      '1997-09: 2,4,6,8,10,12,14,16,18,20,22,24,26,28,30; 1997-10: 2,4,6,8,10,12,14,16,18,20,22,24,26,28,30; ' +
      '1997-11: 1,3,5,7,9,11,13,15,17,19,21,23,25,27,29; 1997-12: 1,3',
    open: true,
  },
  {
    title: 'Every 10 days, 5 occurrences',
    dtstart: '1997-09-02T09:00:00',
    rrule: 'FREQ=DAILY;INTERVAL=10;COUNT=5',
    expected: '1997-09: 2,12,22; 1997-10: 2,12',
  },
  {
    title: 'Every day in January, for 3 years (YEARLY)',
    dtstart: '1998-01-01T09:00:00',
    rrule: 'FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA',
    expected: '1998-01: 1-31; 1999-01: 1-31; 2000-01: 1-31',
  },
  {
    title: 'Every day in January, for 3 years (DAILY)',
    dtstart: '1998-01-01T09:00:00',
    rrule: 'FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1',
    expected: '1998-01: 1-31; 1999-01: 1-31; 2000-01: 1-31',
  },
  {
    title: 'Weekly for 10 occurrences',
    dtstart: '1997-09-02T09:00:00',
    rrule: 'FREQ=WEEKLY;COUNT=10',
    expected: '1997-09: 2,9,16,23,30; 1997-10: 7,14,21,28; 1997-11: 4',
  },
  {
    title: 'Weekly until December 24, 1997',
    dtstart: '1997-09-02T09:00:00',
    rrule: 'FREQ=WEEKLY;UNTIL=19971224T000000Z',
    expected: '1997-09: 2,9,16,23,30; 1997-10: 7,14,21,28; 1997-11: 4,11,18,25; 1997-12: 2,9,16,23',
  },
  {
    title: 'Every other week - forever',
    dtstart: '1997-09-02T09:00:00',
    rrule: 'FREQ=WEEKLY;INTERVAL=2;WKST=SU',
    expected: '1997-09: 2,16,30; 1997-10: 14,28; 1997-11: 11,25; 1997-12: 9,23; 1998-01: 6,20; 1998-02: 3,17',
    open: true,
  },
  {
    title: 'Weekly on Tuesday and Thursday for five weeks (UNTIL)',
    dtstart: '1997-09-02T09:00:00',
    rrule: 'FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH',
    expected: '1997-09: 2,4,9,11,16,18,23,25,30; 1997-10: 2',
  },
  {
    title: 'Weekly on Tuesday and Thursday for five weeks (COUNT)',
    dtstart: '1997-09-02T09:00:00',
    rrule: 'FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH',
    expected: '1997-09: 2,4,9,11,16,18,23,25,30; 1997-10: 2',
  },
  {
    title: 'Every other week on Monday, Wednesday, and Friday until December 24, 1997',
    dtstart: '1997-09-01T09:00:00',
    rrule: 'FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR',
    expected:
      '1997-09: 1,3,5,15,17,19,29; 1997-10: 1,3,13,15,17,27,29,31; 1997-11: 10,12,14,24,26,28; 1997-12: 8,10,12,22',
  },
  {
    title: 'Every other week on Tuesday and Thursday, for 8 occurrences',
    dtstart: '1997-09-02T09:00:00',
    rrule: 'FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH',
    expected: '1997-09: 2,4,16,18,30; 1997-10: 2,14,16',
  },
  {
    title: 'Monthly on the first Friday for 10 occurrences',
    dtstart: '1997-09-05T09:00:00',
    rrule: 'FREQ=MONTHLY;COUNT=10;BYDAY=1FR',
    expected:
      '1997-09: 5; 1997-10: 3; 1997-11: 7; 1997-12: 5; 1998-01: 2; 1998-02: 6; 1998-03: 6; 1998-04: 3; ' +
      '1998-05: 1; 1998-06: 5',
  },
  {
    title: 'Monthly on the first Friday until December 24, 1997',
    dtstart: '1997-09-05T09:00:00',
    rrule: 'FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR',
    expected: '1997-09: 5; 1997-10: 3; 1997-11: 7; 1997-12: 5',
  },
  {
    title: 'Every other month on the first and last Sunday of the month for 10 occurrences',
    dtstart: '1997-09-07T09:00:00',
    rrule: 'FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU',
    expected: '1997-09: 7,28; 1997-11: 2,30; 1998-01: 4,25; 1998-03: 1,29; 1998-05: 3,31',
  },
  {
    title: 'Monthly on the second-to-last Monday of the month for 6 months',
    dtstart: '1997-09-22T09:00:00',
    rrule: 'FREQ=MONTHLY;COUNT=6;BYDAY=-2MO',
    expected: '1997-09: 22; 1997-10: 20; 1997-11: 17; 1997-12: 22; 1998-01: 19; 1998-02: 16',
  },
  {
    title: 'Monthly on the third-to-the-last day of the month, forever',
    dtstart: '1997-09-28T09:00:00',
    rrule: 'FREQ=MONTHLY;BYMONTHDAY=-3',
    expected: '1997-09: 28; 1997-10: 29; 1997-11: 28; 1997-12: 29; 1998-01: 29; 1998-02: 26',
    open: true,
  },
  {
    title: 'Monthly on the 2nd and 15th of the month for 10 occurrences',
    dtstart: '1997-09-02T09:00:00',
    rrule: 'FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15',
    expected: '1997-09: 2,15; 1997-10: 2,15; 1997-11: 2,15; 1997-12: 2,15; 1998-01: 2,15',
  },
  {
    title: 'Monthly on the first and last day of the month for 10 occurrences',
    dtstart: '1997-09-30T09:00:00',
    rrule: 'FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1',
    expected: '1997-09: 30; 1997-10: 1,31; 1997-11: 1,30; 1997-12: 1,31; 1998-01: 1,31; 1998-02: 1',
  },
  {
    title: 'Every 18 months on the 10th thru 15th of the month for 10 occurrences',
    dtstart: '1997-09-10T09:00:00',
    rrule: 'FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15',
    expected: '1997-09: 10-15; 1999-03: 10-13',
  },
  {
    title: 'Every Tuesday, every other month',
    dtstart: '1997-09-02T09:00:00',
    rrule: 'FREQ=MONTHLY;INTERVAL=2;BYDAY=TU',
    expected: '1997-09: 2,9,16,23,30; 1997-11: 4,11,18,25; 1998-01: 6,13,20,27; 1998-03: 3,10,17,24,31',
    open: true,
  },
  {
    title: 'Yearly in June and July for 10 occurrences',
    dtstart: '1997-06-10T09:00:00',
    rrule: 'FREQ=YEARLY;COUNT=10;BYMONTH=6,7',
    expected:
      '1997-06: 10; 1997-07: 10; 1998-06: 10; 1998-07: 10; 1999-06: 10; 1999-07: 10; 2000-06: 10; ' +
      '2000-07: 10; 2001-06: 10; 2001-07: 10',
  },
  {
    title: 'Every other year on January, February, and March for 10 occurrences',
    dtstart: '1997-03-10T09:00:00',
    rrule: 'FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3',
    expected:
      '1997-03: 10; 1999-01: 10; 1999-02: 10; 1999-03: 10; 2001-01: 10; 2001-02: 10; 2001-03: 10; ' +
      '2003-01: 10; 2003-02: 10; 2003-03: 10',
  },
  {
    title: 'Every third year on the 1st, 100th, and 200th day for 10 occurrences',
    dtstart: '1997-01-01T09:00:00',
    rrule: 'FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200',
    expected:
      '1997-01: 1; 1997-04: 10; 1997-07: 19; 2000-01: 1; 2000-04: 9; 2000-07: 18; 2003-01: 1; 2003-04: 10; ' +
      '2003-07: 19; 2006-01: 1',
  },
  {
    title: 'Every 20th Monday of the year, forever',
    dtstart: '1997-05-19T09:00:00',
    rrule: 'FREQ=YEARLY;BYDAY=20MO',
    expected: '1997-05: 19; 1998-05: 18; 1999-05: 17',
    open: true,
  },
  {
    title: 'Monday of week number 20, forever',
    dtstart: '1997-05-12T09:00:00',
    rrule: 'FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO',
    expected: '1997-05: 12; 1998-05: 11; 1999-05: 17',
    open: true,
  },
  {
    title: 'Every Thursday in March, forever',
    dtstart: '1997-03-13T09:00:00',
    rrule: 'FREQ=YEARLY;BYMONTH=3;BYDAY=TH',
    expected: '1997-03: 13,20,27; 1998-03: 5,12,19,26; 1999-03: 4,11,18,25',
    open: true,
  },
  {
    title: 'Every Thursday, but only during June, July, and August, forever',
    dtstart: '1997-06-05T09:00:00',
    rrule: 'FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8',
    expected:
      '1997-06: 5,12,19,26; 1997-07: 3,10,17,24,31; 1997-08: 7,14,21,28; ' +
      '1998-06: 4,11,18,25; 1998-07: 2,9,16,23,30; 1998-08: 6,13,20,27; ' +
      '1999-06: 3,10,17,24; 1999-07: 1,8,15,22,29; 1999-08: 5,12,19,26',
    open: true,
  },
  {
    title: 'Every Friday the 13th, forever',
    dtstart: '1997-09-02T09:00:00',
    rrule: 'FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13',
    exdates: ['1997-09-02T09:00:00'],
    expected: '1998-02: 13; 1998-03: 13; 1998-11: 13; 1999-08: 13; 2000-10: 13',
    open: true,
  },
  {
    title: 'The first Saturday that follows the first Sunday of the month, forever',
    dtstart: '1997-09-13T09:00:00',
    rrule: 'FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13',
    expected:
      '1997-09: 13; 1997-10: 11; 1997-11: 8; 1997-12: 13; 1998-01: 10; 1998-02: 7; 1998-03: 7; ' +
      '1998-04: 11; 1998-05: 9; 1998-06: 13',
    open: true,
  },
  {
    title: 'Every 4 years, the first Tuesday after a Monday in November, forever',
    dtstart: '1996-11-05T09:00:00',
    rrule: 'FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8',
    expected: '1996-11: 5; 2000-11: 7; 2004-11: 2',
    open: true,
  },
  {
    title: 'The third instance into the month of one of Tuesday, Wednesday, or Thursday, for 3 months',
    dtstart: '1997-09-04T09:00:00',
    rrule: 'FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3',
    expected: '1997-09: 4; 1997-10: 7; 1997-11: 6',
  },
  {
    title: 'The second-to-last weekday of the month',
    dtstart: '1997-09-29T09:00:00',
    rrule: 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2',
    expected: '1997-09: 29; 1997-10: 30; 1997-11: 27; 1997-12: 30; 1998-01: 29; 1998-02: 26; 1998-03: 30',
    open: true,
  },
  {
    title: 'Every 20 minutes from 9:00 AM to 4:40 PM every day (DAILY)',
    dtstart: '1997-09-02T09:00:00',
    rrule: 'FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40',
    expected: '1997-09: 2,3',
    times: EVERY_20_MINUTES,
    open: true,
  },
  {
    title: 'WKST=MO: every other week on Tuesday and Sunday, 4 occurrences',
    dtstart: '1997-08-05T09:00:00',
    rrule: 'FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO',
    expected: '1997-08: 5,10,19,24',
  },
  {
    title: 'WKST=SU: every other week on Tuesday and Sunday, 4 occurrences',
    dtstart: '1997-08-05T09:00:00',
    rrule: 'FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU',
    expected: '1997-08: 5,17,19,31',
  },
  {
    title: 'An invalid date (February 30) is ignored',
    dtstart: '2007-01-15T09:00:00',
    rrule: 'FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5',
    expected: '2007-01: 15,30; 2007-02: 15; 2007-03: 15,30',
  },
];

/** The wall-clock instances an example's `expected` text lists, in order. */
export function expectedInstances(example: RfcExample): string[] {
  const times = example.times ?? [example.dtstart.slice(11, 16)];
  return example.expected.split(';').flatMap((group) => {
    const [month, days] = group.split(':').map((s) => s.trim());
    if (month === undefined || days === undefined) throw new Error(`bad group "${group}"`);
    return days.split(',').flatMap((item) => {
      const [a, b] = item.split('-').map(Number);
      const list: number[] = [];
      for (let d = a ?? 0; d <= (b ?? a ?? 0); d++) list.push(d);
      return list.flatMap((d) => times.map((t) => `${month}-${String(d).padStart(2, '0')}T${t}:00`));
    });
  });
}
