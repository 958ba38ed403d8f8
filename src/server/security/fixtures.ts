import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/types.ts';
import { browserSubscription } from '../notifications/testing/push-service.ts';
import { signUp } from '../test/harness.ts';

/**
 * Rows of a raw SQL query. Both drivers (PGlite and node-postgres) answer `execute` with `{ rows }`; the
 * shared `Db` type leaves the result `unknown`, so the shape is checked here at run time.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  const rows: unknown =
    typeof result === 'object' && result !== null ? Reflect.get(result, 'rows') : undefined;
  if (!Array.isArray(rows)) throw new Error('execute answered without rows');
  return rows as T[]; // the caller's SELECT names the columns T describes
}

/** A text no other family writes: any answer to another family that contains it is a leak. */
export const MARKER = 'Zq7AlphaSecret';

/** Family A's resources, one of each, created through the API. */
export interface SeededFamily {
  cookie: string;
  email: string;
  familyId: number;
  selfMemberId: number;
  kidMemberId: number;
  invitationId: number;
  eventId: number;
  taskId: number;
  proposalId: number;
  noteId: number;
  /** The undo id of a deleted note (ADR 051): `POST /api/undo/{id}` would bring it back. */
  undoId: string;
  /** The public id of A's session (issue 25's session list). */
  sessionPublicId: string;
  /** A passkey row of A's account (written directly: registering one needs an authenticator). */
  passkeyId: number;
  /** A push subscription (device) of A's account (issue 41). */
  pushSubscriptionId: number;
  /** An app password of A's account, for calendar apps (issue 40). */
  appPasswordId: number;
}

/** A JSON request as a signed-in user (or nobody), with a same-origin Origin header on writes. */
export function call(
  app: FastifyInstance,
  cookie: string | null,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    // `payload` is typed as a string/Buffer/object union; an `unknown` body is sent as JSON as it is.
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function created(res: LightMyRequestResponse, what: string): Promise<number> {
  if (res.statusCode !== 201 && res.statusCode !== 200) {
    throw new Error(`seeding ${what} failed: ${res.statusCode} ${res.body}`);
  }
  const id: unknown = res.json<{ id?: unknown }>().id;
  if (typeof id !== 'number') throw new Error(`seeding ${what}: no id in ${res.body}`);
  return id;
}

/**
 * Adds a family member of each name in `names` as `cookie`'s family and deletes it again, returning the
 * `[name, status, body]` of each add, so a test can hold every one of them to 201.
 */
export async function addMemberNames(
  app: FastifyInstance,
  cookie: string,
  names: readonly string[],
): Promise<Array<[string, number, string]>> {
  const out: Array<[string, number, string]> = [];
  for (const name of names) {
    const res = await call(app, cookie, 'POST', '/api/family-members', {
      name,
      color: 'pink',
      role: 'other',
    });
    out.push([name, res.statusCode, res.body]);
    if (res.statusCode === 201)
      await call(app, cookie, 'DELETE', `/api/family-members/${res.json<{ id: number }>().id}`);
  }
  return out;
}

/**
 * Registers a family and creates one of each family-owned resource through the API (members, an
 * invitation, an event, a task on that event, an activity proposal, a note, a setting). Every text carries
 * `marker` so that a leak of any of them into another family's answer can be spotted.
 */
export async function seedFamily(app: FastifyInstance, db: Db, marker = MARKER): Promise<SeededFamily> {
  const { cookie, email } = await signUp(app, {
    familyName: `${marker} family`,
    memberName: `${marker} Parent`,
  });
  const members = await call(app, cookie, 'GET', '/api/family-members');
  const self = members.json<{ id: number }[]>()[0];
  if (!self) throw new Error(`no member after sign-up: ${members.body}`);
  // The API never shows a family id (the session answers with names only): read it from the account row.
  const account = await queryRows<{ family_id: number }>(
    db,
    sql`select family_id from user_accounts where email = ${email.toLowerCase()}`,
  );
  const familyId = account[0]?.family_id;
  if (familyId === undefined) throw new Error(`no account row for ${email}`);
  const kidMemberId = await created(
    await call(app, cookie, 'POST', '/api/family-members', {
      name: `${marker} Kid`,
      color: 'green',
      role: 'child',
    }),
    'member',
  );
  const invitationId = await created(
    await call(app, cookie, 'POST', '/api/family-members/invite', {
      name: `${marker} Grandma`,
      email: `${marker.toLowerCase()}-${Date.now()}@example.com`,
      role: 'other',
      color: 'purple',
    }),
    'invitation',
  );
  const eventId = await created(
    await call(app, cookie, 'POST', '/api/events', {
      title: `${marker} event`,
      start_date: '2026-11-25T16:00:00',
      duration_minutes: 60,
      organizer_id: self.id,
      attendees: [String(kidMemberId)],
      // A row in each member-list table of the family (event_attendees, event_alert_members; task_assignees below).
      alert_members: [String(self.id)],
    }),
    'event',
  );
  const taskId = await created(
    await call(app, cookie, 'POST', '/api/tasks', {
      title: `${marker} task`,
      assigned_to: kidMemberId,
      assigned_to_ids: [String(kidMemberId)],
      due_date: '2026-11-25T15:00:00',
      event_id: eventId,
    }),
    'task',
  );
  const proposalId = await created(
    await call(app, cookie, 'POST', '/api/activity-proposals', {
      title: `${marker} proposal`,
      assigned_to: kidMemberId,
      assigned_by: self.id,
      category: 'appointment',
      due_date: '2026-11-26T16:30:00',
      status: 'pending',
    }),
    'activity proposal',
  );
  const noteId = await created(
    await call(app, cookie, 'POST', '/api/notes', {
      title: `${marker} note`,
      // With a photo, so that the photo route (`GET /api/notes/{id}/photos/0`) has something of A's to serve.
      content: `${marker} content\n![photo](data:image/png;base64,iVBORw0KGgo=)`,
      family_member_id: self.id,
    }),
    'note',
  );
  const doomedNote = await created(
    await call(app, cookie, 'POST', '/api/notes', {
      title: `${marker} deleted note`,
      content: '',
      family_member_id: self.id,
    }),
    'note to delete',
  );
  const deletedNote = await call(app, cookie, 'DELETE', `/api/notes/${doomedNote}`);
  const { undo_id: undoId } = deletedNote.json<{ undo_id?: string }>();
  if (!undoId) throw new Error(`seeding an undo entry failed: ${deletedNote.body}`);
  const setting = await call(app, cookie, 'POST', '/api/settings', { key: 'disable_all_sms', value: 'true' });
  if (setting.statusCode !== 200) throw new Error(`seeding setting failed: ${setting.body}`);
  const [session] = await queryRows<{ public_id: string }>(
    db,
    sql`select s.public_id from sessions s join user_accounts u on u.id = s.user_id where u.email = ${email.toLowerCase()}`,
  );
  const [passkey] = await queryRows<{ id: number }>(
    db,
    sql`insert into passkeys (family_id, user_id, credential_id, public_key, name)
        select family_id, id, ${`${marker}-credential-${familyId}`}, 'not-a-key', ${`${marker} passkey`}
        from user_accounts where email = ${email.toLowerCase()} returning id`,
  );
  if (!session || !passkey) throw new Error('seeding the session list and passkey failed');
  const device = await call(
    app,
    cookie,
    'POST',
    '/api/push/subscriptions',
    // A device on FCM: the keys are real but no push service holds them; nothing is pushed in these suites.
    browserSubscription(`https://fcm.googleapis.com/fcm/send/${marker}-${familyId}`, {
      deviceLabel: `${marker}-${familyId} phone`,
    }),
  );
  if (device.statusCode !== 201) throw new Error(`seeding a push subscription failed: ${device.body}`);
  const appPassword = await call(app, cookie, 'POST', '/api/account/app-passwords', {
    name: `${marker} calendar app`,
  });
  if (appPassword.statusCode !== 201) throw new Error(`seeding an app password failed: ${appPassword.body}`);
  return {
    cookie,
    email,
    familyId,
    selfMemberId: self.id,
    kidMemberId,
    invitationId,
    eventId,
    taskId,
    proposalId,
    noteId,
    undoId,
    sessionPublicId: session.public_id,
    passkeyId: passkey.id,
    pushSubscriptionId: (JSON.parse(device.body) as { id: number }).id,
    appPasswordId: (JSON.parse(appPassword.body) as { id: number }).id,
  };
}

/**
 * Every row of every table that has a `family_id` column (found in the catalogue, so a new table is
 * included without anyone listing it), plus the `families` row itself, for one family, in a stable order.
 * Comparing two snapshots proves nothing of that family changed.
 */
export async function familySnapshot(db: Db, familyId: number): Promise<Record<string, unknown[]>> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'family_id'
    order by table_name`,
  );
  const snapshot: Record<string, unknown[]> = {};
  const family = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from families where id = ${familyId}`,
  );
  snapshot.families = family;
  for (const { table_name: table } of tables) {
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select * from ${sql.identifier(table)} where family_id = ${familyId} order by 1`,
    );
    snapshot[table] = rows;
  }
  return snapshot;
}

/**
 * Tables that count requests rather than hold what a request asked to store: a refused request is still
 * counted there (rate limits, ADR 010; failed sign-ins for the growing delays, issue 20), so "nothing was
 * written" leaves them out.
 */
const REQUEST_COUNTERS = new Set(['rate_limit_counters', 'sign_in_failures']);

/** Number of rows in every public table but the request counters: a write anywhere changes it. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables.filter(({ table_name }) => !REQUEST_COUNTERS.has(table_name))) {
    const result = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    counts[table] = result[0]?.n ?? -1;
  }
  return counts;
}

const tableLists = new WeakMap<Db, { table_name: string; owned: boolean }[]>();

async function listTables(db: Db): Promise<{ table_name: string; owned: boolean }[]> {
  const tables = await queryRows<{ table_name: string; owned: boolean }>(
    db,
    sql`
    select t.table_name,
      exists (select 1 from information_schema.columns c
              where c.table_schema = 'public' and c.table_name = t.table_name and c.column_name = 'family_id') as owned
    from information_schema.tables t
    where t.table_schema = 'public' and t.table_type = 'BASE TABLE' order by t.table_name`,
  );
  return tables.filter(({ table_name }) => !REQUEST_COUNTERS.has(table_name));
}

/**
 * One query that fingerprints the whole database for "nothing was written": the row count of every public
 * table (but the request counters) and an md5 of every row of `familyId`'s family-owned tables. Equal fingerprints before and after a
 * refused request prove it wrote nothing (within this test's own database).
 */
export async function stateFingerprint(db: Db, familyId: number): Promise<string> {
  const tables = tableLists.get(db) ?? (await listTables(db));
  tableLists.set(db, tables);
  const parts = tables.map(({ table_name: table, owned }) =>
    owned || table === 'families'
      ? sql`(select count(*) || ':' || coalesce(md5(string_agg(r::text, ',' order by r::text)), '')
             from ${sql.identifier(table)} r where ${sql.identifier(owned ? 'family_id' : 'id')} = ${familyId})
            || '/' || (select count(*) from ${sql.identifier(table)})`
      : sql`(select count(*)::text from ${sql.identifier(table)})`,
  );
  const result = await queryRows<{ fingerprint: string }>(
    db,
    sql`select concat_ws('|', ${sql.join(parts, sql`, `)}) as fingerprint`,
  );
  return result[0]?.fingerprint ?? '';
}
