import { defineConfig } from 'vitest/config';

// Unit tests (src/core) and API tests (src/server, through app.inject on a real database).
// With DATABASE_URL set, the API tests run against that PostgreSQL server instead of PGlite.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    pool: 'forks',
    // The machine and CI run in UTC, where code that reads the process's own zone by mistake (local `Date`
    // getters, `date` values parsed to local midnight) still gives the right answer. Newfoundland's zone
    // (−03:30, with DST) makes such code fail here: every time is in the family's or the event's zone (ADR 005),
    // never the server's.
    env: { TZ: 'America/St_Johns' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
