import { defineConfig } from 'vitest/config';

// `npm run test:reliability`: the fault tests (real server processes, killed and restarted; the PostgreSQL
// restart only with RELIABILITY_PG_URL set) and the 200-user load test (load.fault.ts). Kept out of `npm test`:
// they take minutes and one restarts the machine's PostgreSQL server.
//
// Two groups, one after the other (ADR 062). The first runs its files side by side: each starts servers of its own
// on free ports, with a data directory or a scratch database of its own, so none sees another's writes, and the
// fault tests spend most of their time waiting on a process to start, stop or send, which leaves the load test
// CPU to use. The PostgreSQL restart runs after them, alone: it cuts every connection to the machine's PostgreSQL
// server, the multi-process and load tests' among them.
const RESTART = 'src/server/security/faults/postgres-restart.fault.ts';

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    testTimeout: 300_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'faults',
          include: ['src/server/security/faults/*.fault.ts'],
          exclude: [RESTART],
          maxWorkers: 4,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'postgres-restart', include: [RESTART], sequence: { groupOrder: 1 } },
      },
    ],
  },
});
