import { describe, expect, it } from 'vitest';
import { countSmsSegments } from '../notifications/sms-segments.ts';
import {
  dayHeading,
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

  it('fits a list into 3 SMS segments, whole items only, counting what was left out', () => {
    const items = Array.from({ length: 60 }, (_, i) => `${i + 1}pm Item number ${i + 1}`);
    const text = fitList('Today:', items);
    expect(countSmsSegments(text).segments).toBe(3);
    const shown = Number(/\+(\d+) more\.$/.exec(text)?.[1]);
    // The shown items, then the '+N more.' tail.
    expect(text.split('; ').length - 1 + shown).toBe(60);
    expect(fitList('Today:', ['4pm Soccer'])).toBe('Today: 4pm Soccer.');
  });

  it('counts UCS-2 (emoji, non-Latin names) when fitting', () => {
    const items = Array.from({ length: 20 }, (_, i) => `${i}pm Пикник ${i}`);
    expect(countSmsSegments(fitList('Today:', items)).segments).toBeLessThanOrEqual(3);
  });
});
