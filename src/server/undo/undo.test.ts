import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventDto, EventOccurrenceDto } from '../../core/contracts/events.ts';
import { UNDO_WINDOW_SECONDS } from '../../core/contracts/undo.ts';
import { createPlanner } from '../scheduler/planner.ts';
import { familySnapshot } from '../security/fixtures.ts';
import { callAs, signedInFamily, type SignedInFamily, testServerPerFile } from '../test/harness.ts';

const server = testServerPerFile();

let fam: SignedInFamily;
beforeEach(async () => {
  server.clock.set('2026-11-22T16:00:00Z');
  fam = await signedInFamily(server, {
    timezone: 'America/Los_Angeles',
    members: [
      {
        name: 'Marco Rivera',
        role: 'parent',
        color: 'green',
        phoneNumber: '+14155550100',
        email: 'marco@example.com',
      },
      { name: 'Lucia Rivera', role: 'child', color: 'pink' },
    ],
  });
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, who = fam) =>
  callAs(server, who, method, url, payload);

/** The tables a delete and its undo write, as `select *` gives them, without the planner's cursors. */
const RESTORED_TABLES = [
  'events',
  'event_attendees',
  'event_alert_members',
  'tasks',
  'task_assignees',
  'notes',
  'activity_proposals',
  'family_members',
];
async function rows(): Promise<Record<string, unknown[]>> {
  const all = await familySnapshot(server.database.system, fam.familyId);
  return Object.fromEntries(
    RESTORED_TABLES.map((t) => [
      t,
      (all[t] ?? []).map((r) => {
        const { next_reminder_at: _cursor, ...rest } = r as Record<string, unknown>;
        return rest;
      }),
    ]),
  );
}

async function occurrences(start = '2026-11-22', end = '2027-01-31'): Promise<EventOccurrenceDto[]> {
  const res = await call('GET', `/api/events?start=${start}&end=${end}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EventOccurrenceDto[]>();
}

/** A weekly series with alert members (reminders), a pickup (transport tasks), an edited occurrence and a task. */
async function weeklySeries(): Promise<EventDto> {
  const res = await call('POST', '/api/events', {
    title: 'Soccer practice',
    start_date: '2026-11-23T16:00:00',
    duration_minutes: 90,
    location: 'Riverside Park',
    organizer_id: fam.members[0],
    attendees: [String(fam.members[2])],
    alert_members: [String(fam.members[1])],
    has_pickup: true,
    pickup_assigned_to: fam.members[1],
    is_recurring: true,
    recurrence_pattern: 'weekly',
  });
  expect(res.statusCode, res.body).toBe(201);
  const series = res.json<EventDto>();
  const moved = await call('PATCH', `/api/events/${series.id}?scope=this&occurrence=2026-11-30T16:00:00`, {
    title: 'Soccer practice (indoor)',
    start_date: '2026-11-30T17:00:00',
    duration_minutes: 90,
    location: 'Gym',
    organizer_id: fam.members[0],
    attendees: [String(fam.members[2])],
    is_recurring: false,
  });
  expect(moved.statusCode, moved.body).toBe(200);
  const task = await call('POST', '/api/tasks', {
    title: 'Pack the soccer bag',
    assigned_to_ids: [String(fam.members[2])],
    due_date: '2026-11-23T15:00:00',
    event_id: series.id,
  });
  expect(task.statusCode, task.body).toBe(201);
  return series;
}

async function undo(id: string, who = fam) {
  return call('POST', `/api/undo/${id}`, {}, who);
}

/** The family's CalDAV resource of event `id` and the family's sync counter. */
async function davState(eventId: number) {
  const result: unknown = await server.database.system.execute(
    sql`select r.name, r.seq, r.deleted, s.seq as counter from dav_sync_state s
        left join dav_resources r on r.family_id = s.family_id and r.event_id = ${eventId}
        where s.family_id = ${fam.familyId}`,
  );
  return (
    result as {
      rows: { name: string | null; seq: number | null; deleted: boolean | null; counter: number }[];
    }
  ).rows[0];
}

async function pendingReminders(eventId: number): Promise<number> {
  const result: unknown = await server.database.system.execute(
    sql`select count(*)::int as n from notifications where family_id = ${fam.familyId}
        and source_kind in ('event', 'pickup', 'dropoff') and source_id = ${eventId} and status = 'pending'`,
  );
  return (result as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/** A pending activity proposal for the family's child; returns its id. */
async function newProposal(title: string): Promise<number> {
  const res = await call('POST', '/api/activity-proposals', {
    title,
    assigned_to: fam.members[2],
    assigned_by: fam.members[0],
    category: 'appointment',
    due_date: '2026-12-04T16:30:00',
    status: 'pending',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

const planner = () =>
  createPlanner({
    db: server.database.system,
    clock: server.clock,
    publicUrl: 'http://localhost:3000',
    horizonMinutes: 14 * 24 * 60, // two weeks: the series' first occurrences
  });

describe('undo an event delete', () => {
  it.each([
    ['one occurrence', 'scope=this&occurrence=2026-12-07T16:00:00', 'occurrence'],
    ['an edited occurrence', 'scope=this&occurrence=2026-11-30T16:00:00', 'occurrence'],
    ['this and following', 'scope=following&occurrence=2026-11-30T16:00:00', 'following'],
    ['the whole series', 'scope=all', 'series'],
  ])('%s: the rows, the occurrences and the transport tasks come back exactly', async (_, query, removed) => {
    const series = await weeklySeries();
    const before = await rows();
    const shown = await occurrences();
    const del = await call('DELETE', `/api/events/${series.id}?${query}`);
    expect(del.statusCode, del.body).toBe(200);
    const reply = del.json<{ ok: true; removed: string; undo_id: string }>();
    expect(reply).toMatchObject({ ok: true, removed });
    expect(await rows()).not.toEqual(before);
    expect((await occurrences()).length).toBeLessThan(shown.length);

    const res = await undo(reply.undo_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, kind: 'event', id: series.id });
    expect(await rows()).toEqual(before);
    expect(await occurrences()).toEqual(shown);
  });

  it("the family's subscribed ICS feed drops the series at the delete and has it again after Undo: the same RRULE and the same VEVENTs (its edited occurrence's included)", async () => {
    const series = await weeklySeries();
    const regenerated = await call('POST', '/api/calendar/feeds/regenerate', { scope: 'family' });
    expect(regenerated.statusCode, regenerated.body).toBe(201);
    const feedPath = new URL(regenerated.json<{ url: string }>().url).pathname;
    const feed = async () => {
      const res = await server.app.inject({ method: 'GET', url: feedPath });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const before = await feed();
    expect(before).toContain('SUMMARY:Soccer practice');
    const del = await call('DELETE', `/api/events/${series.id}?deleteAll=true`);
    expect(del.statusCode, del.body).toBe(200);
    expect(await feed()).not.toContain('SUMMARY:Soccer practice');
    expect((await undo(del.json<{ undo_id: string }>().undo_id)).statusCode).toBe(200);
    const after = await feed();
    const rrule = (text: string) => /^RRULE:.*$/m.exec(text)?.[0];
    expect(after).toContain('SUMMARY:Soccer practice');
    expect(rrule(after)).toBe(rrule(before));
    const vevents = (text: string) => text.match(/^BEGIN:VEVENT/gm)?.length ?? 0;
    expect(vevents(after)).toBe(vevents(before));
    expect(after).toContain('RECURRENCE-ID');
  });

  it('an event made from an activity proposal: the proposal remembers it again', async () => {
    const proposalId = await newProposal('Guitar lesson');
    await call('PATCH', `/api/activity-proposals/${proposalId}`, { status: 'accepted' });
    const converted = await call('POST', `/api/events?activity_conversion=true&activity_id=${proposalId}`, {
      title: 'Guitar lesson',
      start_date: '2026-12-04T16:30:00',
      duration_minutes: 60,
    });
    expect(converted.statusCode, converted.body).toBe(201);
    const eventId = converted.json<EventDto>().id;
    const before = await rows();
    const del = await call('DELETE', `/api/events/${eventId}`);
    const unlinked = await call('GET', `/api/activity-proposals/${proposalId}`);
    expect(unlinked.json()).toMatchObject({ event_id: null });
    expect((await undo(del.json<{ undo_id: string }>().undo_id)).statusCode).toBe(200);
    expect(await rows()).toEqual(before);
    const linked = await call('GET', `/api/activity-proposals/${proposalId}`);
    expect(linked.json()).toMatchObject({ event_id: eventId });
  });

  it('moves the CalDAV sync token so a client sees the series again, under its own name', async () => {
    const series = await weeklySeries();
    const live = await davState(series.id);
    const del = await call('DELETE', `/api/events/${series.id}?scope=all`);
    const gone = await davState(series.id);
    expect(gone?.name).toBeNull(); // the tombstone no longer names the event
    const res = await undo(del.json<{ undo_id: string }>().undo_id);
    expect(res.statusCode, res.body).toBe(200);
    const back = await davState(series.id);
    expect(back).toMatchObject({ name: live?.name, deleted: false });
    expect(Number(back?.seq)).toBeGreaterThan(Number(gone?.counter));
  });

  it('plans the reminders of the restored occurrences again', async () => {
    const series = await weeklySeries();
    await planner().tick();
    const planned = await pendingReminders(series.id);
    expect(planned).toBeGreaterThan(0);
    const del = await call(
      'DELETE',
      `/api/events/${series.id}?scope=following&occurrence=2026-11-23T16:00:00`,
    );
    expect(await pendingReminders(series.id)).toBe(0);
    expect((await undo(del.json<{ undo_id: string }>().undo_id)).statusCode).toBe(200);
    await planner().tick();
    expect(await pendingReminders(series.id)).toBe(planned);
  });

  it('refuses when the series was edited after the delete (409), and changes nothing', async () => {
    const series = await weeklySeries();
    const del = await call('DELETE', `/api/events/${series.id}?scope=this&occurrence=2026-12-07T16:00:00`);
    const edit = await call('PATCH', `/api/events/${series.id}?scope=all`, {
      title: 'Soccer (new coach)',
      start_date: '2026-11-23T16:00:00',
      duration_minutes: 90,
      is_recurring: true,
      recurrence_pattern: 'weekly',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await rows();
    const res = await undo(del.json<{ undo_id: string }>().undo_id);
    expect(res.statusCode, res.body).toBe(409);
    expect(await rows()).toEqual(after);
  });

  it('refuses past the monthly plan limit when the freed place was taken since (409)', async () => {
    await server.database.system.execute(
      sql`update families set max_events_per_month = 2 where id = ${fam.familyId}`,
    );
    const base = { start_date: '2026-11-24T10:00:00', duration_minutes: 60 };
    const first = await call('POST', '/api/events', { ...base, title: 'Dentist' });
    await call('POST', '/api/events', { ...base, title: 'Piano' });
    const del = await call('DELETE', `/api/events/${first.json<EventDto>().id}`);
    expect((await call('POST', '/api/events', { ...base, title: 'Haircut' })).statusCode).toBe(201);
    const res = await undo(del.json<{ undo_id: string }>().undo_id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(/limit/i);
  });
});

describe('undo a task, a note, an activity proposal', () => {
  /** Deletes `path` (`kind` `id`), sees it gone from `path`, undoes it: the family's rows are as before. */
  async function expectUndoRestores(path: string, kind: string, id: number): Promise<void> {
    const before = await rows();
    const del = await call('DELETE', path);
    expect(del.json(), del.body).toMatchObject({ ok: true, undo_id: expect.any(String) });
    expect((await call('GET', path)).statusCode).toBe(404);
    const res = await undo(del.json<{ undo_id: string }>().undo_id);
    expect(res.json()).toEqual({ ok: true, kind, id });
    expect(await rows()).toEqual(before);
  }

  it('puts the task back with its assignees', async () => {
    const created = await call('POST', '/api/tasks', {
      title: 'Buy cleats',
      assigned_to_ids: [String(fam.members[1]), String(fam.members[2])],
      due_date: '2026-11-25T15:00:00',
    });
    const { id } = created.json<{ id: number }>();
    await expectUndoRestores(`/api/tasks/${id}`, 'task', id);
  });

  it('puts the note back', async () => {
    const created = await call('POST', '/api/notes', {
      title: 'Wi-Fi password',
      content: 'hunter2',
      family_member_id: fam.members[0],
    });
    const { id } = created.json<{ id: number }>();
    await expectUndoRestores(`/api/notes/${id}`, 'note', id);
  });

  it('puts the activity proposal back', async () => {
    const id = await newProposal('Swim team tryout');
    await expectUndoRestores(`/api/activity-proposals/${id}`, 'activity', id);
  });
});

describe('undo an invitation', () => {
  it('refuses past the member limit when the freed place was taken since (409)', async () => {
    await server.database.system.execute(sql`update families set max_members = 4 where id = ${fam.familyId}`);
    const invited = await call('POST', '/api/family-members/invite', {
      name: 'Grandma Rosa',
      email: `rosa-${String(fam.familyId)}@example.com`,
      role: 'other',
      color: 'purple',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const del = await call('DELETE', `/api/family-members/invitations/${invited.json<{ id: number }>().id}`);
    const added = await call('POST', '/api/family-members', {
      name: 'Uncle Tom',
      color: 'blue',
      role: 'other',
    });
    expect(added.statusCode, added.body).toBe(201);
    const after = await rows();
    const res = await undo(del.json<{ undo_id: string }>().undo_id);
    expect(res.statusCode, res.body).toBe(409);
    expect(await rows()).toEqual(after);
  });
});

describe('POST /api/undo/{id} refusals', () => {
  async function deletedNote(): Promise<string> {
    const created = await call('POST', '/api/notes', {
      title: 'Shopping',
      content: '',
      family_member_id: fam.members[0],
    });
    const del = await call('DELETE', `/api/notes/${created.json<{ id: number }>().id}`);
    return del.json<{ undo_id: string }>().undo_id;
  }

  it('answers 410 the second time', async () => {
    const id = await deletedNote();
    expect((await undo(id)).statusCode).toBe(200);
    const again = await undo(id);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ error: { code: 'gone', message: 'This was already undone' } });
  });

  it('answers 410 after the window', async () => {
    const id = await deletedNote();
    server.clock.set(new Date(Date.parse('2026-11-22T16:00:00Z') + UNDO_WINDOW_SECONDS * 1000).toISOString());
    const res = await undo(id);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ error: { message: 'It is too late to undo this' } });
    expect((await call('GET', '/api/notes')).json<unknown[]>()).toEqual([]);
  });

  it("answers 404 for another family's id, an unknown id and a malformed one", async () => {
    const id = await deletedNote();
    const other = await signedInFamily(server);
    expect((await undo(id, other)).statusCode).toBe(404);
    expect((await undo('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await undo('not-a-uuid')).statusCode).toBe(404);
    expect((await undo(id)).statusCode).toBe(200); // still A's to use
  });

  it('prunes expired entries when the next one is written', async () => {
    await deletedNote();
    server.clock.set('2026-11-22T17:00:00Z');
    await deletedNote();
    const result: unknown = await server.database.system.execute(
      sql`select count(*)::int as n from undo_entries where family_id = ${fam.familyId}`,
    );
    expect((result as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });
});
