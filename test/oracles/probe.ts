/* Test support: the independent oracles are checked once per run, before any test waits on one. */
import { spawnSync } from 'node:child_process';
import { beforeEach, describe, inject, it } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Debian packages of the Python oracles that this machine lacks (empty when all are there). */
    missingOracles: string[];
  }
}

/**
 * The Debian packages the oracles import, by Python module: the recurrence and ICS oracles, and the CalDAV tests' real
 * clients (python3-caldav, vdirsyncer) and reference server (radicale), which Debian's Python runs as modules.
 */
const ORACLE_MODULES = {
  dateutil: 'python3-dateutil',
  icalendar: 'python3-icalendar',
  recurring_ical_events: 'python3-recurring-ical-events',
  caldav: 'python3-caldav',
  radicale: 'radicale',
  vdirsyncer: 'vdirsyncer',
} as const;

import { PYTHON } from './python.ts';

/** The Debian packages whose Python module {@link PYTHON} cannot import (one `python3 -c` per module). */
export function missingOraclePackages(): string[] {
  return Object.entries(ORACLE_MODULES)
    .filter(([module]) => spawnSync(PYTHON, ['-c', `import ${module}`], { stdio: 'ignore' }).status !== 0)
    .map(([, pkg]) => pkg);
}

/** What to run to install `packages`. */
export function installLine(packages: string[]): string {
  return `sudo apt-get install -y ${packages.join(' ')}`;
}

/**
 * `describe` for tests that compare with Debian's Python oracles (the recurrence and ICS tests). Under
 * `npm test` the oracles are installed and required, so a missing one fails the run up front
 * (test/oracles/global-setup.ts); run alone with `npx vitest` on a machine without them, every test in `body`
 * is skipped with a note naming the package to install. `body`'s own `beforeAll` hooks should start nothing
 * when {@link oraclesMissing} is true: a skipped suite still runs them.
 */
export function describeWithOracles(name: string, body: () => void): void {
  describe(name, () => {
    const missing = inject('missingOracles');
    if (missing.length > 0) {
      beforeEach(({ skip }) => skip(`compares with the Python oracles: ${installLine(missing)}`));
    }
    body();
  });
}

/** Whether this run lacks an oracle (then {@link describeWithOracles} skips its tests). */
export function oraclesMissing(): boolean {
  return inject('missingOracles').length > 0;
}

/** `it` for one test that compares with the Python oracles: skipped with the install line when run alone without them. */
export function itWithOracles(name: string, fn: () => Promise<void> | void, timeout?: number): void {
  it(
    name,
    async ({ skip }) => {
      const missing = inject('missingOracles');
      if (missing.length > 0) skip(`compares with the Python oracles: ${installLine(missing)}`);
      await fn();
    },
    timeout,
  );
}
