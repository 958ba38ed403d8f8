/* Test support: the independent oracles are checked once, before any test waits on one. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** The Debian packages the oracles import, by Python module. */
const ORACLE_MODULES = {
  dateutil: 'python3-dateutil',
  icalendar: 'python3-icalendar',
  recurring_ical_events: 'python3-recurring-ical-events',
} as const;

/**
 * Checks that Debian's Python can import every oracle module (the recurrence and ICS tests compare with them),
 * so a machine without them fails at once with the command that fixes it, instead of each property test waiting
 * out its timeout on an oracle that never answers.
 * @throws Error naming the missing packages and the `apt-get` command.
 */
export function probeOracles(): void {
  const python = fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
  const missing = Object.entries(ORACLE_MODULES)
    .filter(([module]) => spawnSync(python, ['-c', `import ${module}`], { stdio: 'ignore' }).status !== 0)
    .map(([, pkg]) => pkg);
  if (missing.length > 0) {
    throw new Error(
      `The recurrence and ICS tests compare with independent oracles that ${python} cannot import: ` +
        `${missing.join(', ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`,
    );
  }
}
