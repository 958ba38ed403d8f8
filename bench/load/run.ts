// Load test (issue 13): a realistic mix from many concurrent virtual users against a real server process on
// PostgreSQL. Usage (DATABASE_URL names a server where a scratch database may be created and dropped):
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/load/run.ts
// LOAD_CONNECTIONS (default 200) and LOAD_SECONDS (default 120) change the size. Exits 1 on any error.
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from '../../src/server/security/faults/server-process.ts';

const connections = Number(process.env.LOAD_CONNECTIONS ?? 200);
const seconds = Number(process.env.LOAD_SECONDS ?? 120);
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL server (a scratch database is created and dropped).');
  process.exit(2);
}

interface User {
  email: string;
  password: string;
  memberId: number;
}

/** Per-connection state: one virtual user, its session cookie and the task it last created. */
interface VirtualUser {
  user?: User;
  cookie?: string;
  taskId?: number;
}

const name = `familyhub_load_${process.pid}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;

// All virtual users come from 127.0.0.1, so the per-IP sign-in limit (10/min) is raised for the run; the
// per-account limit still applies (each user signs in a few times a minute at most).
const server = await startServer({
  DATABASE_URL: url.toString(),
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  LOG_LEVEL: 'warn',
});

async function register(i: number): Promise<User> {
  const email = `load-${i}-${process.pid}@example.com`;
  const password = 'correct horse battery';
  const res = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      familyName: `Load ${i}`,
      email,
      password,
      memberName: `Parent ${i}`,
      memberRole: 'parent',
      memberColor: 'blue',
    }),
  });
  if (res.status !== 201) throw new Error(`register ${i}: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const members = (await (
    await fetch(`${server.url}/api/family-members`, { headers: { cookie } })
  ).json()) as {
    id: number;
  }[];
  const memberId = members[0]?.id;
  if (memberId === undefined) throw new Error('no member');
  // A little data per family so the reads are not empty: a few events and tasks.
  for (let d = 1; d <= 5; d += 1) {
    await fetch(`${server.url}/api/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        title: `Practice ${d}`,
        start_date: `2026-12-${String(d * 4).padStart(2, '0')}T16:00:00`,
        organizer_id: memberId,
      }),
    });
  }
  return { email, password, memberId };
}

console.log(`Registering ${connections} families…`);
const users: User[] = [];
for (let start = 0; start < connections; start += 8) {
  const batch = Array.from({ length: Math.min(8, connections - start) }, (_, k) => register(start + k));
  users.push(...(await Promise.all(batch)));
}

let nextUser = 0;
// Fresh header objects every time: autocannon adds Content-Length to the object it is given, and a shared
// object would carry one body's length into the next request (a GET that then swallows the next request).
const json = () => ({ 'content-type': 'application/json' });
const withSession = (context: VirtualUser) => ({ cookie: context.cookie ?? '' });
const jsonWithSession = (context: VirtualUser) => ({ ...json(), cookie: context.cookie ?? '' });
const readAndWrite: autocannon.Request[] = [
  {
    method: 'GET',
    path: '/api/events?start=2026-11-29&end=2027-01-09', // the month view's six weeks
    setupRequest: (req, context: VirtualUser) => ({ ...req, headers: withSession(context) }),
  },
  {
    method: 'GET',
    path: '/api/tasks',
    setupRequest: (req, context: VirtualUser) => ({ ...req, headers: withSession(context) }),
  },
  {
    method: 'POST',
    path: '/api/tasks',
    setupRequest: (req, context: VirtualUser) => ({
      ...req,
      headers: jsonWithSession(context),
      body: JSON.stringify({
        title: 'Pack lunch',
        assigned_to: context.user?.memberId,
        assigned_to_ids: [String(context.user?.memberId)],
        due_date: '2026-12-10T07:30:00',
      }),
    }),
    onResponse: (status, body, context: VirtualUser) => {
      if (status === 201) context.taskId = (JSON.parse(body) as { id: number }).id;
    },
  },
  {
    method: 'PATCH',
    setupRequest: (req, context: VirtualUser) => ({
      ...req,
      path: `/api/tasks/${context.taskId ?? 0}`,
      headers: jsonWithSession(context),
      body: JSON.stringify({ status: 'completed' }),
    }),
  },
];

const result = await autocannon({
  url: server.url,
  connections,
  duration: seconds,
  timeout: 20,
  requests: [
    {
      method: 'POST',
      path: '/api/auth/login',
      setupRequest: (req, context: VirtualUser) => {
        context.user ??= users[nextUser++ % users.length];
        return {
          ...req,
          headers: json(),
          body: JSON.stringify({ email: context.user?.email, password: context.user?.password }),
        };
      },
      onResponse: (_status, _body, context: VirtualUser, headers) => {
        const setCookie = headers?.['set-cookie'];
        const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
        if (first) context.cookie = first.split(';')[0];
      },
    },
    // One sign-in, then the user browses and works: 4 rounds of month view, task list, create, complete.
    ...readAndWrite,
    ...readAndWrite,
    ...readAndWrite,
    ...readAndWrite,
  ],
});

server.child.kill('SIGTERM');
await server.exited;
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.end();

const { latency, requests } = result;
const errors = result.errors + result.timeouts + result.non2xx;
console.log(`
Load: ${connections} virtual users for ${seconds} s on PostgreSQL (mix: 1 sign-in, then 4 × [month view, task list, create task, complete task])
requests: ${requests.total} (${requests.average.toFixed(0)}/s average)
latency ms: p50 ${latency.p50}  p90 ${latency.p90}  p97.5 ${latency.p97_5}  p99 ${latency.p99}  max ${latency.max}
errors: ${result.errors}  timeouts: ${result.timeouts}  non-2xx: ${result.non2xx}
status codes: ${JSON.stringify(result.statusCodeStats)}
`);
process.exit(errors === 0 ? 0 : 1);
