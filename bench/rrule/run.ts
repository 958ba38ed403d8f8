/**
 * RRULE library comparison (issue 18, item 4; docs/decisions/004-rrule-library.md): `npm run bench:rrule`
 * (`-- --seed N --cases N --timeout MS`; default seed 1, 1,000 cases, 5,000 ms).
 *
 * For rrule, rrule-temporal (also with `includeDtstart`), ical.js, rrule-rust and FamilyHub's own engine
 * (`expandEvents`), it prints one row per library:
 * - throws: cases where the library threw, ran out of memory or time (each counted as a disagreement too);
 * - = rie raw: the same instances as Debian's python3-recurring-ical-events 2.0.1 (the oracle process of the
 *   differential test, test/oracles/ical-oracle-process.ts) on the same window;
 * - = rie +DTSTART: the same, with DTSTART added as the first instance when the library leaves it out (RFC 5545
 *   §3.8.5.3: "The "DTSTART" property value always counts as the first occurrence");
 * - = dateutil raw: the same instances as python3-dateutil 2.8.2's `rrulestr` (bench/rrule/dateutil-rrule.py);
 * - RFC examples: the DAILY–YEARLY examples of RFC 5545 §3.8.5.3 passed (bench/rrule/rfc5545-examples.ts);
 * - speed: occurrences/s for a weekly rule over a year and for a daily rule from 30 years back asked for one
 *   month (median of 5 runs, floating time, in this thread).
 *
 * Corpus: cases 0 … N-1 of `generateCase(seed, i)` (test/recurrence/differential.ts), the series alone (no
 * EXDATE, RDATE or override), zero-length (all-day: one day), so that the oracle's window test is "starts in the
 * family's window". The libraries run on a floating clock (bench/rrule/libraries.ts) over the window widened by
 * two days; their wall-clock instances are read in the series' zone (floating: the family's) and cut to the
 * window here, the same way for every library. The engine row is compared with the oracle as the differential
 * test compares it (COUNT counts DTSTART: the oracle's extra COUNT instance is taken out), so its two rie columns
 * are the same figure. Libraries run in a child process (bench/rrule/worker.ts) with a heap limit and a per-case
 * timeout; a library that runs away is counted in "throws" and the process restarted.
 */
import os from 'node:os';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  generateCase,
  oracleRequest,
  oracleSpans,
  ourSpans,
  type Adjustments,
  type DiffCase,
} from '../../test/recurrence/differential.ts';
import { IcalOracle } from '../../test/oracles/ical-oracle-process.ts';
import { expandEvents, refusal, type EngineEvent } from '../../src/core/recurrence/occurrences.ts';
import {
  addLocalMinutes,
  instantToLocal,
  localDateOf,
  localToInstant,
} from '../../src/core/time/local-time.ts';
import { loadLibraries, type Library, type RuleInput } from './libraries.ts';
import { expectedInstances, RFC_EXAMPLES } from './rfc5545-examples.ts';
import type { WorkAnswer, WorkRequest } from './worker.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ENGINE = 'FamilyHub engine (expandEvents)';
/** Heap of the child process the libraries run in (ical.js can grow without bound). */
const WORKER_HEAP_MB = 512;

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    cases: { type: 'string', default: '1000' },
    timeout: { type: 'string', default: '5000' },
  },
});
const SEED = Number(values.seed);
const CASES = Number(values.cases);
const TIMEOUT_MS = Number(values.timeout);

/** Libraries run one request at a time in a child process; a timeout or a crash restarts it. */
class LibraryWorker {
  private child!: ChildProcess;
  private ready!: Promise<void>;
  private nextId = 0;
  private readonly queue: Array<() => void> = [];
  private busy = false;
  restarts = 0;

  constructor() {
    this.start();
  }

  private start(): void {
    const child = fork(path.join(here, 'worker.ts'), [], {
      execArgv: ['--import', 'tsx', `--max-old-space-size=${WORKER_HEAP_MB}`],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    this.child = child;
    this.ready = new Promise((resolve) => {
      const onReady = (message: unknown) => {
        if (typeof message === 'object' && message !== null && 'ready' in message) {
          child.off('message', onReady);
          resolve();
        }
      };
      child.on('message', onReady);
    });
  }

  /** The library's instances, or the reason it gave none (error text, "timeout", "crashed: …"). */
  expand(library: string, input: RuleInput, from: string, to: string): Promise<string[] | { error: string }> {
    return new Promise((resolve) => {
      const run = () => void this.run({ id: this.nextId++, library, input, from, to }).then(resolve);
      if (this.busy) this.queue.push(run);
      else run();
    });
  }

  private async run(request: WorkRequest): Promise<string[] | { error: string }> {
    this.busy = true;
    await this.ready;
    const child = this.child;
    const result = await new Promise<string[] | { error: string }>((resolve) => {
      const done = (value: string[] | { error: string }, restart: boolean) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (restart) {
          this.restarts++;
          child.kill('SIGKILL');
          this.start();
        }
        resolve(value);
      };
      const onMessage = (message: unknown) => {
        // The child's answers: WorkAnswer (see worker.ts).
        const answer = message as WorkAnswer;
        if (answer.id !== request.id) return;
        done('walls' in answer ? answer.walls : { error: answer.error }, false);
      };
      const onExit = (code: number | null, signal: string | null) =>
        done({ error: `crashed (${signal ?? `exit ${code}`}, out of memory?)` }, true);
      const timer = setTimeout(() => done({ error: `timeout (${TIMEOUT_MS} ms)` }, true), TIMEOUT_MS);
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.send(request);
    });
    this.busy = false;
    this.queue.shift()?.();
    return result;
  }

  close(): void {
    this.child.disconnect();
  }
}

/** python3-dateutil's instances of a rule (bench/rrule/dateutil-rrule.py), one request line at a time. */
class Dateutil {
  private readonly child = spawn('/usr/bin/python3', [path.join(here, 'dateutil-rrule.py')]);
  private readonly pending: Array<(line: string) => void> = [];
  constructor() {
    createInterface({ input: this.child.stdout }).on('line', (line) => this.pending.shift()?.(line));
  }
  ask(input: RuleInput, from: string, to: string): Promise<string[] | { error: string }> {
    return new Promise((resolve) => {
      // The line is the script's JSON answer: a list of wall-clock starts or {error}.
      this.pending.push((line) => resolve(JSON.parse(line) as string[] | { error: string }));
      this.child.stdin.write(`${JSON.stringify({ ...input, from, to })}\n`);
    });
  }
  close(): void {
    this.child.stdin.end();
  }
}

/** Wall-clock text of a compact RRULE date or date-time (`Z`: read in `zone`). */
function wallOfCompact(value: string, zone: string): string {
  const iso = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T${value.slice(9, 11) || '00'}:${value.slice(11, 13) || '00'}:${value.slice(13, 15) || '00'}`;
  return value.endsWith('Z') ? instantToLocal(new Date(`${iso}Z`), zone) : iso;
}

/** The rule as the libraries take it: UNTIL in the series' wall clock (`YYYYMMDDTHHMMSS`). */
function ruleInput(dtstart: string, rrule: string, zone: string): RuleInput {
  return {
    dtstart: dtstart.slice(0, 19),
    rrule: rrule.replace(
      /UNTIL=(\d{8}(?:T\d{6}Z?)?)/,
      (_, until: string) => `UNTIL=${wallOfCompact(until, zone).slice(0, 19).replace(/[-:]/g, '')}`,
    ),
  };
}

function iso(d: Date): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

/** The bare series of a case: no EXDATE, RDATE or override; zero-length (all-day: one day). */
function bare(c: DiffCase): DiffCase {
  const { series } = c;
  const end = series.allDay ? addLocalMinutes(series.start, 1440) : series.start;
  const s: EngineEvent = {
    ...series,
    end,
    durationMinutes: series.allDay ? 1440 : 0,
    exdates: [],
    rdates: [],
  };
  return { ...c, series: s, override: null, dateTimeRecurrenceId: false };
}

/**
 * A library's wall-clock instances in the oracle's terms (all-day: dates; timed: UTC instants, floating read in
 * the family's zone), cut to the case's window as the oracle cuts it, sorted.
 */
function keysInWindow(c: DiffCase, walls: readonly string[]): string[] {
  const s = c.series;
  if (s.allDay) {
    const from = localDateOf(c.from);
    const to = localDateOf(c.to);
    return walls
      .map((w) => localDateOf(w))
      .filter((d) => d >= from && d < to)
      .sort();
  }
  if (s.zone === null) {
    return walls
      .filter((w) => w >= c.from && w < c.to)
      .map((w) => iso(localToInstant(w, c.familyZone)))
      .sort();
  }
  const zone = s.zone;
  const from = localToInstant(c.from, c.familyZone).getTime();
  const to = localToInstant(c.to, c.familyZone).getTime();
  return walls
    .map((w) => localToInstant(w, zone))
    .filter((d) => d.getTime() >= from && d.getTime() < to)
    .map(iso)
    .sort();
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

interface Row {
  name: string;
  throws: number;
  rieRaw: number;
  riePlus: number;
  dateutil: number;
  rfc: number;
  rfcFailed: string[];
  errors: Map<string, number>;
  weekly: number;
  daily: number;
  dailyMs: number;
  /** Cases (index) that disagree with rie after +DTSTART, the first few, to reproduce them. */
  misses: number[];
}

function newRow(name: string): Row {
  return {
    name,
    throws: 0,
    rieRaw: 0,
    riePlus: 0,
    dateutil: 0,
    rfc: 0,
    rfcFailed: [],
    errors: new Map(),
    weekly: 0,
    daily: 0,
    dailyMs: 0,
    misses: [],
  };
}

function countError(row: Row, error: string): void {
  row.throws++;
  const key = error.replace(/\d+/g, 'N').replace(/\s+/g, ' ').slice(0, 70);
  row.errors.set(key, (row.errors.get(key) ?? 0) + 1);
}

async function corpus(
  libraries: Library[],
  rows: Map<string, Row>,
  worker: LibraryWorker,
): Promise<{ compared: number; oracleErrors: number; dateutilErrors: number; adjustments: Adjustments }> {
  const oracle = new IcalOracle();
  const dateutil = new Dateutil();
  const adjustments: Adjustments = { countPlusOne: 0, ambiguousFirst: 0 };
  let compared = 0;
  let oracleErrors = 0;
  let dateutilErrors = 0;
  let next = 0;
  const one = async (index: number) => {
    const c = bare(generateCase(SEED, index));
    const s = c.series;
    const rule = s.rrule ?? '';
    const eventZone = s.zone ?? c.familyZone;
    const input = ruleInput(s.start, rule, eventZone);
    const wideFrom = addLocalMinutes(c.from, -2 * 1440);
    const wideTo = addLocalMinutes(c.to, 2 * 1440);
    let answer;
    try {
      answer = await oracle.ask(oracleRequest(c));
    } catch {
      oracleErrors++;
      return;
    }
    const starts = (spans: string[]) => spans.map((span) => span.split('/')[0] ?? '').sort();
    // rie as it answers (DTSTART on top of COUNT rule instances) and as the differential test reads it.
    const rieRaw = starts(
      oracleSpans(c, { ...answer, countPlusOne: false }, { countPlusOne: 0, ambiguousFirst: 0 }),
    );
    const rieRfc = starts(oracleSpans(c, answer, adjustments));
    const du = await dateutil.ask(input, wideFrom, wideTo);
    const duKeys = Array.isArray(du) ? keysInWindow(c, du) : null;
    if (duKeys === null) dateutilErrors++;
    compared++;

    const engineRow = rows.get(ENGINE);
    if (engineRow) {
      const reason = refusal(s, c.familyZone);
      const { occurrences, failures } = expandEvents([s], { from: c.from, to: c.to }, c.familyZone);
      const failed = reason ?? failures[0]?.reason;
      if (failed !== undefined) countError(engineRow, failed);
      else {
        const ours = starts(ourSpans(c, occurrences));
        if (same(ours, rieRfc)) {
          engineRow.rieRaw++;
          engineRow.riePlus++;
        } else engineRow.misses.push(index);
        if (duKeys !== null && same(ours, duKeys)) engineRow.dateutil++;
      }
    }
    const dtstartKey = keysInWindow(c, [input.dtstart]);
    for (const library of libraries) {
      const row = rows.get(library.name);
      if (!row) continue;
      const walls = await worker.expand(library.name, input, wideFrom, wideTo);
      if (!Array.isArray(walls)) {
        countError(row, walls.error);
        continue;
      }
      const keys = keysInWindow(c, walls);
      if (same(keys, rieRaw)) row.rieRaw++;
      const plus = dtstartKey.every((k) => keys.includes(k)) ? keys : [...keys, ...dtstartKey].sort();
      if (same(plus, rieRaw)) row.riePlus++;
      else row.misses.push(index);
      if (duKeys !== null && same(keys, duKeys)) row.dateutil++;
    }
  };
  // A few cases in flight, so that the two Python processes and the worker overlap.
  const lane = async () => {
    while (next < CASES) await one(next++);
  };
  await Promise.all([lane(), lane(), lane()]);
  oracle.close();
  dateutil.close();
  return { compared, oracleErrors, dateutilErrors, adjustments };
}

const RFC_ZONE = 'America/New_York';

async function rfcExamples(
  libraries: Library[],
  rows: Map<string, Row>,
  worker: LibraryWorker,
): Promise<void> {
  for (const example of RFC_EXAMPLES) {
    const expected = expectedInstances(example);
    const last = expected[expected.length - 1] ?? example.dtstart;
    const to = example.open ? last : '2100-01-01T00:00:00';
    const input = ruleInput(example.dtstart, example.rrule, RFC_ZONE);
    const exdates = new Set(example.exdates ?? []);
    const check = (row: Row, walls: readonly string[]) => {
      const got = walls.filter((w) => !exdates.has(w) && w <= to);
      if (same(got, expected)) row.rfc++;
      else row.rfcFailed.push(example.title);
    };
    for (const library of libraries) {
      const row = rows.get(library.name);
      if (!row) continue;
      const walls = await worker.expand(library.name, input, example.dtstart, to);
      if (Array.isArray(walls)) check(row, walls);
      else row.rfcFailed.push(`${example.title} (${walls.error.slice(0, 60)})`);
    }
    const engineRow = rows.get(ENGINE);
    if (engineRow) {
      const series: EngineEvent = {
        id: 1,
        start: example.dtstart,
        end: null,
        durationMinutes: 0,
        allDay: false,
        zone: RFC_ZONE,
        rrule: example.rrule,
        exdates: [...exdates],
        rdates: [],
        parentId: null,
        recurrenceId: null,
      };
      const { occurrences, failures } = expandEvents(
        [series],
        { from: example.dtstart, to: addLocalMinutes(to, 1) },
        RFC_ZONE,
      );
      if (failures.length > 0) engineRow.rfcFailed.push(`${example.title} (${failures[0]?.reason ?? ''})`);
      else check(engineRow, occurrences.map((o) => o.start.slice(0, 19)).sort());
    }
  }
}

/** Median over 5 runs of occurrences per second of `work` (each run repeats it for at least 200 ms). */
function speed(work: () => number): { perSecond: number; msPerCall: number } {
  for (let i = 0; i < 3; i++) work();
  const runs: Array<{ perSecond: number; msPerCall: number }> = [];
  for (let r = 0; r < 5; r++) {
    let calls = 0;
    let items = 0;
    const started = performance.now();
    while (performance.now() - started < 200 || calls === 0) {
      items += work();
      calls++;
    }
    const ms = performance.now() - started;
    runs.push({ perSecond: (items / ms) * 1000, msPerCall: ms / calls });
  }
  runs.sort((a, b) => a.perSecond - b.perSecond);
  return runs[2] ?? { perSecond: 0, msPerCall: 0 };
}

const WEEKLY: RuleInput = { dtstart: '2026-01-05T09:00:00', rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR' };
const DAILY: RuleInput = { dtstart: '1996-03-01T08:00:00', rrule: 'FREQ=DAILY' };

function speeds(libraries: Library[], rows: Map<string, Row>): void {
  for (const library of libraries) {
    const row = rows.get(library.name);
    if (!row) continue;
    row.weekly = speed(
      () => library.expand(WEEKLY, '2026-01-01T00:00:00', '2026-12-31T23:59:59').length,
    ).perSecond;
    const daily = speed(() => library.expand(DAILY, '2026-03-01T00:00:00', '2026-03-31T23:59:59').length);
    row.daily = daily.perSecond;
    row.dailyMs = daily.msPerCall;
  }
  const engineRow = rows.get(ENGINE);
  if (!engineRow) return;
  const series = (input: RuleInput): EngineEvent => ({
    id: 1,
    start: input.dtstart,
    end: null,
    durationMinutes: 60,
    allDay: false,
    zone: null,
    rrule: input.rrule,
    exdates: [],
    rdates: [],
    parentId: null,
    recurrenceId: null,
  });
  const weekly = [series(WEEKLY)];
  engineRow.weekly = speed(
    () =>
      expandEvents(weekly, { from: '2026-01-01T00:00:00', to: '2027-01-01T00:00:00' }, 'UTC').occurrences
        .length,
  ).perSecond;
  const dailySeries = [series(DAILY)];
  const daily = speed(
    () =>
      expandEvents(dailySeries, { from: '2026-03-01T00:00:00', to: '2026-04-01T00:00:00' }, 'UTC').occurrences
        .length,
  );
  engineRow.daily = daily.perSecond;
  engineRow.dailyMs = daily.msPerCall;
}

function percent(n: number, of: number): string {
  return of === 0 ? '—' : `${((n / of) * 100).toFixed(1)}%`;
}

function rate(n: number): string {
  if (n >= 10_000) return `${Math.round(n / 1000)}k`;
  if (n >= 1_000) return `${(n / 1000).toFixed(1)}k`;
  return String(Math.round(n));
}

const started = performance.now();
const { libraries, leftOut } = await loadLibraries();
const rows = new Map<string, Row>([...libraries.map((l) => l.name), ENGINE].map((n) => [n, newRow(n)]));
const worker = new LibraryWorker();
const load = os.loadavg().map((l) => l.toFixed(1));
console.log(
  `RRULE libraries: seed ${SEED}, ${CASES} cases, timeout ${TIMEOUT_MS} ms, ${new Date().toISOString().slice(0, 10)}, ` +
    `${os.cpus().length} cores, load ${load.join(' ')}, Node ${process.version}`,
);
for (const reason of leftOut) console.log(reason);

const result = await corpus(libraries, rows, worker);
await rfcExamples(libraries, rows, worker);
worker.close();
speeds(libraries, rows);

const n = result.compared;
console.log(
  `\n${n} cases compared (${result.oracleErrors} the oracle could not read, left out; dateutil errors: ${result.dateutilErrors}); ` +
    `rie's extra COUNT instance taken out for the engine row in ${result.adjustments.countPlusOne} cases, ` +
    `ambiguous times read first in ${result.adjustments.ambiguousFirst}; ` +
    `worker restarts (timeouts, out of memory): ${worker.restarts}\n`,
);
console.log(
  '| library | throws | = rie raw | = rie +DTSTART | = dateutil raw | RFC examples | weekly, a year (occ/s) | daily from 30 years back, a month (occ/s, ms a call) |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows.values()) {
  console.log(
    `| ${row.name} | ${row.throws} | ${percent(row.rieRaw, n)} | ${percent(row.riePlus, n)} | ${percent(row.dateutil, n)} | ` +
      `${row.rfc}/${RFC_EXAMPLES.length} | ${rate(row.weekly)} | ${rate(row.daily)} (${row.dailyMs.toFixed(2)} ms) |`,
  );
}
console.log(
  `\nThe engine row is compared with rie as the differential test reads it (DTSTART counted by COUNT), so its rie columns are one figure.`,
);
for (const row of rows.values()) {
  if (row.errors.size === 0 && row.rfcFailed.length === 0 && row.misses.length === 0) continue;
  console.log(`\n${row.name}:`);
  const misses = row.misses.sort((a, b) => a - b);
  if (misses.length > 0)
    console.log(
      `  differs from rie +DTSTART in cases ${misses.slice(0, 12).join(', ')}${misses.length > 12 ? ', …' : ''} (generateCase(${SEED}, i))`,
    );
  for (const [error, count] of [...row.errors].sort((a, b) => b[1] - a[1]).slice(0, 6))
    console.log(`  throws ${count} × ${error}`);
  for (const title of row.rfcFailed) console.log(`  RFC example failed: ${title}`);
}
console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s`);
