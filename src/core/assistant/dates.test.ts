import { describe, expect, it } from 'vitest';
import { parseWhen } from './dates.ts';

// Monday Nov 30 2026, 07:45 local.
const NOW = '2026-11-30T07:45:00';

describe('parseWhen', () => {
  it.each([
    ['whats on tomorrow', '2026-12-01'],
    ['on saturday', '2026-12-05'],
    ['sat', '2026-12-05'],
    ['on Dec 3', '2026-12-03'],
    ['12/5', '2026-12-05'],
    ['the 3rd', '2026-12-03'],
    ['on the 31st', '2026-12-31'],
    ['on the 29th', '2026-12-29'],
    ['on monday', '2026-11-30'],
    ['next monday', '2026-12-07'],
    ['tonight', '2026-11-30'],
  ])('%s → %s', (text, date) => {
    expect(parseWhen(text, NOW).range?.from ?? null).toBe(date);
  });

  it('reads "the 30th" asked on the 30th as today, and "the 1st" as next month', () => {
    expect(parseWhen('the 30th', NOW).range?.from).toBe('2026-11-30');
    expect(parseWhen('the 1st', NOW).range?.from).toBe('2026-12-01');
  });

  it('skips months without the day ("the 31st" in November is Dec 31)', () => {
    expect(parseWhen('the 31st', '2026-11-05T10:00:00').range?.from).toBe('2026-12-31');
  });

  it('reads weeks Sunday to Saturday and weekends as Saturday and Sunday', () => {
    expect(parseWhen('this week', NOW).range).toEqual({
      from: '2026-11-30',
      to: '2026-12-05',
      kind: 'this_week',
    });
    expect(parseWhen('next week', NOW).range).toEqual({
      from: '2026-12-06',
      to: '2026-12-12',
      kind: 'next_week',
    });
    expect(parseWhen('this weekend', NOW).range).toEqual({
      from: '2026-12-05',
      to: '2026-12-06',
      kind: 'weekend',
    });
    expect(parseWhen('next weekend', NOW).range).toEqual({
      from: '2026-12-12',
      to: '2026-12-13',
      kind: 'next_weekend',
    });
    // On a Sunday, "this weekend" is what is left of it.
    expect(parseWhen('weekend', '2026-12-06T09:00:00').range).toEqual({
      from: '2026-12-06',
      to: '2026-12-06',
      kind: 'weekend',
    });
  });

  it('reads a bare hour 1-7 as afternoon, keeps an explicit am, and puts a time without a day on today', () => {
    expect(parseWhen('free at 3', NOW)).toMatchObject({ time: '15:00', range: { from: '2026-11-30' } });
    expect(parseWhen('free at 4:30', NOW)).toMatchObject({ time: '16:30', range: { from: '2026-11-30' } });
    expect(parseWhen('free at 7am', NOW)).toMatchObject({ time: '07:00' });
    expect(parseWhen('free at 10', NOW)).toMatchObject({ time: '10:00' });
    expect(parseWhen('at noon on thursday', NOW)).toMatchObject({
      time: '12:00',
      range: { from: '2026-12-03' },
    });
  });

  it('narrows a day to its morning, afternoon or evening', () => {
    expect(parseWhen('tomorrow morning', NOW).range?.part).toEqual({
      name: 'morning',
      from: '00:00',
      to: '12:00',
    });
    expect(parseWhen('this afternoon', NOW).range).toMatchObject({
      from: '2026-11-30',
      part: { name: 'afternoon' },
    });
    expect(parseWhen('tomorrow night', NOW).range).toMatchObject({
      from: '2026-12-01',
      part: { name: 'evening' },
    });
  });

  it('returns the question without its date words, and no range when there is none', () => {
    expect(parseWhen('when is soccer tomorrow', NOW).rest).toBe('when is soccer');
    expect(parseWhen('when is soccer', NOW)).toEqual({ range: null, time: null, rest: 'when is soccer' });
  });

  it('reads local fields whatever zone the process runs in (the reference is floating time)', () => {
    // 23:30 on the last day of a month: "tomorrow" is the 1st, not a day skipped or repeated by an offset.
    expect(parseWhen('tomorrow', '2026-11-30T23:30:00').range?.from).toBe('2026-12-01');
    expect(parseWhen('tomorrow', '2026-03-07T23:30:00').range?.from).toBe('2026-03-08');
  });
});
