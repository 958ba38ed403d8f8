/* Test support (not product code): Debian's python3-recurring-ical-events expanding a whole .ics text. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PYTHON as DEBIAN_PYTHON } from './python.ts';

const ORACLE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ics-oracle.py');
/** Debian's interpreter unless ICS_ORACLE_PYTHON names another. */
const PYTHON = process.env.ICS_ORACLE_PYTHON ?? DEBIAN_PYTHON;

/** One occurrence as the oracle gives it: `[uid, summary, start instant "YYYY-MM-DDTHH:MM:SSZ"]`. */
export type IcsOracleRow = [string | null, string, string];

/**
 * The oracle's occurrences of `text` for a family in `zone` (floating times and DATEs read in it), over the days
 * `from` to `to` (`YYYY-MM-DD`, `to` exclusive), or its error message when it cannot read the file itself.
 * @throws Error with the install line when the Python modules are missing (the test fails, never skips).
 */
export function icsOracle(
  text: string,
  zone: string,
  from: string,
  to: string,
): IcsOracleRow[] | { error: string } {
  try {
    const out = execFileSync(PYTHON, [ORACLE, zone, from, to], {
      input: text,
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(out) as IcsOracleRow[];
  } catch (error) {
    const e = error as { status?: number; stderr?: unknown }; // execFileSync's error carries the exit code and stderr
    if (e.status === 4) return { error: String(e.stderr) };
    throw new Error(
      `The independent ICS check could not run (${PYTHON}): ${String(e.stderr ?? error)}\n` +
        'Install: apt-get install -y python3-icalendar python3-recurring-ical-events',
    );
  }
}
