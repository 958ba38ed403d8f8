import { describe, expect, it } from 'vitest';
import { countSmsSegments } from '../notifications/sms-segments.ts';
import { formatTime, summaryEmail, summarySms, type SummaryInput } from './summary.ts';

const base: SummaryInput = {
  familyPhrase: 'the Rivera family',
  memberName: 'Ana',
  date: '2026-11-23',
  events: [
    { start: '2026-11-23T16:00:00', allDay: false, title: 'Soccer practice', location: 'Riverside Park' },
    { start: '2026-11-23T00:00:00', allDay: true, title: 'Grandma visits', location: null },
  ],
  tasksDue: [{ title: 'Pack lunch', due: '2026-11-23T07:45:00' }],
  overdue: [{ title: 'Return library books', due: '2026-11-20T17:00:00' }],
  transport: [
    {
      kind: 'pickup',
      at: '2026-11-23T17:30:00',
      title: 'Soccer practice',
      location: 'Riverside Park',
      forWhom: 'Mia',
    },
  ],
  link: 'https://familyhub.example/calendar',
};

describe('summarySms', () => {
  it('lists events, transport, tasks and overdue tasks, names the family and links to the app', () => {
    expect(summarySms(base)).toBe(
      "FamilyHub, the Rivera family: Ana's day, Mon, Nov 23. Events: All day Grandma visits; 4:00 PM Soccer practice at Riverside Park. " +
        'Transport: 5:30 PM pick up Mia (Soccer practice) at Riverside Park. Tasks due: Pack lunch (by 7:45 AM). ' +
        'Overdue: Return library books (due Nov 20). https://familyhub.example/calendar',
    );
  });

  it('stays within 3 segments by dropping items into "+N more", keeping the link', () => {
    const many: SummaryInput = {
      ...base,
      tasksDue: Array.from({ length: 30 }, (_, i) => ({
        title: `Chore number ${i}`,
        due: '2026-11-23T18:00:00',
      })),
    };
    const text = summarySms(many);
    expect(countSmsSegments(text).segments).toBeLessThanOrEqual(3);
    expect(text).toMatch(/\+\d+ more\./);
    expect(text.endsWith('https://familyhub.example/calendar')).toBe(true);
  });

  it("opens with the day's gaps (issue 27)", () => {
    const text = summarySms({
      ...base,
      gaps: [
        'No one is picking up Maya from Soccer at 4:30 PM',
        'No one is dropping off Leo at Piano at 5:00 PM',
      ],
    });
    expect(text).toMatch(
      /^FamilyHub, the Rivera family: Ana's day, Mon, Nov 23\. No one is picking up Maya from Soccer at 4:30 PM\. No one is dropping off Leo at Piano at 5:00 PM\. Events: /,
    );
    expect(
      summaryEmail({ ...base, gaps: ['No one is picking up Maya from Soccer at 4:30 PM'] }).sections[0],
    ).toEqual({
      heading: 'No driver yet',
      items: ['No one is picking up Maya from Soccer at 4:30 PM'],
    });
    expect(
      summarySms({
        ...base,
        events: [],
        tasksDue: [],
        overdue: [],
        transport: [],
        gaps: ['No one is picking up Maya from Soccer at 4:30 PM'],
      }),
    ).not.toContain('Nothing scheduled');
  });

  it('says so when the day is empty', () => {
    expect(summarySms({ ...base, events: [], tasksDue: [], overdue: [], transport: [] })).toContain(
      'Nothing scheduled today.',
    );
  });
});

describe('summaryEmail', () => {
  it('has a dated subject and one section per kind', () => {
    const mail = summaryEmail(base);
    expect(mail.subject).toBe('Your day, Mon, Nov 23: the Rivera family on FamilyHub');
    expect(mail.text).toContain(
      'Events:\n- All day Grandma visits\n- 4:00 PM Soccer practice at Riverside Park',
    );
    expect(mail.text).toContain('Overdue tasks:\n- Return library books (due Nov 20)');
    expect(mail.text).toContain('Open FamilyHub: https://familyhub.example/calendar');
  });
});

describe('formatTime', () => {
  it('uses a 12-hour clock', () => {
    expect(formatTime('2026-11-23T00:05:00')).toBe('12:05 AM');
    expect(formatTime('2026-11-23T12:00:00')).toBe('12:00 PM');
  });
});
