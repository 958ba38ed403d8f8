import { type SQL, sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSessionStatement, SESSION_COOKIE } from '../auth/sessions.ts';
import { tasks } from '../db/schema/tasks.ts';
import { APP_ROLE, activeSystemScope, withFamilyScope, withSystemScope } from '../db/scope.ts';
import { requireAuth } from '../http/auth-context.ts';
import { badRequest } from '../http/errors.ts';
import { testServerPerFile } from '../test/harness.ts';
import { call, queryRows, seedFamily, type SeededFamily } from './fixtures.ts';

/**
 * Defence in depth (issue 13, docs/security.md "Row-level security"): PostgreSQL itself confines a family's
 * request to that family's rows, so a query that forgot its `family_id` filter still cannot read or write
 * another family's data. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */

const server = testServerPerFile();
let a: SeededFamily;
let b: SeededFamily;
/** Every table holding family-owned rows, and the column naming the family: found in the catalogue. */
let owned: { table: string; column: string }[];

/** The SQLSTATE and messages of an error and its causes (Drizzle wraps the driver's error). */
function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    parts.push(`${String(Reflect.get(e, 'code') ?? '')} ${e.message}`);
  }
  return parts.join(' / ');
}

/** Runs `query` in a savepoint of the active scope and answers how PostgreSQL refused it, or 'accepted'. */
async function attempt(query: SQL): Promise<string> {
  try {
    await server.database.db.transaction(async (savepoint) => {
      await savepoint.execute(query);
    });
    return 'accepted';
  } catch (error) {
    return describeError(error);
  }
}

const inScope = <T>(family: SeededFamily, fn: () => Promise<T>) =>
  withFamilyScope(server.database.db, family.familyId, fn);

/**
 * Routes standing for future code with the bug this defends against (added before the app's first request,
 * after which Fastify takes no more routes): one lists every task unfiltered; one writes and then fails.
 */
function addBuggyRoutes(): void {
  const db = server.database.db;
  server.app.get('/api/test/unfiltered-tasks', async (request) => {
    requireAuth(request);
    return db.select({ id: tasks.id, familyId: tasks.familyId }).from(tasks);
  });
  server.app.post('/api/test/write-then-fail', async (request) => {
    const { familyId } = requireAuth(request);
    await db.execute(sql`update families set name = 'half-written' where id = ${familyId}`);
    throw badRequest('refused after writing');
  });
}

beforeAll(async () => {
  addBuggyRoutes();
  // The test seeds and inspects as the system does (every family visible).
  const db = server.database.system;
  a = await seedFamily(server.app, db, 'RlsFamilyA');
  b = await seedFamily(server.app, db, 'RlsFamilyB');
  for (const family of [a, b]) {
    const feed = await call(server.app, family.cookie, 'POST', '/api/calendar/feeds/regenerate', {
      scope: 'family',
    });
    expect(feed.statusCode).toBe(201);
    // The daily-summary log and the outbox are written by the scheduler, which these tests do not run.
    await db.execute(sql`insert into daily_summary_log (family_id, family_member_id, summary_date)
      values (${family.familyId}, ${family.selfMemberId}, '2026-11-22')`);
    await db.execute(sql`insert into driving_alert_log (family_id, family_member_id, alert_date, dedupe_key, legs)
      values (${family.familyId}, ${family.selfMemberId}, '2026-11-22', ${`rls-gaps-${family.familyId}`}, '[]'::jsonb)`);
    const [outbox] = await queryRows<{ id: number }>(
      db,
      sql`insert into notifications (family_id, channel, recipient, body, kind, dedupe_key, send_after)
        values (${family.familyId}, 'email', 'x@example.com', 'rls', 'test', ${`rls-${family.familyId}`}, now())
        returning id`,
    );
    await db.execute(sql`insert into sms_reply_actions (family_id, family_member_id, notification_id, action, expires_at)
      values (${family.familyId}, ${family.selfMemberId}, ${outbox?.id}, 'complete_task', now() + interval '1 day')`);
    // Passkeys, recovery codes and sign-in steps (issue 25) need a real authenticator through the API
    // (account.test.ts): rows of the right shape are enough here.
    const [user] = await queryRows<{ id: number }>(
      db,
      sql`select id from user_accounts where family_id = ${family.familyId} limit 1`,
    );
    await db.execute(sql`insert into passkeys (family_id, user_id, credential_id, public_key, name)
      values (${family.familyId}, ${user?.id}, ${`rls-credential-${family.familyId}`}, 'key', 'rls')`);
    await db.execute(sql`insert into recovery_codes (family_id, user_id, code_hash)
      values (${family.familyId}, ${user?.id}, ${`rls-code-${family.familyId}`})`);
    await db.execute(sql`insert into auth_challenges (id_hash, family_id, user_id, purpose, expires_at)
      values (${`rls-step-${family.familyId}`}, ${family.familyId}, ${user?.id}, 'second_factor', now() + interval '10 minutes')`);
  }
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'family_id' order by table_name`,
  );
  owned = [
    { table: 'families', column: 'id' },
    ...tables.map(({ table_name: table }) => ({ table, column: 'family_id' })),
  ];
});

describe('row-level security', () => {
  it('runs the app as a role that row-level security binds', async () => {
    const [role] = await queryRows<{ name: string; rolsuper: boolean; rolbypassrls: boolean }>(
      server.database.db,
      sql`select current_user as name, rolsuper, rolbypassrls from pg_roles where rolname = current_user`,
    );
    expect(role).toEqual({ name: APP_ROLE, rolsuper: false, rolbypassrls: false });
  });

  it('enables and forces row-level security, with a policy, on every family-owned table', async () => {
    expect(owned.map(({ table }) => table)).toEqual(
      expect.arrayContaining(['families', 'family_members', 'events', 'tasks', 'notes', 'sessions']),
    );
    const catalogue = await queryRows<{ table: string; rls: boolean; forced: boolean; policies: number }>(
      server.database.db,
      sql`select c.relname as table, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
            (select count(*)::int from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relname in (${sql.join(
            owned.map(({ table }) => sql`${table}`),
            sql`, `,
          )})
          order by c.relname`,
    );
    expect(catalogue).toHaveLength(owned.length);
    for (const row of catalogue)
      expect(row, row.table).toMatchObject({ rls: true, forced: true, policies: 1 });
  });

  it('reads the scope once per statement, not once per row, on every family-owned table (ADR 027)', async () => {
    for (const { table } of owned) {
      const [explained] = await inScope(a, () =>
        queryRows<{ 'QUERY PLAN': unknown }>(
          server.database.db,
          sql`explain (format json, costs off) select * from ${sql.identifier(table)}`,
        ),
      );
      const plan = JSON.stringify(explained?.['QUERY PLAN']);
      // The policy's two functions run as InitPlans; the scan's per-row filter compares with their results.
      expect(plan, table).toMatch(/InitPlan/);
      const filters = [...plan.matchAll(/"Filter":"([^"]*)"/g)].map((m) => m[1]);
      expect(filters.length, table).toBeGreaterThan(0);
      for (const filter of filters) expect(filter, table).not.toMatch(/current_setting/);
    }
  });

  it('has rows of both families in every family-owned table (else the checks below prove nothing)', async () => {
    for (const { table, column } of owned) {
      const rows = await queryRows<{ family: number }>(
        server.database.system,
        sql`select distinct ${sql.identifier(column)} as family from ${sql.identifier(table)}
            where ${sql.identifier(column)} in (${a.familyId}, ${b.familyId})`,
      );
      expect(rows.map((row) => row.family).sort(), `${table}: seed a row of each family`).toEqual(
        [a.familyId, b.familyId].sort(),
      );
    }
  });

  it("shows a query without a family filter only the scope's own family, in every family-owned table", async () => {
    for (const family of [a, b]) {
      await inScope(family, async () => {
        for (const { table, column } of owned) {
          const rows = await queryRows<{ family: number }>(
            server.database.db,
            sql`select ${sql.identifier(column)} as family from ${sql.identifier(table)}`,
          );
          expect(rows.length, table).toBeGreaterThan(0);
          expect(new Set(rows.map((row) => row.family)), table).toEqual(new Set([family.familyId]));
        }
      });
    }
  });

  it("neither updates nor deletes the other family's rows, and refuses to write rows into it", async () => {
    await inScope(a, async () => {
      for (const { table, column } of owned) {
        const id = sql.identifier(column);
        const t = sql.identifier(table);
        const touched = await queryRows(
          server.database.db,
          sql`update ${t} set ${id} = ${id} where ${id} = ${b.familyId} returning 1`,
        );
        expect(touched, `${table}: update of B's rows`).toHaveLength(0);
        const deleted = await queryRows(
          server.database.db,
          sql`delete from ${t} where ${id} = ${b.familyId} returning 1`,
        );
        expect(deleted, `${table}: delete of B's rows`).toHaveLength(0);
        // A copy of one of A's rows, moved to B: refused by the policy's WITH CHECK (checked before keys). The
        // columns the database generates (search vectors) are left to it.
        const written = await queryRows<{ name: string }>(
          server.database.db,
          sql`select column_name as name from information_schema.columns
              where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
              order by ordinal_position`,
        );
        const list = sql.join(
          written.map((c) => sql.identifier(c.name)),
          sql`, `,
        );
        const inserted = await attempt(
          sql`insert into ${t} (${list}) select ${list} from (select (jsonb_populate_record(null::${t},
                to_jsonb(r) || jsonb_build_object(${column}::text, ${b.familyId}::int))).* from ${t} r limit 1) copy`,
        );
        expect(inserted, `${table}: insert of a B row`).toMatch(/42501 .*row-level security/);
        const moved = await attempt(sql`update ${t} set ${id} = ${b.familyId} where ${id} = ${a.familyId}`);
        expect(moved, `${table}: moving A's rows to B`).toMatch(/42501 .*row-level security/);
      }
    });
    const [bTasks] = await queryRows<{ n: number }>(
      server.database.system,
      sql`select count(*)::int as n from tasks where family_id = ${b.familyId}`,
    );
    expect(bTasks?.n).toBeGreaterThan(0);
  });

  it('fails closed when the setting holds anything but a family id', async () => {
    await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.family_id', 'not-a-family', true)`);
      const visible = await queryRows(tx, sql`select id from tasks`);
      expect(visible).toHaveLength(0);
    });
  });

  it("confines a signed-in route that forgot its family filter to the caller's family", async () => {
    const { app } = server;
    for (const family of [a, b]) {
      const res = await call(app, family.cookie, 'GET', '/api/test/unfiltered-tasks');
      expect(res.statusCode).toBe(200);
      const rows = res.json<{ id: number; familyId: number }[]>();
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((row) => row.familyId))).toEqual(new Set([family.familyId]));
    }
    // The request's transaction also makes a request all or nothing.
    const failed = await call(app, a.cookie, 'POST', '/api/test/write-then-fail', {});
    expect(failed.statusCode).toBe(400);
    const names = await queryRows<{ name: string }>(
      server.database.system,
      sql`select name from families where id = ${a.familyId}`,
    );
    expect(names[0]?.name).not.toBe('half-written');
  });

  it('runs every signed-in route in its family scope, except the reviewed system-scope ones', () => {
    // A route added here is one more path row-level security does not confine: docs/security.md lists them.
    const system = server.app.routeTable
      .filter((route) => route.systemScope !== null)
      .map((route) => `${route.method} ${route.url} → ${route.systemScope ?? ''}`)
      .sort();
    expect(system).toEqual(
      [
        'POST /api/auth/register → auth-register',
        'POST /api/auth/login → auth-login',
        'POST /api/auth/forgot-password → auth-forgot-password',
        'POST /api/auth/reset-password → auth-reset-password',
        'POST /api/auth/second-factor/options → auth-second-factor-options',
        'POST /api/auth/second-factor/passkey → auth-second-factor-passkey',
        'POST /api/auth/second-factor/recovery-code → auth-second-factor-recovery-code',
        'POST /api/auth/passkey/options → auth-passkey-options',
        'POST /api/auth/passkey → auth-passkey',
        'POST /api/account/email/confirm → auth-account-email-confirm',
        'GET /api/calendar/feed/:file → calendar-feed',
        'HEAD /api/calendar/feed/:file → calendar-feed',
        'GET /api/family-members/invitations/validate/:token → invitation-token',
        'HEAD /api/family-members/invitations/validate/:token → invitation-token',
        'POST /api/family-members/invitations/:token/accept → invitation-token',
        'POST /api/sms/inbound → sms-webhook',
      ].sort(),
    );
  });

  it('shows the app role no family rows, and lets it write none, outside any scope (deny by default)', async () => {
    for (const { table, column } of owned) {
      const [count] = await queryRows<{ n: number }>(
        server.database.db,
        sql`select count(*)::int as n from ${sql.identifier(table)}`,
      );
      expect(count?.n, `${table} with no scope`).toBe(0);
      const touched = await queryRows(
        server.database.db,
        sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${sql.identifier(column)} returning 1`,
      );
      expect(touched, `${table}: update with no scope`).toHaveLength(0);
    }
    const inserted = await attempt(
      sql`insert into families (name, timezone) values ('no scope', 'Europe/Paris')`,
    );
    expect(inserted).toMatch(/42501 .*row-level security/);
  });

  it('shows every family only in the system scope, and the marker is the only way in', async () => {
    const [all] = await queryRows<{ n: number }>(
      server.database.system,
      sql`select count(distinct family_id)::int as n from events where family_id in (${a.familyId}, ${b.familyId})`,
    );
    expect(all?.n).toBe(2);
    const viaScope = await withSystemScope(server.database.db, 'test', async () => {
      expect(activeSystemScope()).toBe('test');
      return queryRows<{ n: number }>(
        server.database.db,
        sql`select count(distinct family_id)::int as n from events where family_id in (${a.familyId}, ${b.familyId})`,
      );
    });
    expect(viaScope[0]?.n).toBe(2);
    // Anything but 'on' is no marker.
    await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.system', 'yes', true)`);
      expect(await queryRows(tx, sql`select id from events`)).toHaveLength(0);
    });
    // A family's request never widens to the system scope.
    await expect(
      inScope(a, () => withSystemScope(server.database.db, 'test', async () => 0)),
    ).rejects.toThrow(/family scope is active/);
  });

  it('leaves the system scope for the family scope once a token route knows its family', async () => {
    const families = await withSystemScope(server.database.db, 'test', () =>
      inScope(b, () =>
        queryRows<{ family: number }>(
          server.database.db,
          sql`select distinct family_id as family from events`,
        ),
      ),
    );
    expect(families).toEqual([{ family: b.familyId }]);
  });

  it.runIf(process.env.DATABASE_URL)(
    'logs in as a role that cannot SET ROLE to the owner (PostgreSQL)',
    async () => {
      const refused = await attempt(sql`set local role postgres`);
      expect(refused).toMatch(/42501 .*permission denied/);
      const [login] = await queryRows<{ name: string }>(server.database.db, sql`select session_user as name`);
      expect(login?.name).toBe(APP_ROLE);
    },
  );

  it('does not nest scopes and accepts only positive integer family ids', async () => {
    await expect(inScope(a, () => inScope(b, async () => 0))).rejects.toThrow(/already active/);
    await expect(withFamilyScope(server.database.db, 0, async () => 0)).rejects.toThrow(/positive integer/);
  });

  it('opens a session in its family scope with one statement, and an unknown or expired one in none', async () => {
    const raw = a.cookie.slice(`${SESSION_COOKIE}=`.length).split(';')[0] ?? '';
    const policy = { idleMinutes: 60, absoluteMinutes: 600 };
    const open = (rawId: string, now: Date) => sql.raw(openSessionStatement(rawId, policy, now) ?? '');
    await server.database.db.transaction(async (tx) => {
      const [session] = await queryRows<{ family_id: number }>(tx, open(raw, new Date()));
      expect(session?.family_id).toBe(a.familyId);
      const families = await queryRows<{ family_id: number }>(tx, sql`select distinct family_id from tasks`);
      expect(families).toEqual([{ family_id: a.familyId }]);
    });
    const unknown = 'x'.repeat(43);
    const later = new Date(Date.now() + 1000 * 24 * 3_600_000); // past any idle expiry
    for (const [rawId, now] of [
      [unknown, new Date()],
      [raw, later],
    ] as const) {
      await server.database.db.transaction(async (tx) => {
        expect(await queryRows(tx, open(rawId, now))).toEqual([]);
        const [count] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from tasks`);
        expect(count?.n).toBe(0);
      });
    }
  });

  it('counts a rate-limited family route before its transaction opens, on one connection at a time (PostgreSQL)', async () => {
    if (server.database.kind !== 'postgres') return; // PGlite: one connection, the scope opens in the handler
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = proto.query;
    const statements: string[] = [];
    /** Clients with a transaction open (BEGIN sent, no COMMIT or ROLLBACK yet). */
    const inTransaction = new Set<unknown>();
    const besideTransaction: string[] = [];
    proto.query = function (this: unknown, ...args: unknown[]) {
      const [query] = args;
      const text = typeof query === 'string' ? query : String((query as { text?: unknown }).text);
      statements.push(text);
      if (inTransaction.size > 0 && !inTransaction.has(this)) besideTransaction.push(text);
      if (/^\s*begin/i.test(text)) inTransaction.add(this);
      else if (/^\s*(commit|rollback)/i.test(text)) inTransaction.delete(this);
      return original.apply(this, args);
    };
    try {
      // A wrong current password: refused, and still counted (the count committed before the request's work).
      const res = await call(server.app, a.cookie, 'POST', '/api/account/password', {
        current_password: 'not the password',
        new_password: 'a brand new password',
        confirm_password: 'a brand new password',
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(statements.some((text) => text.includes('rate_limit_counters'))).toBe(true);
      expect(besideTransaction, statements.join(' | ')).toEqual([]);
    } finally {
      proto.query = original;
    }
  });

  it("answers the calendar's read in one round trip, and other signed-in reads in at most three, on PostgreSQL (issue 19, ADR 024)", async () => {
    if (server.database.kind !== 'postgres') return; // PGlite has no network round trips
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = proto.query;
    const statements: string[] = [];
    proto.query = function (this: unknown, ...args: unknown[]) {
      const [query] = args;
      statements.push(typeof query === 'string' ? query : String((query as { text?: unknown }).text));
      return original.apply(this, args);
    };
    try {
      for (const [url, most] of [
        // BEGIN, the session statement, the window read and COMMIT in one message (ADR 024).
        ['/api/events?start=2026-12-01&end=2026-12-31', 1],
        ['/api/test/unfiltered-tasks', 3],
      ] as const) {
        // Twice: the first use on a connection prepares the read (in the same message), the second executes it.
        for (let i = 0; i < 2; i++) {
          statements.length = 0;
          const res = await call(server.app, a.cookie, 'GET', url);
          expect(res.statusCode).toBe(200);
          expect(statements.length, `${url}: ${statements.join(' | ')}`).toBeLessThanOrEqual(most);
        }
      }
    } finally {
      proto.query = original;
    }
  });

  it('answers a signed-in read in one PGlite transaction, opened with the session lookup (issue 19)', async () => {
    if (server.database.kind !== 'pglite') return; // PostgreSQL: the round-trip test above
    // Every statement reaches PGlite through one of these (a transaction's own statements go through it).
    const proto = PGlite.prototype as unknown as Record<string, unknown>;
    const spied = ['query', 'exec', 'transaction'].map((name) => {
      const original = proto[name] as (...args: unknown[]) => unknown;
      return { name, original, own: Object.hasOwn(proto, name) };
    });
    const calls: string[] = [];
    for (const { name, original } of spied) {
      proto[name] = function (this: unknown, ...args: unknown[]) {
        calls.push(name);
        return original.apply(this, args);
      };
    }
    try {
      for (const url of ['/api/events?start=2026-12-01&end=2026-12-31', '/api/test/unfiltered-tasks']) {
        calls.length = 0;
        const res = await call(server.app, a.cookie, 'GET', url);
        expect(res.statusCode).toBe(200);
        // Before: the session looked up in a system transaction of its own, then the family's transaction.
        expect(calls, url).toEqual(['transaction']);
      }
    } finally {
      // Put back what was there: the prototype's own method, or none (the base class's shows through again).
      for (const { name, original, own } of spied) {
        if (own) proto[name] = original;
        else Reflect.deleteProperty(proto, name);
      }
    }
  });
});
