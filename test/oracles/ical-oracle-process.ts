/* Test and bench support (not product code): runs Debian's python3-recurring-ical-events as a child process, the oracle. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { PYTHON } from './python.ts';
import { expandEvents, refusal } from '../../src/core/recurrence/occurrences.ts';
import {
  describeCase,
  generateCase,
  oracleRequest,
  oracleSpans,
  ourSpans,
  type Adjustments,
  type OracleAnswer,
} from '../recurrence/differential.ts';

/**
 * A long-lived `ical-oracle.py` process (Debian's `/usr/bin/python3`, where recurring_ical_events 2.0.1,
 * icalendar and dateutil are installed; the pyenv `python3` on PATH lacks them) answering one JSON line per
 * request, in order.
 */
export class IcalOracle {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending: Array<(line: string) => void> = [];

  constructor() {
    const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ical-oracle.py');
    this.child = spawn(PYTHON, [script]);
    createInterface({ input: this.child.stdout }).on('line', (line) => this.pending.shift()?.(line));
  }

  /** The oracle's answer to a request (see ical-oracle.py); rejects with the oracle's error text. */
  ask(request: object): Promise<OracleAnswer> {
    return new Promise((resolve, reject) => {
      this.pending.push((line) => {
        // The line is the oracle's JSON answer: an OracleAnswer or {error}.
        const answer = JSON.parse(line) as OracleAnswer | { error: string };
        if ('error' in answer) reject(new Error(`oracle: ${answer.error}`));
        else resolve(answer);
      });
      this.child.stdin.write(`${JSON.stringify(request)}\n`);
    });
  }

  close(): void {
    this.child.stdin.end();
    this.child.kill();
  }
}

/** The outcome of a differential run. */
export interface DiffReport {
  cases: number;
  /** Cases compared (the engine accepted the series and its override). */
  compared: number;
  agreed: number;
  /** Disagreements, each described so that it can be reproduced. */
  disagreements: string[];
  /** Refused cases by reason (none may be without one). */
  refused: Map<string, number>;
  adjustments: Adjustments;
  /** Cases with each feature, to show the generator reaches them. */
  features: Map<string, number>;
}

function feature(report: DiffReport, name: string): void {
  report.features.set(name, (report.features.get(name) ?? 0) + 1);
}

/**
 * Runs cases `0 … cases-1` of `seed` through `expandEvents` and the oracle and compares every occurrence's start
 * and end (instants for timed events, dates for all-day). Up to `parallel` requests are in flight at once.
 */
export async function runDifferential(
  oracle: IcalOracle,
  seed: number,
  cases: number,
  parallel = 32,
): Promise<DiffReport> {
  const report: DiffReport = {
    cases,
    compared: 0,
    agreed: 0,
    disagreements: [],
    refused: new Map(),
    adjustments: { countPlusOne: 0, ambiguousFirst: 0 },
    features: new Map(),
  };
  let next = 0;
  const worker = async () => {
    while (next < cases) {
      const c = generateCase(seed, next++);
      const events = c.override ? [c.series, c.override] : [c.series];
      const refused = events.map((e) => refusal(e, c.familyZone)).find((reason) => reason !== null);
      const { occurrences, failures } = expandEvents(events, { from: c.from, to: c.to }, c.familyZone);
      const reason = refused ?? failures[0]?.reason;
      if (reason !== undefined) {
        // Counted by reason (numbers folded), never compared; an empty reason is a bug the test reports.
        const key = reason.replace(/\d+/g, 'N');
        report.refused.set(key, (report.refused.get(key) ?? 0) + 1);
        continue;
      }
      let answer: OracleAnswer;
      try {
        answer = await oracle.ask(oracleRequest(c));
      } catch (error) {
        // A case the oracle cannot read is a harness bug: reported like a disagreement, with the case.
        report.disagreements.push(describeCase(c, ourSpans(c, occurrences), [String(error)], seed));
        continue;
      }
      const ours = ourSpans(c, occurrences);
      const before = report.adjustments.countPlusOne;
      const theirs = oracleSpans(c, answer, report.adjustments);
      report.compared++;
      const rule = c.series.rrule ?? '';
      for (const part of [
        'BYDAY',
        'BYMONTHDAY',
        'BYSETPOS',
        'BYWEEKNO',
        'BYYEARDAY',
        'BYHOUR',
        'WKST',
        'COUNT',
        'UNTIL',
      ])
        if (rule.includes(`${part}=`)) feature(report, part);
      feature(report, `FREQ=${/FREQ=(\w+)/.exec(rule)?.[1] ?? '?'}`);
      feature(report, `zone ${c.series.allDay ? 'all-day' : (c.series.zone ?? 'floating')}`);
      if (/BYDAY=[^;]*\d/.test(rule)) feature(report, 'BYDAY ordinal');
      if (/BYMONTHDAY=[^;]*-/.test(rule)) feature(report, 'BYMONTHDAY negative');
      if (/BYYEARDAY=/.test(rule) && /BY(DAY|MONTHDAY)=/.test(rule)) feature(report, 'BYYEARDAY limited');
      if (c.series.exdates.length > 0) feature(report, 'EXDATE');
      if (c.series.rdates.some((d) => d.end === null)) feature(report, 'RDATE');
      if (c.series.rdates.some((d) => d.end !== null)) feature(report, 'RDATE PERIOD');
      if (c.override)
        feature(report, c.dateTimeRecurrenceId ? 'override (date-time RECURRENCE-ID)' : 'override');
      if (c.series.durationMinutes === 0) feature(report, 'zero-length');
      if (report.adjustments.countPlusOne > before) feature(report, 'COUNT with DTSTART off the rule');
      if (ours.length > 0) feature(report, 'with occurrences');
      if (JSON.stringify(ours) === JSON.stringify(theirs)) report.agreed++;
      else report.disagreements.push(describeCase(c, ours, theirs, seed));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return report;
}
