import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityProposalDto } from '../../core/contracts/activities.ts';
import type { EventTaskDto } from '../../core/contracts/events.ts';
import type { NoteListItemDto } from '../../core/contracts/notes.ts';
import type { TaskDto } from '../../core/contracts/tasks.ts';
import type { NotificationListDto } from '../../core/contracts/notifications.ts';
import type { EventOccurrenceDto } from '../../core/contracts/event-wire.ts';
import type { DrivingDto } from '../../core/contracts/driving.ts';
import { LEG_CLASHES_MAX } from '../../core/driving/coverage.ts';
import {
  APP_PASSWORD_ITEM_MAX_BYTES,
  EVENT_LIST_EXDATES_MAX,
  EVENT_LIST_ITEM_MAX_BYTES,
  EVENTS_LIST_MAX,
  EVENTS_LIST_MAX_BYTES,
  APP_PASSWORDS_LIST_MAX_BYTES,
  APP_PASSWORDS_PER_ACCOUNT_MAX,
  DESCRIPTION_PREVIEW_MAX_BYTES,
  DRIVING_LEG_MAX_BYTES,
  DRIVING_LEGS_MAX,
  DRIVING_MAX_BYTES,
  PUSH_SUBSCRIPTION_ITEM_MAX_BYTES,
  PUSH_SUBSCRIPTIONS_LIST_MAX_BYTES,
  PUSH_SUBSCRIPTIONS_PER_ACCOUNT_MAX,
  FAMILY_NOTES_MAX,
  LIST_TRUNCATED_HEADER,
  PROPOSAL_LIST_ITEM_MAX_BYTES,
  PROPOSALS_LIST_MAX,
  PROPOSALS_LIST_MAX_BYTES,
  TASK_LIST_ITEM_MAX_BYTES,
  TASKS_LIST_MAX,
  TASKS_LIST_MAX_BYTES,
  FAMILY_STORAGE_MAX_BYTES,
  FEEDS_LIST_MAX_BYTES,
  MEMBER_ITEM_MAX_BYTES,
  membersListMaxBytes,
  NOTE_LIST_ITEM_MAX_BYTES,
  NOTE_PREVIEW_MAX_BYTES,
  NOTES_LIST_MAX_BYTES,
  NOTIFICATION_BODY_PREVIEW_MAX_BYTES,
  NOTIFICATION_ITEM_MAX_BYTES,
  NOTIFICATIONS_PAGE_MAX,
  NOTIFICATIONS_PAGE_MAX_BYTES,
  SESSION_ITEM_MAX_BYTES,
  SESSIONS_LIST_MAX_BYTES,
  SESSIONS_PER_ACCOUNT_MAX,
} from '../../core/contracts/quotas.ts';
import { appPasswords } from '../db/schema/app-passwords.ts';
import { events } from '../db/schema/events.ts';
import { families, familyMembers, sessions, userAccounts } from '../db/schema/families.ts';
import {
  callAs,
  createTestServer,
  sessionCookie,
  signedInFamily,
  type SignedInFamily,
  type TestServer,
} from '../test/harness.ts';

/**
 * Issue 42 item 1: every bounded list route answers at most its documented maximum (src/core/contracts/quotas.ts,
 * docs/security.md "List reply sizes") for a family at its quotas, every text at its longest, in 4-byte characters.
 */

const WIDE = '😀'; // 4 UTF-8 bytes, 1 character as the varchar columns count
const wide = (length: number) => WIDE.repeat(length);
/** SQL text of `length` characters that each cost the most as JSON: a control character's 6-byte escape. */
const escaped = (length: number) => sql`repeat(chr(1), ${length})`;
/** SQL text of `pairs` × (a 6-byte escape, then a 4-byte character), 5,000 characters of it 40 KB of JSON. */
const long = (pairs: number) => sql`repeat(chr(1) || ${WIDE}, ${pairs})`;
/** The bytes of a JSON string's inside (without its quotes). */
const jsonTextBytes = (text: string | null) => Buffer.byteLength(JSON.stringify(text ?? '')) - 2;

/** The member columns at their longest (varchar lengths of `family_members`); `n` keeps e-mails distinct. */
function longestMember(n: number) {
  const email = `${String(n)}${wide(240)}@x.example`;
  return {
    name: wide(100),
    color: wide(20),
    phoneNumber: `+${'9'.repeat(19)}`,
    email: email.slice(0, 255),
  };
}

describe('list replies of a family at its quotas stay within their documented maxima', () => {
  let server: TestServer;
  let full: SignedInFamily;

  beforeAll(async () => {
    server = await createTestServer();
    full = await signedInFamily(server, {
      registration: { familyName: 'Quota', memberName: 'Quota Parent' },
    });
    const db = server.database.system;
    const [family] = await db
      .select({ maxMembers: families.maxMembers })
      .from(families)
      .where(eq(families.id, full.familyId));
    const room = (family?.maxMembers ?? 0) - 1;
    // Every member at the plan limit, every column at its longest (the registrant too).
    await db.update(familyMembers).set(longestMember(0)).where(eq(familyMembers.id, full.memberId));
    await db
      .insert(familyMembers)
      .values(Array.from({ length: room }, (_, i) => ({ ...longestMember(i + 1), familyId: full.familyId })));
    // FAMILY_NOTES_MAX notes filling FAMILY_STORAGE_MAX_BYTES, the longest title and author, content whose
    // every character costs the most as JSON (a 6-byte control escape, then a 4-byte character).
    const perNote = Math.floor(FAMILY_STORAGE_MAX_BYTES / FAMILY_NOTES_MAX / 5);
    await db.execute(sql`
      insert into notes (family_id, title, content, family_member_id, category, pinned, sort_order)
      select ${full.familyId}, repeat(${WIDE}, 200), repeat(chr(1) || ${WIDE}, ${perNote}), ${full.memberId},
             'shopping_list', true, -2000000000 - g
      from generate_series(1, ${FAMILY_NOTES_MAX}) g`);
  });
  afterAll(() => server.close());

  it(`GET /api/notes: ${FAMILY_NOTES_MAX} notes of 50 KB each answer at most ${NOTES_LIST_MAX_BYTES} bytes`, async () => {
    const res = await callAs(server, full, 'GET', '/api/notes');
    expect(res.statusCode).toBe(200);
    const notes = res.json<NoteListItemDto[]>();
    expect(notes).toHaveLength(FAMILY_NOTES_MAX);
    expect(notes.every((n) => n.content_truncated)).toBe(true);
    for (const note of notes) {
      expect(Buffer.byteLength(JSON.stringify(note.content)) - 2).toBeLessThanOrEqual(NOTE_PREVIEW_MAX_BYTES);
      expect(Buffer.byteLength(JSON.stringify(note))).toBeLessThanOrEqual(NOTE_LIST_ITEM_MAX_BYTES);
    }
    expect(res.rawPayload.length).toBeLessThanOrEqual(NOTES_LIST_MAX_BYTES);
    // The whole note is still one call away.
    const one = await callAs(server, full, 'GET', `/api/notes/${String(notes[0]?.id)}`);
    expect(one.rawPayload.length).toBeGreaterThan(FAMILY_STORAGE_MAX_BYTES / FAMILY_NOTES_MAX);
  });

  it('GET /api/family-members and GET /api/family-members/invitations: at most max_members items of 2 KiB', async () => {
    const members = await callAs(server, full, 'GET', '/api/family-members');
    expect(members.statusCode).toBe(200);
    const [family] = await server.database.system
      .select({ maxMembers: families.maxMembers })
      .from(families)
      .where(eq(families.id, full.familyId));
    const maxMembers = family?.maxMembers ?? 0;
    expect(members.json<unknown[]>()).toHaveLength(maxMembers);
    for (const member of members.json<unknown[]>())
      expect(Buffer.byteLength(JSON.stringify(member))).toBeLessThanOrEqual(MEMBER_ITEM_MAX_BYTES);
    expect(members.rawPayload.length).toBeLessThanOrEqual(membersListMaxBytes(maxMembers));

    // Pending invitations take the places of members: the registrant and the rest invited.
    const inviting = await signedInFamily(server, {
      registration: { familyName: 'Inviting', memberName: 'Inviting Parent' },
      members: Array.from({ length: maxMembers - 1 }, (_, i) => ({
        ...longestMember(100 + i),
        invitationStatus: 'pending',
        invitationSentAt: new Date(),
        invitationExpiresAt: new Date(),
      })),
    });
    const invitations = await callAs(server, inviting, 'GET', '/api/family-members/invitations');
    expect(invitations.statusCode).toBe(200);
    expect(invitations.json<unknown[]>()).toHaveLength(maxMembers - 1);
    for (const invitation of invitations.json<unknown[]>())
      expect(Buffer.byteLength(JSON.stringify(invitation))).toBeLessThanOrEqual(MEMBER_ITEM_MAX_BYTES);
    expect(invitations.rawPayload.length).toBeLessThanOrEqual(membersListMaxBytes(maxMembers));
  });

  it(`GET /api/calendar/feeds: both feeds made answer at most ${FEEDS_LIST_MAX_BYTES} bytes`, async () => {
    for (const scope of ['family', 'member'])
      expect(
        (await callAs(server, full, 'POST', '/api/calendar/feeds/regenerate', { scope })).statusCode,
      ).toBe(201);
    const feeds = await callAs(server, full, 'GET', '/api/calendar/feeds');
    expect(feeds.statusCode).toBe(200);
    expect(feeds.json<unknown[]>()).toHaveLength(2);
    expect(feeds.rawPayload.length).toBeLessThanOrEqual(FEEDS_LIST_MAX_BYTES);
  });

  it(`GET /api/account/sessions: a sign-in keeps ${SESSIONS_PER_ACCOUNT_MAX} sessions, at most ${SESSIONS_LIST_MAX_BYTES} bytes`, async () => {
    const db = server.database.system;
    const [account] = await db
      .select({ id: userAccounts.id })
      .from(userAccounts)
      .where(eq(userAccounts.email, full.email.toLowerCase()));
    if (!account) throw new Error('no account');
    // Older devices than the limit, each with the longest User-Agent kept and a long version in it.
    const userAgent = `Mozilla/5.0 (X11; Linux x86_64) Chrome/${'9'.repeat(400)}.0 Safari/537.36 ${'x'.repeat(512)}`;
    const now = server.clock.now();
    await db.insert(sessions).values(
      Array.from({ length: SESSIONS_PER_ACCOUNT_MAX + 10 }, (_, i) => ({
        sid: `old-${String(i).padStart(4, '0')}`.padEnd(64, 'x'),
        userId: account.id,
        familyId: full.familyId,
        expire: new Date(now.getTime() + 3_600_000),
        absoluteExpire: new Date(now.getTime() + 3_600_000),
        createdAt: new Date(now.getTime() - (i + 1) * 60_000),
        userAgent: userAgent.slice(0, 512),
      })),
    );
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': userAgent },
      payload: { email: full.email, password: full.password },
    });
    expect(login.statusCode).toBe(200);
    const cookie = sessionCookie(login.headers['set-cookie']);

    const list = await callAs(server, { cookie }, 'GET', '/api/account/sessions');
    expect(list.statusCode).toBe(200);
    const items = list.json<{ current: boolean; signed_in_at: string }[]>();
    expect(items).toHaveLength(SESSIONS_PER_ACCOUNT_MAX);
    expect(items.filter((item) => item.current)).toHaveLength(1);
    for (const item of items)
      expect(Buffer.byteLength(JSON.stringify(item))).toBeLessThanOrEqual(SESSION_ITEM_MAX_BYTES);
    expect(list.rawPayload.length).toBeLessThanOrEqual(SESSIONS_LIST_MAX_BYTES);
    // The least recently used ended: the oldest kept is younger than every one that went.
    const oldestKept = Math.min(...items.map((item) => Date.parse(item.signed_in_at)));
    expect(oldestKept).toBeGreaterThan(now.getTime() - (SESSIONS_PER_ACCOUNT_MAX + 1) * 60_000);
  });

  it(`GET /api/notifications: a page of ${NOTIFICATIONS_PAGE_MAX} long messages answers at most ${NOTIFICATIONS_PAGE_MAX_BYTES} bytes`, async () => {
    // More messages than a page, every text column long (e-mail bodies have no length cap), sent to the member
    // with the longest name.
    const long = (n: number) => sql`repeat(chr(1) || ${WIDE}, ${n})`;
    await server.database.system.execute(sql`
      insert into notifications (family_id, family_member_id, channel, recipient, subject, body, kind, dedupe_key,
                                 send_after, status, status_reason, last_error)
      select ${full.familyId}, ${full.memberId}, 'email', repeat(${WIDE}, 255), ${long(10_000)}, ${long(100_000)},
             repeat(${WIDE}, 40), 'size-' || g, now(), 'failed', ${long(10_000)}, ${long(1_000)}
      from generate_series(1, ${NOTIFICATIONS_PAGE_MAX + 5}) g`);
    const res = await callAs(
      server,
      full,
      'GET',
      `/api/notifications?limit=${String(NOTIFICATIONS_PAGE_MAX)}`,
    );
    expect(res.statusCode).toBe(200);
    const page = res.json<NotificationListDto>();
    expect(page.items).toHaveLength(NOTIFICATIONS_PAGE_MAX);
    expect(page.next_before).not.toBeNull();
    for (const item of page.items) {
      expect(item.body_truncated).toBe(true);
      expect(Buffer.byteLength(JSON.stringify(item.body)) - 2).toBeLessThanOrEqual(
        NOTIFICATION_BODY_PREVIEW_MAX_BYTES,
      );
      expect(Buffer.byteLength(JSON.stringify(item))).toBeLessThanOrEqual(NOTIFICATION_ITEM_MAX_BYTES);
    }
    expect(res.rawPayload.length).toBeLessThanOrEqual(NOTIFICATIONS_PAGE_MAX_BYTES);
  });
  it(`GET /api/tasks and GET /api/events/{id}/tasks: past ${TASKS_LIST_MAX} tasks, the open ones and the newest completed ones, at most ${TASKS_LIST_MAX_BYTES} bytes`, async () => {
    // Unlimited tasks (SPEC §1): more than the list carries, all on one event with the longest title, every text at
    // its longest (a CalDAV client may write control characters), descriptions far past the form's 5,000.
    const event = await callAs(server, full, 'POST', '/api/events', {
      title: wide(200),
      start_date: '2026-03-02T09:00',
    });
    expect(event.statusCode).toBe(201);
    const eventId = event.json<{ id: number }>().id;
    const open = 400;
    const total = TASKS_LIST_MAX + 100;
    await server.database.system.execute(sql`
      insert into tasks (family_id, title, description, event_id, assigned_to, due_date, status, updated_at)
      select ${full.familyId}, ${escaped(200)}, ${long(5_000)}, ${eventId}, ${full.memberId},
             to_char(timestamp '2026-01-01' + g * interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS'),
             case when g <= ${open} then 'open' else 'completed' end,
             timestamptz '2026-01-01' + g * interval '1 minute'
      from generate_series(1, ${total}) g`);
    await server.database.system.execute(sql`
      insert into task_assignees (family_id, task_id, member_id, position)
      select t.family_id, t.id, m.id, row_number() over (partition by t.id order by m.id)
      from tasks t join family_members m on m.family_id = t.family_id
      where t.family_id = ${full.familyId}`);

    for (const path of ['/api/tasks', `/api/events/${String(eventId)}/tasks`]) {
      const res = await callAs(server, full, 'GET', path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers[LIST_TRUNCATED_HEADER], path).toBe('true');
      const items = res.json<(TaskDto | EventTaskDto)[]>();
      expect(items, path).toHaveLength(TASKS_LIST_MAX);
      // Every open task, then the completed ones most recently changed; in SPEC §9 order (due date ascending).
      expect(
        items.filter((t) => t.status === 'open'),
        path,
      ).toHaveLength(open);
      const dues = items.map((t) => t.due_date ?? '');
      expect(dues, path).toEqual([...dues].sort());
      // Left out: the 100 completed tasks changed longest ago (401–500, due from 2026-01-17T17:00 on).
      const completed = items.filter((t) => t.status === 'completed').map((t) => t.due_date);
      expect(completed[0], path).toBe('2026-01-21T21:00:00'); // task 501
      expect(completed[completed.length - 1], path).toBe('2026-02-15T20:00:00'); // task 1,100
      for (const task of items) {
        expect(task.description_truncated).toBe(true);
        expect(jsonTextBytes(task.description)).toBeLessThanOrEqual(DESCRIPTION_PREVIEW_MAX_BYTES);
        expect(Buffer.byteLength(JSON.stringify(task))).toBeLessThanOrEqual(TASK_LIST_ITEM_MAX_BYTES);
      }
      expect(res.rawPayload.length, path).toBeLessThanOrEqual(TASKS_LIST_MAX_BYTES);
    }
    // The whole task is one call away (the Edit Task form reads it).
    const listed = (await callAs(server, full, 'GET', '/api/tasks')).json<TaskDto[]>();
    const one = await callAs(server, full, 'GET', `/api/tasks/${String(listed[0]?.id)}`);
    expect(one.statusCode).toBe(200);
    expect(one.json<TaskDto>().description).toHaveLength(5_000 * 3); // chr(1) and a surrogate pair
    expect(one.json<TaskDto>().description_truncated).toBe(false);
  });

  it(`GET /api/activity-proposals: past ${PROPOSALS_LIST_MAX} requests, the pending ones first, at most ${PROPOSALS_LIST_MAX_BYTES} bytes`, async () => {
    const pending = 300;
    await server.database.system.execute(sql`
      insert into activity_proposals (family_id, title, description, category, status, assigned_to, assigned_by,
                                      due_date, estimated_duration, location, response_date, notes)
      select ${full.familyId}, ${escaped(200)}, ${long(5_000)}, 'other',
             case when g <= ${pending} then 'pending' when g % 2 = 0 then 'accepted' else 'declined' end,
             ${full.memberId}, ${full.memberId},
             to_char(timestamp '2026-01-01' + g * interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS'),
             ${escaped(50)}, ${escaped(300)},
             case when g > ${pending} then timestamptz '2026-01-01' + g * interval '1 minute' end, ${long(5_000)}
      from generate_series(1, ${PROPOSALS_LIST_MAX + 100}) g`);
    const res = await callAs(server, full, 'GET', '/api/activity-proposals');
    expect(res.statusCode).toBe(200);
    expect(res.headers[LIST_TRUNCATED_HEADER]).toBe('true');
    const items = res.json<ActivityProposalDto[]>();
    expect(items).toHaveLength(PROPOSALS_LIST_MAX);
    expect(items.filter((p) => p.status === 'pending')).toHaveLength(pending);
    const dues = items.map((p) => p.due_date ?? '');
    expect(dues).toEqual([...dues].sort());
    for (const proposal of items) {
      expect(proposal.description_truncated && proposal.notes_truncated).toBe(true);
      expect(jsonTextBytes(proposal.description)).toBeLessThanOrEqual(DESCRIPTION_PREVIEW_MAX_BYTES);
      expect(jsonTextBytes(proposal.notes)).toBeLessThanOrEqual(DESCRIPTION_PREVIEW_MAX_BYTES);
      expect(Buffer.byteLength(JSON.stringify(proposal))).toBeLessThanOrEqual(PROPOSAL_LIST_ITEM_MAX_BYTES);
    }
    expect(res.rawPayload.length).toBeLessThanOrEqual(PROPOSALS_LIST_MAX_BYTES);
    const one = await callAs(server, full, 'GET', `/api/activity-proposals/${String(items[0]?.id)}`);
    expect(one.json<ActivityProposalDto>().description).toHaveLength(5_000 * 3);
  });
  it(`GET /api/account/app-passwords: ${APP_PASSWORDS_PER_ACCOUNT_MAX} app passwords answer at most ${APP_PASSWORDS_LIST_MAX_BYTES} bytes`, async () => {
    const db = server.database.system;
    const [account] = await db
      .select({ id: userAccounts.id })
      .from(userAccounts)
      .where(eq(userAccounts.email, full.email.toLowerCase()));
    if (!account) throw new Error('no account');
    // The per-account cap (POST refuses the 21st), every name at its longest; both instants set.
    await db.insert(appPasswords).values(
      Array.from({ length: APP_PASSWORDS_PER_ACCOUNT_MAX }, (_, i) => ({
        familyId: full.familyId,
        userId: account.id,
        name: wide(100),
        secretHash: String(i).padStart(64, '0'),
        lastUsedAt: new Date(),
      })),
    );
    const res = await callAs(server, full, 'GET', '/api/account/app-passwords');
    expect(res.statusCode).toBe(200);
    const items = res.json<unknown[]>();
    expect(items).toHaveLength(APP_PASSWORDS_PER_ACCOUNT_MAX);
    for (const item of items)
      expect(Buffer.byteLength(JSON.stringify(item))).toBeLessThanOrEqual(APP_PASSWORD_ITEM_MAX_BYTES);
    expect(res.rawPayload.length).toBeLessThanOrEqual(APP_PASSWORDS_LIST_MAX_BYTES);
  });

  it(`GET /api/push/subscriptions: an account keeps ${PUSH_SUBSCRIPTIONS_PER_ACCOUNT_MAX} devices, at most ${PUSH_SUBSCRIPTIONS_LIST_MAX_BYTES} bytes`, async () => {
    const keys = {
      p256dh: Buffer.alloc(65, 4).toString('base64url'),
      auth: Buffer.alloc(16, 7).toString('base64url'),
    };
    // More devices than the cap, each with the longest endpoint and label.
    const extra = 5;
    for (let i = 0; i < PUSH_SUBSCRIPTIONS_PER_ACCOUNT_MAX + extra; i += 1) {
      const endpoint = `https://fcm.googleapis.com/fcm/send/${String(i)}-`.padEnd(1000, 'x');
      const res = await callAs(server, full, 'POST', '/api/push/subscriptions', {
        endpoint,
        keys,
        device_label: '\u0001'.repeat(100),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await callAs(server, full, 'GET', '/api/push/subscriptions');
    expect(res.statusCode).toBe(200);
    const items = res.json<{ id: number }[]>();
    expect(items).toHaveLength(PUSH_SUBSCRIPTIONS_PER_ACCOUNT_MAX);
    for (const item of items)
      expect(Buffer.byteLength(JSON.stringify(item))).toBeLessThanOrEqual(PUSH_SUBSCRIPTION_ITEM_MAX_BYTES);
    expect(res.rawPayload.length).toBeLessThanOrEqual(PUSH_SUBSCRIPTIONS_LIST_MAX_BYTES);
  });
  it(`GET /api/events: hourly series over 400 days answer the earliest ${EVENTS_LIST_MAX} occurrences, at most ${EVENTS_LIST_MAX_BYTES} bytes`, async () => {
    // The plan limit counts new events a month, not what a range holds: three hourly series (made in three
    // months, or imported) yield 28,800 occurrences in the longest range. Every text at its longest, a long
    // description, a long list of removed starts.
    const exdates = JSON.stringify(
      Array.from(
        { length: 200 },
        (_, i) => `2027-0${String(1 + (i % 9))}-01T${String(i % 24).padStart(2, '0')}:00:00`,
      ),
    );
    const hourly = `FREQ=DAILY;BYHOUR=${Array.from({ length: 24 }, (_, h) => String(h)).join(',')};BYMINUTE=0`;
    await server.database.system.execute(sql`
      insert into events (family_id, title, description, start_date, timezone, location, is_recurring, rrule,
                          exdates, counts_toward_plan)
      select ${full.familyId}, ${escaped(200)}, ${long(5_000)}, '2026-01-01T00:00:00', 'America/Los_Angeles',
             ${escaped(300)}, true, ${hourly}, ${exdates}::jsonb, true
      from generate_series(1, 3) g`);
    const res = await callAs(server, full, 'GET', '/api/events?start=2026-01-01&end=2027-02-04');
    expect(res.statusCode).toBe(200);
    expect(res.headers[LIST_TRUNCATED_HEADER]).toBe('true');
    const items = res.json<EventOccurrenceDto[]>();
    expect(items).toHaveLength(EVENTS_LIST_MAX);
    // The earliest: 1,000 of three hourly series cover the first 334 hours.
    expect(items[0]?.start_date).toBe('2026-01-01T00:00:00');
    expect(items[items.length - 1]?.start_date).toBe('2026-01-14T21:00:00');
    for (const item of items) {
      expect(item.description_truncated && item.exdates_truncated).toBe(true);
      expect(item.exdates).toHaveLength(EVENT_LIST_EXDATES_MAX);
      expect(jsonTextBytes(item.description)).toBeLessThanOrEqual(DESCRIPTION_PREVIEW_MAX_BYTES);
      expect(Buffer.byteLength(JSON.stringify(item))).toBeLessThanOrEqual(EVENT_LIST_ITEM_MAX_BYTES);
    }
    expect(res.rawPayload.length).toBeLessThanOrEqual(EVENTS_LIST_MAX_BYTES);
    // The whole event is one call away.
    const one = await callAs(server, full, 'GET', `/api/events/${String(items[0]?.id)}`);
    expect(one.json<{ description: string; exdates: string[] }>().exdates).toHaveLength(200);
  });
  it(`GET /api/driving: hourly series with a pickup and a drop-off answer the earliest ${DRIVING_LEGS_MAX} legs, at most ${LEG_CLASHES_MAX} issues each, within ${DRIVING_MAX_BYTES} bytes`, async () => {
    // One driver for three hourly 90-minute series (the plan counts new events, not occurrences), every member
    // attending: each leg overlaps dozens of the driver's other legs and occurrences. 62 days of it are about
    // 27,000 legs; before the bound the reply listed every one with every clash.
    const hourly = `FREQ=DAILY;BYHOUR=${Array.from({ length: 24 }, (_, h) => String(h)).join(',')};BYMINUTE=0`;
    await server.database.system.execute(sql`
      insert into events (family_id, title, start_date, end_date, timezone, location, is_recurring, rrule,
                          has_pickup, pickup_assigned_to, pickup_minutes_before,
                          has_dropoff, dropoff_assigned_to, dropoff_minutes_before, counts_toward_plan)
      select ${full.familyId}, ${escaped(200)}, '2026-06-01T00:00:00', '2026-06-01T01:30:00',
             'America/Los_Angeles', ${escaped(300)}, true, ${hourly},
             true, ${full.memberId}, 60, true, ${full.memberId}, 60, true
      from generate_series(1, 3) g`);
    const ids = (
      await server.database.system
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.familyId, full.familyId), eq(events.hasPickup, true)))
    ).map((e) => e.id);
    expect(ids).toHaveLength(3);
    await server.database.system.execute(sql`
      insert into event_attendees (family_id, event_id, member_id, position)
      select e.family_id, e.id, m.id, row_number() over (partition by e.id order by m.id)
      from events e join family_members m on m.family_id = e.family_id
      where e.id in (${sql.join(ids, sql`, `)})`);

    const res = await callAs(server, full, 'GET', '/api/driving?start=2026-06-01&end=2026-08-01');
    expect(res.statusCode).toBe(200);
    expect(res.headers[LIST_TRUNCATED_HEADER]).toBe('true');
    const week = res.json<DrivingDto>();
    expect(week.legs_truncated).toBe(true);
    expect(week.legs).toHaveLength(DRIVING_LEGS_MAX);
    // The earliest: three series, two legs an hour each, from the first night on.
    expect(week.legs[0]?.day).toBe('2026-06-01');
    expect(week.legs.at(-1)?.day).toBe('2026-06-07');
    for (const leg of week.legs) {
      expect(leg.issues).toHaveLength(LEG_CLASHES_MAX);
      expect(leg.issues_truncated).toBe(true);
      expect(Buffer.byteLength(JSON.stringify(leg))).toBeLessThanOrEqual(DRIVING_LEG_MAX_BYTES);
    }
    expect(res.rawPayload.length).toBeLessThanOrEqual(DRIVING_MAX_BYTES);
  });
});
