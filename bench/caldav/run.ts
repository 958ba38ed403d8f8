/**
 * Issue 40 item 5 ("Speed"): the first CalDAV sync of a family calendar of 5,000 events, and the sync after one
 * change, against FamilyHub and against Radicale 3.1.8 (Debian's `radicale`, the reference server of
 * test/caldav/) holding the same 5,000 objects, through the same clients, in the same run. Targets: FamilyHub's
 * initial sync no slower than Radicale's; the incremental sync under 100 ms.
 *
 *   npm run bench:caldav                                 PGlite (a scratch DATA_DIR)
 *   DATABASE_URL=postgres://… npm run bench:caldav       PostgreSQL (a scratch database)
 *   BENCH_RUNS (default 5 measured rounds, after one warm-up round), BENCH_EVENTS (default 5,000 objects)
 *
 * The calendar (`familyCalendar`, a fixed seed): one-off events over two years (2026–2027), most in the family's
 * zone (America/Los_Angeles), some in New York, London, Tokyo and UTC, some with a location or a description; 10 %
 * all-day (one to three days); 4 % weekly series with one to three EXDATEs, every second one with an override
 * (RECURRENCE-ID: moved an hour, renamed). FamilyHub gets it as a family would bring it: `.ics` texts through
 * `POST /api/calendar/import` (250 VEVENTs a call), in this process, before its server process starts. Radicale
 * gets FamilyHub's own object bodies (from FamilyHub's calendar-multiget) under the same names, written as files
 * into the collection's folder of its filesystem storage, which Radicale serves as objects PUT there: both
 * servers then hold byte-for-byte the same 5,000 objects (same sizes, same VTIMEZONEs), which a generated text PUT
 * into both would not give (FamilyHub stores fields and renders its own text). Not PUT through CalDAV: Radicale
 * 3.1.8 takes longer for each PUT as the collection grows (3,400 in 6 minutes, 2026-11-29). The warm-up round
 * builds Radicale's item cache.
 *
 * FamilyHub runs as production runs it (`src/server/main.ts` in its own process); Radicale in its own process as
 * test/caldav/radicale.ts starts it. Each round, each server in turn (the order alternates round by round):
 *  1. vdirsyncer 0.19 `sync` from scratch (a fresh status folder and an empty local folder; `discover` untimed
 *     before it): its PROPFIND Depth 1 for the ETags, then one calendar-multiget of every href, then 5,000 files
 *     written. The process's wall time, client work included (the same on both sides).
 *  2. The same two requests from this process (node:http, keep-alive, `Accept-Encoding: gzip, deflate` as
 *     vdirsyncer's aiohttp sends), timed to the last byte: the servers' part of (1).
 *  3. DAVx5's way: sync-collection with an empty token (ETags only), then calendar-multiget of 100 hrefs a
 *     request (as Evolution's CalDAV backend asks them), one after the other.
 *  4. One change (a one-off event's SUMMARY, PUT through CalDAV with If-Match), then the incremental sync:
 *     sync-collection with the token of the sync before, and the multiget of the changed href (the target's
 *     figure); then vdirsyncer `sync` again (its own way: PROPFIND Depth 1, multiget of what changed).
 * Each figure is the wall time and the CPU time the server process used meanwhile (/proc; Radicale is one
 * process, threads included): the CPU time is the fairer comparison on a busy machine, since other jobs stretch
 * wall times. Prints each round, the medians, and FamilyHub / Radicale. `BENCH_PROFILE=<file.cpuprofile>` runs
 * FamilyHub's process under V8's sampling profiler (bench/caldav/cpu-profile.mjs) and writes its profile there
 * when the bench ends.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.ts';
import { testConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { families, userAccounts } from '../../src/server/db/schema/families.ts';
import { startChangeFeed } from '../../src/server/live/change-feed.ts';
import { startServer } from '../../src/server/security/faults/server-process.ts';
import { startRadicale } from '../../test/caldav/radicale.ts';
import { PYTHON } from '../../test/oracles/python.ts';
import { scratchServerStorage } from '../scratch-database.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5000);
const FAMILY_ZONE = 'America/Los_Angeles';
/** VEVENTs per import call (the import takes at most ICS_IMPORT_MAX_EVENTS, and reads under a 1 s budget). */
const IMPORT_CHUNK = 250;
/** hrefs per calendar-multiget in the DAVx5-style sync. */
const MULTIGET_BATCH = 100;
const INCREMENTAL_TARGET_MS = 100;

// ---------------------------------------------------------------------------------------------------------------
// The calendar

/** A small deterministic PRNG (mulberry32), so every run syncs the same calendar. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** A wall-clock instant (ms, read as UTC fields) as `YYYYMMDDTHHMMSS`, or `YYYYMMDD` for a date. */
function wall(ms: number, date = false): string {
  const d = new Date(ms);
  const day = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
  return date ? day : `${day}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00`;
}

const TITLES = [
  'Soccer practice',
  'Piano lesson',
  'Dentist',
  'Parent-teacher meeting',
  'Swim class',
  'Grocery run',
  'Birthday party',
  'Book club',
  'Vet appointment',
  'Playdate',
  'Science fair',
  'Dinner with grandparents',
];
const PLACES = [
  'Lincoln Elementary, Room 12',
  'Community pool',
  'Main St. Dental, Suite 4',
  'Riverside Park',
];

/**
 * `count` calendar objects as VEVENT texts (a series with its override is one object), in the mix described at
 * the top of this file, grouped into import texts of at most `IMPORT_CHUNK` VEVENTs.
 */
export function familyCalendar(count: number): string[] {
  const rand = random(40);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const start2026 = Date.UTC(2026, 0, 1);
  const objects: string[][] = [];
  for (let i = 0; i < count; i++) {
    const uid = `bench-${i}@familyhub.bench`;
    const title = `${pick(TITLES)} ${i}`;
    const day = start2026 + Math.floor(rand() * 730) * DAY_MS;
    const at = day + (7 + Math.floor(rand() * 13)) * 3_600_000 + Math.floor(rand() * 4) * 900_000;
    const minutes = 30 + Math.floor(rand() * 6) * 30;
    const head = [`UID:${uid}`, 'DTSTAMP:20260101T000000Z', `SUMMARY:${title}`];
    if (rand() < 0.3) head.push(`LOCATION:${pick(PLACES)}`);
    if (rand() < 0.2) head.push('DESCRIPTION:Bring the forms.\\nAsk about the next date.');
    const kind = i % 25;
    if (kind === 0) {
      // A weekly series, 10–40 weeks, with EXDATEs on some of its dates and, every second one, an override.
      const weeks = 10 + Math.floor(rand() * 31);
      const tz = `;TZID=${FAMILY_ZONE}`;
      const series = [
        'BEGIN:VEVENT',
        ...head,
        `DTSTART${tz}:${wall(at)}`,
        `DTEND${tz}:${wall(at + minutes * 60_000)}`,
        `RRULE:FREQ=WEEKLY;COUNT=${weeks}`,
      ];
      const skipped = new Set<number>();
      for (let k = 0, n = 1 + Math.floor(rand() * 3); k < n; k++)
        skipped.add(1 + Math.floor(rand() * (weeks - 1)));
      for (const k of skipped) series.push(`EXDATE${tz}:${wall(at + k * 7 * DAY_MS)}`);
      series.push('END:VEVENT');
      const object = [series.join('\r\n')];
      if (i % 50 === 0) {
        const k = [...Array(weeks).keys()].find((w) => w > 0 && !skipped.has(w)) ?? 1;
        const was = at + k * 7 * DAY_MS;
        object.push(
          [
            'BEGIN:VEVENT',
            `UID:${uid}`,
            'DTSTAMP:20260101T000000Z',
            `RECURRENCE-ID${tz}:${wall(was)}`,
            `SUMMARY:${title} (moved)`,
            `DTSTART${tz}:${wall(was + 3_600_000)}`,
            `DTEND${tz}:${wall(was + 3_600_000 + minutes * 60_000)}`,
            'END:VEVENT',
          ].join('\r\n'),
        );
      }
      objects.push(object);
    } else if (kind <= 2 || kind === 12) {
      // All-day, one to three days (an exclusive DATE end).
      const days = 1 + Math.floor(rand() * 3);
      objects.push([
        [
          'BEGIN:VEVENT',
          ...head,
          `DTSTART;VALUE=DATE:${wall(day, true)}`,
          `DTEND;VALUE=DATE:${wall(day + days * DAY_MS, true)}`,
          'END:VEVENT',
        ].join('\r\n'),
      ]);
    } else {
      const r = rand();
      const zone =
        r < 0.7
          ? FAMILY_ZONE
          : r < 0.8
            ? 'America/New_York'
            : r < 0.9
              ? 'Europe/London'
              : r < 0.95
                ? 'Asia/Tokyo'
                : 'UTC';
      const times =
        zone === 'UTC'
          ? [`DTSTART:${wall(at)}Z`, `DTEND:${wall(at + minutes * 60_000)}Z`]
          : [`DTSTART;TZID=${zone}:${wall(at)}`, `DTEND;TZID=${zone}:${wall(at + minutes * 60_000)}`];
      objects.push([['BEGIN:VEVENT', ...head, ...times, 'END:VEVENT'].join('\r\n')]);
    }
  }
  const texts: string[] = [];
  let chunk: string[] = [];
  const flush = () => {
    if (chunk.length === 0) return;
    texts.push(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//FamilyHub//bench//EN',
        ...chunk,
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    chunk = [];
  };
  for (const object of objects) {
    if (chunk.length + object.length > IMPORT_CHUNK) flush();
    chunk.push(...object);
  }
  flush();
  return texts;
}

// ---------------------------------------------------------------------------------------------------------------
// FamilyHub's family, seeded in this process before the server process opens the same storage

interface Account {
  username: string;
  password: string;
  accountId: number;
}

/**
 * Registers a family in `env`'s storage (in this process, through `app.inject`), lifts its plan limit, imports
 * the calendar and creates an app password; closes the database again so that the server process can open it.
 * @throws Error when a call fails or the import skips an event.
 */
export async function seedFamilyHub(env: Record<string, string>, texts: string[]): Promise<Account> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });
  const config = testConfig({ WEB_DIST_DIR: '/nonexistent', FAMILY_WRITE_RATE_LIMIT_PER_MINUTE: 1_000_000 });
  const changes = await startChangeFeed(database);
  const app = await buildApp({ db: database.db, config, clock: { now: () => new Date() }, changes });
  try {
    const email = 'parent.bench@example.com';
    const reg = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        familyName: 'Bench',
        email,
        password: 'correct horse',
        memberName: 'Ana Bench',
        memberRole: 'parent',
        memberColor: 'blue',
      },
    });
    if (reg.statusCode !== 201) throw new Error(`register: ${reg.statusCode} ${reg.body}`);
    const cookie = String(reg.headers['set-cookie']).split(';')[0] ?? '';
    const [account] = await database.system
      .select({ id: userAccounts.id, familyId: userAccounts.familyId })
      .from(userAccounts)
      .where(eq(userAccounts.email, email));
    if (!account) throw new Error('no account');
    await database.system
      .update(families)
      .set({ timezone: FAMILY_ZONE, maxEventsPerMonth: 1_000_000 })
      .where(eq(families.id, account.familyId));
    const headers = { cookie, origin: config.PUBLIC_URL };
    for (const text of texts) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/calendar/import',
        headers: { ...headers, 'content-type': 'text/calendar' },
        payload: text,
      });
      const report = res.json<{ skipped: unknown[] }>();
      if (res.statusCode !== 200 || report.skipped.length > 0)
        throw new Error(`import: ${res.statusCode} ${res.body}`);
    }
    const made = await app.inject({
      method: 'POST',
      url: '/api/account/app-passwords',
      headers,
      payload: { name: 'bench' },
    });
    if (made.statusCode !== 201) throw new Error(`app password: ${made.statusCode} ${made.body}`);
    const { username, password } = made.json<{ username: string; password: string }>();
    const resources = await database.system.execute(
      sql`SELECT count(*)::int AS n FROM dav_resources WHERE family_id = ${account.familyId} AND NOT deleted`,
    );
    const n = Number((resources as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);
    if (n !== EVENTS) throw new Error(`FamilyHub holds ${n} objects, not ${EVENTS}`);
    return { username, password, accountId: account.id };
  } finally {
    await app.close();
    await changes.close();
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The Node client

interface Reply {
  status: number;
  text: string;
  headers: http.IncomingHttpHeaders;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** One request, the answer read to its last byte and decoded. */
function request(
  method: string,
  url: string,
  auth: string,
  body?: string,
  extra: Record<string, string> = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      Authorization: auth,
      'Accept-Encoding': 'gzip, deflate',
      ...extra,
    };
    if (body !== undefined && !('Content-Type' in headers))
      headers['Content-Type'] = 'application/xml; charset=utf-8';
    const req = http.request(url, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        try {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const decoded =
            raw.length === 0
              ? raw
              : encoding === 'gzip'
                ? zlib.gunzipSync(raw)
                : encoding === 'deflate'
                  ? zlib.inflateSync(raw)
                  : encoding === 'br'
                    ? zlib.brotliDecompressSync(raw)
                    : raw;
          resolve({ status: res.statusCode ?? 0, text: decoded.toString('utf8'), headers: res.headers });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#13|#10|#x[0-9a-fA-F]+|#\d+);/g, (_, e: string) => {
    if (e === 'lt') return '<';
    if (e === 'gt') return '>';
    if (e === 'amp') return '&';
    if (e === 'quot') return '"';
    if (e === 'apos') return "'";
    return String.fromCodePoint(e.startsWith('#x') ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
  });
}

interface Member {
  href: string;
  etag: string | null;
  data: string | null;
  gone: boolean;
}

/** The members of a multistatus (either server's prefixes), and its sync-token. */
function parseMultistatus(xml: string): { members: Member[]; token: string | null } {
  const tag = (name: string) =>
    new RegExp(`<(?:[\\w-]+:)?${name}\\b[^>]*>([\\s\\S]*?)</(?:[\\w-]+:)?${name}>`);
  const members: Member[] = [];
  for (const m of xml.matchAll(/<(?:[\w-]+:)?response\b[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?response>/g)) {
    const inner = m[1] ?? '';
    const href = tag('href').exec(inner)?.[1];
    if (href === undefined) continue;
    const etag = tag('getetag').exec(inner)?.[1];
    const data = tag('calendar-data').exec(inner)?.[1];
    members.push({
      href: unescapeXml(href.trim()),
      etag: etag === undefined ? null : unescapeXml(etag),
      data: data === undefined ? null : unescapeXml(data),
      gone: !/<(?:[\w-]+:)?propstat\b/.test(inner) && /404/.test(tag('status').exec(inner)?.[1] ?? ''),
    });
  }
  const token = /<(?:[\w-]+:)?sync-token>([^<]*)</.exec(
    xml.replace(/<(?:[\w-]+:)?response\b[\s\S]*<\/(?:[\w-]+:)?response>/, ''),
  );
  return { members, token: token?.[1] ? unescapeXml(token[1]) : null };
}

const NS = 'xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"';
const PROPFIND_ETAGS = `<?xml version="1.0" encoding="utf-8"?><d:propfind ${NS}><d:prop><d:resourcetype/><d:getcontenttype/><d:getetag/></d:prop></d:propfind>`;
const multigetBody = (hrefs: readonly string[]) =>
  `<?xml version="1.0" encoding="utf-8"?><c:calendar-multiget ${NS}><d:prop><d:getetag/><c:calendar-data/></d:prop>` +
  `${hrefs.map((h) => `<d:href>${h.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</d:href>`).join('')}</c:calendar-multiget>`;
const syncBody = (token: string) =>
  `<?xml version="1.0" encoding="utf-8"?><d:sync-collection ${NS}><d:sync-token>${token}</d:sync-token>` +
  '<d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>';

/** A CalDAV server under test: its calendar collection (absolute URL ending in `/`) and credentials. */
interface Target {
  label: string;
  /** The server's process, whose CPU time is read. */
  pid: number;
  collection: string;
  username: string;
  password: string;
  auth: string;
}

/** A 207 answer's members. @throws Error on any other status. */
async function report(
  target: Target,
  method: string,
  body: string,
  depth: string,
): Promise<ReturnType<typeof parseMultistatus>> {
  const res = await request(method, target.collection, target.auth, body, { Depth: depth });
  if (res.status !== 207)
    throw new Error(`${target.label} ${method}: ${res.status} ${res.text.slice(0, 300)}`);
  return parseMultistatus(res.text);
}

/** The objects of the collection (PROPFIND Depth 1, without the collection itself). */
async function listObjects(target: Target): Promise<Member[]> {
  const { members } = await report(target, 'PROPFIND', PROPFIND_ETAGS, '1');
  const own = new URL(target.collection).pathname;
  return members.filter(
    (m) => decodeURIComponent(new URL(m.href, target.collection).pathname) !== decodeURIComponent(own),
  );
}

/** vdirsyncer's requests: PROPFIND Depth 1, then one multiget of every href. */
async function vdirsyncerRequests(target: Target): Promise<Member[]> {
  const listed = await listObjects(target);
  const { members } = await report(target, 'REPORT', multigetBody(listed.map((m) => m.href)), '1');
  return members;
}

/** DAVx5's: sync-collection with an empty token, then multigets of `MULTIGET_BATCH` hrefs. */
async function collectionSyncRequests(target: Target): Promise<{ count: number; token: string }> {
  const { members, token } = await report(target, 'REPORT', syncBody(''), '1');
  if (!token) throw new Error(`${target.label}: no sync-token`);
  let count = 0;
  for (let i = 0; i < members.length; i += MULTIGET_BATCH) {
    const got = await report(
      target,
      'REPORT',
      multigetBody(members.slice(i, i + MULTIGET_BATCH).map((m) => m.href)),
      '1',
    );
    count += got.members.filter((m) => m.data !== null).length;
  }
  return { count, token };
}

/** The incremental sync: sync-collection with `token`, then the multiget of what changed. */
async function incrementalSync(target: Target, token: string): Promise<{ changed: number; token: string }> {
  const { members, token: next } = await report(target, 'REPORT', syncBody(token), '1');
  if (!next) throw new Error(`${target.label}: no sync-token`);
  const live = members.filter((m) => !m.gone);
  if (live.length > 0) {
    const got = await report(target, 'REPORT', multigetBody(live.map((m) => m.href)), '1');
    if (got.members.some((m) => m.data === null)) throw new Error(`${target.label}: multiget without data`);
  }
  return { changed: members.length, token: next };
}

/** Renames `name` on the server (SUMMARY), through CalDAV with If-Match, as a client edits. */
async function changeOne(target: Target, name: string, summary: string): Promise<void> {
  const url = new URL(name, target.collection).toString();
  const got = await request('GET', url, target.auth);
  if (got.status !== 200) throw new Error(`${target.label} GET ${name}: ${got.status}`);
  const etag = got.headers.etag ?? '';
  const body = got.text.replace(/^SUMMARY:.*$/m, `SUMMARY:${summary}`);
  const put = await request('PUT', url, target.auth, body, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'If-Match': etag,
  });
  if (put.status !== 204 && put.status !== 201)
    throw new Error(`${target.label} PUT ${name}: ${put.status} ${put.text}`);
}

// ---------------------------------------------------------------------------------------------------------------
// vdirsyncer

interface Vdirsyncer {
  dir: string;
  run(...args: string[]): Promise<number>;
  files(): number;
}

/** A fresh vdirsyncer setup (status and local folder) paired with `target`'s calendar collection alone. */
function vdirsyncerFor(target: Target): Vdirsyncer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'familyhub-bench-vdirsyncer-'));
  const value = (v: string) => JSON.stringify(v);
  fs.mkdirSync(path.join(dir, 'local'));
  fs.writeFileSync(
    path.join(dir, 'config'),
    [
      '[general]',
      `status_path = ${value(path.join(dir, 'status') + '/')}`,
      '[pair cal]',
      'a = "cal_local"',
      'b = "cal_remote"',
      'collections = null',
      '[storage cal_local]',
      'type = "filesystem"',
      `path = ${value(path.join(dir, 'local') + '/')}`,
      'fileext = ".ics"',
      '[storage cal_remote]',
      'type = "caldav"',
      `url = ${value(target.collection)}`,
      `username = ${value(target.username)}`,
      `password = ${value(target.password)}`,
      '',
    ].join('\n'),
  );
  return {
    dir,
    files: () => fs.readdirSync(path.join(dir, 'local')).length,
    run: (...args) =>
      new Promise((resolve, reject) => {
        const started = performance.now();
        const child = spawn(PYTHON, ['-m', 'vdirsyncer', '-c', path.join(dir, 'config'), ...args], {
          cwd: dir,
          stdio: ['pipe', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
        child.on('error', reject);
        child.on('close', (code) =>
          code === 0
            ? resolve(performance.now() - started)
            : reject(new Error(`vdirsyncer ${args.join(' ')} exited ${code}: ${stderr.slice(-800)}`)),
        );
        child.stdin.end('y\n'.repeat(5));
      }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The rounds

/** The sync figures of one round against one server: wall time, and the server process's CPU time. */
type Figures = Record<Phase, { wall: number; cpu: number }>;
type Phase = 'vdirsyncer' | 'requests' | 'collectionSync' | 'incremental' | 'vdirsyncerAfterChange';

const PHASES: Array<[Phase, string]> = [
  ['vdirsyncer', 'initial sync: vdirsyncer `sync` (client work included)'],
  ['requests', "initial sync: vdirsyncer's two requests, from Node"],
  ['collectionSync', `initial sync: sync-collection + multigets of ${MULTIGET_BATCH}`],
  ['incremental', 'one change: sync-collection + multiget'],
  ['vdirsyncerAfterChange', 'one change: vdirsyncer `sync`'],
];

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = Number(
  (await new Promise<string>((resolve) => {
    const child = spawn('getconf', ['CLK_TCK']);
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('close', () => resolve(out.trim() || '100'));
  })) || 100,
);

/** CPU time (user + system, ms) process `pid` has used so far, all its threads (/proc/<pid>/stat). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** `fn`'s result, its wall time and the CPU time the server process `pid` used meanwhile. */
async function measured<T>(pid: number, fn: () => Promise<T>): Promise<[T, { wall: number; cpu: number }]> {
  const cpu = cpuMs(pid);
  const started = performance.now();
  const result = await fn();
  return [result, { wall: performance.now() - started, cpu: cpuMs(pid) - cpu }];
}

/** One round against `target`: the figures, after checking that every sync saw all `EVENTS` objects. */
async function round(target: Target, changeName: string, n: number): Promise<Figures> {
  const vdir = vdirsyncerFor(target);
  try {
    await vdir.run('discover');
    const [, vdirsyncer] = await measured(target.pid, () => vdir.run('sync'));
    if (vdir.files() !== EVENTS) throw new Error(`${target.label}: vdirsyncer wrote ${vdir.files()} files`);
    const [fetched, requests] = await measured(target.pid, () => vdirsyncerRequests(target));
    if (fetched.filter((m) => m.data !== null).length !== EVENTS)
      throw new Error(`${target.label}: the multiget gave ${fetched.length} objects`);
    const [initial, collectionSync] = await measured(target.pid, () => collectionSyncRequests(target));
    if (initial.count !== EVENTS)
      throw new Error(`${target.label}: the collection sync gave ${initial.count}`);
    await changeOne(target, changeName, `Changed in round ${n}`);
    const [after, incremental] = await measured(target.pid, () => incrementalSync(target, initial.token));
    if (after.changed !== 1) throw new Error(`${target.label}: ${after.changed} changes reported, not 1`);
    const [, vdirsyncerAfterChange] = await measured(target.pid, () => vdir.run('sync'));
    return { vdirsyncer, requests, collectionSync, incremental, vdirsyncerAfterChange };
  } finally {
    fs.rmSync(vdir.dir, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;

async function main(): Promise<void> {
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const storage = await scratchServerStorage('caldav');
  const texts = familyCalendar(EVENTS);
  let started = performance.now();
  const account = await seedFamilyHub(storage.env, texts);
  console.log(
    `caldav bench, ${database}: ${EVENTS} objects (${texts.join('').match(/BEGIN:VEVENT/g)?.length ?? 0} VEVENTs) imported in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const profile = process.env.BENCH_PROFILE;
  const server = await startServer(
    {
      ...storage.env,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
      ...(profile
        ? {
            NODE_OPTIONS: `--import ${path.resolve('bench/caldav/cpu-profile.mjs')}`,
            BENCH_PROFILE_OUT: path.resolve(profile),
          }
        : {}),
    },
    120_000,
  );
  const radicale = await startRadicale();
  try {
    const ours: Target = {
      label: 'FamilyHub',
      pid: server.child.pid ?? 0,
      collection: `${server.url}/dav/calendars/${account.accountId}/family/`,
      username: account.username,
      password: account.password,
      auth: basic(account.username, account.password),
    };
    const theirs: Target = {
      label: 'Radicale',
      pid: radicale.pid,
      collection: radicale.collections.VEVENT,
      username: radicale.username,
      password: radicale.password,
      auth: basic(radicale.username, radicale.password),
    };

    // Radicale gets FamilyHub's bodies under FamilyHub's names, written into its storage folder (5,000 PUTs take
    // Radicale over ten minutes, slower as the collection grows); it reads them as objects PUT there.
    started = performance.now();
    const objects = await vdirsyncerRequests(ours);
    let bytes = 0;
    for (const m of objects) {
      const name = decodeURIComponent(m.href.split('/').pop() ?? '');
      bytes += Buffer.byteLength(m.data ?? '');
      fs.writeFileSync(path.join(radicale.folders.VEVENT, name), m.data ?? '');
    }
    const held = await listObjects(theirs);
    if (held.length !== EVENTS) throw new Error(`Radicale holds ${held.length} objects, not ${EVENTS}`);
    console.log(
      `the same ${objects.length} objects (${(bytes / 1e6).toFixed(2)} MB of iCalendar) written into Radicale's storage in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // The object each round changes: a one-off event (no RRULE), the same name on both servers.
    const oneOff = objects.find(
      (m) => m.data !== null && !m.data.includes('RRULE') && !m.data.includes('VALUE=DATE'),
    );
    const changeName = decodeURIComponent(oneOff?.href.split('/').pop() ?? '');

    const results: Record<string, Figures[]> = { FamilyHub: [], Radicale: [] };
    console.log(`\nwall ms / server CPU ms; round 0 warms up (not counted)`);
    console.log(`round  server      ${PHASES.map(([k]) => k.padStart(22)).join('')}`);
    for (let n = 0; n <= RUNS; n++) {
      const order = n % 2 === 0 ? [ours, theirs] : [theirs, ours];
      for (const target of order) {
        const figures = await round(target, changeName, n);
        if (n > 0) results[target.label]?.push(figures);
        const cell = (k: Phase) =>
          `${figures[k].wall.toFixed(k === 'incremental' ? 1 : 0)} / ${figures[k].cpu.toFixed(0)}`.padStart(
            22,
          );
        console.log(
          `${String(n).padStart(5)}  ${target.label.padEnd(10)}  ${PHASES.map(([k]) => cell(k)).join('')}`,
        );
      }
    }
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    console.log(`\nmedians of ${RUNS} rounds, ${database}, ${EVENTS} objects, load average ${load}:`);
    const mid = (label: string, k: Phase, of: 'wall' | 'cpu') =>
      median((results[label] ?? []).map((f) => f[k][of]));
    for (const [k, label] of PHASES) {
      const line = (of: 'wall' | 'cpu') => {
        const a = mid('FamilyHub', k, of);
        const b = mid('Radicale', k, of);
        return `${a.toFixed(k === 'incremental' ? 1 : 0).padStart(7)} vs ${b.toFixed(k === 'incremental' ? 1 : 0).padStart(7)} ms (${(a / b).toFixed(2)})`;
      };
      console.log(`  ${label.padEnd(58)} wall ${line('wall')}   server CPU ${line('cpu')}`);
    }
    console.log('  (FamilyHub vs Radicale, and FamilyHub/Radicale)');
    const initialRatio = mid('FamilyHub', 'vdirsyncer', 'wall') / mid('Radicale', 'vdirsyncer', 'wall');
    const incremental = mid('FamilyHub', 'incremental', 'wall');
    console.log(
      `\ninitial sync (vdirsyncer) FamilyHub/Radicale ${initialRatio.toFixed(2)} (target ≤ 1: ${initialRatio <= 1 ? 'met' : 'NOT met'}); ` +
        `incremental ${incremental.toFixed(1)} ms (target < ${INCREMENTAL_TARGET_MS}: ${incremental < INCREMENTAL_TARGET_MS ? 'met' : 'NOT met'})`,
    );
  } finally {
    agent.destroy();
    await radicale.stop();
    server.child.kill('SIGTERM');
    await server.exited;
    await storage.drop();
    if (storage.env.DATA_DIR) fs.rmSync(storage.env.DATA_DIR, { recursive: true, force: true });
    if (profile) console.log(`FamilyHub's CPU profile: ${profile}`);
  }
}

// Run as a script (importing the file for its calendar or its seeding runs nothing).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
