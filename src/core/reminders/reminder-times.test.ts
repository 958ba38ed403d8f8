import { describe, expect, it } from 'vitest';
import { dailySummaryWindow, taskReminderInstant } from './reminder-times.ts';

const iso = (d: Date) => d.toISOString();

describe('taskReminderInstant across DST', () => {
  it('America/Los_Angeles spring forward (2026-03-08): elapsed minutes before, wall clock for a day', () => {
    // 03:30 PDT = 10:30Z; one real hour earlier is 01:30 PST.
    expect(iso(taskReminderInstant('2026-03-08T03:30:00', '1_hour_before', 'America/Los_Angeles'))).toBe(
      '2026-03-08T09:30:00.000Z',
    );
    // 08:00 PDT the day of the change, reminded at 08:00 PST the day before (16:00Z).
    expect(iso(taskReminderInstant('2026-03-08T08:00:00', '1_day_before', 'America/Los_Angeles'))).toBe(
      '2026-03-07T16:00:00.000Z',
    );
    // A due time inside the gap (02:30 does not exist) is read as 03:30 PDT (RFC 5545).
    expect(iso(taskReminderInstant('2026-03-08T02:30:00', 'at_due_date', 'America/Los_Angeles'))).toBe(
      '2026-03-08T10:30:00.000Z',
    );
  });

  it('America/Los_Angeles fall back (2026-11-01): the ambiguous 01:30 is the first one', () => {
    expect(iso(taskReminderInstant('2026-11-01T01:30:00', '15_minutes_before', 'America/Los_Angeles'))).toBe(
      '2026-11-01T08:15:00.000Z',
    );
    expect(iso(taskReminderInstant('2026-11-01T09:00:00', '4_hours_before', 'America/Los_Angeles'))).toBe(
      '2026-11-01T13:00:00.000Z', // 09:00 PST = 17:00Z; four real hours earlier
    );
  });

  it('Europe/London spring forward (2026-03-29) and fall back (2026-10-25)', () => {
    expect(iso(taskReminderInstant('2026-03-29T09:00:00', '1_day_before', 'Europe/London'))).toBe(
      '2026-03-28T09:00:00.000Z',
    );
    expect(iso(taskReminderInstant('2026-03-29T09:00:00', '30_minutes_before', 'Europe/London'))).toBe(
      '2026-03-29T07:30:00.000Z',
    );
    expect(iso(taskReminderInstant('2026-10-25T09:00:00', '1_day_before', 'Europe/London'))).toBe(
      '2026-10-24T08:00:00.000Z',
    );
  });
});

describe('dailySummaryWindow', () => {
  it('is 07:30–10:00 on the wall clock on both sides of a DST change', () => {
    const before = dailySummaryWindow('2026-03-07', 'America/Los_Angeles');
    const after = dailySummaryWindow('2026-03-08', 'America/Los_Angeles');
    expect([iso(before.sendAt), iso(before.expiresAt)]).toEqual([
      '2026-03-07T15:30:00.000Z',
      '2026-03-07T18:00:00.000Z',
    ]);
    expect([iso(after.sendAt), iso(after.expiresAt)]).toEqual([
      '2026-03-08T14:30:00.000Z',
      '2026-03-08T17:00:00.000Z',
    ]);
    expect(iso(dailySummaryWindow('2026-10-25', 'Europe/London').sendAt)).toBe('2026-10-25T07:30:00.000Z');
    expect(iso(dailySummaryWindow('2026-10-24', 'Europe/London').sendAt)).toBe('2026-10-24T06:30:00.000Z');
  });
});
