import type { TestProject } from 'vitest/node';
import { installLine, missingOraclePackages } from './probe.ts';

/**
 * Checks once per run that Debian's Python can import every oracle module and tells the tests which are missing.
 * With FAMILYHUB_REQUIRE_ORACLES=1 (set by `npm test`, which installs them) a missing one fails the run at once,
 * with the command that fixes it, instead of each property test waiting out its timeout; without it (`npx vitest`
 * alone) the tests that need one are skipped, and this says why.
 * @throws Error naming the missing packages, when they are required.
 */
export default function setup(project: TestProject): void {
  const missing = missingOraclePackages();
  if (missing.length > 0) {
    const why = `The recurrence, ICS and CalDAV tests compare with independent oracles and clients that this machine lacks: ${missing.join(', ')}. Install them with: ${installLine(missing)}`;
    if (process.env.FAMILYHUB_REQUIRE_ORACLES === '1') throw new Error(why);
    console.warn(`${why}\nUntil then, those tests are skipped.`);
  }
  project.provide('missingOracles', missing);
}
