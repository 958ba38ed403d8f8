import { describe, expect, it } from 'vitest';
import { eventTasksToShow } from './event-task-list.ts';

/** A task of the event: `occurrence` its occurrence (null: a one-off's or one added by hand). */
const task = (id: number, occurrence: string | null, kind: 'pickup' | 'dropoff' | null = 'pickup') => ({
  id,
  occurrence_start: occurrence,
  transport_kind: kind,
});

// A daily school run's week (ADR 047): a drop-off and a pickup a day, plus one task added by hand.
const days = [
  '2026-11-30',
  '2026-12-01',
  '2026-12-02',
  '2026-12-03',
  '2026-12-04',
  '2026-12-05',
  '2026-12-06',
];
const week = [
  task(1, null, null),
  ...days.flatMap((d, i) => [
    task(10 + 2 * i, `${d}T08:00:00`, 'dropoff'),
    task(11 + 2 * i, `${d}T08:00:00`),
  ]),
];

describe('eventTasksToShow', () => {
  it('lists the occurrence being edited and the tasks of no occurrence, and counts the other drives', () => {
    const { shown, otherDrives } = eventTasksToShow(week, '2026-12-02T08:00:00');
    expect(shown.map((t) => t.id)).toEqual([1, 14, 15]);
    expect(otherDrives).toBe(12);
  });

  it('lists the first occurrence with tasks when none is chosen, in the order given', () => {
    const shuffled = [...week].reverse();
    const { shown, otherDrives } = eventTasksToShow(shuffled, null);
    expect(shown.map((t) => t.id)).toEqual([11, 10, 1]);
    expect(otherDrives).toBe(12);
  });

  it('an occurrence more than a week ahead has no tasks yet: none of the others are listed', () => {
    const { shown, otherDrives } = eventTasksToShow(week, '2027-01-04T08:00:00');
    expect(shown.map((t) => t.id)).toEqual([1]);
    expect(otherDrives).toBe(14);
  });

  it('a one-off event lists all its tasks', () => {
    const oneOff = [task(1, null, null), task(2, null, 'dropoff'), task(3, null)];
    expect(eventTasksToShow(oneOff, null)).toEqual({ shown: oneOff, otherDrives: 0 });
    expect(eventTasksToShow([], '2026-12-02T08:00:00')).toEqual({ shown: [], otherDrives: 0 });
  });
});
