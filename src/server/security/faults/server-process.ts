import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** A FamilyHub server in its own process (`src/server/main.ts`), as production runs it. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Everything the process wrote, for failure messages. */
  output(): string;
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node --import tsx src/server/main.ts` with `env` on a free port and waits for its "running" line.
 * @throws Error when it exits or stays silent for `timeoutMs`.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
  port?: number,
): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const url = `http://127.0.0.1:${chosen}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/main.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(chosen),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      // These runs write as fast as they can from one family (and the counters, shared in the database since
      // ADR 010, outlive a restart): the family write limit (issue 20) is tested in notes/quotas.test.ts.
      FAMILY_WRITE_RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server not ready in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    child.stdout?.on('data', () => {
      if (output.includes('FamilyHub is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it was ready:\n${output}`));
    });
  });
  await ready;
  return { url, child, exited, output: () => output };
}

/** Registers a family over HTTP and returns its session cookie and first member's id. */
export async function registerOverHttp(
  url: string,
  tag: string,
): Promise<{ cookie: string; memberId: number }> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      familyName: `Fault ${tag}`,
      email: `${tag}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'correct horse',
      memberName: 'Ana Fault',
      memberRole: 'parent',
      memberColor: 'blue',
    }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const members = await fetch(`${url}/api/family-members`, { headers: { cookie } });
  const [me] = (await members.json()) as { id: number }[];
  if (!me) throw new Error('no member');
  return { cookie, memberId: me.id };
}

/** `POST /api/tasks` with a unique title; resolves with the status and, on 201, the id. */
export async function createTask(
  url: string,
  who: { cookie: string; memberId: number },
  title: string,
): Promise<{ status: number; id?: number; body: string }> {
  const res = await fetch(`${url}/api/tasks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: who.cookie },
    body: JSON.stringify({
      title,
      assigned_to: who.memberId,
      assigned_to_ids: [String(who.memberId)],
      due_date: '2026-12-01T07:30:00',
    }),
  });
  const body = await res.text();
  if (res.status !== 201) return { status: res.status, body };
  return { status: 201, id: (JSON.parse(body) as { id: number }).id, body };
}

/** The titles of the family's tasks. */
export async function taskTitles(url: string, cookie: string): Promise<string[]> {
  const res = await fetch(`${url}/api/tasks`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`GET /api/tasks: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { title: string }[]).map((t) => t.title);
}
