import { readFileSync, readdirSync } from 'node:fs';

/**
 * Where a timed round's CPU went, from Linux's own accounting: what a slow round of `bench:render` is made of
 * when no step of either side is slower (docs/performance.md, "Who had the CPU").
 *
 * - Per thread, `/proc/<pid>/task/<tid>/schedstat` (proc(5)): nanoseconds on a CPU, nanoseconds runnable but
 *   waiting on a run queue (another thread of this machine had the CPU), and timeslices.
 * - Per machine, `/proc/stat`'s `steal` column (USER_HZ ticks, 10 ms each): time the hypervisor ran something
 *   else on this machine's virtual CPUs. With paravirtual steal accounting, a thread's time on a CPU does not
 *   count what was stolen from it.
 * - Per machine, `/proc/pressure/cpu` (PSI): microseconds in which some runnable task had no CPU.
 *
 * On a system without these files (not Linux) `cpuSnapshot` returns null and the bench prints nothing of it.
 */
export interface CpuSnapshot {
  /** Per thread id: [ns on a CPU, ns waiting on a run queue]. */
  threads: Map<number, { run: number; wait: number; pid: number; name: string }>;
  /** `steal` ticks summed over the CPUs (USER_HZ, 10 ms). */
  stealTicks: number;
  /** PSI `some` total, microseconds. */
  pressureUs: number;
}

function readOr(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // a process or thread that ended between the listing and the read
  }
}

/**
 * Reads every thread's run and wait times, the machine's steal ticks and CPU pressure. Takes a few
 * milliseconds of this process's CPU: call it outside the timed window (before and after a round's call).
 * @returns null where `/proc/stat` cannot be read (not Linux)
 */
export function cpuSnapshot(): CpuSnapshot | null {
  const stat = readOr('/proc/stat');
  if (stat === null) return null;
  const cpu = stat.split('\n').find((l) => l.startsWith('cpu '));
  // cpu  user nice system idle iowait irq softirq steal guest guest_nice (proc(5))
  const stealTicks = Number(cpu?.trim().split(/\s+/)[8] ?? 0);
  const pressureUs = Number(/total=(\d+)/.exec(readOr('/proc/pressure/cpu') ?? '')?.[1] ?? 0);
  const threads: CpuSnapshot['threads'] = new Map();
  for (const pidDir of readdirSync('/proc')) {
    if (!/^\d+$/.test(pidDir)) continue;
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pidDir}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      const fields = readOr(`/proc/${pidDir}/task/${tid}/schedstat`)?.split(' ');
      if (!fields) continue;
      const name = readOr(`/proc/${pidDir}/task/${tid}/comm`)?.trim() ?? '?';
      threads.set(Number(tid), {
        run: Number(fields[0]),
        wait: Number(fields[1]),
        pid: Number(pidDir),
        name,
      });
    }
  }
  return { threads, stealTicks, pressureUs };
}

/** What happened between two snapshots, in milliseconds. */
export interface CpuWindow {
  /** The busiest renderer main thread's time on a CPU (the page whose switch was timed). */
  mainRun: number;
  /** Its time runnable without a CPU: another thread of this machine had it. */
  mainWait: number;
  /** CPU time of every other thread, with the three busiest named (process comm / thread comm). */
  othersRun: number;
  busiest: string;
  /** Time the hypervisor took from this machine's CPUs (10 ms ticks, so 0, 10, 20 …). */
  steal: number;
  /** PSI: time in which some runnable task on this machine had no CPU. */
  pressure: number;
}

/**
 * The CPU accounting of one window between `before` and `after`. The page's renderer main thread is the
 * thread that ran most among renderer main threads (a renderer's main thread is the one whose tid is its
 * process id, and whose command line carries `--type=renderer`).
 */
export function cpuWindow(before: CpuSnapshot, after: CpuSnapshot): CpuWindow {
  const deltas: { tid: number; run: number; wait: number; pid: number; name: string }[] = [];
  for (const [tid, t] of after.threads) {
    const b = before.threads.get(tid);
    deltas.push({ tid, pid: t.pid, name: t.name, run: t.run - (b?.run ?? 0), wait: t.wait - (b?.wait ?? 0) });
  }
  const renderers = deltas.filter((d) => d.tid === d.pid && isRenderer(d.pid));
  const main = renderers.sort((a, b) => b.run - a.run)[0];
  // This process's own threads ran the snapshots themselves (before the call and after it), not in the window.
  const others = deltas.filter((d) => d !== main && d.pid !== process.pid).sort((a, b) => b.run - a.run);
  const ms = (ns: number) => ns / 1e6;
  return {
    mainRun: ms(main?.run ?? 0),
    mainWait: ms(main?.wait ?? 0),
    othersRun: ms(others.reduce((sum, d) => sum + d.run, 0)),
    busiest: others
      .slice(0, 3)
      .map(
        (d) =>
          `${d.pid === main?.pid ? 'same renderer' : processName(d.pid)}/${d.name} ${ms(d.run).toFixed(1)}`,
      )
      .join(', '),
    steal: (after.stealTicks - before.stealTicks) * 10,
    pressure: (after.pressureUs - before.pressureUs) / 1000,
  };
}

const kinds = new Map<number, string>();

/**
 * A process's short name: Chromium's `--type=` (renderer, gpu-process, utility …), for Node the script it runs
 * (the app's server is `main.ts`), else its comm.
 */
function processName(pid: number): string {
  let kind = kinds.get(pid);
  if (kind === undefined) {
    // Chromium rewrites its command line as one string with spaces; Node keeps its arguments apart.
    const cmdline = readOr(`/proc/${String(pid)}/cmdline`) ?? '';
    const comm = readOr(`/proc/${String(pid)}/comm`)?.trim() ?? String(pid);
    const script = cmdline
      .split('\0')
      .slice(1)
      .find((a) => /\.(m?js|ts)$/.test(a));
    kind =
      /--type=([\w-]+)/.exec(cmdline)?.[1] ??
      (comm === 'node' && script ? `node ${script.split('/').at(-1) ?? ''}` : comm);
    kinds.set(pid, kind);
  }
  return kind;
}

function isRenderer(pid: number): boolean {
  return processName(pid) === 'renderer';
}
