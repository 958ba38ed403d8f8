import { describe, expect, it } from 'vitest';
import { repairEvent } from './repair.ts';

const block = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n');

describe('repairEvent', () => {
  it('leaves an event with nothing to repair byte for byte as it was, folding included', () => {
    const text = block('UID:a', 'DTSTART:20260105T080000Z', 'EXDATE:20260107T080000Z,20', ' 260108T080000Z');
    expect(repairEvent(text)).toEqual({ text, repairs: [] });
  });

  it('reads folded values and quoted parameters with colons and semicolons in them', () => {
    const { text, repairs } = repairEvent(
      block(
        'DTSTART;TZID="(UTC+01:00) Amsterdam; Berlin":20260105T080000',
        'EXDATE;TZID="(UTC+01:00) Amsterdam; Berlin":2026010',
        ' 7T080000,nope',
      ),
    );
    expect(text).toContain('EXDATE;TZID="(UTC+01:00) Amsterdam; Berlin":20260107T080000\r\n');
    expect(repairs).toEqual([{ property: 'EXDATE', value: 'nope', kind: 'unreadable' }]);
  });

  it('moves DATE values of a DATE-TIME property to a VALUE=DATE line of their own, without the TZID', () => {
    const { text, repairs } = repairEvent(
      block(
        'DTSTART;TZID=Europe/Berlin:20260105T080000',
        'EXDATE;TZID=Europe/Berlin:20260107,20260108T080000',
      ),
    );
    expect(text.split('\r\n')).toEqual([
      'BEGIN:VEVENT',
      'DTSTART;TZID=Europe/Berlin:20260105T080000',
      'EXDATE;TZID=Europe/Berlin:20260108T080000',
      'EXDATE;VALUE=DATE:20260107',
      'END:VEVENT',
    ]);
    expect(repairs).toEqual([{ property: 'EXDATE', value: '20260107', kind: 'date-without-value-type' }]);
  });

  it("keeps DATEs declared as such, periods, and Google's DATE with a Z; drops impossible ones", () => {
    const { repairs } = repairEvent(
      block(
        'EXDATE;VALUE=DATE:20260107,20260230',
        'RDATE;VALUE=PERIOD:20260101T180000Z/20260102T070000Z,20260103T180000Z/PT5H30M,199709T180000Z/PT5H',
        'RDATE:20131210Z',
        'RRULE: ',
      ),
    );
    expect(repairs).toEqual([
      { property: 'EXDATE', value: '20260230', kind: 'not-a-real-date' },
      { property: 'RDATE', value: '199709T180000Z/PT5H', kind: 'unreadable' },
      { property: 'RRULE', value: '', kind: 'empty' },
    ]);
  });
});
