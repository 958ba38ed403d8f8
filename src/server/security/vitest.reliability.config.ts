import { defineConfig } from 'vitest/config';

// `npm run test:reliability`: the fault tests (real server processes, killed and restarted; the PostgreSQL
// restart only with RELIABILITY_PG_URL set). Kept out of `npm test`: they take minutes and one restarts the
// machine's PostgreSQL server.
export default defineConfig({
  test: {
    include: ['src/server/security/faults/*.fault.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
