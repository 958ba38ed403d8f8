/* eslint-disable no-restricted-imports -- this test (not the code under test) runs python3-dateutil as a child process: the oracle. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addLocalDays, addLocalMinutes, localToInstant } from '../time/local-time.ts';
import { buildRrule, RECURRENCE_PATTERNS, type RecurrencePattern } from './patterns.ts';
import { expandRule } from './rule.ts';
import { describeWithOracles, oraclesMissing } from '../../../test/oracles/probe.ts';
import { PYTHON } from '../../../test/oracles/python.ts';

// The oracle is Debian's python3-dateutil driven by dateutil-oracle.py: an independent RRULE implementation
// with its own pattern mapping, answering UTC instants so that the zone conversion is checked as well.
const ZONES = ['America/Los_Angeles', 'Europe/London', 'Australia/Sydney'] as const;

interface OracleRequest {
  start: string;
  pattern: RecurrencePattern;
  end_date: string | null;
  tz: string;
  from: string;
  to: string;
}

let oracle: ChildProcessWithoutNullStreams;
const pending: Array<(line: string) => void> = [];

beforeAll(() => {
  if (oraclesMissing()) return;
  const script = fileURLToPath(new URL('../../../test/oracles/dateutil-oracle.py', import.meta.url));
  oracle = spawn(PYTHON, [script]);
  createInterface({ input: oracle.stdout }).on('line', (line) => pending.shift()?.(line));
});
afterAll(() => {
  if (oraclesMissing()) return;
  oracle.stdin.end();
  oracle.kill();
});

function ask(request: OracleRequest): Promise<string[]> {
  return new Promise((resolve, reject) => {
    pending.push((line) => {
      try {
        resolve(JSON.parse(line) as string[]);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    oracle.stdin.write(`${JSON.stringify(request)}\n`);
  });
}

function ours(request: OracleRequest): string[] {
  const rrule = buildRrule(request.pattern, request.start, request.end_date);
  return expandRule(request.start, rrule, request.tz, request.from, request.to).map(
    (local) => `${localToInstant(local, request.tz).toISOString().slice(0, 19)}Z`,
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

// Starts from 2025 to 2028 (several DST changes in every zone), any hour (including the 01:00–03:00 hours
// that DST skips or repeats), quarter-hour minutes as the form offers.
const requestArb = fc
  .record({
    dayOffset: fc.integer({ min: 0, max: 365 * 4 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.constantFrom(0, 15, 30, 45),
    pattern: fc.constantFrom(...RECURRENCE_PATTERNS),
    endAfterDays: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
    tz: fc.constantFrom(...ZONES),
    windowStartDays: fc.integer({ min: -40, max: 400 }),
    windowDays: fc.integer({ min: 1, max: 200 }),
  })
  .map((r): OracleRequest => {
    const date = addLocalDays('2025-01-01', r.dayOffset);
    const start = `${date}T${pad(r.hour)}:${pad(r.minute)}:00`;
    const from = `${addLocalDays(date, r.windowStartDays)}T00:00:00`;
    return {
      start,
      pattern: r.pattern,
      end_date: r.endAfterDays === null ? null : addLocalDays(date, r.endAfterDays),
      tz: r.tz,
      from,
      to: addLocalMinutes(from, r.windowDays * 1440),
    };
  });

describeWithOracles('pattern series (buildRrule + expandRule) against python3-dateutil', () => {
  it('agrees on every generated rule, with and without end dates, in three zones', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (request) => {
        expect(ours(request)).toEqual(await ask(request));
      }),
      { numRuns: 400 },
    );
  });

  it.each(ZONES.flatMap((tz) => RECURRENCE_PATTERNS.map((pattern) => [tz, pattern] as const)))(
    'agrees across a whole year of DST changes in %s for %s',
    async (tz, pattern) => {
      const request: OracleRequest = {
        start: '2026-01-05T08:00:00',
        pattern,
        end_date: pattern === 'daily' ? '2026-12-31' : null,
        tz,
        from: '2026-01-01T00:00:00',
        to: '2027-01-01T00:00:00',
      };
      const answer = ours(request);
      expect(answer.length).toBeGreaterThan(10);
      expect(answer).toEqual(await ask(request));
    },
  );
});

describeWithOracles(
  'pattern series (buildRrule + expandRule) against python3-dateutil in the DST transition hours',
  () => {
    const transitions: Array<[string, string]> = [
      ['America/Los_Angeles', '2026-03-08'],
      ['America/Los_Angeles', '2026-11-01'],
      ['Europe/London', '2026-03-29'],
      ['Europe/London', '2026-10-25'],
      ['Australia/Sydney', '2026-04-05'],
      ['Australia/Sydney', '2026-10-04'],
    ];
    it.each(
      transitions.flatMap(([tz, day]) =>
        ['00:30', '01:00', '01:30', '02:00', '02:30', '03:00'].map((t) => [tz, day, t] as const),
      ),
    )('agrees for a daily series at the skipped or repeated times (%s %s %s)', async (tz, day, time) => {
      const request: OracleRequest = {
        start: `${addLocalDays(day, -2)}T${time}:00`,
        pattern: 'daily',
        end_date: addLocalDays(day, 2),
        tz,
        from: `${addLocalDays(day, -3)}T00:00:00`,
        to: `${addLocalDays(day, 3)}T00:00:00`,
      };
      expect(ours(request)).toEqual(await ask(request));
    });
  },
);
