import fs from 'node:fs';
import { createRequire } from 'node:module';
import ICAL from 'ical.js';
import type * as RRuleModule from 'rrule';
import { RRuleTemporal } from 'rrule-temporal';
// Types only: the native binary is loaded in loadRust(), where a missing one is reported.
import type { DateTime as RustDateTime, Time as RustTime } from 'rrule-rust';

/**
 * The RRULE libraries compared by bench/rrule/run.ts (docs/decisions/004-rrule-library.md), each behind the same
 * small adapter, so that the bench measures the libraries' reading of RFC 5545 §3.3.10 and nothing else.
 *
 * Every library runs on a floating clock, the way src/core/recurrence/rule.ts runs rrule-temporal: DTSTART and
 * UNTIL are the series' wall clock written as UTC (`…Z`), so no library does any DST arithmetic; the bench reads
 * each wall-clock instance in the real zone afterwards, the same way for all of them. Inputs and outputs are
 * wall-clock text `YYYY-MM-DDTHH:mm:ss`.
 */

/** One rule to expand: DTSTART and UNTIL already in the series' wall clock (UNTIL `YYYYMMDDTHHMMSS`, no `Z`). */
export interface RuleInput {
  /** DTSTART, wall clock `YYYY-MM-DDTHH:mm:ss` (00:00:00 for an all-day series). */
  dtstart: string;
  /** The RRULE value without COUNT/UNTIL changes, except that a UNTIL is the wall-clock form above. */
  rrule: string;
}

/** A library adapter: the rule's instances with `from <= start <= to` (wall clock), in order. */
export interface Library {
  /** Name and version as printed. */
  name: string;
  expand(input: RuleInput, from: string, to: string): string[];
}

const require = createRequire(import.meta.url);
// rrule 2.8's ESM build cannot be imported by Node (extensionless imports): its CommonJS build, same types.
const { RRule } = require('rrule') as typeof RRuleModule;
function version(pkg: string): string {
  // The installed package's own package.json: { version } (not every package exports it).
  const file = new URL(`../../node_modules/${pkg}/package.json`, import.meta.url);
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

/** `YYYYMMDDTHHMMSS` of wall-clock text. */
function compact(wall: string): string {
  return wall.slice(0, 19).replace(/[-:]/g, '');
}

/** A UTC Date standing for wall-clock text. */
function floating(wall: string): Date {
  return new Date(`${wall.slice(0, 19)}Z`);
}

/** Wall-clock text of a UTC Date standing for it. */
function wallOf(d: Date): string {
  return d.toISOString().slice(0, 19);
}

/** The rule with its UNTIL (wall clock) written as UTC, the floating clock the libraries run on. */
function floatingRule(rule: string): string {
  return rule.replace(/UNTIL=(\d{8}T\d{6})/, 'UNTIL=$1Z');
}

const rruleJs: Library = {
  name: `rrule ${version('rrule')}`,
  expand(input, from, to) {
    const rule = RRule.fromString(`DTSTART:${compact(input.dtstart)}Z\nRRULE:${floatingRule(input.rrule)}`);
    return rule.between(floating(from), floating(to), true).map(wallOf);
  },
};

function temporal(includeDtstart: boolean): Library {
  return {
    name: `rrule-temporal ${version('rrule-temporal')}${includeDtstart ? ', includeDtstart' : ''}`,
    expand(input, from, to) {
      const rule = new RRuleTemporal({
        rruleString: `DTSTART;TZID=UTC:${compact(input.dtstart)}\nRRULE:${floatingRule(input.rrule)}`,
        includeDtstart,
        cache: false,
      });
      return rule
        .between(floating(from), floating(to), true)
        .map((z) => wallOf(new Date(z.epochMilliseconds)));
    },
  };
}

/** ical.js stops here on its own: an iterator that never passes `to` (a rule that matches nothing) is cut. */
const ICAL_STEPS = 100_000;

const icalJs: Library = {
  name: `ical.js ${version('ical.js')}`,
  expand(input, from, to) {
    const recur = ICAL.Recur.fromString(floatingRule(input.rrule));
    const start = ICAL.Time.fromDateTimeString(`${input.dtstart.slice(0, 19)}Z`);
    const iterator = recur.iterator(start);
    const out: string[] = [];
    for (let i = 0; i < ICAL_STEPS; i++) {
      const next = iterator.next();
      if (!next) return out;
      const wall = wallOf(next.toJSDate());
      if (wall > to) return out;
      if (wall >= from) out.push(wall);
    }
    throw new Error(`ical.js: no end after ${ICAL_STEPS} steps`);
  },
};

/** rrule-rust, or why it is left out (a native binary: no prebuilt package for this platform). */
async function loadRust(): Promise<Library | string> {
  try {
    const { RRuleSet, DateTime } = await import('rrule-rust');
    const dt = (wall: string) => {
      const [y, mo, d, h, mi, s] = wall.split(/[-T:]/).map(Number);
      return DateTime.utc(y ?? 0, mo ?? 0, d ?? 0, h ?? 0, mi ?? 0, s ?? 0);
    };
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      name: `rrule-rust ${version('rrule-rust')}`,
      expand(input, from, to) {
        // A UTC DTSTART: its instances are date-times (DateTime<Time>).
        const set = RRuleSet.fromString<RustDateTime<RustTime>>(
          `DTSTART:${compact(input.dtstart)}Z\nRRULE:${floatingRule(input.rrule)}`,
        );
        return set
          .between(dt(from), dt(to), true)
          .map(
            (d) =>
              `${String(d.year).padStart(4, '0')}-${pad(d.month)}-${pad(d.day)}T${pad(d.time.hour)}:${pad(d.time.minute)}:${pad(d.time.second)}`,
          );
      },
    };
  } catch (error) {
    return `rrule-rust left out: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  }
}

/** The libraries in the table's order, and the reasons for any left out. */
export async function loadLibraries(): Promise<{ libraries: Library[]; leftOut: string[] }> {
  const rust = await loadRust();
  const libraries = [rruleJs, temporal(false), temporal(true), icalJs];
  if (typeof rust === 'string') return { libraries, leftOut: [rust] };
  return { libraries: [...libraries, rust], leftOut: [] };
}
