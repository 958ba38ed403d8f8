import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventColumns } from '../db/event-members.ts';
import { eventAlertMembers, eventAttendees, events } from '../db/schema/events.ts';
import { taskColumns } from '../db/task-assignees.ts';
import { families, familyMembers, sessions, userAccounts } from '../db/schema/families.ts';
import { notes } from '../db/schema/notes.ts';
import { activityProposals, taskAssignees, tasks } from '../db/schema/tasks.ts';
import { sessionCookie, signUp, createTestServer, testServerPerFile } from '../test/harness.ts';
import { insertEvents, insertTasks } from '../test/member-lists.ts';
import { markPhoneVerified } from '../test/phone.ts';
import { tokenFromMail } from '../account/testing/mail.ts';

/** The value, or a test failure when a query found nothing. */
function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a row');
  return value;
}

const server = testServerPerFile();

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function call(cookie: string | null, method: Method, url: string, payload?: unknown) {
  return server.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function familyIdOf(cookie: string): Promise<number> {
  const [row] = await server.database.system
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .innerJoin(userAccounts, eq(userAccounts.id, sessions.userId))
    .where(eq(userAccounts.email, (await call(cookie, 'GET', '/api/auth/session')).json().email));
  if (!row) throw new Error('no family');
  return row.familyId;
}

async function membersOf(familyId: number) {
  return server.database.system
    .select()
    .from(familyMembers)
    .where(eq(familyMembers.familyId, familyId))
    .orderBy(familyMembers.id);
}

async function addMember(cookie: string, body: Record<string, unknown> = {}) {
  const res = await call(cookie, 'POST', '/api/family-members', {
    name: 'Leo Rivera',
    color: 'green',
    role: 'child',
    ...body,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; name: string };
}

/** Invites `email`, reads the token its e-mail carries when sent (ADR 014), accepts, and signs the invitee in. */
async function inviteAndAccept(cookie: string, email: string, role = 'child') {
  const res = await call(cookie, 'POST', '/api/family-members/invite', {
    name: 'Invitee',
    email,
    role,
    color: 'red',
  });
  expect(res.statusCode).toBe(201);
  const token = await tokenFromMail(server.database.system, email, 'invitation', 'register-invitation');
  const accept = await call(null, 'POST', `/api/family-members/invitations/${token}/accept`, {
    password: 'secret123',
  });
  expect(accept.statusCode).toBe(201);
  const login = await call(null, 'POST', '/api/auth/login', { email, password: 'secret123' });
  expect(login.statusCode).toBe(200);
  return { memberId: res.json().id as number, cookie: sessionCookie(login.headers['set-cookie']) };
}

describe('signed out', () => {
  it.each([
    ['GET', '/api/family-members'],
    ['POST', '/api/family-members'],
    ['PATCH', '/api/family-members/1'],
    ['DELETE', '/api/family-members/1'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await call(
      null,
      method,
      url,
      method === 'GET' || method === 'DELETE' ? undefined : { name: 'X' },
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/family-members', () => {
  it('lists the family’s members with the spec’s fields, not other families’ or pending invitations', async () => {
    const { cookie } = await signUp(server.app, { memberName: 'Ana Rivera', memberPhone: '+14155550123' });
    const other = await signUp(server.app, { memberName: 'Someone Else' });
    await addMember(other.cookie, { name: 'Other Kid' });
    await call(cookie, 'POST', '/api/family-members/invite', {
      name: 'Pending',
      email: 'pending-list@example.com',
      role: 'other',
      color: 'pink',
    });

    const res = await call(cookie, 'GET', '/api/family-members');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(1);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      name: 'Ana Rivera',
      color: 'blue',
      role: 'parent',
      email: expect.stringMatching(/@example\.com$/),
      phone_number: '+14155550123',
      daily_summary_enabled: false,
      driving_alerts_enabled: true,
      has_login: true,
      is_owner: true,
      is_you: true,
      phone_verified: false,
      phone_code_pending: false,
      reminder_channel: null,
      reminder_gap: 'not_set_up',
      push_devices: 0,
    });
  });
});

describe('POST /api/family-members', () => {
  it('adds a member with the phone in E.164 and the e-mail lowercased', async () => {
    const { cookie } = await signUp(server.app);
    const res = await call(cookie, 'POST', '/api/family-members', {
      name: '  Leo Rivera ',
      color: 'green',
      role: 'child',
      phone_number: '(415) 555-0123',
      email: 'Leo@Example.com',
      daily_summary_enabled: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Leo Rivera',
      color: 'green',
      role: 'child',
      phone_number: '+14155550123',
      email: 'leo@example.com',
      daily_summary_enabled: true,
      driving_alerts_enabled: true,
      has_login: false,
      is_owner: false,
      is_you: false,
      phone_verified: false,
      phone_code_pending: false,
      reminder_channel: null,
      reminder_gap: 'not_set_up',
      push_devices: 0,
    });
    const list = (await call(cookie, 'GET', '/api/family-members')).json();
    expect(list.map((m: { name: string }) => m.name)).toEqual(['Ana Rivera', 'Leo Rivera']);
  });

  it('allows a phone number that a member of another family already uses', async () => {
    const a = await signUp(server.app, { memberPhone: '+14155550111' });
    const b = await signUp(server.app);
    const res = await call(b.cookie, 'POST', '/api/family-members', {
      name: 'Shared Phone',
      color: 'blue',
      role: 'other',
      phone_number: '+1 415 555 0111',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().phone_number).toBe('+14155550111');
    expect((await call(a.cookie, 'GET', '/api/family-members')).json()[0].phone_number).toBe('+14155550111');
  });

  it('treats empty optional fields as none', async () => {
    const { cookie } = await signUp(server.app);
    const res = await call(cookie, 'POST', '/api/family-members', {
      name: 'Gran',
      color: 'yellow',
      role: 'other',
      phone_number: '',
      email: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ phone_number: null, email: null, daily_summary_enabled: false });
  });

  it.each([
    ['name', { name: '' }, 'Name is required'],
    ['name', { name: '   ' }, 'Name is required'],
    ['role', { role: 'boss' }, 'Please select a role'],
    ['color', { color: 'teal' }, 'Please select a colour'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['phone_number', { phone_number: 'call me' }, 'Please enter a valid phone number'],
    // Well-formed but not a number that can exist (libphonenumber, region US): the server's own check.
    ['phone_number', { phone_number: '+1234567890' }, 'Please enter a valid phone number'],
    ['daily_summary_enabled', { daily_summary_enabled: 'yes' }, 'Must be true or false'],
  ])('answers 400 for a bad %s with the message and writes nothing', async (field, override, message) => {
    const { cookie } = await signUp(server.app);
    const familyId = await familyIdOf(cookie);
    const res = await call(cookie, 'POST', '/api/family-members', {
      name: 'Leo',
      color: 'green',
      role: 'child',
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { [field]: message } });
    expect(await membersOf(familyId)).toHaveLength(1);
  });

  it('refuses the fifth member with 409 and the plan message, pending invitations included', async () => {
    const { cookie } = await signUp(server.app);
    const familyId = await familyIdOf(cookie);
    await addMember(cookie, { name: 'Two' });
    await addMember(cookie, { name: 'Three' });
    const invite = await call(cookie, 'POST', '/api/family-members/invite', {
      name: 'Four',
      email: `four-${familyId}@example.com`,
      role: 'child',
      color: 'red',
    });
    expect(invite.statusCode).toBe(201);

    const fifth = await call(cookie, 'POST', '/api/family-members', {
      name: 'Five',
      color: 'blue',
      role: 'child',
    });
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().error).toEqual({
      code: 'conflict',
      message: 'Your plan allows up to 4 family members.',
    });
    const fifthInvite = await call(cookie, 'POST', '/api/family-members/invite', {
      name: 'Five',
      email: `five-${familyId}@example.com`,
      role: 'child',
      color: 'red',
    });
    expect(fifthInvite.statusCode).toBe(409);
    expect(fifthInvite.json().error.message).toBe('Your plan allows up to 4 family members.');
    expect(await membersOf(familyId)).toHaveLength(4);

    // Cancelling the invitation frees its place.
    expect(
      (await call(cookie, 'DELETE', `/api/family-members/invitations/${invite.json().id}`)).statusCode,
    ).toBe(200);
    await addMember(cookie, { name: 'Five' });
  });

  it('takes the number in the message from the family’s plan', async () => {
    const { cookie } = await signUp(server.app);
    const familyId = await familyIdOf(cookie);
    await server.database.system.update(families).set({ maxMembers: 2 }).where(eq(families.id, familyId));
    await addMember(cookie);
    const res = await call(cookie, 'POST', '/api/family-members', {
      name: 'Three',
      color: 'blue',
      role: 'child',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Your plan allows up to 2 family members.');
  });

  it('lets two concurrent adds take only the last place', async () => {
    const { cookie } = await signUp(server.app);
    const familyId = await familyIdOf(cookie);
    await addMember(cookie, { name: 'Two' });
    await addMember(cookie, { name: 'Three' });
    const results = await Promise.all(
      ['A', 'B', 'C'].map((name) =>
        call(cookie, 'POST', '/api/family-members', { name, color: 'blue', role: 'child' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await membersOf(familyId)).toHaveLength(4);
  });
});

describe('phone region setting', () => {
  it('reads a number without a country code in DEFAULT_PHONE_REGION', async () => {
    const gb = await createTestServer({ DEFAULT_PHONE_REGION: 'GB' });
    try {
      const { cookie } = await signUp(gb.app);
      const res = await gb.app.inject({
        method: 'POST',
        url: '/api/family-members',
        headers: { cookie },
        payload: { name: 'Nan', color: 'pink', role: 'other', phone_number: '020 7946 0958' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().phone_number).toBe('+442079460958');
    } finally {
      await gb.close();
    }
  });
});

describe('PATCH /api/family-members/{id}', () => {
  it('changes driving_alerts_enabled alone (issue 27: the evening SMS opt-out)', async () => {
    const { cookie } = await signUp(server.app);
    const leo = await addMember(cookie, { phone_number: '+14155550199', email: 'leo@example.com' });
    const res = await call(cookie, 'PATCH', `/api/family-members/${leo.id}`, {
      driving_alerts_enabled: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      driving_alerts_enabled: false,
      daily_summary_enabled: false,
      name: 'Leo Rivera',
    });
    const bad = await call(cookie, 'PATCH', `/api/family-members/${leo.id}`, {
      driving_alerts_enabled: 'no',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ driving_alerts_enabled: 'Must be true or false' });
  });

  it('changes daily_summary_enabled alone and leaves the rest', async () => {
    const { cookie } = await signUp(server.app);
    const leo = await addMember(cookie, { phone_number: '+14155550199', email: 'leo@example.com' });
    const res = await call(cookie, 'PATCH', `/api/family-members/${leo.id}`, { daily_summary_enabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      has_login: false,
      is_owner: false,
      is_you: false,
      phone_verified: false,
      phone_code_pending: false,
      reminder_channel: null,
      reminder_gap: 'not_set_up',
      push_devices: 0,
      id: leo.id,
      name: 'Leo Rivera',
      color: 'green',
      role: 'child',
      phone_number: '+14155550199',
      email: 'leo@example.com',
      daily_summary_enabled: true,
      driving_alerts_enabled: true,
    });
    const list = (await call(cookie, 'GET', '/api/family-members')).json();
    expect(list.find((m: { id: number }) => m.id === leo.id).daily_summary_enabled).toBe(true);
  });

  it('updates every field, normalising the phone, and clears optional ones sent empty', async () => {
    const { cookie } = await signUp(server.app);
    const leo = await addMember(cookie, { email: 'leo@example.com' });
    const res = await call(cookie, 'PATCH', `/api/family-members/${leo.id}`, {
      name: 'Leonardo',
      color: 'indigo',
      role: 'other',
      phone_number: '415-555-0177',
      email: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Leonardo',
      color: 'indigo',
      role: 'other',
      phone_number: '+14155550177',
      email: null,
    });
  });

  it.each([
    [{}, '_', 'Nothing to update'],
    [{ name: '' }, 'name', 'Name is required'],
    [{ email: 'x@' }, 'email', 'Please enter a valid email address'],
    [{ phone_number: '12345' }, 'phone_number', 'Please enter a valid phone number'],
    [{ role: 'admin' }, 'role', 'Please select a role'],
  ])('answers 400 to %j and changes nothing', async (payload, field, message) => {
    const { cookie } = await signUp(server.app);
    const leo = await addMember(cookie);
    const res = await call(cookie, 'PATCH', `/api/family-members/${leo.id}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    const [row] = await server.database.system
      .select()
      .from(familyMembers)
      .where(eq(familyMembers.id, leo.id));
    expect(row).toMatchObject({ name: 'Leo Rivera', role: 'child', phoneNumber: null });
  });

  it('answers 404 for another family’s member, a pending invitation, an unknown or malformed id, and changes nothing', async () => {
    const a = await signUp(server.app);
    const b = await signUp(server.app);
    const theirs = await addMember(b.cookie, { name: 'Their Kid' });
    const pending = await call(a.cookie, 'POST', '/api/family-members/invite', {
      name: 'Pending',
      email: `pending-${theirs.id}@example.com`,
      role: 'child',
      color: 'red',
    });
    for (const id of [theirs.id, pending.json().id, 99999999, 'abc', '0', '1e3', '99999999999']) {
      const res = await call(a.cookie, 'PATCH', `/api/family-members/${id}`, { name: 'Hacked' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    const [row] = await server.database.system
      .select()
      .from(familyMembers)
      .where(eq(familyMembers.id, theirs.id));
    expect(row?.name).toBe('Their Kid');
    const [invited] = await server.database.system
      .select()
      .from(familyMembers)
      .where(eq(familyMembers.id, pending.json().id));
    expect(invited?.name).toBe('Pending');
  });

  it('keeps at least one parent: the last parent’s role cannot change, another parent’s can', async () => {
    const { cookie } = await signUp(server.app);
    const [me] = (await call(cookie, 'GET', '/api/family-members')).json();
    const refused = await call(cookie, 'PATCH', `/api/family-members/${me.id}`, { role: 'child' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'The family needs at least one parent. Add another parent first.',
    );
    const dad = await addMember(cookie, { name: 'Dad', role: 'parent' });
    expect((await call(cookie, 'PATCH', `/api/family-members/${me.id}`, { role: 'other' })).statusCode).toBe(
      200,
    );
    expect((await call(cookie, 'PATCH', `/api/family-members/${dad.id}`, { role: 'child' })).statusCode).toBe(
      409,
    );
  });
});

describe('DELETE /api/family-members/{id}', () => {
  /**
   * A family with Leo on everything a member can be on (organiser, attendee, alerted, driver, assignee, proposal
   * assigner, note author, inviter), Mia beside him, and another family that has a member too.
   */
  async function leoEverywhere() {
    const { cookie } = await signUp(server.app);
    const familyId = await familyIdOf(cookie);
    const other = await signUp(server.app);
    const otherFamilyId = await familyIdOf(other.cookie);
    const theirs = await addMember(other.cookie, { name: 'Theo' });
    const leo = await addMember(cookie);
    const mia = await addMember(cookie, { name: 'Mia' });
    const [leoId, miaId] = [String(leo.id), String(mia.id)];
    const db = server.database.system;
    const [event] = await insertEvents(db, [
      {
        familyId,
        title: 'Football',
        startDate: '2026-11-25T16:00:00',
        organizerId: leo.id,
        attendees: [leoId, miaId],
        alertMembers: [leoId],
        hasPickup: true,
        pickupAssignedTo: leo.id,
        hasDropoff: true,
        dropoffAssignedTo: leo.id,
      },
    ]);
    const [foreignEvent] = await insertEvents(db, [
      {
        familyId: otherFamilyId,
        title: 'Theirs',
        startDate: '2026-11-25T16:00:00',
        attendees: [String(theirs.id)],
      },
    ]);
    const [task, soloTask] = await insertTasks(db, [
      { familyId, title: 'Pack bag', assignedTo: leo.id, assignedToIds: [leoId, miaId] },
      { familyId, title: 'Homework', assignedTo: leo.id, assignedToIds: [leoId] },
    ]);
    const [proposal] = await db
      .insert(activityProposals)
      .values({ familyId, title: 'Chess club', assignedTo: mia.id, assignedBy: leo.id })
      .returning();
    const [note] = await db
      .insert(notes)
      .values({ familyId, title: 'Leo’s list', content: '• milk', familyMemberId: leo.id })
      .returning();
    await db.update(familyMembers).set({ invitedBy: leo.id }).where(eq(familyMembers.id, mia.id));
    return {
      cookie,
      familyId,
      theirs,
      leo,
      mia,
      event: must(event),
      foreignEvent: must(foreignEvent),
      task: must(task),
      soloTask: must(soloTask),
      proposal: must(proposal),
      note: must(note),
    };
  }

  /** Checks that Leo is gone from everything `leoEverywhere` put him on, and that the rows themselves stay. */
  async function expectLeoGone(f: Awaited<ReturnType<typeof leoEverywhere>>) {
    const db = server.database.system;
    const miaId = String(f.mia.id);
    const [e] = await db.select(eventColumns).from(events).where(eq(events.id, f.event.id));
    expect(e).toMatchObject({
      title: 'Football',
      attendees: [miaId],
      alertMembers: [],
      hasAlertMembers: false,
      organizerId: null,
      pickupAssignedTo: null,
      dropoffAssignedTo: null,
    });
    const [fe] = await db.select(eventColumns).from(events).where(eq(events.id, f.foreignEvent.id));
    expect(fe?.attendees).toEqual([String(f.theirs.id)]);
    const [t] = await db.select(taskColumns).from(tasks).where(eq(tasks.id, f.task.id));
    expect(t).toMatchObject({ title: 'Pack bag', assignedToIds: [miaId], assignedTo: f.mia.id });
    const [st] = await db.select(taskColumns).from(tasks).where(eq(tasks.id, f.soloTask.id));
    expect(st).toMatchObject({ title: 'Homework', assignedToIds: [], assignedTo: null });
    const [p] = await db.select().from(activityProposals).where(eq(activityProposals.id, f.proposal.id));
    expect(p).toMatchObject({ title: 'Chess club', assignedTo: f.mia.id, assignedBy: null });
    const [n] = await db.select().from(notes).where(eq(notes.id, f.note.id));
    expect(n).toMatchObject({ title: 'Leo’s list', familyMemberId: null });
    const [m] = await db.select().from(familyMembers).where(eq(familyMembers.id, f.mia.id));
    expect(m?.invitedBy).toBeNull();
    // No row anywhere still names him.
    const dangling = await db.execute(sql`select (
        (select count(*) from events where ${f.leo.id} in (organizer_id, pickup_assigned_to, dropoff_assigned_to))
      + (select count(*) from event_attendees where member_id = ${f.leo.id})
      + (select count(*) from event_alert_members where member_id = ${f.leo.id})
      + (select count(*) from task_assignees where member_id = ${f.leo.id})
      + (select count(*) from tasks where assigned_to = ${f.leo.id})
      + (select count(*) from activity_proposals where ${f.leo.id} in (assigned_to, assigned_by))
      + (select count(*) from notes where family_member_id = ${f.leo.id})
      + (select count(*) from family_members where invited_by = ${f.leo.id}))::int as n`);
    expect((dangling as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  }

  it('deletes the member, takes them off events, alerts and tasks, and keeps what they authored', async () => {
    const f = await leoEverywhere();
    const res = await call(f.cookie, 'DELETE', `/api/family-members/${f.leo.id}`);
    expect(res.statusCode).toBe(204);
    const list = (await call(f.cookie, 'GET', '/api/family-members')).json();
    expect(list.map((m: { id: number }) => m.id)).not.toContain(f.leo.id);
    await expectLeoGone(f);
  });

  it('a member deleted in SQL leaves no dangling id: the database keeps the references (issue 26)', async () => {
    const f = await leoEverywhere();
    await server.database.system.execute(sql`delete from family_members where id = ${f.leo.id}`);
    await expectLeoGone(f);
  });

  it('refuses a reference to another family’s member, in every list and column', async () => {
    const f = await leoEverywhere();
    const db = server.database.system;
    const foreign = f.theirs.id;
    const refused = async (write: () => Promise<unknown>) => {
      await expect(write()).rejects.toThrow();
    };
    await refused(() =>
      db
        .insert(eventAttendees)
        .values({ familyId: f.familyId, eventId: f.event.id, memberId: foreign, position: 9 }),
    );
    await refused(() =>
      db
        .insert(eventAlertMembers)
        .values({ familyId: f.familyId, eventId: f.event.id, memberId: foreign, position: 9 }),
    );
    await refused(() =>
      db
        .insert(taskAssignees)
        .values({ familyId: f.familyId, taskId: f.task.id, memberId: foreign, position: 9 }),
    );
    // Claiming the other family for the row does not help: the event is not theirs.
    const otherFamilyId = f.foreignEvent.familyId;
    await refused(() =>
      db
        .insert(eventAttendees)
        .values({ familyId: otherFamilyId, eventId: f.event.id, memberId: foreign, position: 9 }),
    );
    await refused(() => db.update(events).set({ organizerId: foreign }).where(eq(events.id, f.event.id)));
    await refused(() =>
      db.update(events).set({ pickupAssignedTo: foreign }).where(eq(events.id, f.event.id)),
    );
    await refused(() =>
      db.update(events).set({ dropoffAssignedTo: foreign }).where(eq(events.id, f.event.id)),
    );
    await refused(() => db.update(tasks).set({ assignedTo: foreign }).where(eq(tasks.id, f.task.id)));
    await refused(() =>
      db
        .update(activityProposals)
        .set({ assignedBy: foreign })
        .where(eq(activityProposals.id, f.proposal.id)),
    );
    await refused(() => db.update(notes).set({ familyMemberId: foreign }).where(eq(notes.id, f.note.id)));
    // Nothing of it was written.
    const [e] = await db.select(eventColumns).from(events).where(eq(events.id, f.event.id));
    expect(e).toMatchObject({
      organizerId: f.leo.id,
      attendees: [String(f.leo.id), String(f.mia.id)],
      alertMembers: [String(f.leo.id)],
    });
  });

  it('refuses a value outside its list in an enumerated column (CHECK)', async () => {
    const f = await leoEverywhere();
    const db = server.database.system;
    await expect(db.update(tasks).set({ status: 'done' }).where(eq(tasks.id, f.task.id))).rejects.toThrow();
    await expect(
      db.update(events).set({ category: 'party' }).where(eq(events.id, f.event.id)),
    ).rejects.toThrow();
    await expect(
      db.update(familyMembers).set({ role: 'boss' }).where(eq(familyMembers.id, f.mia.id)),
    ).rejects.toThrow();
    const [t] = await db.select().from(tasks).where(eq(tasks.id, f.task.id));
    expect(t?.status).toBe('open');
  });

  it('answers 404 for another family’s member or an invitation id, and deletes nothing', async () => {
    const a = await signUp(server.app);
    const b = await signUp(server.app);
    const theirs = await addMember(b.cookie);
    const bFamily = await familyIdOf(b.cookie);
    const before = await membersOf(bFamily);
    for (const id of [theirs.id, 'x', 2147483648]) {
      expect((await call(a.cookie, 'DELETE', `/api/family-members/${id}`)).statusCode).toBe(404);
    }
    expect(await membersOf(bFamily)).toEqual(before);
  });

  it('refuses to delete the last parent and one’s own profile', async () => {
    const { cookie } = await signUp(server.app);
    const [me] = (await call(cookie, 'GET', '/api/family-members')).json();
    const self = await call(cookie, 'DELETE', `/api/family-members/${me.id}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe('You cannot delete your own profile while signed in as it.');

    const kid = await inviteAndAccept(cookie, `kid-${me.id}@example.com`);
    const lastParent = await call(kid.cookie, 'DELETE', `/api/family-members/${me.id}`);
    expect(lastParent.statusCode).toBe(409);
    expect(lastParent.json().error.message).toBe(
      'You cannot delete the last parent in the family. Add another parent first.',
    );
    expect((await call(cookie, 'GET', '/api/auth/session')).statusCode).toBe(200);

    const dad = await addMember(cookie, { name: 'Dad', role: 'parent' });
    expect((await call(kid.cookie, 'DELETE', `/api/family-members/${dad.id}`)).statusCode).toBe(204);
  });

  it('never deletes the family’s owner (the registrant), whoever asks, and the owner keeps signing in', async () => {
    const owner = await signUp(server.app);
    const [me] = (await call(owner.cookie, 'GET', '/api/family-members')).json();
    const parent = await inviteAndAccept(owner.cookie, `coparent-${me.id}@example.com`, 'parent');
    await addMember(owner.cookie, { name: 'Grandpa', role: 'parent' });

    const res = await call(parent.cookie, 'DELETE', `/api/family-members/${me.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      "The family's owner cannot be deleted. The owner can hand the family to another parent first.",
    );
    const login = await call(null, 'POST', '/api/auth/login', {
      email: owner.email,
      password: owner.password,
    });
    expect(login.statusCode).toBe(200);
    const list = (await call(parent.cookie, 'GET', '/api/family-members')).json();
    expect(
      list.map((m: { name: string; is_owner: boolean; has_login: boolean; is_you: boolean }) => [
        m.name,
        m.is_owner,
        m.has_login,
        m.is_you,
      ]),
    ).toEqual([
      ['Ana Rivera', true, true, false],
      ['Invitee', false, true, true],
      ['Grandpa', false, false, false],
    ]);
  });

  it('hands ownership to another parent with a login; the former owner becomes an ordinary member', async () => {
    const owner = await signUp(server.app);
    const [me] = (await call(owner.cookie, 'GET', '/api/family-members')).json();
    const parent = await inviteAndAccept(owner.cookie, `heir-${me.id}@example.com`, 'parent');
    const kid = await inviteAndAccept(owner.cookie, `kid2-${me.id}@example.com`, 'child');
    const grandpa = await addMember(owner.cookie, { name: 'Grandpa', role: 'parent' });

    // Only the owner may hand it on, and only to a parent who can sign in.
    const byOther = await call(parent.cookie, 'POST', `/api/family-members/${parent.memberId}/make-owner`);
    expect(byOther.statusCode).toBe(403);
    for (const id of [kid.memberId, grandpa.id, me.id]) {
      const refused = await call(owner.cookie, 'POST', `/api/family-members/${id}/make-owner`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(
        'The family can only be handed to another parent who can sign in.',
      );
    }
    const other = await signUp(server.app);
    const [stranger] = (await call(other.cookie, 'GET', '/api/family-members')).json();
    expect(
      (await call(owner.cookie, 'POST', `/api/family-members/${stranger.id}/make-owner`)).statusCode,
    ).toBe(404);

    const res = await call(owner.cookie, 'POST', `/api/family-members/${parent.memberId}/make-owner`);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .filter((m: { is_owner: boolean }) => m.is_owner)
        .map((m: { id: number }) => m.id),
    ).toEqual([parent.memberId]);
    const accounts = await server.database.system
      .select({ memberId: userAccounts.familyMemberId, role: userAccounts.role })
      .from(userAccounts)
      .where(eq(userAccounts.familyId, await familyIdOf(owner.cookie)))
      .orderBy(userAccounts.id);
    expect(accounts.map((a) => a.role)).toEqual(['member', 'owner', 'member']);

    // The former owner is an ordinary member now: the new owner may delete them.
    expect((await call(parent.cookie, 'DELETE', `/api/family-members/${me.id}`)).statusCode).toBe(204);
    expect((await call(owner.cookie, 'GET', '/api/family-members')).statusCode).toBe(401);
  });

  it('refuses to delete the last parent who can sign in, even with other parents without a login', async () => {
    // The registrant signed up as 'other': the only parent who can sign in is an invited one.
    const owner = await signUp(server.app, { memberRole: 'other' });
    const [me] = (await call(owner.cookie, 'GET', '/api/family-members')).json();
    const parent = await inviteAndAccept(owner.cookie, `p2-${me.id}@example.com`, 'parent');
    const grandpa = await addMember(owner.cookie, { name: 'Grandpa', role: 'parent' });

    const res = await call(owner.cookie, 'DELETE', `/api/family-members/${parent.memberId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'You cannot delete the last parent who can sign in. Invite another parent first.',
    );
    expect((await call(parent.cookie, 'GET', '/api/family-members')).statusCode).toBe(200);
    // A parent without a login can go.
    expect((await call(owner.cookie, 'DELETE', `/api/family-members/${grandpa.id}`)).statusCode).toBe(204);
  });

  it('ends the deleted member’s sessions and stops their account from signing in', async () => {
    const { cookie } = await signUp(server.app);
    const email = `deleted-${Date.now()}@example.com`;
    const invitee = await inviteAndAccept(cookie, email);
    expect((await call(invitee.cookie, 'GET', '/api/family-members')).statusCode).toBe(200);

    expect((await call(cookie, 'DELETE', `/api/family-members/${invitee.memberId}`)).statusCode).toBe(204);

    expect((await call(invitee.cookie, 'GET', '/api/family-members')).statusCode).toBe(401);
    const login = await call(null, 'POST', '/api/auth/login', { email, password: 'secret123' });
    expect(login.statusCode).toBe(401);
    const [account] = await server.database.system
      .select()
      .from(userAccounts)
      .where(eq(userAccounts.email, email));
    expect(account).toMatchObject({ isActive: false, familyMemberId: null });
    expect(
      await server.database.system
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, must(account).id))),
    ).toEqual([]);
  });
});

describe('reminder_channel (issue 21)', () => {
  it('says SMS only when the family’s SMS is on, a provider is configured and the member has a verified number', async () => {
    // The default set-up: no SMS provider and no SMTP, so nothing reaches anybody.
    const plain = await signUp(server.app, { memberPhone: '+14155550123' });
    const [alone] = (await call(plain.cookie, 'GET', '/api/family-members')).json();
    expect(alone.reminder_channel).toBeNull();
    expect(alone.reminder_gap).toBe('not_set_up');

    const configured = await createTestServer({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+14155550100',
    });
    try {
      const { cookie } = await signUp(configured.app, { memberPhone: '+14155550123' });
      const get = async () =>
        (
          await configured.app.inject({ method: 'GET', url: '/api/family-members', headers: { cookie } })
        ).json() as { name: string; reminder_channel: string | null }[];
      const kid = await configured.app.inject({
        method: 'POST',
        url: '/api/family-members',
        headers: { cookie },
        payload: { name: 'Leo', color: 'green', role: 'child' },
      });
      expect(kid.json().reminder_channel).toBeNull(); // no phone, no e-mail
      // SMS is off for a new family (SPEC §3): e-mail, though the member has a phone.
      expect((await get()).map((m) => m.reminder_channel)).toEqual(['email', null]);
      // Issue 46: why not, for the words that say what to do.
      const gaps = async () =>
        (await configured.app.inject({ method: 'GET', url: '/api/family-members', headers: { cookie } }))
          .json<{ reminder_gap: string | null }[]>()
          .map((m) => m.reminder_gap);
      expect(await gaps()).toEqual([null, 'add_email']);
      await configured.database.system.update(families).set({ smsEnabled: true });
      // Issue 20: not by SMS until the number is verified.
      expect((await get()).map((m) => m.reminder_channel)).toEqual(['email', null]);
      expect(await gaps()).toEqual([null, 'add_contact']);
      const [ana] = (
        await configured.app.inject({ method: 'GET', url: '/api/family-members', headers: { cookie } })
      ).json<{ id: number }[]>();
      await markPhoneVerified(configured.database.system, ana?.id ?? 0);
      expect((await get()).map((m) => m.reminder_channel)).toEqual(['sms', null]);
      await configured.app.inject({
        method: 'POST',
        url: '/api/settings',
        headers: { cookie },
        payload: { key: 'disable_all_emails', value: 'true' },
      });
      await configured.app.inject({
        method: 'POST',
        url: '/api/settings',
        headers: { cookie },
        payload: { key: 'disable_all_sms', value: 'true' },
      });
      // Both turned off by the family: nothing reaches anyone, and the family can turn them on again.
      expect((await get()).map((m) => m.reminder_channel)).toEqual([null, null]);
      expect(await gaps()).toEqual(['switched_off', 'switched_off']);
    } finally {
      await configured.close();
    }
  });
});

describe('feeds follow membership (issue 20, item 2)', () => {
  async function feedPath(cookie: string, scope: 'family' | 'member'): Promise<string> {
    const res = await call(cookie, 'POST', '/api/calendar/feeds/regenerate', { scope });
    expect(res.statusCode).toBe(201);
    return new URL(res.json<{ url: string }>().url).pathname;
  }
  const status = async (path: string) => (await server.app.inject({ method: 'GET', url: path })).statusCode;

  it('deleting a member revokes the family feed and own feed they created, and the card is told', async () => {
    const owner = await signUp(server.app);
    const ben = await inviteAndAccept(owner.cookie, `ben-feed-${Date.now()}@example.com`, 'parent');
    const family = await feedPath(ben.cookie, 'family');
    const own = await feedPath(ben.cookie, 'member');
    expect(await status(family)).toBe(200);
    expect(await status(own)).toBe(200);

    expect((await call(owner.cookie, 'DELETE', `/api/family-members/${ben.memberId}`)).statusCode).toBe(204);
    expect(await status(family)).toBe(404);
    expect(await status(own)).toBe(404);
    const feeds = (await call(owner.cookie, 'GET', '/api/calendar/feeds')).json<
      Array<{ scope: string; active: boolean; revoked_at: string | null }>
    >();
    expect(feeds[0]).toMatchObject({
      scope: 'family',
      active: false,
      revoked_at: server.clock.now().toISOString(),
    });

    // A new family link clears the note.
    const fresh = await feedPath(owner.cookie, 'family');
    expect(await status(fresh)).toBe(200);
    const after = (await call(owner.cookie, 'GET', '/api/calendar/feeds')).json<
      Array<{ revoked_at: string | null }>
    >();
    expect(after[0]?.revoked_at).toBeNull();
  });

  it('keeps a family feed another account made when a member is deleted', async () => {
    const owner = await signUp(server.app);
    const kid = await inviteAndAccept(owner.cookie, `kid-feed-${Date.now()}@example.com`);
    const family = await feedPath(owner.cookie, 'family');
    expect((await call(owner.cookie, 'DELETE', `/api/family-members/${kid.memberId}`)).statusCode).toBe(204);
    expect(await status(family)).toBe(200);
    const feeds = (await call(owner.cookie, 'GET', '/api/calendar/feeds')).json<
      Array<{ revoked_at: string | null }>
    >();
    expect(feeds[0]?.revoked_at).toBeNull();
  });
});
