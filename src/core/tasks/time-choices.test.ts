import { describe, expect, it } from 'vitest';
import {
  DURATION_MINUTES,
  durationLabel,
  HOUR_CHOICES,
  MINUTE_CHOICES,
  roundedTimeChoice,
} from './time-choices.ts';

describe('time choices', () => {
  it('lists 24 hours from 6 AM, wrapping to 5 AM', () => {
    expect(HOUR_CHOICES).toHaveLength(24);
    expect(HOUR_CHOICES[0]).toEqual({ value: '06', label: '6 AM' });
    expect(HOUR_CHOICES[6]).toEqual({ value: '12', label: '12 PM' });
    expect(HOUR_CHOICES[17]).toEqual({ value: '23', label: '11 PM' });
    expect(HOUR_CHOICES[18]).toEqual({ value: '00', label: '12 AM' });
    expect(HOUR_CHOICES[23]).toEqual({ value: '05', label: '5 AM' });
  });
  it('offers the minutes and durations of SPEC §9', () => {
    expect(MINUTE_CHOICES.map((c) => c.value)).toEqual(['00', '15', '30', '45']);
    expect(DURATION_MINUTES).toEqual([
      15, 30, 45, 60, 75, 90, 105, 120, 135, 150, 165, 180, 240, 300, 360, 480,
    ]);
  });
  it('labels durations', () => {
    expect(durationLabel(15)).toBe('15 minutes');
    expect(durationLabel(60)).toBe('1 hour');
    expect(durationLabel(75)).toBe('1 hour 15 minutes');
    expect(durationLabel(480)).toBe('8 hours');
  });
  it('rounds read-in times to the nearest 15 minutes without leaving the day', () => {
    expect(roundedTimeChoice('2026-12-01T08:53:00')).toEqual({ hour: '09', minute: '00' });
    expect(roundedTimeChoice('2026-12-01T08:07:00')).toEqual({ hour: '08', minute: '00' });
    expect(roundedTimeChoice('2026-12-01T08:08:00')).toEqual({ hour: '08', minute: '15' });
    expect(roundedTimeChoice('2026-12-01T23:55:00')).toEqual({ hour: '23', minute: '45' });
  });
});
