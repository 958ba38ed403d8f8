import { defineConfig } from 'vitest/config';

// Unit tests (src/core) and API tests (src/server, through app.inject on a real database).
// With DATABASE_URL set, the API tests run against that PostgreSQL server instead of PGlite.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
