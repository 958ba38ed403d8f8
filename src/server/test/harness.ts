import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, testConfig } from '../config.ts';
import { type Database, openDatabase, wrapPglite } from '../db/client.ts';
import { families, familyMembers, userAccounts } from '../db/schema/families.ts';
import type { ChangeFeed, Clock } from '../context.ts';
import { startChangeFeed } from '../live/change-feed.ts';
import { withDatabase } from './global-setup.ts';

/** A clock tests move by hand. Starts at `start` (an ISO instant). */
export class TestClock implements Clock {
  private current: Date;
  constructor(start = '2026-11-22T16:00:00Z') {
    this.current = new Date(start);
  }
  now(): Date {
    return new Date(this.current);
  }
  set(iso: string): void {
    this.current = new Date(iso);
  }
  advanceMinutes(minutes: number): void {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
}

/**
 * A fresh, migrated database for one test file: a PGlite restored from the run's snapshot, or (with
 * DATABASE_URL) a new PostgreSQL database copied from the run's template. Closing drops it.
 */
export async function openTestDatabase(): Promise<Database> {
  const template = inject('pgTemplate');
  const url = process.env.DATABASE_URL;
  if (url && template) {
    const name = `familyhub_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), dataDir: '', poolSize: 5 });
    return {
      ...database,
      async close() {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const snapshot = new Blob([fs.readFileSync(inject('pgliteSnapshot'))]);
  // 16 MB of shared buffers instead of PGlite's 128 MB: a test's database holds a few hundred rows, and a
  // PGlite touches its buffers as it starts (40,000 pages instead of 63,000 on the CI machine, where each first
  // touch of a page is slow; ADR 063).
  return wrapPglite(await PGlite.create({ loadDataDir: snapshot, postgresqlconf: ['shared_buffers=16MB'] }));
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  config: Config;
  /** The app's live-update hub. */
  changes: ChangeFeed;
  close(): Promise<void>;
}

/** The whole app on a fresh database, for `app.inject` tests. */
export async function createTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const database = await openTestDatabase();
  const clock = new TestClock();
  const config = testConfig({
    WEB_DIST_DIR: '/nonexistent',
    AUTH_RATE_LIMIT_PER_MINUTE: 1000,
    PASSWORD_RESET_RATE_LIMIT_PER_HOUR: 1000,
    // Suites write far faster than people; the write limit has its own test (notes/quotas.test.ts).
    FAMILY_WRITE_RATE_LIMIT_PER_MINUTE: 1_000_000,
    ...overrides,
  });
  const changes = await startChangeFeed(database);
  const app = await buildApp({ db: database.db, config, clock, changes });
  return {
    app,
    database,
    clock,
    config,
    changes,
    async close() {
      await app.close();
      await changes.close();
      await database.close();
    },
  };
}

/**
 * For the test file that calls it at its top level: the whole app on a fresh database (`createTestServer` with
 * `overrides`), made before the file's first test and closed after its last (vitest's hooks, so it is made before
 * hooks the file registers after this call). Its fields are read inside hooks and tests only.
 * @throws Error when a field is read before it has started.
 */
export function testServerPerFile(overrides: Partial<Config> = {}): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await createTestServer(overrides);
  });
  afterAll(async () => {
    await started?.close();
  });
  const get = (): TestServer => {
    if (!started) throw new Error('testServerPerFile: the server is read before beforeAll started it');
    return started;
  };
  return {
    get app() {
      return get().app;
    },
    get database() {
      return get().database;
    },
    get clock() {
      return get().clock;
    },
    get config() {
      return get().config;
    },
    get changes() {
      return get().changes;
    },
    close: () => get().close(),
  };
}

let counter = 0;

/** A valid registration payload with a unique e-mail; fields may be overridden. */
export function registration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    familyName: 'Rivera',
    email: `parent${counter}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'correct horse',
    memberName: 'Ana Rivera',
    memberRole: 'parent',
    memberColor: 'blue',
    memberPhone: '',
    ...overrides,
  };
}

/**
 * A `POST /api/events` body (wire names, SPEC §7) for an event `family`'s registrant organises: "Piano recital" on
 * Sun 2026-12-06 at 14:00 family time (wall clock), 60 minutes, category `activity`, priority `medium`, no
 * attendees, nobody alerted. `overrides` replace or add fields, so a test names only what it varies.
 */
export function eventPayload(
  family: Pick<SignedInFamily, 'memberId'>,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    title: 'Piano recital',
    start_date: '2026-12-06T14:00:00',
    duration_minutes: 60,
    organizer_id: family.memberId,
    attendees: [],
    alert_members: [],
    category: 'activity',
    priority: 'medium',
    ...overrides,
  };
}

/**
 * A `POST /api/tasks` body (wire names, SPEC §7) for an open task of `assignee` (a member id) alone, due Tue
 * 2026-12-01 at 09:00 family time, 30 minutes, priority `medium`, with an SMS reminder 30 minutes before.
 * `overrides` replace or add fields.
 */
export function taskPayload(
  assignee: number,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    title: 'Dentist forms',
    description: '',
    assigned_to: assignee,
    assigned_to_ids: [String(assignee)],
    due_date: '2026-12-01T09:00:00',
    estimated_duration_minutes: 30,
    status: 'open',
    priority: 'medium',
    send_sms_reminder: true,
    reminder_frequency: '30_minutes_before',
    ...overrides,
  };
}

/**
 * Registers a family through the API and returns the session cookie header to send as that user.
 * @throws Error when registration does not answer 201.
 */
export async function signUp(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<{ cookie: string; email: string; password: string }> {
  const payload = registration(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return {
    cookie: sessionCookie(res.headers['set-cookie']),
    email: payload.email,
    password: payload.password,
  };
}

/** The `name=value` part of a Set-Cookie header, ready for a Cookie header. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!header) throw new Error('no Set-Cookie header');
  return header.split(';')[0] ?? '';
}

/** A member a test family gets besides its registrant, written straight into `family_members`. */
export type ExtraMember = Omit<typeof familyMembers.$inferInsert, 'familyId'>;

/** What `signedInFamily` sets up beyond a plain sign-up. */
export interface FamilySetup {
  /** Registration fields (`familyName`, `memberName`, `memberPhone`, `timezone`, …) over `registration()`'s. */
  registration?: Record<string, unknown>;
  /** The family's IANA time zone, set after sign-up. */
  timezone?: string;
  /** The family's plan limit (events a month). */
  maxEventsPerMonth?: number;
  /** More members, in this order. */
  members?: ExtraMember[];
}

/** A family signed up through the API, as one of its parents. */
export interface SignedInFamily {
  /** The session's `Cookie` header value. */
  cookie: string;
  email: string;
  password: string;
  familyId: number;
  /** The registrant's member id. */
  memberId: number;
  /** The registrant's member id, then `FamilySetup.members`' ids in their order. */
  members: number[];
}

/**
 * Signs a family up through `POST /api/auth/register` and adds what `setup` asks straight in the database (as
 * the system scope: the members API is another feature's, and tests of one feature should not depend on it).
 * @throws Error when the sign-up does not answer 201 or makes no member.
 */
export async function signedInFamily(server: TestServer, setup: FamilySetup = {}): Promise<SignedInFamily> {
  const { cookie, email, password } = await signUp(server.app, setup.registration);
  const db = server.database.system;
  const [account] = await db
    .select({ familyId: userAccounts.familyId, memberId: userAccounts.familyMemberId })
    .from(userAccounts)
    .where(eq(userAccounts.email, email.toLowerCase()));
  if (!account?.memberId) throw new Error('sign-up made no member');
  const { familyId, memberId } = account;
  if (setup.timezone !== undefined || setup.maxEventsPerMonth !== undefined) {
    await db
      .update(families)
      .set({ timezone: setup.timezone, maxEventsPerMonth: setup.maxEventsPerMonth })
      .where(eq(families.id, familyId));
  }
  const added = setup.members?.length
    ? await db
        .insert(familyMembers)
        .values(setup.members.map((member) => ({ ...member, familyId })))
        .returning({ id: familyMembers.id })
    : [];
  return { cookie, email, password, familyId, memberId, members: [memberId, ...added.map((m) => m.id)] };
}

/** `app.inject` as `family` (or signed out with `null`), with a JSON body when `payload` is given. */
export function callAs(
  server: TestServer,
  family: Pick<SignedInFamily, 'cookie'> | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return server.app.inject({
    method,
    url,
    ...(family ? { headers: { cookie: family.cookie } } : {}),
    ...(payload ? { payload } : {}),
  });
}

/**
 * Waits, when fewer than `marginMs` are left of the current wall-clock window of `windowMs` (a minute by
 * default; 3,600,000 for the hourly limits), for the next one to begin: the rate limits count in fixed windows on
 * the wall clock (app.ts), so a test's attempts that straddle a window's end would start counting afresh and not
 * be refused. Call before a test that counts up to a limit, after its slow set-up (sign-ups).
 */
export async function startInOneRateWindow(marginMs = 15_000, windowMs = 60_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
