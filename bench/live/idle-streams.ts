// Live-update bench (issue 24): 1,000 idle `GET /api/changes` streams on one FamilyHub process, then writes.
// Prints the server process's resident memory before and after the streams open (MB), and the delivery
// latency of a change (write answered → event received by every stream of that family; p50/p99 in ms).
//
//   node --import tsx bench/live/idle-streams.ts                 PGlite (a scratch DATA_DIR)
//   DATABASE_URL=postgres://… node --import tsx bench/live/idle-streams.ts
//   STREAMS=1000 FAMILIES=100 WRITES=30 (defaults)
import fs from 'node:fs';
import http from 'node:http';
import { scratchServerStorage } from '../scratch-database.ts';
import {
  createTask,
  registerOverHttp,
  startServer,
} from '../../src/server/security/faults/server-process.ts';

const STREAMS = Number(process.env.STREAMS ?? 1000);
const FAMILIES = Number(process.env.FAMILIES ?? 100);
const WRITES = Number(process.env.WRITES ?? 30);

/** Resident memory of `pid` in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function main(): Promise<void> {
  const env: Record<string, string> = { AUTH_RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'silent' };
  const storage = await scratchServerStorage('live');
  Object.assign(env, storage.env);
  const server = await startServer(env, 120_000);
  const pid = server.child.pid ?? 0;
  try {
    const families: { cookie: string; memberId: number }[] = [];
    for (let i = 0; i < FAMILIES; i++) families.push(await registerOverHttp(server.url, `live${i}`));
    const before = rssMb(pid);

    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    const received = new Map<number, number[]>(); // family index → arrival times (ms) of the latest write
    const sockets: http.ClientRequest[] = [];
    let opened = 0;
    await new Promise<void>((resolve, reject) => {
      for (let s = 0; s < STREAMS; s++) {
        const family = s % FAMILIES;
        const request = http.get(
          `${server.url}/api/changes`,
          { agent, headers: { cookie: families[family]?.cookie ?? '' } },
          (response) => {
            if (response.statusCode !== 200) reject(new Error(`stream ${s}: ${response.statusCode}`));
            if (++opened === STREAMS) resolve();
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              if (chunk.includes('event: change')) received.get(family)?.push(performance.now());
            });
          },
        );
        request.on('error', reject);
        sockets.push(request);
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const idle = rssMb(pid);

    const latencies: number[] = [];
    for (let w = 0; w < WRITES; w++) {
      const family = w % FAMILIES;
      const who = families[family];
      if (!who) continue;
      const arrivals: number[] = [];
      received.set(family, arrivals);
      const started = performance.now();
      const task = await createTask(server.url, who, `bench ${w}`);
      if (task.status !== 201) throw new Error(task.body);
      const expected = STREAMS / FAMILIES;
      const deadline = performance.now() + 5_000;
      while (arrivals.length < expected && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      if (arrivals.length < expected) throw new Error(`write ${w}: ${arrivals.length}/${expected} streams`);
      for (const at of arrivals) latencies.push(at - started);
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `engine: ${env.DATABASE_URL ? 'postgres' : 'pglite'}; ${STREAMS} streams over ${FAMILIES} families`,
    );
    console.log(`server RSS: ${before} MB before the streams, ${idle} MB with them idle`);
    console.log(`per stream: ${(((idle - before) * 1024) / STREAMS).toFixed(1)} KB`);
    console.log(
      `delivery (POST sent → event at each of the family's streams), ${latencies.length} deliveries: ` +
        `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
    );
    for (const request of sockets) request.destroy();
    agent.destroy();
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await storage.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
