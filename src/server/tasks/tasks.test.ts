import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TaskDto } from '../../core/contracts/tasks.ts';
import { events } from '../db/schema/events.ts';
import { tasks } from '../db/schema/tasks.ts';
import { taskColumns } from '../db/task-assignees.ts';
import { signedInFamily, taskPayload, testServerPerFile } from '../test/harness.ts';

const server = testServerPerFile();

interface Family {
  cookie: string;
  familyId: number;
  /** The registrant's member id, then two more members. */
  members: [number, number, number];
  eventId: number;
}

let family: Family;
let other: Family;

/** Signs a family up and gives it two more members and one event, straight in the database. */
async function makeFamily(name: string): Promise<Family> {
  const { cookie, familyId, members } = await signedInFamily(server, {
    registration: { familyName: name },
    members: [
      { name: 'Maya Rivera', role: 'child', color: 'green' },
      { name: 'Leo Rivera', role: 'child', color: 'red' },
    ],
  });
  const [event] = await server.database.system
    .insert(events)
    .values({ familyId, title: 'Soccer practice', startDate: '2026-12-05T10:00:00' })
    .returning({ id: events.id });
  const [registrant, maya, leo] = members;
  if (registrant === undefined || maya === undefined || leo === undefined || !event) {
    throw new Error('fixture insert returned no row');
  }
  return { cookie, familyId, members: [registrant, maya, leo], eventId: event.id };
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

/** Pack lunch for the second parent and the first child, due Tue 07:30 (`taskPayload` with these fields). */
function lunchTask(overrides: Record<string, unknown> = {}) {
  return taskPayload(family.members[1], {
    title: 'Pack lunch',
    description: 'Sandwich and fruit',
    assigned_to_ids: [String(family.members[1]), String(family.members[2])],
    due_date: '2026-12-01T07:30:00',
    ...overrides,
  });
}

async function create(overrides: Record<string, unknown> = {}, who: Family = family) {
  const res = await call('POST', '/api/tasks', who, lunchTask(overrides));
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function rowsOf(familyId: number) {
  return server.database.system
    .select(taskColumns)
    .from(tasks)
    .where(eq(tasks.familyId, familyId))
    .orderBy(tasks.id);
}

describe('POST /api/tasks', () => {
  it('creates the task from the SPEC §7 payload and answers it in the wire shape', async () => {
    const task = await create();
    expect(task).toEqual({
      id: expect.any(Number),
      family_id: family.familyId,
      title: 'Pack lunch',
      description: 'Sandwich and fruit',
      description_truncated: false,
      event_id: null,
      event_title: null,
      assigned_to: family.members[1],
      assigned_to_ids: [String(family.members[1]), String(family.members[2])],
      due_date: '2026-12-01T07:30:00',
      estimated_duration_minutes: 30,
      status: 'open',
      priority: 'medium',
      send_sms_reminder: true,
      reminder_frequency: '30_minutes_before',
      last_reminder_sent: null,
    });
    const [row] = (await rowsOf(family.familyId)).filter((r) => r.id === task.id);
    expect(row).toMatchObject({
      familyId: family.familyId,
      assignedToIds: task.assigned_to_ids,
      dueDate: '2026-12-01T07:30:00',
    });
  });

  it('applies the defaults (30 minutes, medium, open, SMS on, 30_minutes_before) and the first assignee', async () => {
    const res = await call('POST', '/api/tasks', family, {
      title: 'Feed the cat',
      assigned_to_ids: [family.members[2], family.members[0]],
      due_date: '2026-12-02T06:00',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      assigned_to: family.members[2],
      assigned_to_ids: [String(family.members[2]), String(family.members[0])],
      due_date: '2026-12-02T06:00:00',
      estimated_duration_minutes: 30,
      priority: 'medium',
      status: 'open',
      send_sms_reminder: true,
      reminder_frequency: '30_minutes_before',
      description: null,
    });
  });

  it('links a task to one of the family events, which may leave it undated', async () => {
    const task = await create({ event_id: family.eventId, due_date: null });
    expect(task).toMatchObject({ event_id: family.eventId, event_title: 'Soccer practice', due_date: null });
  });

  it.each([
    ['title', { title: '' }, 'Title is required'],
    ['due_date', { due_date: '' }, 'Date is required'],
    ['due_date', { due_date: '2026-12-01T07:30:00.000Z' }, 'Please enter a valid date and time'],
    ['assigned_to_ids', { assigned_to_ids: [] }, 'Please select at least one assignee'],
    ['assigned_to', { assigned_to: 999 }, 'Assignee must be one of the selected assignees'],
    ['status', { status: 'done' }, 'Status must be open or completed'],
    ['priority', { priority: 'urgent' }, 'Priority must be low, medium or high'],
    ['reminder_frequency', { reminder_frequency: 'hourly' }, 'Please select a valid reminder frequency'],
    ['estimated_duration_minutes', { estimated_duration_minutes: -5 }, 'Duration must be at least 1 minute'],
    // Issue 21: SPEC §9's duration choices only.
    [
      'estimated_duration_minutes',
      { estimated_duration_minutes: 7 },
      'Please select a duration from the list',
    ],
  ])('answers 400 with the message for a bad %s and writes nothing', async (field, override, message) => {
    const before = (await rowsOf(family.familyId)).length;
    const res = await call('POST', '/api/tasks', family, lunchTask(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { [field]: message } });
    expect(await rowsOf(family.familyId)).toHaveLength(before);
  });

  it('accepts every reminder frequency of SPEC §9', async () => {
    for (const reminder_frequency of [
      '15_minutes_before',
      '1_hour_before',
      '4_hours_before',
      '1_day_before',
      'at_due_date',
    ]) {
      expect((await create({ reminder_frequency })).reminder_frequency).toBe(reminder_frequency);
    }
  });

  it('refuses assignees and events of another family with 400 and writes nothing', async () => {
    const before = (await rowsOf(family.familyId)).length;
    const foreignMember = await call(
      'POST',
      '/api/tasks',
      family,
      lunchTask({
        assigned_to: undefined,
        assigned_to_ids: [String(family.members[0]), String(other.members[1])],
      }),
    );
    expect(foreignMember.statusCode).toBe(400);
    expect(foreignMember.json().error.fields).toEqual({
      assigned_to_ids: 'Please select a member of your family',
    });

    const foreignEvent = await call('POST', '/api/tasks', family, lunchTask({ event_id: other.eventId }));
    expect(foreignEvent.statusCode).toBe(400);
    expect(foreignEvent.json().error.fields).toEqual({ event_id: 'Please select a valid event' });
    expect(await rowsOf(family.familyId)).toHaveLength(before);
    expect(await rowsOf(other.familyId)).toHaveLength(0);
  });

  it('answers 400, not 500, to bodies that are not task objects', async () => {
    for (const payload of ['[]', '"x"', 'null', '{"title": 5}']) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/tasks',
        headers: { cookie: family.cookie, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('needs a session', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/tasks', payload: lunchTask() });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/tasks', () => {
  it("lists only the family's tasks, by due date ascending with undated ones last", async () => {
    // A family of its own, so that the other tests' tasks are not in its list.
    const mine = await makeFamily('Sorters');
    const only = (title: string, due_date: string | null, extra: Record<string, unknown> = {}) =>
      create({ title, assigned_to: undefined, assigned_to_ids: [mine.members[0]], due_date, ...extra }, mine);
    const late = await only('late', '2026-12-09T08:00');
    const undated = await only('undated', null, { event_id: mine.eventId });
    const early = await only('early', '2026-12-01T18:00');
    const earlier = await only('earlier', '2026-12-01T09:00');
    await create({ title: 'not mine', assigned_to: undefined, assigned_to_ids: [other.members[0]] }, other);

    const res = await call('GET', '/api/tasks', mine);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((t: { id: number }) => t.id)).toEqual([earlier.id, early.id, late.id, undated.id]);
    expect(res.headers['x-list-truncated']).toBeUndefined();
  });

  it('GET /api/tasks/{id} answers one task whole; another family’s id is 404 (issue 42, ADR 046)', async () => {
    const task: TaskDto = await create({ description: 'Line\n'.repeat(40) });
    const listed = (await call('GET', '/api/tasks', family)).json<TaskDto[]>().find((t) => t.id === task.id);
    expect(listed?.description_truncated).toBe(true); // past 12 lines
    const one = await call('GET', `/api/tasks/${String(task.id)}`, family);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(task);
    expect((await call('GET', `/api/tasks/${String(task.id)}`, other)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/tasks' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/tasks/{id}', () => {
  it('completes an open task and reopens it (SPEC §4)', async () => {
    const task = await create();
    const done = await call('PATCH', `/api/tasks/${task.id}`, family, { status: 'completed' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ...task, status: 'completed' });
    const reopened = await call('PATCH', `/api/tasks/${task.id}`, family, { status: 'open' });
    expect(reopened.json()).toEqual({ ...task, status: 'open' });
  });

  it('changes other fields with the same rules; new assignees move assigned_to to the first', async () => {
    const task = await create();
    const res = await call('PATCH', `/api/tasks/${task.id}`, family, {
      title: 'Pack lunch and snack',
      assigned_to_ids: [String(family.members[0])],
      due_date: '2026-12-03T08:15',
      priority: 'high',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Pack lunch and snack',
      assigned_to: family.members[0],
      assigned_to_ids: [String(family.members[0])],
      due_date: '2026-12-03T08:15:00',
      priority: 'high',
      description: 'Sandwich and fruit',
    });
  });

  it.each([
    [{ status: 'archived' }, 'status', 'Status must be open or completed'],
    [{}, '_', 'Nothing to update'],
    [{ assigned_to_ids: [] }, 'assigned_to_ids', 'Please select at least one assignee'],
    [{ title: ' ' }, 'title', 'Title is required'],
    [{ due_date: null }, 'due_date', 'Date is required'],
  ])('answers 400 to %j and changes nothing', async (payload, field, message) => {
    const task = await create();
    const res = await call('PATCH', `/api/tasks/${task.id}`, family, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    const [row] = (await rowsOf(family.familyId)).filter((r) => r.id === task.id);
    expect(row).toMatchObject({ status: 'open', title: 'Pack lunch', dueDate: '2026-12-01T07:30:00' });
  });

  it("refuses another family's member as assignee", async () => {
    const task = await create();
    const res = await call('PATCH', `/api/tasks/${task.id}`, family, { assigned_to_ids: [other.members[0]] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ assigned_to_ids: 'Please select a member of your family' });
  });

  it("answers 404 for another family's task and changes nothing", async () => {
    const theirs = await create({ assigned_to: undefined, assigned_to_ids: [other.members[0]] }, other);
    const res = await call('PATCH', `/api/tasks/${theirs.id}`, family, { status: 'completed' });
    expect(res.statusCode).toBe(404);
    const [row] = (await rowsOf(other.familyId)).filter((r) => r.id === theirs.id);
    expect(row?.status).toBe('open');
    for (const id of ['999999', 'abc', '0', '99999999999']) {
      expect((await call('PATCH', `/api/tasks/${id}`, family, { status: 'completed' })).statusCode).toBe(404);
    }
  });
});

describe('DELETE /api/tasks/{id}', () => {
  it('deletes the task', async () => {
    const task = await create();
    const res = await call('DELETE', `/api/tasks/${task.id}`, family);
    expect(res.statusCode).toBe(200);
    expect((await rowsOf(family.familyId)).some((r) => r.id === task.id)).toBe(false);
    expect((await call('DELETE', `/api/tasks/${task.id}`, family)).statusCode).toBe(404);
  });

  it("answers 404 for another family's task and keeps it", async () => {
    const theirs = await create({ assigned_to: undefined, assigned_to_ids: [other.members[0]] }, other);
    expect((await call('DELETE', `/api/tasks/${theirs.id}`, family)).statusCode).toBe(404);
    expect((await rowsOf(other.familyId)).some((r) => r.id === theirs.id)).toBe(true);
  });

  it('needs a session', async () => {
    const task = await create();
    expect((await server.app.inject({ method: 'DELETE', url: `/api/tasks/${task.id}` })).statusCode).toBe(
      401,
    );
  });
});
