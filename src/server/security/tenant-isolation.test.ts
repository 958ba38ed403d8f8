import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSubscription } from '../notifications/testing/push-service.ts';
import { signUp, testServerPerFile } from '../test/harness.ts';
import { call, familySnapshot, MARKER, seedFamily, type SeededFamily } from './fixtures.ts';

/**
 * How a route is replayed against family A's data.
 * - `by-id`: the path names one of A's rows. B's session → 404, no session → 401.
 * - `body-id`: no id in the path, but the body names A's rows (member ids, note ids). B's session → 400
 *   (the payload is rejected: "that member is not in your family" is a validation message, SPEC §5) or 404;
 *   no session → 401.
 * - `own`: a family-scoped collection or write with nothing of A's to name (lists, creating a member,
 *   settings by key). B's session → B's own answer (2xx), which must contain nothing of A's; no session → 401.
 * - `public`: signed-out calls (sign-up, sign-in, waitlist, invitation links, the Twilio webhook). Never 5xx,
 *   never anything of A's in the answer; the exact status is what the feature's own tests pin down.
 * - `stream`: a signed-in event stream (`GET /api/changes`) that never ends, so `inject` cannot replay it with
 *   a session: no session → 401 here; that B's stream never carries A's changes is live/live.test.ts's part.
 */
type Kind = 'by-id' | 'body-id' | 'own' | 'public' | 'stream';

interface Probe {
  kind: Kind;
  /** The concrete URL with A's ids substituted. */
  url: (a: SeededFamily) => string;
  body?: (a: SeededFamily) => unknown;
  /** A non-JSON body, sent with this content type instead of `body`. */
  raw?: { contentType: string; payload: string };
}

const same = (url: string) => () => url;

/** A WebAuthn response in the right shape naming A's passkey, signed by nobody. */
const fakeAssertion = (a: SeededFamily) => ({
  id: `${MARKER}-credential-${a.familyId}`,
  rawId: `${MARKER}-credential-${a.familyId}`,
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
});
const json = (body: unknown) => () => body;

/**
 * One entry per route the app registers (HEAD twins of GETs reuse the GET's entry). A route that is not here
 * fails the first test below: a new route must say how it is isolated before it can land.
 */
const PROBES: Record<string, Probe> = {
  'POST /api/auth/register': {
    kind: 'public',
    url: same('/api/auth/register'),
    body: (a) => ({ familyName: 'X', email: a.email, password: 'correct horse', memberName: 'X' }),
  },
  'POST /api/auth/login': {
    kind: 'public',
    url: same('/api/auth/login'),
    body: (a) => ({ email: a.email, password: 'wrong password' }),
  },
  'POST /api/auth/logout': { kind: 'public', url: same('/api/auth/logout'), body: json({}) },
  'GET /api/auth/session': { kind: 'own', url: same('/api/auth/session') },
  // Issue 25. A reset request for A's own address would rightly change A's account (a token, an e-mail):
  // an unknown address gets the same answer.
  'POST /api/auth/forgot-password': {
    kind: 'public',
    url: same('/api/auth/forgot-password'),
    body: json({ email: 'nobody-at-all@example.com' }),
  },
  'POST /api/auth/reset-password': {
    kind: 'public',
    url: same('/api/auth/reset-password'),
    body: json({ token: 'A'.repeat(43), password: 'hijacked secret', confirmPassword: 'hijacked secret' }),
  },
  'POST /api/auth/second-factor/options': {
    kind: 'public',
    url: same('/api/auth/second-factor/options'),
    body: json({}),
  },
  'POST /api/auth/second-factor/passkey': {
    kind: 'public',
    url: same('/api/auth/second-factor/passkey'),
    body: (a) => ({ response: fakeAssertion(a) }),
  },
  'POST /api/auth/second-factor/recovery-code': {
    kind: 'public',
    url: same('/api/auth/second-factor/recovery-code'),
    body: json({ code: 'aaaaa-bbbbb' }),
  },
  'POST /api/auth/passkey/options': {
    kind: 'public',
    url: same('/api/auth/passkey/options'),
    body: json({}),
  },
  'POST /api/auth/passkey': {
    kind: 'public',
    url: same('/api/auth/passkey'),
    body: (a) => ({ response: fakeAssertion(a) }),
  },

  'GET /api/account': { kind: 'own', url: same('/api/account') },
  // B's own password (the harness's), changed to itself: B's own 2xx.
  'POST /api/account/password': {
    kind: 'own',
    url: same('/api/account/password'),
    body: json({
      current_password: 'correct horse',
      new_password: 'correct horse',
      confirm_password: 'correct horse',
    }),
  },
  'POST /api/account/email': {
    kind: 'own',
    url: same('/api/account/email'),
    body: json({ new_email: 'b-moves-here@example.com', current_password: 'correct horse' }),
  },
  'POST /api/account/email/confirm': {
    kind: 'public',
    url: same('/api/account/email/confirm'),
    body: json({ token: 'A'.repeat(43) }),
  },
  'GET /api/account/sessions': { kind: 'own', url: same('/api/account/sessions') },
  'DELETE /api/account/sessions/:id': {
    kind: 'by-id',
    url: (a) => `/api/account/sessions/${a.sessionPublicId}`,
  },
  'POST /api/account/sessions/sign-out-others': {
    kind: 'own',
    url: same('/api/account/sessions/sign-out-others'),
    body: json({}),
  },
  'POST /api/account/passkeys/options': {
    kind: 'own',
    url: same('/api/account/passkeys/options'),
    body: json({ current_password: 'correct horse' }),
  },
  // A registration response naming A's credential: refused (400), as any response without B's own step.
  'POST /api/account/passkeys': {
    kind: 'body-id',
    url: same('/api/account/passkeys'),
    body: (a) => ({ response: fakeAssertion(a), name: 'hijacked' }),
  },
  'DELETE /api/account/passkeys/:id': {
    kind: 'by-id',
    url: (a) => `/api/account/passkeys/${a.passkeyId}`,
    body: json({ current_password: 'correct horse' }),
  },
  // Issue 40: app passwords are the account's own; A's id is B's 404.
  'GET /api/account/app-passwords': { kind: 'own', url: same('/api/account/app-passwords') },
  'POST /api/account/app-passwords': {
    kind: 'own',
    url: same('/api/account/app-passwords'),
    body: json({ name: 'Probe calendar app' }),
  },
  'DELETE /api/account/app-passwords/:id': {
    kind: 'by-id',
    url: (a) => `/api/account/app-passwords/${a.appPasswordId}`,
  },
  // B has a passkey (beforeAll), so new codes are B's own 2xx.
  'POST /api/account/recovery-codes': {
    kind: 'own',
    url: same('/api/account/recovery-codes'),
    body: json({ current_password: 'correct horse' }),
  },

  'GET /api/events': { kind: 'own', url: same('/api/events?start=2026-11-01&end=2026-12-31') },
  'GET /api/driving': { kind: 'own', url: same('/api/driving?start=2026-11-20&end=2026-12-10') },
  'GET /api/events/:id': { kind: 'by-id', url: (a) => `/api/events/${a.eventId}` },
  'GET /api/events/:id/tasks': { kind: 'by-id', url: (a) => `/api/events/${a.eventId}/tasks` },
  'POST /api/events': {
    kind: 'body-id',
    url: same('/api/events'),
    body: (a) => ({
      title: 'B event',
      start_date: '2026-11-25T10:00:00',
      organizer_id: a.selfMemberId,
      attendees: [String(a.kidMemberId)],
    }),
  },
  'PATCH /api/events/:id': {
    kind: 'by-id',
    url: (a) => `/api/events/${a.eventId}`,
    // PATCH takes the whole event (SPEC §7): a valid one, so that the answer depends on the id alone.
    body: json({ title: 'hijacked', start_date: '2026-11-25T10:00:00' }),
  },
  'DELETE /api/events/:id': { kind: 'by-id', url: (a) => `/api/events/${a.eventId}` },

  'GET /api/tasks': { kind: 'own', url: same('/api/tasks') },
  'POST /api/tasks': {
    kind: 'body-id',
    url: same('/api/tasks'),
    body: (a) => ({
      title: 'B task',
      assigned_to: a.kidMemberId,
      assigned_to_ids: [String(a.kidMemberId)],
      due_date: '2026-11-25T10:00:00',
      event_id: a.eventId,
    }),
  },
  'GET /api/tasks/:id': { kind: 'by-id', url: (a) => `/api/tasks/${a.taskId}` },
  'PATCH /api/tasks/:id': {
    kind: 'by-id',
    url: (a) => `/api/tasks/${a.taskId}`,
    body: json({ status: 'completed' }),
  },
  'DELETE /api/tasks/:id': { kind: 'by-id', url: (a) => `/api/tasks/${a.taskId}` },

  'GET /api/activity-proposals': { kind: 'own', url: same('/api/activity-proposals') },
  'GET /api/activity-proposals/:id': {
    kind: 'by-id',
    url: (a) => `/api/activity-proposals/${a.proposalId}`,
  },
  'POST /api/activity-proposals': {
    kind: 'body-id',
    url: same('/api/activity-proposals'),
    body: (a) => ({
      title: 'B proposal',
      assigned_to: a.kidMemberId,
      assigned_by: a.selfMemberId,
      category: 'appointment',
      due_date: '2026-11-26T16:30:00',
    }),
  },
  'PATCH /api/activity-proposals/:id': {
    kind: 'by-id',
    url: (a) => `/api/activity-proposals/${a.proposalId}`,
    // A valid change (accepting), so that the answer depends on the id alone.
    body: json({ status: 'accepted', response_date: '2026-11-22T16:00:00Z' }),
  },
  'DELETE /api/activity-proposals/:id': {
    kind: 'by-id',
    url: (a) => `/api/activity-proposals/${a.proposalId}`,
  },

  // ADR 051: B cannot undo A's delete (404), nothing of A's comes back.
  'POST /api/undo/:id': { kind: 'by-id', url: (a) => `/api/undo/${a.undoId}`, body: json({}) },
  'GET /api/notes': { kind: 'own', url: same('/api/notes') },
  // Issue 45: B searching for the words of A's rows finds none of them.
  'GET /api/search': { kind: 'own', url: same(`/api/search?q=${encodeURIComponent(MARKER)}`) },
  'GET /api/notes/:id': { kind: 'by-id', url: (a) => `/api/notes/${a.noteId}` },
  'GET /api/notes/:id/photos/:index': { kind: 'by-id', url: (a) => `/api/notes/${a.noteId}/photos/0` },
  'POST /api/notes': {
    kind: 'body-id',
    url: same('/api/notes'),
    body: (a) => ({ title: 'B note', family_member_id: a.selfMemberId }),
  },
  'PATCH /api/notes/:id': {
    kind: 'by-id',
    url: (a) => `/api/notes/${a.noteId}`,
    body: json({ title: 'hijacked' }),
  },
  'DELETE /api/notes/:id': { kind: 'by-id', url: (a) => `/api/notes/${a.noteId}` },
  // A valid tick, so that the answer depends on the id alone: B's 404 comes before any item is looked for.
  'POST /api/notes/:id/checklist/tick': {
    kind: 'by-id',
    url: (a) => `/api/notes/${a.noteId}/checklist/tick`,
    body: json({ line: 0, text: 'milk', ticked: true }),
  },
  'POST /api/notes/:id/checklist/clear': {
    kind: 'by-id',
    url: (a) => `/api/notes/${a.noteId}/checklist/clear`,
  },
  'POST /api/notes/reorder': {
    kind: 'body-id',
    url: same('/api/notes/reorder'),
    body: (a) => ({ noteIds: [a.noteId] }),
  },

  'GET /api/family-members': { kind: 'own', url: same('/api/family-members') },
  'GET /api/family-members/plan': { kind: 'own', url: same('/api/family-members/plan') },
  'POST /api/family-members': {
    kind: 'own',
    url: same('/api/family-members'),
    body: json({ name: 'B Kid', color: 'red', role: 'child' }),
  },
  'PATCH /api/family-members/:id': {
    kind: 'by-id',
    url: (a) => `/api/family-members/${a.kidMemberId}`,
    body: json({ name: 'hijacked' }),
  },
  'DELETE /api/family-members/:id': {
    kind: 'by-id',
    url: (a) => `/api/family-members/${a.kidMemberId}`,
  },
  'POST /api/family-members/:id/make-owner': {
    kind: 'by-id',
    url: (a) => `/api/family-members/${a.kidMemberId}/make-owner`,
    body: json({}),
  },
  'POST /api/family-members/:id/phone-verification': {
    kind: 'by-id',
    url: (a) => `/api/family-members/${a.kidMemberId}/phone-verification`,
    body: json({}),
  },
  'POST /api/family-members/:id/phone-verification/confirm': {
    kind: 'by-id',
    url: (a) => `/api/family-members/${a.kidMemberId}/phone-verification/confirm`,
    body: json({ code: '123456' }),
  },
  'GET /api/family-members/invitations': { kind: 'own', url: same('/api/family-members/invitations') },
  'POST /api/family-members/invite': {
    kind: 'own',
    url: same('/api/family-members/invite'),
    body: json({ name: 'B Gran', email: 'b-gran@example.com', role: 'other', color: 'pink' }),
  },
  'POST /api/family-members/invitations/:id/resend': {
    kind: 'by-id',
    url: (a) => `/api/family-members/invitations/${a.invitationId}/resend`,
    body: json({}),
  },
  'DELETE /api/family-members/invitations/:id': {
    kind: 'by-id',
    url: (a) => `/api/family-members/invitations/${a.invitationId}`,
  },
  // Invitation links are bearer tokens (256 bits), not ids: anyone holding A's link may use it, by design.
  // What must hold is that A's guessable ids do not work as tokens: 404, signed in or not.
  'GET /api/family-members/invitations/validate/:token': {
    kind: 'public',
    url: (a) => `/api/family-members/invitations/validate/${a.invitationId}`,
  },
  'POST /api/family-members/invitations/:token/accept': {
    kind: 'public',
    url: (a) => `/api/family-members/invitations/${a.invitationId}/accept`,
    body: json({ password: 'correct horse' }),
  },

  'GET /api/settings/:key': { kind: 'own', url: same('/api/settings/disable_all_sms') },
  'POST /api/settings': {
    kind: 'own',
    url: same('/api/settings'),
    body: json({ key: 'disable_all_sms', value: 'false' }),
  },

  'GET /api/notifications': { kind: 'own', url: same('/api/notifications') },
  'GET /api/push/vapid-public-key': { kind: 'own', url: same('/api/push/vapid-public-key') },
  'GET /api/push/subscriptions': { kind: 'own', url: same('/api/push/subscriptions') },
  'POST /api/push/subscriptions': {
    kind: 'own',
    url: same('/api/push/subscriptions'),
    body: json(browserSubscription('https://fcm.googleapis.com/fcm/send/probe')),
  },
  'DELETE /api/push/subscriptions/:id': {
    kind: 'by-id',
    url: (a) => `/api/push/subscriptions/${a.pushSubscriptionId}`,
  },

  'GET /api/calendar/feeds': { kind: 'own', url: same('/api/calendar/feeds') },
  'POST /api/calendar/feeds/regenerate': {
    kind: 'own',
    url: same('/api/calendar/feeds/regenerate'),
    body: json({ scope: 'family' }),
  },
  // The feed URL's token is the credential (like an invitation link); A's family id is not one: 404.
  'GET /api/calendar/feed/:file': { kind: 'public', url: (a) => `/api/calendar/feed/${a.familyId}.ics` },
  'POST /api/calendar/import': {
    kind: 'own',
    url: same('/api/calendar/import'),
    raw: {
      contentType: 'text/calendar',
      payload: [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//security suite//EN',
        'BEGIN:VEVENT',
        'UID:b-import@example.com',
        'DTSTAMP:20261122T160000Z',
        'DTSTART:20261125T100000Z',
        'SUMMARY:B import',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    },
  },

  'POST /api/waitlist/join': {
    kind: 'public',
    url: same('/api/waitlist/join'),
    body: (a) => ({ email: a.email }),
  },
  'GET /api/waitlist/count': { kind: 'public', url: same('/api/waitlist/count') },

  'GET /api/changes': { kind: 'stream', url: same('/api/changes') },

  // Twilio's webhook: unsigned calls are refused (403) before anything is read.
  'POST /api/sms/inbound': { kind: 'public', url: same('/api/sms/inbound'), body: json({}) },
};

const server = testServerPerFile();
let a: SeededFamily;
let b: { cookie: string; email: string };

beforeAll(async () => {
  a = await seedFamily(server.app, server.database.system);
  b = await signUp(server.app, { familyName: 'Okafor', memberName: 'Bola Okafor' });
  await server.database.system.execute(
    sql`insert into passkeys (family_id, user_id, credential_id, public_key, name)
        select family_id, id, 'b-credential', 'not-a-key', 'B passkey' from user_accounts
        where email = ${b.email.toLowerCase()}`,
  );
});

function probeKey(method: string, url: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${url}`;
}

function apiRoutes() {
  return server.app.routeTable.filter((r) => r.url.startsWith('/api'));
}

/** The answer says nothing of A: not the marker text (names, titles), not A's e-mail. */
function expectNothingOfA(body: string, context: string) {
  expect(body, `${context} leaks family A's data`).not.toContain(MARKER);
  expect(body.toLowerCase(), `${context} leaks family A's e-mail`).not.toContain(a.email.toLowerCase());
}

describe('tenant isolation, every route', () => {
  it('has a probe for every registered API route (a new route must be added to PROBES)', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.map((r) => probeKey(r.method, r.url)).filter((key) => !(key in PROBES));
    expect(missing, 'routes with no tenant-isolation probe').toEqual([]);
    // And no stale probes for routes that no longer exist.
    const known = new Set(routes.map((r) => probeKey(r.method, r.url)));
    expect(Object.keys(PROBES).filter((key) => !known.has(key))).toEqual([]);
  });

  it('the seeded family A has one of each resource and the marker shows in its own lists', async () => {
    for (const url of ['/api/tasks', '/api/notes', '/api/activity-proposals', '/api/family-members']) {
      expect((await call(server.app, a.cookie, 'GET', url)).body).toContain(MARKER);
    }
  });

  it('replays every route with family B’s session and with none: A is never seen or changed', async () => {
    const db = server.database.system;
    const before = await familySnapshot(db, a.familyId);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['tasks', 'events', 'notes', 'sessions']));
    const failures: string[] = [];
    // Sign-out ends B's session: replay it last so that every other route runs with a live one.
    const ordered = [...apiRoutes()].sort(
      (x, y) => Number(x.url === '/api/auth/logout') - Number(y.url === '/api/auth/logout'),
    );
    for (const route of ordered) {
      const key = probeKey(route.method, route.url);
      const probe = PROBES[key];
      if (!probe) continue; // reported by the first test
      const url = probe.url(a);
      const body = route.method === 'GET' || route.method === 'HEAD' ? undefined : (probe.body?.(a) ?? {});
      const label = `${route.method} ${url}`;

      const send = (cookie: string | null) =>
        probe.raw && route.method !== 'GET' && route.method !== 'HEAD'
          ? server.app.inject({
              method: route.method,
              url,
              headers: { 'content-type': probe.raw.contentType, ...(cookie ? { cookie } : {}) },
              payload: probe.raw.payload,
            })
          : call(server.app, cookie, route.method, url, body);
      const anonymous = await send(null);
      if (probe.kind === 'stream') {
        if (anonymous.statusCode !== 401) failures.push(`${label} (no session) → ${anonymous.statusCode}`);
        continue;
      }
      const asB = await send(b.cookie);
      for (const [who, res] of [
        ['no session', anonymous],
        ['family B', asB],
      ] as const) {
        if (res.statusCode >= 500) failures.push(`${label} (${who}) → ${res.statusCode}`);
        expectNothingOfA(res.body, `${label} (${who})`);
      }

      if (probe.kind !== 'public' && anonymous.statusCode !== 401) {
        failures.push(`${label} (no session) → ${anonymous.statusCode}, expected 401`);
      }
      const bStatus = asB.statusCode;
      if (probe.kind === 'by-id' && bStatus !== 404) {
        failures.push(`${label} (family B) → ${bStatus}, expected 404`);
      }
      if (probe.kind === 'body-id' && bStatus !== 400 && bStatus !== 404) {
        failures.push(`${label} (family B) → ${bStatus}, expected 400 or 404`);
      }
      if (probe.kind === 'own' && (bStatus < 200 || bStatus > 299)) {
        failures.push(`${label} (family B) → ${bStatus}, expected B's own 2xx answer`);
      }

      const after = await familySnapshot(db, a.familyId);
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        failures.push(`${label} changed family A's rows`);
        break;
      }
    }
    expect(failures).toEqual([]);
    expect(await familySnapshot(db, a.familyId)).toEqual(before);
    // Every route twice, some with argon2 work (password checks, recovery codes) and the reset request's
    // 350 ms floor: more than the default 30 s when the whole suite shares two cores.
  }, 120_000);
});
