import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityProposals } from '../db/schema/tasks.ts';
import { signedInFamily, testServerPerFile } from '../test/harness.ts';

const server = testServerPerFile();

interface Family {
  cookie: string;
  familyId: number;
  /** The registrant's member id, then one more member. */
  members: [number, number];
}

let family: Family;
let other: Family;

/** Signs a family up and adds a second member straight in the database. */
async function makeFamily(name: string): Promise<Family> {
  const { cookie, familyId, members } = await signedInFamily(server, {
    registration: { familyName: name },
    members: [{ name: 'Maya Rivera', role: 'child', color: 'green' }],
  });
  const [registrant, child] = members;
  if (registrant === undefined || child === undefined) throw new Error('member insert returned no row');
  return { cookie, familyId, members: [registrant, child] };
}

beforeAll(async () => {
  family = await makeFamily('Rivera');
  other = await makeFamily('Okafor');
});

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Family, payload?: unknown) {
  return server.app.inject({
    method,
    url,
    headers: { cookie: who.cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

function proposalPayload(who: Family = family, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Piano lessons',
    description: 'Tuesdays after school',
    assigned_to: who.members[1],
    assigned_by: who.members[0],
    category: 'appointment',
    due_date: '2026-12-04T16:30:00',
    estimated_duration: '60',
    location: 'Music school',
    status: 'pending',
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}, who: Family = family) {
  const res = await call('POST', '/api/activity-proposals', who, proposalPayload(who, overrides));
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function rowOf(id: number) {
  const [row] = await server.database.system
    .select()
    .from(activityProposals)
    .where(eq(activityProposals.id, id));
  return row;
}

async function countOf(familyId: number) {
  return (
    await server.database.system
      .select()
      .from(activityProposals)
      .where(eq(activityProposals.familyId, familyId))
  ).length;
}

describe('POST /api/activity-proposals', () => {
  it('creates a pending proposal from the SPEC §7 payload', async () => {
    const proposal = await create();
    expect(proposal).toEqual({
      id: expect.any(Number),
      family_id: family.familyId,
      title: 'Piano lessons',
      description: 'Tuesdays after school',
      description_truncated: false,
      category: 'appointment',
      status: 'pending',
      assigned_to: family.members[1],
      assigned_by: family.members[0],
      due_date: '2026-12-04T16:30:00',
      estimated_duration: '60',
      location: 'Music school',
      response_date: null,
      notes: null,
      notes_truncated: false,
      event_id: null,
      created_at: server.clock.now().toISOString(),
    });
  });

  it('takes the minimal payload with the SPEC defaults (category other) and ignores priority', async () => {
    const res = await call('POST', '/api/activity-proposals', family, {
      title: 'Tidy room',
      assigned_to: family.members[1],
      assigned_by: family.members[0],
      priority: 'high',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      category: 'other',
      status: 'pending',
      due_date: null,
      estimated_duration: null,
      location: null,
      description: null,
    });
    expect(res.json()).not.toHaveProperty('priority');
  });

  it.each([
    ['title', { title: '' }, 'Title is required'],
    ['assigned_to', { assigned_to: 0 }, 'Please select who this is assigned to'],
    ['assigned_by', { assigned_by: undefined }, 'Please select who is assigning this'],
    ['category', { category: 'sport' }, 'Please select a category'],
    ['status', { status: 'accepted' }, 'A new activity request is always pending'],
    ['due_date', { due_date: 'next tuesday' }, 'Please enter a valid date and time'],
  ])('answers 400 with the message for a bad %s and writes nothing', async (field, override, message) => {
    const before = await countOf(family.familyId);
    const res = await call('POST', '/api/activity-proposals', family, proposalPayload(family, override));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { [field]: message } });
    expect(await countOf(family.familyId)).toBe(before);
  });

  it('accepts every SPEC §3 category', async () => {
    for (const category of ['chore', 'task', 'responsibility', 'appointment', 'personal', 'other']) {
      expect((await create({ category })).category).toBe(category);
    }
  });

  it("refuses another family's members as assigned_to or assigned_by", async () => {
    const before = await countOf(family.familyId);
    const res = await call(
      'POST',
      '/api/activity-proposals',
      family,
      proposalPayload(family, { assigned_to: other.members[1], assigned_by: other.members[0] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      assigned_to: 'Please select a member of your family',
      assigned_by: 'Please select a member of your family',
    });
    expect(await countOf(family.familyId)).toBe(before);
  });

  it('needs a session', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/activity-proposals',
      payload: proposalPayload(),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/activity-proposals', () => {
  it("lists only the family's proposals by due date ascending, undated last", async () => {
    const mine = await makeFamily('Sorters');
    const undated = await create({ due_date: null }, mine);
    const late = await create({ due_date: '2026-12-20T09:00:00' }, mine);
    const early = await create({ due_date: '2026-12-02T09:00:00' }, mine);
    await create({}, other);
    const res = await call('GET', '/api/activity-proposals', mine);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { id: number }) => p.id)).toEqual([early.id, late.id, undated.id]);
  });

  it('fetches one proposal, and answers 404 for another family’s', async () => {
    const mine = await create();
    const res = await call('GET', `/api/activity-proposals/${mine.id}`, family);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(mine);
    expect((await call('GET', `/api/activity-proposals/${mine.id}`, other)).statusCode).toBe(404);
    expect((await call('GET', '/api/activity-proposals/nope', family)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/activity-proposals' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/activity-proposals/{id}: Accept and Decline (SPEC §4)', () => {
  it('accepts a pending proposal with the response date sent', async () => {
    const proposal = await create();
    const res = await call('PATCH', `/api/activity-proposals/${proposal.id}`, family, {
      status: 'accepted',
      response_date: '2026-11-22T16:05:00.000Z',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...proposal,
      status: 'accepted',
      response_date: '2026-11-22T16:05:00.000Z',
    });
  });

  it('declines a pending proposal, dating the response now when no date is sent', async () => {
    const proposal = await create();
    server.clock.advanceMinutes(5);
    const res = await call('PATCH', `/api/activity-proposals/${proposal.id}`, family, { status: 'declined' });
    expect(res.json()).toMatchObject({ status: 'declined', response_date: server.clock.now().toISOString() });
  });

  it.each([
    ['accepted', 'declined'],
    ['declined', 'accepted'],
    ['accepted', 'pending'],
    ['declined', 'pending'],
  ])('refuses %s → %s with 409 and changes nothing', async (from, to) => {
    const proposal = await create();
    await call('PATCH', `/api/activity-proposals/${proposal.id}`, family, {
      status: from,
      response_date: '2026-11-22T16:05:00Z',
    });
    const res = await call('PATCH', `/api/activity-proposals/${proposal.id}`, family, {
      status: to,
      response_date: '2026-11-23T10:00:00Z',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Only a pending activity proposal can be accepted or declined.');
    const row = await rowOf(proposal.id);
    expect(row?.status).toBe(from);
    expect(row?.responseDate?.toISOString()).toBe('2026-11-22T16:05:00.000Z');
  });

  it('accepting twice keeps the first response (the status it already has changes nothing)', async () => {
    const proposal = await create();
    await call('PATCH', `/api/activity-proposals/${proposal.id}`, family, {
      status: 'accepted',
      response_date: '2026-11-22T16:05:00Z',
    });
    const again = await call('PATCH', `/api/activity-proposals/${proposal.id}`, family, {
      status: 'accepted',
      response_date: '2026-11-25T09:00:00Z',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'accepted', response_date: '2026-11-22T16:05:00.000Z' });
  });

  it('refuses a bad status or response date with 400', async () => {
    const proposal = await create();
    const bad = await call('PATCH', `/api/activity-proposals/${proposal.id}`, family, { status: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ status: 'Status must be pending, accepted or declined' });
    const badDate = await call('PATCH', `/api/activity-proposals/${proposal.id}`, family, {
      status: 'accepted',
      response_date: '22/11/2026',
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.fields).toEqual({ response_date: 'Response date must be an ISO timestamp' });
    expect((await rowOf(proposal.id))?.status).toBe('pending');
  });
});

describe('PATCH /api/activity-proposals/{id}: editing', () => {
  it('changes the form fields and clears an optional one with null', async () => {
    const proposal = await create();
    const res = await call('PATCH', `/api/activity-proposals/${proposal.id}`, family, {
      title: 'Piano lessons (new teacher)',
      due_date: '2026-12-11T17:00:00',
      estimated_duration: '45',
      location: null,
      category: 'personal',
      assigned_to: family.members[0],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...proposal,
      title: 'Piano lessons (new teacher)',
      due_date: '2026-12-11T17:00:00',
      estimated_duration: '45',
      location: null,
      category: 'personal',
      assigned_to: family.members[0],
    });
  });

  it('edits an accepted or declined proposal without changing its status', async () => {
    for (const status of ['accepted', 'declined']) {
      const proposal = await create();
      await call('PATCH', `/api/activity-proposals/${proposal.id}`, family, { status });
      const res = await call('PATCH', `/api/activity-proposals/${proposal.id}`, family, { title: 'Renamed' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ title: 'Renamed', status });
    }
  });

  it.each([
    [{ title: '' }, 'title', 'Title is required'],
    [{ category: 'x' }, 'category', 'Please select a category'],
    [{ assigned_to: 'x' }, 'assigned_to', 'Please select who this is assigned to'],
    [{}, '_', 'Nothing to update'],
  ])('answers 400 to %j and changes nothing', async (payload, field, message) => {
    const proposal = await create();
    const res = await call('PATCH', `/api/activity-proposals/${proposal.id}`, family, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await rowOf(proposal.id)).toMatchObject({ title: 'Piano lessons', category: 'appointment' });
  });

  it("refuses another family's member with 400", async () => {
    const proposal = await create();
    const res = await call('PATCH', `/api/activity-proposals/${proposal.id}`, family, {
      assigned_by: other.members[0],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ assigned_by: 'Please select a member of your family' });
    expect((await rowOf(proposal.id))?.assignedBy).toBe(family.members[0]);
  });

  it("answers 404 for another family's proposal and changes nothing", async () => {
    const theirs = await create({}, other);
    for (const payload of [{ status: 'accepted' }, { title: 'Mine now' }]) {
      const res = await call('PATCH', `/api/activity-proposals/${theirs.id}`, family, payload);
      expect(res.statusCode).toBe(404);
    }
    expect(await rowOf(theirs.id)).toMatchObject({
      status: 'pending',
      title: 'Piano lessons',
      responseDate: null,
    });
  });
});

describe('DELETE /api/activity-proposals/{id}', () => {
  it('deletes the proposal', async () => {
    const proposal = await create();
    expect((await call('DELETE', `/api/activity-proposals/${proposal.id}`, family)).statusCode).toBe(200);
    expect(await rowOf(proposal.id)).toBeUndefined();
    expect((await call('DELETE', `/api/activity-proposals/${proposal.id}`, family)).statusCode).toBe(404);
  });

  it("answers 404 for another family's proposal and keeps it", async () => {
    const theirs = await create({}, other);
    expect((await call('DELETE', `/api/activity-proposals/${theirs.id}`, family)).statusCode).toBe(404);
    expect(await rowOf(theirs.id)).toBeDefined();
  });

  it('needs a session', async () => {
    const proposal = await create();
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/api/activity-proposals/${proposal.id}` }))
        .statusCode,
    ).toBe(401);
  });
});

describe('Add to Calendar (issue 21)', () => {
  function conversion(who: Family) {
    return {
      title: 'Piano lessons',
      description: 'Tuesdays after school',
      start_date: '2026-12-04T16:30:00',
      duration_minutes: 60,
      location: 'Music school',
      organizer_id: who.members[0],
      attendees: [String(who.members[1])],
      category: 'appointment',
      priority: 'medium',
    };
  }

  it('remembers the event; a second conversion is refused with 409 and makes no event', async () => {
    const proposal = await create();
    const url = `/api/events?activity_conversion=true&activity_id=${proposal.id}`;
    // Only an accepted proposal converts.
    const early = await call('POST', url, family, conversion(family));
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'Only an accepted activity proposal can be added to the calendar.',
    );
    await call('PATCH', `/api/activity-proposals/${proposal.id}`, family, { status: 'accepted' });

    const first = await call('POST', url, family, conversion(family));
    expect(first.statusCode, first.body).toBe(201);
    const eventId = first.json().id;
    expect((await call('GET', `/api/activity-proposals/${proposal.id}`, family)).json()).toMatchObject({
      status: 'accepted',
      event_id: eventId,
    });

    const again = await call('POST', url, family, conversion(family));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This activity is already on the calendar.');
    const titles = (await call('GET', '/api/events?start=2026-12-01&end=2026-12-31', family))
      .json()
      .filter((e: { title: string }) => e.title === 'Piano lessons');
    expect(titles).toHaveLength(1);

    // Deleting that event frees the proposal to be added again.
    expect((await call('DELETE', `/api/events/${eventId}`, family)).statusCode).toBe(200);
    expect((await rowOf(proposal.id))?.eventId).toBeNull();
    expect((await call('POST', url, family, conversion(family))).statusCode).toBe(201);
  });

  it('answers 404 for another family’s proposal and makes no event', async () => {
    const theirs = await create({}, other);
    await call('PATCH', `/api/activity-proposals/${theirs.id}`, other, { status: 'accepted' });
    const res = await call(
      'POST',
      `/api/events?activity_conversion=true&activity_id=${theirs.id}`,
      family,
      conversion(family),
    );
    expect(res.statusCode).toBe(404);
    expect((await rowOf(theirs.id))?.eventId).toBeNull();
  });
});
