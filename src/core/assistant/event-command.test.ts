import { describe, expect, it } from 'vitest';
import { eventPrefillQuery, readEventPrefill } from '../contracts/event-prefill.ts';
import { eventInputSchema } from '../contracts/events.ts';
import { parseEventCommand, proposedEventInput, proposedEventPrefill } from './event-command.ts';

const members = [
  { id: 1, name: 'Ana Rivera', role: 'parent' },
  { id: 3, name: 'Maya Rivera', role: 'child' },
  { id: 4, name: 'Teo Rivera', role: 'child' },
];
const now = '2026-11-29T09:00:00';

function proposal(text: string) {
  const result = parseEventCommand(text, { now, members });
  if (!result.ok) throw new Error(`${text}: ${result.message}`);
  return result.event;
}

describe('a proposal as the payload of POST /api/events (SPEC §7)', () => {
  it('sends a timed event with its attendees and length, valid for the API', () => {
    const input = eventInputSchema.parse(proposedEventInput(proposal('Dentist Tue 3:30 for 45 min Maya')));
    expect(input).toMatchObject({
      title: 'Dentist',
      start_date: '2026-12-01T15:30:00',
      end_date: null,
      duration_minutes: 45,
      is_all_day: false,
      attendees: ['3'],
      is_recurring: false,
      recurrence_pattern: null,
    });
  });

  it('sends an all-day span as DATEs with the exclusive end (RFC 5545 DTEND), one day without an end', () => {
    expect(eventInputSchema.parse(proposedEventInput(proposal('Grandma visiting Sat to Mon')))).toMatchObject(
      {
        start_date: '2026-12-05T00:00:00',
        end_date: '2026-12-08T00:00:00',
        is_all_day: true,
      },
    );
    expect(eventInputSchema.parse(proposedEventInput(proposal('Grandma visiting Sat')))).toMatchObject({
      start_date: '2026-12-05T00:00:00',
      end_date: null,
      is_all_day: true,
    });
  });

  it('sends a repeat as its SPEC §5 pattern and end date', () => {
    expect(
      eventInputSchema.parse(proposedEventInput(proposal('Swim Saturdays 10am until Dec 19 Teo'))),
    ).toMatchObject({
      is_recurring: true,
      recurrence_pattern: 'weekly',
      recurrence_end_date: '2026-12-19',
      attendees: ['4'],
    });
  });
});

describe('the Event form prefill (/add-event?…)', () => {
  it('carries a proposal through the address unchanged', () => {
    for (const text of ['Soccer every Sat 9am Teo for 1.5 hours', 'Trip dec 5-7 with the kids']) {
      const prefill = proposedEventPrefill(proposal(text));
      expect(readEventPrefill(new URLSearchParams(eventPrefillQuery(prefill)))).toEqual(prefill);
    }
  });

  it('ignores parameters that do not hold, and keeps SPEC §2 date and hour alone working', () => {
    const read = readEventPrefill(
      new URLSearchParams(
        'date=2026-02-30&hour=24&minute=7x&duration=0&attendees=1,abc,-2,3&repeat=yearly&until=soon&title=%20',
      ),
    );
    expect(read).toEqual({
      date: null,
      hour: null,
      minute: null,
      durationMinutes: null,
      title: null,
      attendees: ['1', '3'],
      allDay: false,
      lastDay: null,
      repeat: null,
      until: null,
    });
    expect(readEventPrefill(new URLSearchParams('date=2026-12-01&hour=07'))).toMatchObject({
      date: '2026-12-01',
      hour: '07',
    });
  });
});

describe('parseEventCommand', () => {
  it('says which am/pm it chose for a time without one (issue 43)', () => {
    expect(proposal('Piano 4:30 tomorrow').unsure).toContainEqual({
      kind: 'meridiem',
      text: '"4:30" read as 4:30 PM',
    });
    expect(proposal('Swim tomorrow at 8').start).toBe('2026-11-30T08:00:00');
  });

  it('refuses an empty line, one without a title, and one too long, with a message', () => {
    expect(parseEventCommand('  ', { now, members })).toMatchObject({ ok: false, reason: 'empty' });
    expect(parseEventCommand('for Maya tomorrow 3pm', { now, members })).toMatchObject({
      ok: false,
      reason: 'no_title',
    });
    expect(parseEventCommand('a'.repeat(301), { now, members })).toMatchObject({
      ok: false,
      reason: 'too_long',
    });
  });
});
