import { describe, expect, it } from 'vitest';
import { countSmsSegments, smsEncoding } from '../notifications/sms-segments.ts';
import {
  dayHeading,
  smsPages,
  toGsm7,
  fitList,
  formatDate,
  formatTime,
  formatTimeRange,
  joinNames,
  relativeDay,
} from './format.ts';

describe('format', () => {
  it('writes short times', () => {
    expect(formatTime('2026-12-01T16:00:00')).toBe('4pm');
    expect(formatTime('2026-12-01T16:30:00')).toBe('4:30pm');
    expect(formatTime('2026-12-01T12:00:00')).toBe('12pm');
    expect(formatTime('2026-12-01T00:15:00')).toBe('12:15am');
    expect(formatTimeRange('2026-12-01T16:00:00', '2026-12-01T17:30:00')).toBe('4-5:30pm');
    expect(formatTimeRange('2026-12-01T11:00:00', '2026-12-01T12:00:00')).toBe('11am-12pm');
  });

  it('writes dates and days relative to today', () => {
    expect(formatDate('2026-12-01')).toBe('Tue Dec 1');
    expect(relativeDay('2026-11-30', '2026-11-30')).toBe('today');
    expect(relativeDay('2026-12-01', '2026-11-30')).toBe('tomorrow');
    expect(dayHeading('2026-12-05', '2026-11-30')).toBe('Sat Dec 5');
    expect(dayHeading('2026-12-01', '2026-11-30')).toBe('Tomorrow (Tue Dec 1)');
  });

  it('joins names', () => {
    expect(joinNames([])).toBe('');
    expect(joinNames(['Maya'])).toBe('Maya');
    expect(joinNames(['Ana', 'Maya', 'Leo'])).toBe('Ana, Maya and Leo');
  });

  it('lists every item, for smsPages to split', () => {
    expect(fitList('Today:', ['4pm Soccer'])).toBe('Today: 4pm Soccer.');
    expect(fitList('Today:', ['4pm Soccer', '6pm Swim'])).toBe('Today: 4pm Soccer; 6pm Swim.');
  });

  it('splits a long list into SMS of at most 2 segments at the items, each but the last saying how many are left', () => {
    const items = Array.from({ length: 60 }, (_, i) => `${i + 1}pm Item number ${i + 1}`);
    const pages = smsPages(fitList('Today:', items));
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages) {
      // 3GPP TS 23.040: 2 concatenated GSM-7 segments are 2 x 153 septets.
      expect(countSmsSegments(page)).toMatchObject({ encoding: 'GSM-7' });
      expect(countSmsSegments(page).segments).toBeLessThanOrEqual(2);
    }
    const first = pages[0] ?? '';
    expect(first).toMatch(/^Today: 1pm Item number 1; .*; \+\d+ more\. Reply MORE$/);
    // Nothing is lost or repeated: the items of every SMS, in order, are all 60.
    const shown = pages.flatMap((p) =>
      p
        .replace(/^Today: /, '')
        .replace(/;? \+\d+ more\. Reply MORE$/, '')
        .replace(/\.$/, '')
        .split('; '),
    );
    expect(shown).toEqual(items);
    const left = Number(/\+(\d+) more/.exec(first)?.[1]);
    expect(left).toBe(60 - (first.split('; ').length - 1));
    expect(smsPages('Today: 4pm Soccer.')).toEqual(['Today: 4pm Soccer.']);
  });

  it('splits UCS-2 text (non-Latin titles) by its own limits: 67 code units a concatenated segment', () => {
    const items = Array.from({ length: 20 }, (_, i) => `${i}pm Пикник ${i}`);
    const pages = smsPages(fitList('Today:', items));
    for (const page of pages) {
      expect(countSmsSegments(page)).toMatchObject({ encoding: 'UCS-2' });
      expect(countSmsSegments(page).segments).toBeLessThanOrEqual(2);
    }
    expect(pages.length).toBeGreaterThan(1);
  });

  it('makes a reply GSM-7 where its content allows (3GPP TS 23.038): quotes, dashes, accents, emoji', () => {
    expect(
      toGsm7('Zoe\u2019s bday party \u{1F389} at Bounce\u2013a\u2013Lot \u2014 \u201cfun\u201d\u2026'),
    ).toEqual({
      text: 'Zoe\'s bday party at Bounce-a-Lot - "fun"...',
      dropped: true,
    });
    // GSM-7 has é and ñ; it has no ó, which is written plain.
    expect(toGsm7('José and Begoña at Ramón\u2019s')).toEqual({
      text: "José and Begoña at Ramon's",
      dropped: false,
    });
    expect(toGsm7('Family \u{1F468}\u200d\u{1F469}\u200d\u{1F467} day').text).toBe('Family day');
    // What has no plain form stays: the SMS is then UCS-2, as it must be.
    expect(smsEncoding(toGsm7('Пикник').text)).toBe('UCS-2');
    expect(toGsm7('Plain text.')).toEqual({ text: 'Plain text.', dropped: false });
  });
});
