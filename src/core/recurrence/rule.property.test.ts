import { describe, expect, it } from 'vitest';
import { generateCase, Random } from '../../../test/recurrence/differential.ts';
import {
  checkRuleSize,
  expandRule,
  MAX_OCCURRENCES_PER_YEAR,
  occurrencesPerYear,
  parseRule,
  RecurrenceError,
  WorkBudget,
  WorkBudgetSpent,
} from './rule.ts';

/**
 * `occurrencesPerYear` is an upper bound read from a rule's parts (issue 39): it must never be below what the
 * expansion really gives in a calendar year, or a rule the engine cannot afford would be let through. Held to
 * `expandRule` on the differential test's rules and on rules with long BYxxx lists, in the year of DTSTART and
 * the next.
 */

/** Occurrences of a rule from `start` in calendar year `year`, or null when the rule is refused. */
function countInYear(start: string, rrule: string, year: number): number | null {
  try {
    return expandRule(start, rrule, 'UTC', `${year}-01-01T00:00:00`, `${year + 1}-01-01T00:00:00`, 600_000)
      .length;
  } catch (error) {
    if (error instanceof RecurrenceError) return null;
    throw error;
  }
}

/** A comma list of `n` distinct values from `min…max`, some negative where the part allows it. */
function values(r: Random, n: number, min: number, max: number, signed: boolean): string {
  const out = new Set<number>();
  while (out.size < n) out.add(r.int(min, max) * (signed && r.chance(0.2) ? -1 : 1));
  return [...out].join(',');
}

/** A rule with long BYxxx lists, the shapes a hostile file uses to multiply occurrences. */
function heavyRule(r: Random): string {
  const freq = r.pick(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const);
  const parts = [`FREQ=${freq}`];
  if (r.chance(0.3)) parts.push(`INTERVAL=${r.int(1, 4)}`);
  if (r.chance(0.6)) parts.push(`BYHOUR=${values(r, r.int(1, 6), 0, 23, false)}`);
  if (r.chance(0.6)) parts.push(`BYMINUTE=${values(r, r.int(1, 4), 0, 59, false)}`);
  if (r.chance(0.4)) parts.push(`BYMONTH=${values(r, r.int(1, 12), 1, 12, false)}`);
  if (freq !== 'WEEKLY' && r.chance(0.4)) parts.push(`BYMONTHDAY=${values(r, r.int(1, 10), 1, 31, true)}`);
  if (freq === 'YEARLY' && r.chance(0.4)) parts.push(`BYYEARDAY=${values(r, r.int(1, 60), 1, 366, true)}`);
  if (freq === 'YEARLY' && r.chance(0.2)) parts.push(`BYWEEKNO=${values(r, r.int(1, 8), 1, 53, false)}`);
  if (r.chance(0.5)) {
    const days = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'].filter(() => r.chance(0.5));
    const numbered = (freq === 'MONTHLY' || freq === 'YEARLY') && r.chance(0.4);
    if (days.length > 0)
      parts.push(`BYDAY=${days.map((d) => (numbered ? `${r.pick([1, 2, -1, 3])}${d}` : d)).join(',')}`);
  }
  if (r.chance(0.2)) parts.push(`BYSETPOS=${values(r, r.int(1, 3), 1, 5, true)}`);
  return parts.join(';');
}

describe('occurrencesPerYear', () => {
  it('is never below the occurrences of a calendar year, on generated rules', () => {
    let checked = 0;
    const check = (start: string, rrule: string) => {
      let rule;
      try {
        rule = parseRule(rrule);
      } catch {
        return;
      }
      const bound = occurrencesPerYear(rule);
      if (bound > 2 * MAX_OCCURRENCES_PER_YEAR) return; // refused by its bound whatever it really makes
      const year = Number(start.slice(0, 4));
      for (const y of [year, year + 1]) {
        const n = countInYear(start, rrule, y);
        if (n === null) continue;
        checked++;
        expect(n, `${rrule} from ${start} in ${y}`).toBeLessThanOrEqual(bound);
      }
    };
    for (let i = 0; i < 400; i++) {
      const c = generateCase(20_261_128, i);
      if (c.series.rrule) check(c.series.start, c.series.rrule.replace(/;(COUNT|UNTIL)=[^;]*/g, ''));
    }
    const r = new Random(39);
    for (let i = 0; i < 400; i++) {
      const start = `${r.int(2025, 2027)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}T${String(r.int(0, 23)).padStart(2, '0')}:00:00`;
      check(start, heavyRule(r));
    }
    expect(checked).toBeGreaterThan(800);
    // About 1,600 calendar years expanded: seconds alone, much longer beside other test files on 2 cores.
  }, 180_000);

  it('refuses the minute-by-minute YEARLY rule of a hostile file before expanding it', () => {
    const all = (n: number, from = 0) => Array.from({ length: n }, (_, i) => i + from).join(',');
    const rule = parseRule(`FREQ=YEARLY;BYYEARDAY=${all(366, 1)};BYHOUR=${all(24)};BYMINUTE=${all(60)}`);
    expect(occurrencesPerYear(rule)).toBe(366 * 24 * 60 + 1);
    expect(() => checkRuleSize(rule)).toThrow(/527,041 occurrences a year; at most 20,000/);
    // A family's busiest real rules stay well inside.
    expect(() => checkRuleSize(parseRule('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'))).not.toThrow();
    expect(() => checkRuleSize(parseRule(`FREQ=DAILY;BYHOUR=${all(24)}`))).not.toThrow();
    expect(occurrencesPerYear(parseRule(`FREQ=DAILY;BYHOUR=${all(24)};BYMINUTE=0,30`))).toBeLessThan(
      MAX_OCCURRENCES_PER_YEAR,
    );
  });
});

/** A daily 09:00 series from 2026-01-01, expanded up to `to` (UTC wall clock) under `budget`. */
const dailyUntil = (to: string, budget: WorkBudget) =>
  expandRule('2026-01-01T09:00:00', 'FREQ=DAILY', 'UTC', '2026-01-01T00:00:00', to, undefined, budget);

describe('WorkBudget', () => {
  it('stops an expansion when its steps are spent, shared across calls', () => {
    const budget = new WorkBudget(1_000, 60_000, () => 0);
    expect(dailyUntil('2027-01-01T00:00:00', budget)).toHaveLength(365);
    expect(() => dailyUntil('2029-01-01T00:00:00', budget)).toThrow(WorkBudgetSpent);
  });

  it('stops an expansion when its time is up', () => {
    let now = 0;
    const budget = new WorkBudget(10_000_000, 50, () => now);
    now = 51;
    expect(() => dailyUntil('2026-02-01T00:00:00', budget)).toThrow(WorkBudgetSpent);
  });
});
