import { describe, expect, it } from 'vitest';
import { filterByAssignees, isOverdue, sortByDueDate } from './sorting.ts';

describe('sortByDueDate', () => {
  it('orders by due date ascending with undated items last, ties by id', () => {
    const items = [
      { id: 1, due_date: null },
      { id: 2, due_date: '2026-12-02T08:00:00' },
      { id: 3, due_date: '2026-12-01T18:30:00' },
      { id: 4, due_date: null },
      { id: 5, due_date: '2026-12-01T18:30:00' },
      { id: 6, due_date: '2026-11-30T23:45:00' },
    ];
    expect(sortByDueDate(items).map((i) => i.id)).toEqual([6, 3, 5, 2, 1, 4]);
  });

  it('does not change the input', () => {
    const items = [
      { id: 2, due_date: null },
      { id: 1, due_date: '2026-12-01T08:00:00' },
    ];
    sortByDueDate(items);
    expect(items.map((i) => i.id)).toEqual([2, 1]);
  });
});

describe('filterByAssignees', () => {
  const tasks = [
    { id: 1, ids: ['1', '2'] },
    { id: 2, ids: ['3'] },
    { id: 3, ids: [] },
  ];
  it('shows everything when nothing is selected', () => {
    expect(filterByAssignees(tasks, new Set(), (t) => t.ids).map((t) => t.id)).toEqual([1, 2, 3]);
  });
  it('keeps an item when any of its assignees is selected', () => {
    expect(filterByAssignees(tasks, new Set(['2']), (t) => t.ids).map((t) => t.id)).toEqual([1]);
    expect(filterByAssignees(tasks, new Set(['2', '3']), (t) => t.ids).map((t) => t.id)).toEqual([1, 2]);
  });
  it('compares numeric ids as strings and ignores null', () => {
    const proposals = [
      { id: 1, assigned_to: 7 as number | null },
      { id: 2, assigned_to: null },
    ];
    expect(filterByAssignees(proposals, new Set(['7']), (p) => [p.assigned_to]).map((p) => p.id)).toEqual([
      1,
    ]);
  });
});

describe('isOverdue (issue 21)', () => {
  it('marks open tasks due before now, not completed, undated or later ones', () => {
    const now = '2026-12-01T08:00:00';
    expect(isOverdue({ status: 'open', due_date: '2026-12-01T07:30:00' }, now)).toBe(true);
    expect(isOverdue({ status: 'open', due_date: '2026-12-01T08:30:00' }, now)).toBe(false);
    expect(isOverdue({ status: 'completed', due_date: '2026-11-30T08:00:00' }, now)).toBe(false);
    expect(isOverdue({ status: 'open', due_date: null }, now)).toBe(false);
  });
});
