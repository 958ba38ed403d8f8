import { describe, expect, it } from 'vitest';
import { regionOf } from './date-order.ts';
import { correctDateWord } from './date-words.ts';
import { parseWhen, yearOfMonthDay } from './dates.ts';

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

  // Issue 43 round 7: a question in the past tense means the day just gone.
  it.each([
    ['what did we have on friday', '2026-11-27'],
    ['what was on the 27th', '2026-11-27'],
    ['what happened on thanksgiving', '2026-11-26'],
    ['what did we do on monday', '2026-11-30'],
    ['whats on friday', '2026-12-04'],
    ['what was on the 29th', '2026-11-29'],
    ['will there be anything on the 27th', '2026-12-27'],
    ['i was wondering whats on friday', '2026-12-04'],
    ['is piano on friday it was moved', '2026-12-04'],
  ])('past tense: %s → %s', (text, date) => {
    expect(parseWhen(text, NOW, { region: regionOf('America/Los_Angeles') }).range?.from).toBe(date);
  });

  it('keeps a holiday long gone as the next one ("what happened on christmas" in November)', () => {
    expect(
      parseWhen('what happened on christmas', NOW, { region: regionOf('America/Los_Angeles') }).range?.from,
    ).toBe('2026-12-25');
  });

  it('reads "<weekday> week" asked on that weekday as a week today, as a bare weekday is today', () => {
    expect(parseWhen('monday week', NOW).range?.from).toBe('2026-12-07');
    expect(parseWhen('tuesday week', NOW).range?.from).toBe('2026-12-08');
    expect(parseWhen('a week on sunday', NOW).range?.from).toBe('2026-12-13');
  });

  it('never reads an age in a title as a day ("nans 70th" when "70th" is a title word)', () => {
    const when = parseWhen('when is nans 70th', NOW, { keep: new Set(['nan', '70th']) });
    expect(when.unclear).toBe(false);
    expect(when.range).toBeNull();
    expect(parseWhen('when is nans 70th', NOW).unclear).toBe(true);
  });

  it('reads "the day after tomorrow" (and "day after tmrw", "overmorrow") as two days on, with its part', () => {
    expect(parseWhen('whats on the day after tomorrow', NOW).range?.from).toBe('2026-12-02');
    expect(parseWhen('day after tmrw', NOW).range?.from).toBe('2026-12-02');
    expect(parseWhen('overmorrow', NOW).range?.from).toBe('2026-12-02');
    expect(parseWhen('day after tomorrow evening', NOW).range?.part?.name).toBe('evening');
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

  it('narrows a day to its morning, afternoon, evening, night, after school or after dinner', () => {
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
      part: { name: 'night', from: '17:00', to: '24:00' },
    });
    expect(parseWhen('after school tomorrow', NOW).range).toMatchObject({
      from: '2026-12-01',
      part: { name: 'after school', from: '15:00', to: '18:00' },
    });
    // "after dinner" is the more specific part of "tonight".
    expect(parseWhen('after dinner tonight', NOW).range).toMatchObject({
      from: '2026-11-30',
      part: { name: 'after dinner', from: '19:00', to: '24:00' },
    });
    expect(parseWhen('after school', NOW).range).toMatchObject({
      from: '2026-11-30',
      part: { name: 'after school' },
    });
  });

  it('returns the question without its date words, and no range when there is none', () => {
    expect(parseWhen('when is soccer tomorrow', NOW).rest).toBe('when is soccer');
    expect(parseWhen('when is soccer', NOW)).toEqual({
      range: null,
      time: null,
      rest: 'when is soccer',
      unclear: false,
    });
  });

  it('reads local fields whatever zone the process runs in (the reference is floating time)', () => {
    // 23:30 on the last day of a month: "tomorrow" is the 1st, not a day skipped or repeated by an offset.
    expect(parseWhen('tomorrow', '2026-11-30T23:30:00').range?.from).toBe('2026-12-01');
    expect(parseWhen('tomorrow', '2026-03-07T23:30:00').range?.from).toBe('2026-03-08');
  });
});

describe('parseWhen: typos, numeric dates, holidays and days it cannot read (issue 28)', () => {
  const US = regionOf('America/Los_Angeles');
  const UK = regionOf('Europe/London');

  it('knows the region of a zone: its country and whether dates are month first', () => {
    expect(US).toEqual({ country: 'US', monthFirst: true });
    expect(UK).toEqual({ country: 'GB', monthFirst: false });
    expect(regionOf('Australia/Sydney')).toEqual({ country: 'AU', monthFirst: false });
  });

  it.each([
    ['saturdy', '2026-12-05'],
    ['wendsday', '2026-12-02'],
    ['fridya', '2026-12-04'],
    ['thursdy', '2026-12-03'],
    ['decmber 13', '2026-12-13'],
  ])('corrects the misspelt day or month in %s', (text, date) => {
    expect(parseWhen(text, NOW, { region: US }).range?.from).toBe(date);
  });

  it('leaves a word alone when it is as near to two day words, and never corrects a kept word', () => {
    expect(correctDateWord('sunday')).toBe('sunday');
    expect(correctDateWord('mondy')).toBe('monday');
    // A weekday's first letters and a clipped "-day".
    expect(correctDateWord('satdy')).toBe('saturday');
    expect(correctDateWord('wedsdy')).toBe('wednesday');
    expect(correctDateWord('friendly')).toBe('friendly');
    expect(parseWhen('maya', NOW, { keep: new Set(['maya']) }).range).toBeNull();
  });

  it('reads numeric dates in the region order, and the other order when only it is a date', () => {
    expect(parseWhen('12/10', NOW, { region: US }).range?.from).toBe('2026-12-10');
    // Issue 43: a date just gone (within half a year) is this year's, marked past; the answer says so.
    expect(parseWhen('12/10', NOW, { region: UK }).range).toMatchObject({ from: '2026-10-12', past: true });
    expect(parseWhen('28/11', NOW, { region: US }).range).toMatchObject({ from: '2026-11-28', past: true });
    expect(parseWhen('12/5/2027', NOW, { region: US }).range?.from).toBe('2027-12-05');
  });

  it("reads the family's holidays, the next one on or after today", () => {
    expect(parseWhen('thanksgiving', NOW, { region: US }).range?.from).toBe('2027-11-25');
    expect(parseWhen('christmas eve', NOW, { region: US }).range?.from).toBe('2026-12-24');
    // No Christmas Eve in the UK dataset: the day before Christmas Day.
    expect(parseWhen('christmas eve', NOW, { region: UK }).range?.from).toBe('2026-12-24');
    expect(parseWhen('boxing day', NOW, { region: UK }).range?.from).toBe('2026-12-26');
  });

  it.each([
    ['blursday', US],
    ['the 45th', US],
    ['13/45', US],
    ['31/11', UK],
    ['next fortnight', US],
    ['thanksgiving', UK],
    ['feb 30', US],
  ])('flags %s as a day it cannot read', (text, region) => {
    expect(parseWhen(text, NOW, { region })).toMatchObject({ range: null, unclear: true });
  });

  it('reads "in the morning" asked in the evening as tomorrow morning', () => {
    expect(parseWhen('in the morning', '2026-11-30T20:30:00').range).toMatchObject({
      from: '2026-12-01',
      part: { name: 'morning' },
    });
    expect(parseWhen('this morning', '2026-11-30T20:30:00').range?.from).toBe('2026-11-30');
  });
});

describe('parseWhen: spans, weekday-date mismatches and past parts of today (issue 28, round 2)', () => {
  const US = regionOf('America/Los_Angeles');
  // Sunday Nov 29 2026.
  const SUN_EVE = '2026-11-29T19:30:00';
  const SUN_AM = '2026-11-29T09:00:00';

  it('reads "this weekend" on a Sunday evening as the coming one, and on a Sunday morning as today', () => {
    expect(parseWhen('this weekend', SUN_EVE).range).toEqual({
      from: '2026-12-05',
      to: '2026-12-06',
      kind: 'coming_weekend',
    });
    expect(parseWhen('this weekend', SUN_AM).range).toMatchObject({ from: '2026-11-29', to: '2026-11-29' });
  });

  it.each([
    ['last week', '2026-11-22', '2026-11-28', 'last_week'],
    ['last weekend', '2026-11-21', '2026-11-22', 'last_weekend'],
    ['the week after next', '2026-12-13', '2026-12-19', 'span'],
    ['saturday and sunday', '2026-12-05', '2026-12-06', 'span'],
    ['friday sunday', '2026-12-04', '2026-12-06', 'span'],
    ['dec 5-7', '2026-12-05', '2026-12-07', 'span'],
    ['this month', '2026-11-29', '2026-11-30', 'month'],
    ['next month', '2026-12-01', '2026-12-31', 'month'],
    ['in january', '2027-01-01', '2027-01-31', 'month'],
    ['the next 3 days', '2026-11-29', '2026-12-02', 'span'],
  ])('reads %s as %s to %s', (text, from, to, kind) => {
    expect(parseWhen(text, SUN_EVE, { region: US }).range).toEqual({ from, to, kind });
  });

  it.each([
    'weeknights',
    'over the break',
    'the school hols',
    'next couple weeks',
    'weekday evenings',
    'this year',
    'saturday mornings',
  ])('flags the span it does not read: %s', (text) => {
    expect(parseWhen(`whats on ${text}`, SUN_EVE, { region: US }).unclear).toBe(true);
  });

  it('keeps the date when the typed weekday disagrees, and notes the weekday typed', () => {
    expect(parseWhen('monday the 8th', SUN_EVE, { region: US }).range).toEqual({
      from: '2026-12-08',
      to: '2026-12-08',
      kind: 'day',
      typedWeekday: 1,
    });
    expect(parseWhen('tuesday the 8th', SUN_EVE, { region: US }).range?.typedWeekday).toBeUndefined();
  });

  it('reads a part of today that is over, named by its weekday, as next week', () => {
    expect(parseWhen('sunday morning', SUN_EVE).range).toMatchObject({ from: '2026-12-06' });
    expect(parseWhen('sunday evening', SUN_EVE).range).toMatchObject({ from: '2026-11-29' });
    expect(parseWhen('this morning', SUN_EVE).range).toMatchObject({ from: '2026-11-29' });
  });

  it('reads a clock time that is an hour or more gone today as tomorrow', () => {
    expect(parseWhen('free at 3', SUN_EVE)).toMatchObject({ time: '15:00', range: { from: '2026-11-30' } });
    expect(parseWhen('free at 7pm', SUN_EVE)).toMatchObject({ range: { from: '2026-11-29' } });
  });

  it("reads a month and day without a year as this year's when just gone, else the next one (issue 43)", () => {
    expect(yearOfMonthDay(11, 27, '2026-11-29')).toEqual({ date: '2026-11-27', past: true });
    expect(yearOfMonthDay(11, 29, '2026-11-29')).toEqual({ date: '2026-11-29', past: false });
    expect(yearOfMonthDay(1, 5, '2026-11-29')).toEqual({ date: '2027-01-05', past: false });
    expect(yearOfMonthDay(2, 30, '2026-11-29')).toBeNull();
    expect(parseWhen('nov 27', '2026-11-29T19:30:00').range).toMatchObject({
      from: '2026-11-27',
      past: true,
    });
    expect(parseWhen('dec 3', '2026-11-29T19:30:00').range?.past).toBeUndefined();
  });

  it('reads "this week" on a weekend as the week ending and the one starting (issue 43)', () => {
    const saturday = parseWhen('this week', '2026-12-05T09:30:00').range;
    expect(saturday).toEqual({ from: '2026-11-29', to: '2026-12-12', kind: 'weekend_weeks' });
    const sunday = parseWhen('this week', '2026-12-06T18:00:00').range;
    expect(sunday).toEqual({ from: '2026-11-29', to: '2026-12-12', kind: 'weekend_weeks' });
    // On a weekday, and "rest of the week", it is what is left of this week.
    expect(parseWhen('this week', '2026-12-02T09:00:00').range).toEqual({
      from: '2026-12-02',
      to: '2026-12-05',
      kind: 'this_week',
    });
    expect(parseWhen('rest of the week', '2026-12-05T09:30:00').range?.kind).toBe('this_week');
  });
});
