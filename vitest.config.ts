import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Unit tests (src/core, src/web, scripts, test support and the server's pure parts) and API tests (src/server, through
// app.inject on a real database). With DATABASE_URL set, the API tests run against that PostgreSQL server
// instead of PGlite.
//
// Four projects, so CI can run what depends on the database on both databases and the rest once (issue 44):
// - `unit`: files that never open a database;
// - `database`: files that import a database client (`pg`, PGlite), themselves or through a test support module
//   (src/server/test/harness.ts, messaging.ts, migration-subjects.ts, a feature's `testing/` folder);
// - `mocking`: the few files that replace modules or globals (`vi.mock`, `vi.stubGlobal`, fake timers);
// - `timing`: the import stall test, which measures wall-clock waits and so runs alone, after the others.
// `npx vitest run` runs them all; `npx vitest run --project database` just the database tests.
//
// `unit` and `database` share one module cache per worker (`isolate: false`, ADR 060): importing the server
// once per worker instead of once per file halves their CPU time. Their files leave no module or global state
// behind (each test builds its own app and database); a file that must replace a module or a global for its
// tests goes to `mocking`, which keeps Vitest's per-file isolation.

const DATABASE_CLIENT = /from '(?:pg|@electric-sql\/pglite)'/;
/** Test support code: what a test file imports to open a database through (folders `test/`, `testing/`). */
const TEST_SUPPORT = /(?:^|\/)(?:test|testing)\/|\/fixtures\.ts$/;
const MOCKS = /\bvi\.(?:mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;
const TIMING = ['src/server/calendar-feed/import-stall.test.ts'];

/** Every test file under `dir`, relative to the repository. */
function testFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join(dir, file));
}

const all = [...testFiles('src'), ...testFiles('scripts'), ...testFiles('test')].filter(
  (file) => !TIMING.includes(file),
);
const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');

/** True when `file` imports a database client, itself or through test support code it imports. */
function opensDatabase(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = read(file);
  if (DATABASE_CLIENT.test(text)) return true;
  return [...text.matchAll(/from '(\.\.?\/[^']+\.ts)'/g)]
    .map((match) => path.join(path.dirname(file), match[1] ?? ''))
    .some((imported) => TEST_SUPPORT.test(imported) && opensDatabase(imported, seen));
}

const usesDatabase = all.filter((file) => opensDatabase(file));
const mocking = all.filter((file) => MOCKS.test(read(file)));
const mockingWithDatabase = mocking.filter((file) => usesDatabase.includes(file));
if (mockingWithDatabase.length > 0) {
  // The PostgreSQL pass runs `database` only: a database test in `mocking` would run on PGlite alone.
  throw new Error(`A database test may not replace modules or globals: ${mockingWithDatabase.join(', ')}`);
}
const unit = all.filter((file) => !usesDatabase.includes(file) && !mocking.includes(file));

const oracles = 'test/oracles/global-setup.ts';
const database = 'src/server/test/global-setup.ts';

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // One test file per core (Vitest's default leaves one core free, which on a 2-core machine runs the files one
    // at a time): the database tests spend much of their time waiting on PostgreSQL or a Python oracle.
    maxWorkers: os.availableParallelism(),
    // The machine and CI run in UTC, where code that reads the process's own zone by mistake (local `Date`
    // getters, `date` values parsed to local midnight) still gives the right answer. Newfoundland's zone
    // (−03:30, with DST) makes such code fail here: every time is in the family's or the event's zone (ADR 005),
    // never the server's.
    env: { TZ: 'America/St_Johns' },
    // A timeout only catches a hang: a test walking every route can take 30 s beside another file on a busy
    // 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'unit', include: unit, isolate: false, globalSetup: [oracles] } },
      {
        extends: true,
        test: { name: 'database', include: usesDatabase, isolate: false, globalSetup: [oracles, database] },
      },
      { extends: true, test: { name: 'mocking', include: mocking } },
      {
        extends: true,
        test: {
          name: 'timing',
          include: TIMING,
          globalSetup: [database],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
