/**
 * Recurrence bench (issue 18): `npm run bench:recurrence`.
 *
 * Prints expansion throughput of the occurrence engine (src/core/recurrence/occurrences.ts `expandEvents`):
 * - a family of 30 typical series (weekly, workdays, fortnightly, monthly by date and by weekday, yearly, all-day,
 *   in the family's zone, in other zones and floating, with EXDATEs and an override) over a one-year window;
 * - a daily series whose DTSTART is 50 years back, asked for one month (cost must follow the window);
 * The figures of the old `expandSeries` (rrule 2.8, deleted in issue 18) measured by the same bench are in
 * docs/performance.md.
 *
 * `--seed N --cases N` instead runs the differential comparison with python3-recurring-ical-events (as
 * occurrences.property.test.ts does, on another or larger generated set) and prints the agreement counts.
 */
import { parseArgs } from 'node:util';
import { IcalOracle, runDifferential } from '../../test/oracles/ical-oracle-process.ts';
import { expandEvents, type EngineEvent } from '../../src/core/recurrence/occurrences.ts';

const FAMILY_ZONE = 'America/Los_Angeles';
const YEAR = { from: '2026-01-01T00:00:00', to: '2027-01-01T00:00:00' };
const MONTH = { from: '2026-03-01T00:00:00', to: '2026-04-01T00:00:00' };

function series(id: number, start: string, rrule: string, over: Partial<EngineEvent> = {}): EngineEvent {
  return {
    id,
    start,
    end: null,
    durationMinutes: 60,
    allDay: false,
    zone: FAMILY_ZONE,
    rrule,
    exdates: [],
    rdates: [],
    parentId: null,
    recurrenceId: null,
    ...over,
  };
}

/** Thirty series a busy family might have. */
function typicalFamily(): EngineEvent[] {
  const rules: Array<[string, string, Partial<EngineEvent>?]> = [
    ['2025-09-01T07:30:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    ['2025-09-01T15:00:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', { exdates: ['2026-03-16T15:00:00'] }],
    ['2025-09-02T16:30:00', 'FREQ=WEEKLY;BYDAY=TU,TH'],
    ['2025-09-03T17:00:00', 'FREQ=WEEKLY'],
    ['2025-09-06T09:00:00', 'FREQ=WEEKLY;BYDAY=SA'],
    ['2025-09-07T10:00:00', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SU'],
    ['2025-01-05T19:00:00', 'FREQ=WEEKLY;INTERVAL=2'],
    ['2024-01-01T08:00:00', 'FREQ=DAILY'],
    ['2024-01-01T21:00:00', 'FREQ=DAILY;INTERVAL=2'],
    ['2025-06-01T06:30:00', 'FREQ=DAILY;BYDAY=MO,WE,FR'],
    ['2025-01-15T18:00:00', 'FREQ=MONTHLY'],
    ['2025-01-01T09:00:00', 'FREQ=MONTHLY;BYMONTHDAY=1,15'],
    ['2025-01-31T12:00:00', 'FREQ=MONTHLY;BYMONTHDAY=-1'],
    ['2025-01-14T19:30:00', 'FREQ=MONTHLY;BYDAY=2TU'],
    ['2025-01-03T20:00:00', 'FREQ=MONTHLY;BYDAY=1FR,3FR'],
    ['2025-01-30T17:00:00', 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1'],
    ['2025-02-10T10:00:00', 'FREQ=MONTHLY;INTERVAL=3'],
    ['2010-03-14T00:00:00', 'FREQ=YEARLY', { allDay: true, durationMinutes: 1440 }],
    ['1985-07-02T00:00:00', 'FREQ=YEARLY', { allDay: true, durationMinutes: 1440 }],
    ['2012-11-20T00:00:00', 'FREQ=YEARLY', { allDay: true, durationMinutes: 1440 }],
    ['2020-05-01T00:00:00', 'FREQ=YEARLY;BYMONTH=5;BYDAY=2SU', { allDay: true, durationMinutes: 1440 }],
    ['2020-11-01T00:00:00', 'FREQ=YEARLY;BYMONTH=11;BYDAY=4TH', { allDay: true, durationMinutes: 1440 }],
    ['2025-09-01T00:00:00', 'FREQ=WEEKLY;BYDAY=FR', { allDay: true, durationMinutes: 1440 }],
    ['2025-09-01T08:00:00', 'FREQ=WEEKLY;BYDAY=MO', { zone: 'Asia/Tokyo' }],
    ['2025-09-01T18:00:00', 'FREQ=WEEKLY;BYDAY=WE', { zone: 'Europe/Berlin' }],
    ['2025-09-01T09:00:00', 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', { zone: 'America/New_York' }],
    ['2025-09-01T12:00:00', 'FREQ=WEEKLY;BYDAY=TH', { zone: null }],
    ['2025-09-01T07:00:00', 'FREQ=MONTHLY;BYMONTHDAY=10', { zone: null }],
    ['2025-01-01T10:00:00', 'FREQ=WEEKLY;BYDAY=SA;UNTIL=20261231T235959Z'],
    ['2026-01-05T19:00:00', 'FREQ=WEEKLY;BYDAY=MO;COUNT=40'],
  ];
  const family = rules.map(([start, rrule, over], i) => series(i + 1, start, rrule, over));
  // One moved occurrence (an override of series 4).
  family.push({
    ...series(99, '2026-03-12T17:00:00', ''),
    rrule: null,
    parentId: 4,
    recurrenceId: '2026-03-11T17:00:00',
  });
  return family;
}

/** Runs `work` for at least `ms` milliseconds (after a warm-up) and returns ms per run and items per run. */
function measure(work: () => number, ms = 2_000): { msPerRun: number; items: number } {
  for (let i = 0; i < 3; i++) work();
  let runs = 0;
  let items = 0;
  const started = performance.now();
  while (performance.now() - started < ms) {
    items = work();
    runs++;
  }
  return { msPerRun: (performance.now() - started) / runs, items };
}

function print(label: string, r: { msPerRun: number; items: number }): void {
  const perSecond = Math.round((r.items / r.msPerRun) * 1000);
  console.log(
    `${label.padEnd(58)} ${r.msPerRun.toFixed(2).padStart(8)} ms  ${String(r.items).padStart(5)} occ  ${String(perSecond).padStart(8)} occ/s`,
  );
}

function benchNewEngine(): void {
  const family = typicalFamily();
  print(
    'engine: 30 series, one-year window',
    measure(() => expandEvents(family, YEAR, FAMILY_ZONE).occurrences.length),
  );
  const old = [series(1, '1976-03-01T08:00:00', 'FREQ=DAILY')];
  print(
    'engine: daily from 50 years back, one month',
    measure(() => expandEvents(old, MONTH, FAMILY_ZONE).occurrences.length),
  );
}

async function differential(seed: number, cases: number): Promise<void> {
  const oracle = new IcalOracle();
  const started = performance.now();
  const report = await runDifferential(oracle, seed, cases);
  oracle.close();
  const refused = [...report.refused.values()].reduce((a, b) => a + b, 0);
  console.log(`seed ${seed}, ${cases} cases in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(
    `compared ${report.compared}, agreed ${report.agreed}, disagreed ${report.disagreements.length}`,
  );
  console.log(`refused ${refused}:`);
  for (const [reason, n] of report.refused) console.log(`  ${n} × ${reason}`);
  console.log(
    `oracle deviations corrected: COUNT+1 ${report.adjustments.countPlusOne}, ambiguous time read first ${report.adjustments.ambiguousFirst}`,
  );
  for (const d of report.disagreements.slice(0, 5)) console.log(`\n${d}`);
  if (report.disagreements.length > 0) process.exitCode = 1;
}

const { values } = parseArgs({ options: { seed: { type: 'string' }, cases: { type: 'string' } } });
if (values.seed !== undefined || values.cases !== undefined) {
  await differential(Number(values.seed ?? 1), Number(values.cases ?? 10_000));
} else {
  benchNewEngine();
}
