import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { deterministicAssistant } from '../../core/assistant/assistant.ts';
import { formatTime } from '../../core/assistant/format.ts';
import type { DrivingDto } from '../../core/contracts/driving.ts';
import type { EventDto, EventTaskDto } from '../../core/contracts/events.ts';
import type { TaskDto } from '../../core/contracts/tasks.ts';
import { addLocalDays, instantToLocal, localToInstant } from '../../core/time/local-time.ts';
import { loadFamilyData } from '../assistant/family-snapshot.ts';
import { notifications } from '../db/schema/notifications.ts';
import { tasks } from '../db/schema/tasks.ts';
import { createPlanner } from '../scheduler/planner.ts';
import { signedInFamily, testServerPerFile } from '../test/harness.ts';

/**
 * Issue 46 item 1 (ADR 047): the pickups and drop-offs of a recurring event are tasks of its occurrences, the next
 * seven days' worth, and the Tasks screen, the Driving page, the reminders and the assistant agree on who drives
 * when. The family lives in Los Angeles; "now" is Monday 23 November 2026, 6:00 AM there.
 */
const ZONE = 'America/Los_Angeles';
const PUBLIC_URL = 'https://familyhub.example';
const MONDAY_6AM = '2026-11-23T14:00:00Z';
const TODAY = '2026-11-23';

const server = testServerPerFile();

interface Household {
  cookie: string;
  familyId: number;
  ana: number;
  ben: number;
  maya: number;
  leo: number;
}

async function household(): Promise<Household> {
  const f = await signedInFamily(server, {
    registration: { memberName: 'Ana Rivera' },
    timezone: ZONE,
    members: [
      { name: 'Ben Rivera', role: 'parent', color: 'blue', email: 'ben@example.com' },
      { name: 'Maya Rivera', role: 'child', color: 'pink' },
      { name: 'Leo Rivera', role: 'child', color: 'orange' },
    ],
  });
  const [ana, ben, maya, leo] = f.members as [number, number, number, number];
  return { cookie: f.cookie, familyId: f.familyId, ana, ben, maya, leo };
}

function call(f: Household, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return server.app.inject({ method, url, headers: { cookie: f.cookie }, ...(payload ? { payload } : {}) });
}

async function create(f: Household, payload: object): Promise<EventDto> {
  const res = await call(f, 'POST', '/api/events', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<EventDto>();
}

async function patch(f: Household, url: string, payload: object): Promise<void> {
  const res = await call(f, 'PATCH', url, payload);
  expect(res.statusCode, res.body).toBe(200);
}

async function taskList(f: Household): Promise<TaskDto[]> {
  const res = await call(f, 'GET', '/api/tasks');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TaskDto[]>();
}

const isTransport = (t: TaskDto) => t.title.startsWith('Pickup: ') || t.title.startsWith('Drop-off: ');

async function driving(f: Household, start: string, end: string): Promise<DrivingDto> {
  const res = await call(f, 'GET', `/api/driving?start=${start}&end=${end}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DrivingDto>();
}

/** The school day, 8:15 AM – 3:00 PM, every day: Ana drops Maya off (8:00), Ben picks her up (2:45 PM). */
const school = (f: Household, extra: object = {}) => ({
  title: 'School',
  start_date: `${TODAY}T08:15:00`,
  duration_minutes: 360,
  attendees: [String(f.maya)],
  has_dropoff: true,
  dropoff_assigned_to: f.ana,
  has_pickup: true,
  pickup_assigned_to: f.ben,
  is_recurring: true,
  recurrence_pattern: 'daily',
  ...extra,
});

/** The days `from` … `from + n - 1`. */
const days = (from: string, n: number) => Array.from({ length: n }, (_, i) => addLocalDays(from, i));

const planner = () =>
  createPlanner({ db: server.database.system, clock: server.clock, publicUrl: PUBLIC_URL });

beforeEach(() => {
  server.clock.set(MONDAY_6AM);
});

describe('transport tasks of a recurring event (issue 46)', () => {
  it("a new family's daily school run that began last week: the Tasks screen holds this week's runs, none overdue", async () => {
    const f = await household();
    // Entered today, as a new family does: the school run started last Tuesday.
    await create(f, school(f, { start_date: '2026-11-17T08:15:00' }));
    const slip = await call(f, 'POST', '/api/tasks', {
      title: 'Sign permission slip',
      assigned_to_ids: [String(f.ana)],
      due_date: '2026-11-24T19:00:00',
    });
    expect(slip.statusCode, slip.body).toBe(201);

    const runs = (from: string) =>
      days(from, 7).flatMap((d) => [
        ['Drop-off: School', `${d}T08:00:00`, f.ana, 'open'],
        ['Pickup: School', `${d}T14:00:00`, f.ben, 'open'],
      ]);
    const listed = await taskList(f);
    expect(listed.map((t) => [t.title, t.due_date, t.assigned_to, t.status])).toEqual(
      [...runs(TODAY), ['Sign permission slip', '2026-11-24T19:00:00', f.ana, 'open']].sort((a, b) =>
        String(a[1]).localeCompare(String(b[1])),
      ),
    );
    // Nothing is overdue: no task is due before now (6:00 AM), and the real to-do is among the first days'.
    expect(listed.filter((t) => (t.due_date ?? '') < `${TODAY}T06:00:00`)).toEqual([]);
    expect(listed.every((t) => !isTransport(t) || t.event_title === 'School')).toBe(true);

    // Monday's drop-off is done; on Tuesday morning Monday's runs are gone and next Monday's have come.
    const mondayDropoff = listed.find((t) => t.due_date === `${TODAY}T08:00:00`);
    await patch(f, `/api/tasks/${mondayDropoff?.id}`, { status: 'completed' });
    server.clock.set('2026-11-24T14:00:00Z');
    await planner().tick();
    const tuesday = await taskList(f);
    expect(tuesday.filter(isTransport).map((t) => [t.title, t.due_date, t.assigned_to, t.status])).toEqual(
      runs('2026-11-24'),
    );
    // A second pass (another process, a restart) changes nothing.
    const transportRows = () =>
      server.database.system
        .select()
        .from(tasks)
        .where(and(eq(tasks.familyId, f.familyId), isNotNull(tasks.transportKind)))
        .orderBy(asc(tasks.id));
    const before = await transportRows();
    const again = await planner().tick();
    expect(again.transportTasks).toBe(0);
    expect(await transportRows()).toEqual(before);
  });

  it('follows moved, cancelled and re-driven occurrences, and a series edit updates the open ones', async () => {
    const f = await household();
    const s = await create(f, school(f));
    // Wednesday starts an hour late and Ben drives her there; Thursday there is no school.
    await patch(
      f,
      `/api/events/${s.id}?occurrence=2026-11-25T08:15:00`,
      school(f, { start_date: '2026-11-25T09:15:00', dropoff_assigned_to: f.ben }),
    );
    const cancelled = await call(f, 'DELETE', `/api/events/${s.id}?occurrence=2026-11-26T08:15:00`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Tuesday's drop-off is ticked off early; Friday's pickup is switched off on that day alone.
    const tuesdayDropoff = (await taskList(f)).find((t) => t.due_date === '2026-11-24T08:00:00');
    await patch(f, `/api/tasks/${tuesdayDropoff?.id}`, { status: 'completed' });
    await patch(
      f,
      `/api/events/${s.id}?occurrence=2026-11-27T08:15:00`,
      school(f, { start_date: '2026-11-27T08:15:00', has_pickup: false, pickup_assigned_to: null }),
    );
    // Then Ana takes over every pickup (all events).
    await patch(f, `/api/events/${s.id}`, school(f, { pickup_assigned_to: f.ana }));

    const got = (await taskList(f)).map((t) => [t.title, t.due_date, t.assigned_to, t.status]);
    expect(got).toEqual([
      ['Drop-off: School', '2026-11-23T08:00:00', f.ana, 'open'],
      ['Pickup: School', '2026-11-23T14:00:00', f.ana, 'open'],
      ['Drop-off: School', '2026-11-24T08:00:00', f.ana, 'completed'],
      ['Pickup: School', '2026-11-24T14:00:00', f.ana, 'open'],
      // The moved Wednesday keeps Ben for its drop-off (its own change) and takes Ana for its pickup.
      ['Drop-off: School', '2026-11-25T09:00:00', f.ben, 'open'],
      ['Pickup: School', '2026-11-25T15:00:00', f.ana, 'open'],
      // No Thursday; Friday has a drop-off only.
      ['Drop-off: School', '2026-11-27T08:00:00', f.ana, 'open'],
      ['Drop-off: School', '2026-11-28T08:00:00', f.ana, 'open'],
      ['Pickup: School', '2026-11-28T14:00:00', f.ana, 'open'],
      ['Drop-off: School', '2026-11-29T08:00:00', f.ana, 'open'],
      ['Pickup: School', '2026-11-29T14:00:00', f.ana, 'open'],
    ]);
    // One task per occurrence and kind, each of the series (its occurrence named), none left of the old kind.
    const rows = await server.database.system.select().from(tasks).where(eq(tasks.familyId, f.familyId));
    expect(new Set(rows.map((r) => r.eventId))).toEqual(new Set([s.id]));
    expect(rows.find((r) => r.dueDate === '2026-11-25T09:00:00')?.occurrenceStart).toBe(
      '2026-11-25T08:15:00',
    );

    // Switching the drop-offs off for all events removes every one, the completed one too (Wednesday's edit
    // changed who drives, not whether someone does, so it follows the series).
    await patch(f, `/api/events/${s.id}`, school(f, { pickup_assigned_to: f.ana, has_dropoff: false }));
    expect((await taskList(f)).filter((t) => t.title.startsWith('Drop-off: '))).toEqual([]);
  });

  it("the event form's list (GET /api/events/{id}/tasks) names each drive's occurrence; an occurrence edited alone lists its own", async () => {
    const f = await household();
    const s = await create(f, school(f));
    const byEvent = async (id: number) => {
      const res = await call(f, 'GET', `/api/events/${id}/tasks`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<EventTaskDto[]>().map((t) => [t.title, t.due_date, t.occurrence_start]);
    };
    const series = await byEvent(s.id);
    expect(series).toHaveLength(14);
    expect(series.slice(0, 2)).toEqual([
      ['Drop-off: School', '2026-11-23T08:00:00', '2026-11-23T08:15:00'],
      ['Pickup: School', '2026-11-23T14:00:00', '2026-11-23T08:15:00'],
    ]);
    // Wednesday starts an hour late: its form (the override's id) lists Wednesday's two drives, and a task
    // added to it by hand, which belongs to no occurrence.
    const moved = await call(
      f,
      'PATCH',
      `/api/events/${s.id}?occurrence=2026-11-25T08:15:00`,
      school(f, { start_date: '2026-11-25T09:15:00' }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const override = moved.json<EventDto>();
    expect(override.id).not.toBe(s.id);
    const added = await call(f, 'POST', '/api/tasks', {
      title: 'Pack the gym bag',
      assigned_to_ids: [String(f.ana)],
      event_id: override.id,
      due_date: null,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await byEvent(override.id)).toEqual([
      ['Drop-off: School', '2026-11-25T09:00:00', '2026-11-25T08:15:00'],
      ['Pickup: School', '2026-11-25T15:00:00', '2026-11-25T08:15:00'],
      ['Pack the gym bag', null, null],
    ]);
    // The series' list still has its fourteen drives, and not the override's own task.
    expect(await byEvent(s.id)).toHaveLength(14);
  });

  it('a one-off event keeps its task however far ahead; a series has tasks for seven days only', async () => {
    const f = await household();
    const party = await create(f, {
      title: 'Birthday party',
      start_date: '2026-12-12T14:00:00',
      duration_minutes: 120,
      attendees: [String(f.leo)],
      has_pickup: true,
      pickup_assigned_to: f.ben,
    });
    await create(f, school(f, { recurrence_pattern: 'weekly', start_date: '2026-11-26T08:15:00' }));
    expect((await taskList(f)).map((t) => [t.title, t.due_date, t.event_id])).toEqual([
      ['Drop-off: School', '2026-11-26T08:00:00', expect.any(Number)],
      ['Pickup: School', '2026-11-26T14:00:00', expect.any(Number)],
      ['Pickup: Birthday party', '2026-12-12T15:45:00', party.id],
    ]);
    // A week on, the next Thursday's runs are there, and the party's pickup is still the one task.
    server.clock.set('2026-11-30T14:00:00Z');
    await planner().tick();
    expect((await taskList(f)).map((t) => [t.title, t.due_date])).toEqual([
      ['Drop-off: School', '2026-12-03T08:00:00'],
      ['Pickup: School', '2026-12-03T14:00:00'],
      ['Pickup: Birthday party', '2026-12-12T15:45:00'],
    ]);
  });

  it('the Tasks screen, the Driving page, the reminders and the assistant agree on who drives when, for a week', async () => {
    const f = await household();
    const s = await create(f, school(f));
    // Wednesday Ben drives her there; soccer on Thursdays, Ana picks Leo up; a party on Saturday, Ben drops off.
    await patch(
      f,
      `/api/events/${s.id}?occurrence=2026-11-25T08:15:00`,
      school(f, { start_date: '2026-11-25T08:15:00', dropoff_assigned_to: f.ben }),
    );
    await create(f, {
      title: 'Soccer',
      start_date: '2026-11-26T16:00:00',
      duration_minutes: 90,
      attendees: [String(f.leo)],
      has_pickup: true,
      pickup_assigned_to: f.ana,
      pickup_minutes_before: 30,
      is_recurring: true,
      recurrence_pattern: 'weekly',
    });
    await create(f, {
      title: 'Party',
      start_date: '2026-11-28T13:00:00',
      duration_minutes: 180,
      attendees: [String(f.leo)],
      has_dropoff: true,
      dropoff_assigned_to: f.ben,
      dropoff_minutes_before: 30,
    });
    const prefix = { pickup: 'Pickup: ', dropoff: 'Drop-off: ' } as const;
    const kindOf = (title: string) => (title.startsWith('Pickup: ') ? 'pickup' : 'dropoff');

    // The Tasks screen: [kind, title, due (when to set off), driver].
    const fromTasks = (await taskList(f))
      .filter(isTransport)
      .map((t) => [kindOf(t.title), t.title, t.due_date, t.assigned_to]);
    expect(fromTasks).toHaveLength(2 * 7 + 1 + 1);

    // The Driving page of the same seven days.
    const week = await driving(f, TODAY, '2026-11-29');
    const fromDriving = week.legs
      .filter((l) => l.driver_id !== null)
      .map((l) => [l.kind, `${prefix[l.kind]}${l.title}`, l.from, l.driver_id])
      .sort((a, b) => String(a[2]).localeCompare(String(b[2])));
    expect(fromDriving).toEqual(fromTasks);

    // The reminders: the planner sends each driver theirs when the task is due (a tick just before each).
    for (const [, , due] of fromTasks) {
      const at = new Date(localToInstant(String(due), ZONE).getTime() - 5 * 60_000);
      server.clock.set(at.toISOString());
      await planner().tick();
    }
    const reminders = await server.database.system
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.familyId, f.familyId), inArray(notifications.sourceKind, ['pickup', 'dropoff'])),
      );
    const fromReminders = reminders
      .map((r) => [r.sourceKind, instantToLocal(r.sendAfter, ZONE), r.familyMemberId])
      .sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    expect(fromReminders).toEqual(fromTasks.map(([kind, , due, driver]) => [kind, due, driver]));

    // The assistant, asked day by day from Monday 6:00 AM by Leo (so that no driver is "you").
    server.clock.set(MONDAY_6AM);
    const names = new Map([
      [f.ana, 'Ana'],
      [f.ben, 'Ben'],
    ]);
    const asked = ['today', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    for (const [i, day] of days(TODAY, 7).entries()) {
      const data = await loadFamilyData(server.database.system, f.familyId, f.leo, server.clock.now());
      if (!data) throw new Error('no family data');
      const answer = deterministicAssistant.answer(`who is driving ${asked[i] ?? ''}`, data);
      const ofDay = fromTasks.filter(([, , due]) => String(due).startsWith(day));
      for (const [kind, , due, driver] of ofDay) {
        const verb = kind === 'pickup' ? 'picks up' : 'drops off';
        expect(answer).toMatch(
          new RegExp(`${names.get(Number(driver))} ${verb} [^;]*? at ${formatTime(String(due))}`),
        );
      }
      expect(answer.match(/picks up|drops off/g) ?? []).toHaveLength(ofDay.length);
    }
  });
});
