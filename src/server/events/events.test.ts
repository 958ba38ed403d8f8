import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventDto, EventOccurrenceDto, EventTaskDto } from '../../core/contracts/events.ts';
import { eventColumns } from '../db/event-members.ts';
import { openSessionStatement } from '../auth/sessions.ts';
import { familyWindowRead, familyWindowRowsOf, loadFamilyWindowRows } from '../db/event-occurrences.ts';
import { openScope, withFamilyScope } from '../db/scope.ts';
import type { ServerContext } from '../context.ts';
import { toEventDto, toOccurrenceDto } from './dto.ts';
import { listOccurrences } from './service.ts';
import { events } from '../db/schema/events.ts';
import { families } from '../db/schema/families.ts';
import { tasks } from '../db/schema/tasks.ts';
import { signedInFamily, testServerPerFile } from '../test/harness.ts';

const server = testServerPerFile();

interface Family {
  cookie: string;
  familyId: number;
  /** Member ids: [the registrant, a second parent, two children]. */
  members: number[];
}

async function newFamily(timezone = 'America/Los_Angeles'): Promise<Family> {
  return signedInFamily(server, {
    timezone,
    members: [
      { name: 'Marco Rivera', role: 'parent', color: 'green', phoneNumber: '+14155550100' },
      { name: 'Lucia Rivera', role: 'child', color: 'pink' },
      { name: 'Teo Rivera', role: 'child', color: 'orange' },
    ],
  });
}

/** The session statement of `f`'s cookie (what a request's transaction opens with). */
function sessionOpening(f: Family, now: Date): string {
  const raw = f.cookie.slice(f.cookie.indexOf('=') + 1);
  return openSessionStatement(raw, { idleMinutes: 60, absoluteMinutes: 600 }, now) ?? '';
}

function call(f: Family, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return server.app.inject({ method, url, headers: { cookie: f.cookie }, ...(payload ? { payload } : {}) });
}

async function create(f: Family, payload: object): Promise<EventDto> {
  const res = await call(f, 'POST', '/api/events', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<EventDto>();
}

async function list(f: Family, start: string, end: string): Promise<EventOccurrenceDto[]> {
  const res = await call(f, 'GET', `/api/events?start=${start}&end=${end}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EventOccurrenceDto[]>();
}

async function eventTasks(f: Family, id: number): Promise<EventTaskDto[]> {
  const res = await call(f, 'GET', `/api/events/${id}/tasks`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EventTaskDto[]>();
}

const soccer = (f: Family, extra: object = {}) => ({
  title: 'Soccer practice',
  description: 'Bring shin guards',
  start_date: '2026-11-23T16:00:00',
  duration_minutes: 90,
  location: 'Riverside Park',
  organizer_id: f.members[0],
  attendees: [String(f.members[2])],
  category: 'activity',
  priority: 'high',
  ...extra,
});

let fam: Family;
beforeEach(async () => {
  server.clock.set('2026-11-22T16:00:00Z');
  fam = await newFamily();
});

describe('POST /api/events and GET /api/events/{id}', () => {
  it('creates an event with SPEC defaults and answers it with every field', async () => {
    const created = await create(fam, { title: 'Dentist', start_date: '2026-11-24T10:30' });
    expect(created).toMatchObject({
      title: 'Dentist',
      start_date: '2026-11-24T10:30:00',
      end_date: null,
      duration_minutes: 60,
      is_all_day: false,
      category: 'family',
      priority: 'medium',
      attendees: [],
      alert_members: [],
      has_pickup: false,
      pickup_minutes_before: 15,
      has_dropoff: false,
      dropoff_minutes_before: 15,
      is_recurring: false,
      recurrence_pattern: null,
      rrule: null,
      exdates: [],
      parent_event_id: null,
      family_id: fam.familyId,
    });
    const got = await call(fam, 'GET', `/api/events/${created.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(created);
  });

  it('stores a series as one row with its RFC 5545 RRULE', async () => {
    const created = await create(
      fam,
      soccer(fam, { is_recurring: true, recurrence_pattern: 'weekly', recurrence_end_date: '2026-12-31' }),
    );
    expect(created.rrule).toBe('FREQ=WEEKLY;BYDAY=MO;UNTIL=20261231T235959');
    const rows = await server.database.system.select().from(events).where(eq(events.familyId, fam.familyId));
    expect(rows).toHaveLength(1);
  });

  it('accepts ?activity_conversion=true with an ISO start to the second', async () => {
    const res = await call(fam, 'POST', '/api/events?activity_conversion=true', {
      title: 'Piano recital',
      description: null,
      start_date: '2026-12-05T14:00:00',
      duration_minutes: 120,
      location: 'Town hall',
      organizer_id: fam.members[1],
      attendees: [String(fam.members[3])],
      category: 'activity',
      priority: 'medium',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      start_date: '2026-12-05T14:00:00',
      duration_minutes: 120,
      attendees: [String(fam.members[3])],
    });
  });

  it.each([
    ['title', { title: '  ' }, 'Title is required'],
    ['start_date', { start_date: undefined }, 'Date is required'],
    ['start_date', { start_date: '2026-02-30T10:00' }, 'Date is required'],
    ['category', { category: 'party' }, 'Please select a category'],
    ['priority', { priority: 'urgent' }, 'Please select a priority'],
    [
      'recurrence_pattern',
      { is_recurring: true, recurrence_pattern: 'yearly' },
      'Please select a recurrence pattern',
    ],
    ['recurrence_pattern', { is_recurring: true }, 'Please select a recurrence pattern'],
    [
      'recurrence_end_date',
      { is_recurring: true, recurrence_pattern: 'daily', recurrence_end_date: '2026-11-20' },
      'Recurrence end date cannot be before the event date',
    ],
    ['end_date', { end_date: '2026-11-22T10:00' }, 'End date cannot be before the start date'],
    ['pickup_minutes_before', { pickup_minutes_before: 200 }, 'Please select a lead time from the list'],
    // Issue 21: only SPEC §9's lists.
    ['pickup_minutes_before', { pickup_minutes_before: 17 }, 'Please select a lead time from the list'],
    [
      'dropoff_minutes_before',
      { has_dropoff: true, dropoff_assigned_to: 1, dropoff_minutes_before: 165 },
      'Please select a lead time from the list',
    ],
    ['duration_minutes', { duration_minutes: 7 }, 'Please select a duration from the list'],
    ['duration_minutes', { duration_minutes: 500 }, 'Please select a duration from the list'],
    ['attendees', { attendees: ['abc'] }, 'Must be a list of family member ids'],
  ])('answers 400 with the message for a bad %s and writes nothing', async (field, override, message) => {
    const res = await call(fam, 'POST', '/api/events', soccer(fam, override));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { [field]: message } });
    expect(
      await server.database.system.select().from(events).where(eq(events.familyId, fam.familyId)),
    ).toHaveLength(0);
  });

  it('keeps an event’s own off-list duration on edit (an imported event), but not a new one (issue 21)', async () => {
    const created = await create(fam, soccer(fam));
    await server.database.system.update(events).set({ durationMinutes: 50 }).where(eq(events.id, created.id));
    const same = await call(fam, 'PATCH', `/api/events/${created.id}`, soccer(fam, { duration_minutes: 50 }));
    expect(same.statusCode, same.body).toBe(200);
    const other = await call(
      fam,
      'PATCH',
      `/api/events/${created.id}`,
      soccer(fam, { duration_minutes: 55 }),
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().error.fields).toEqual({ duration_minutes: 'Please select a duration from the list' });
    // A multi-day event's length comes from its dates.
    const multi = await call(
      fam,
      'POST',
      '/api/events',
      soccer(fam, { end_date: '2026-11-25T10:00', duration_minutes: 7 }),
    );
    expect(multi.statusCode, multi.body).toBe(201);
  });

  it('refuses member ids of another family with 400 and writes nothing', async () => {
    const other = await newFamily();
    for (const override of [
      { organizer_id: other.members[0] },
      { attendees: [String(other.members[1])] },
      { has_pickup: true, pickup_assigned_to: other.members[2] },
      { has_dropoff: true, dropoff_assigned_to: other.members[2] },
    ]) {
      const res = await call(fam, 'POST', '/api/events', soccer(fam, override));
      expect(res.statusCode).toBe(400);
      expect(Object.values(res.json().error.fields)).toContain('Unknown family member');
    }
    expect(
      await server.database.system.select().from(events).where(eq(events.familyId, fam.familyId)),
    ).toHaveLength(0);
    expect(
      await server.database.system.select().from(tasks).where(eq(tasks.familyId, fam.familyId)),
    ).toHaveLength(0);
  });

  it('answers 401 to every call without a session and writes nothing', async () => {
    const mine = await create(fam, { title: 'Mine', start_date: '2026-11-24T10:00' });
    const calls: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string]> = [
      ['GET', '/api/events'],
      ['GET', `/api/events/${String(mine.id)}`],
      ['GET', `/api/events/${String(mine.id)}/tasks`],
      ['POST', '/api/events'],
      ['PATCH', `/api/events/${String(mine.id)}`],
      ['DELETE', `/api/events/${String(mine.id)}`],
    ];
    for (const [method, url] of calls) {
      const res = await server.app.inject({
        method,
        url,
        ...(method === 'POST' || method === 'PATCH'
          ? { payload: { title: 'X', start_date: '2026-11-24T10:00' } }
          : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const rows = await server.database.system.select().from(events).where(eq(events.familyId, fam.familyId));
    expect(rows.map((r) => r.title)).toEqual(['Mine']);
  });
});

describe('GET /api/events (occurrences)', () => {
  it('answers one-off, multi-day and series occurrences overlapping the range, sorted by start', async () => {
    const one = await create(fam, { title: 'Parent-teacher meeting', start_date: '2026-11-25T18:00' });
    const trip = await create(fam, {
      title: 'Grandma visit',
      start_date: '2026-11-20T12:00',
      end_date: '2026-11-23T12:00',
    });
    const series = await create(fam, soccer(fam, { is_recurring: true, recurrence_pattern: 'weekly' }));
    await create(fam, { title: 'Outside', start_date: '2026-12-10T09:00' });

    const got = await list(fam, '2026-11-22', '2026-11-30');
    expect(got.map((o) => [o.id, o.start_date, o.end_date, o.series_id, o.is_exception])).toEqual([
      [trip.id, '2026-11-20T12:00:00', '2026-11-23T12:00:00', null, false],
      [series.id, '2026-11-23T16:00:00', '2026-11-23T17:30:00', series.id, false],
      [one.id, '2026-11-25T18:00:00', '2026-11-25T19:00:00', null, false],
      [series.id, '2026-11-30T16:00:00', '2026-11-30T17:30:00', series.id, false],
    ]);
    expect(got[1]?.occurrence_start).toBe('2026-11-23T16:00:00');
    expect(got.map((o) => o.is_multi_day)).toEqual([true, false, false, false]);
    // A timed event running past midnight is not multi-day (SPEC §9 looks at the stored end date).
    await create(fam, { title: 'Late flight', start_date: '2026-12-01T23:00', duration_minutes: 120 });
    const late = (await list(fam, '2026-12-01', '2026-12-02')).find((o) => o.title === 'Late flight');
    expect(late).toMatchObject({ end_date: '2026-12-02T01:00:00', is_multi_day: false });
  });

  it('keeps a weekly 08:00 at 08:00 across the DST change (family zone Europe/London)', async () => {
    const london = await newFamily('Europe/London');
    const s = await create(london, {
      title: 'Swim club',
      start_date: '2027-03-21T08:00',
      is_recurring: true,
      recurrence_pattern: 'weekly',
    });
    const got = await list(london, '2027-03-20', '2027-04-05');
    expect(got.map((o) => o.start_date)).toEqual([
      '2027-03-21T08:00:00',
      '2027-03-28T08:00:00',
      '2027-04-04T08:00:00',
    ]);
    expect(got.every((o) => o.series_id === s.id)).toBe(true);
  });

  it('gives multi-day recurring occurrences the original number of days', async () => {
    await create(fam, {
      title: 'Weekend at dad’s',
      start_date: '2026-11-20T17:00',
      end_date: '2026-11-22T17:00',
      is_recurring: true,
      recurrence_pattern: 'weekly',
    });
    const got = await list(fam, '2026-11-26', '2026-11-29');
    expect(got.map((o) => [o.start_date, o.end_date])).toEqual([
      ['2026-11-27T17:00:00', '2026-11-29T17:00:00'],
    ]);
  });

  it('answers the default window without a range and 400 for a bad range', async () => {
    await create(fam, { title: 'Soon', start_date: '2026-12-01T09:00' });
    await create(fam, { title: 'Far', start_date: '2027-06-01T09:00' });
    const res = await call(fam, 'GET', '/api/events');
    expect(res.json().map((o: EventOccurrenceDto) => o.title)).toEqual(['Soon']);
    for (const q of [
      'start=2026-11-01',
      'start=x&end=2026-11-02',
      'start=2026-11-05&end=2026-11-01',
      'start=2026-01-01&end=2028-01-01',
    ]) {
      expect((await call(fam, 'GET', `/api/events?${q}`)).statusCode).toBe(400);
    }
  });

  it('reads the window’s rows as Drizzle’s own select maps them (the list’s prepared statement and mapper)', async () => {
    const series = await create(
      fam,
      soccer(fam, {
        is_recurring: true,
        recurrence_pattern: 'weekly',
        alert_members: [String(fam.members[1])],
      }),
    );
    const moved = await call(
      fam,
      'PATCH',
      `/api/events/${series.id}?occurrence=2026-11-30T16:00:00`,
      soccer(fam, { start_date: '2026-12-14T17:00', location: 'Gym' }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    await create(fam, { title: 'All day', start_date: '2026-11-26T00:00', is_all_day: true });
    await create(fam, { title: 'Elsewhere', start_date: '2026-11-25T09:00', timezone: 'Asia/Tokyo' });
    const db = server.database.system;
    const rows = await loadFamilyWindowRows(db, fam.familyId, '2026-11-22', '2026-12-01');
    const drizzle = await db.select(eventColumns).from(events).where(eq(events.familyId, fam.familyId));
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    // Every row of the family overlaps the window or is an override of a series in it (the moved one).
    expect(rows.map((r) => r.row).sort(byId)).toEqual(drizzle.sort(byId));
    expect(rows.find((r) => r.id === series.id)?.row).toMatchObject({
      attendees: [String(fam.members[2])],
      alertMembers: [String(fam.members[1])],
      createdAt: expect.any(Date) as Date,
    });
  });

  it('answers the opening read (one round trip, ADR 024) with the rows of the handler’s own read, and the same list', async () => {
    const series = await create(fam, soccer(fam, { is_recurring: true, recurrence_pattern: 'weekly' }));
    const moved = await call(
      fam,
      'PATCH',
      `/api/events/${series.id}?occurrence=2026-11-30T16:00:00`,
      soccer(fam, { start_date: '2026-12-14T17:00', location: 'Gym' }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    await create(fam, { title: 'Elsewhere', start_date: '2026-11-25T09:00', timezone: 'Asia/Tokyo' });
    const other = await newFamily();
    await create(other, { title: 'Secret', start_date: '2026-11-24T09:00' });
    const now = server.clock.now();
    const opening = sessionOpening(fam, now);
    for (let i = 0; i < 2; i++) {
      // Twice: prepared on the connection's first use, then executed only.
      const opened = await openScope(
        server.database.db,
        opening,
        familyWindowRead('2026-11-22', '2026-12-01', true),
      );
      expect(opened?.readRows).toBeDefined();
      const own = await loadFamilyWindowRows(
        server.database.system,
        fam.familyId,
        '2026-11-22',
        '2026-12-01',
      );
      expect(familyWindowRowsOf(opened?.readRows ?? [])).toEqual(own);
      expect(own.length).toBeGreaterThan(2);
    }
    // The list with its opening read, and with the handler reading itself (an opening read for another range).
    const titles = (os: EventOccurrenceDto[]) => os.map((o) => `${o.title} ${o.start_date}`);
    const withRead = await list(fam, '2026-11-22', '2026-12-20');
    const ctx = { db: server.database.db, clock: server.clock } as unknown as ServerContext;
    const family = { familyId: fam.familyId, familyZone: 'America/Los_Angeles' };
    const range = { start: '2026-11-22', end: '2026-12-20' };
    const { items: inScope } = await withFamilyScope(server.database.db, fam.familyId, () =>
      listOccurrences(ctx, family, range),
    );
    // An opening read for another range is not used: the handler reads its own window.
    const elsewhere = { read: familyWindowRead('2026-11-01', '2026-11-02', true), rows: [] };
    const { items: mismatched } = await withFamilyScope(server.database.db, fam.familyId, () =>
      listOccurrences(ctx, family, range, undefined, elsewhere),
    );
    expect(withRead).toEqual(JSON.parse(JSON.stringify(inScope)));
    expect(mismatched).toEqual(inScope);
    expect(titles(withRead)).toContain('Soccer practice 2026-12-14T17:00:00');
    expect(titles(withRead)).not.toContain('Secret 2026-11-24T09:00:00');
  });

  it('reads nothing in the opening read without a session, and ends a committed transaction for good', async () => {
    const read = familyWindowRead('2026-11-22', '2026-12-01', true);
    await create(fam, { title: 'Soon', start_date: '2026-11-24T09:00' });
    const policy = { idleMinutes: 60, absoluteMinutes: 600 };
    const unknown = openSessionStatement('x'.repeat(43), policy, server.clock.now()) ?? '';
    const none = await openScope(server.database.db, unknown, read);
    expect(none?.rows).toEqual([]);
    expect(none?.readRows).toEqual([]);
    const committed = await openScope(server.database.db, sessionOpening(fam, server.clock.now()), read);
    expect(committed?.readRows?.length).toBe(1);
    expect(() => committed?.tx.select()).toThrow(/committed with its opening read/);
    await committed?.end(true); // nothing left to end
    // Not committing: the handler may query on in the same transaction, in the family's scope.
    const open = await openScope(server.database.db, sessionOpening(fam, server.clock.now()), {
      ...read,
      commits: false,
    });
    if (!open) throw new Error('no opener');
    const [row] = await open.tx
      .execute(sql`select count(*)::int as n from events`)
      .then((result) => (result as unknown as { rows: { n: number }[] }).rows);
    expect(row?.n).toBe(1);
    await open.end(true);
  });

  it('rolls back and frees the connection when a statement of the opening message fails', async () => {
    const failing = {
      statement: { name: 'test_failing_read', text: 'SELECT 1 / $1::int' },
      args: ['0'],
      commits: true,
    };
    const opening = sessionOpening(fam, server.clock.now());
    // Twice: the first message also prepares the statement; the second must not fail on "already exists".
    for (let i = 0; i < 2; i++) {
      await expect(openScope(server.database.db, opening, failing)).rejects.toThrow(/division by zero/);
    }
    await create(fam, { title: 'Soon', start_date: '2026-11-24T09:00' });
    expect((await list(fam, '2026-11-22', '2026-11-30')).map((o) => o.title)).toEqual(['Soon']);
  });

  it('gives an occurrence the fields of its row as the event DTO does, plus its own four and the two cut flags', async () => {
    await create(fam, soccer(fam, { end_date: '2026-11-23T17:30' }));
    const rows = await loadFamilyWindowRows(server.database.system, fam.familyId, '2026-11-22', '2026-12-01');
    const row = rows[0]?.row;
    if (!row) throw new Error('no row');
    const event = toEventDto(row, 'America/Los_Angeles');
    const o = { start: event.start_date, end: event.end_date ?? '', seriesId: 7, occurrenceId: 'x' };
    const {
      series_id,
      occurrence_start,
      is_exception,
      is_multi_day,
      description_truncated,
      exdates_truncated,
      ...fields
    } = toOccurrenceDto(row, o, true);
    expect(Object.keys(fields)).toEqual(Object.keys(event));
    expect(fields).toEqual(event);
    expect([series_id, occurrence_start, is_exception, is_multi_day]).toEqual([7, 'x', false, true]);
    // A short description and no removed starts: nothing cut (issue 42, ADR 046).
    expect([description_truncated, exdates_truncated]).toEqual([false, false]);
  });

  it('never answers another family’s events', async () => {
    const other = await newFamily();
    await create(other, { title: 'Secret', start_date: '2026-11-24T09:00' });
    expect(await list(fam, '2026-11-22', '2026-11-30')).toEqual([]);
  });
});

describe('occurrence edits and deletes', () => {
  async function weekly(): Promise<EventDto> {
    return create(
      fam,
      soccer(fam, {
        is_recurring: true,
        recurrence_pattern: 'weekly',
        has_pickup: true,
        pickup_assigned_to: fam.members[1],
      }),
    );
  }

  it('PATCH ?occurrence= edits this event only as an override', async () => {
    const s = await weekly();
    const res = await call(
      fam,
      'PATCH',
      `/api/events/${s.id}?occurrence=2026-11-30T16:00:00`,
      soccer(fam, { start_date: '2026-11-30T17:00', location: 'Gym' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const override = res.json<EventDto>();
    expect(override).toMatchObject({
      parent_event_id: s.id,
      recurrence_id: '2026-11-30T16:00:00',
      is_recurring: false,
      location: 'Gym',
    });

    const got = await list(fam, '2026-11-23', '2026-12-07');
    expect(got.map((o) => [o.id, o.start_date, o.is_exception, o.series_id, o.location])).toEqual([
      [s.id, '2026-11-23T16:00:00', false, s.id, 'Riverside Park'],
      [override.id, '2026-11-30T17:00:00', true, s.id, 'Gym'],
      [s.id, '2026-12-07T16:00:00', false, s.id, 'Riverside Park'],
    ]);
    // A second edit of the same occurrence updates the override instead of adding one.
    await call(
      fam,
      'PATCH',
      `/api/events/${s.id}?occurrence=2026-11-30T16:00:00`,
      soccer(fam, { start_date: '2026-11-30T18:00' }),
    );
    const rows = await server.database.system.select().from(events).where(eq(events.parentEventId, s.id));
    expect(rows.map((r) => r.startDate)).toEqual(['2026-11-30T18:00:00']);
    // GET with the occurrence answers the override.
    expect((await call(fam, 'GET', `/api/events/${s.id}?occurrence=2026-11-30T16:00:00`)).json().id).toBe(
      override.id,
    );
    expect(
      (await call(fam, 'GET', `/api/events/${s.id}?occurrence=2026-12-07T16:00:00`)).json(),
    ).toMatchObject({
      id: s.id,
      start_date: '2026-12-07T16:00:00',
    });
  });

  it('an edit for all events reaches an earlier-moved occurrence in every field it did not change (issue 21)', async () => {
    const s = await weekly();
    // Move one occurrence with "this event only": only its time changes.
    const moved = await call(
      fam,
      'PATCH',
      `/api/events/${s.id}?occurrence=2026-11-30T16:00:00`,
      soccer(fam, {
        start_date: '2026-11-30T18:00',
        has_pickup: true,
        pickup_assigned_to: fam.members[1],
      }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const [override] = await server.database.system
      .select()
      .from(events)
      .where(eq(events.parentEventId, s.id));
    expect(override?.overrideFields).toEqual(['start_date', 'end_date', 'duration_minutes', 'is_all_day']);
    // Retitle another occurrence only.
    await call(
      fam,
      'PATCH',
      `/api/events/${s.id}?occurrence=2026-12-07T16:00:00`,
      soccer(fam, {
        title: 'Soccer final',
        start_date: '2026-12-07T16:00',
        has_pickup: true,
        pickup_assigned_to: fam.members[1],
      }),
    );

    // Then set a new location (and a longer practice) for all events.
    const all = await call(
      fam,
      'PATCH',
      `/api/events/${s.id}`,
      soccer(fam, {
        location: 'Lincoln Field',
        duration_minutes: 120,
        is_recurring: true,
        recurrence_pattern: 'weekly',
        has_pickup: true,
        pickup_assigned_to: fam.members[1],
      }),
    );
    expect(all.statusCode, all.body).toBe(200);
    const got = await list(fam, '2026-11-23', '2026-12-14');
    expect(got.map((o) => [o.title, o.start_date, o.end_date, o.location])).toEqual([
      ['Soccer practice', '2026-11-23T16:00:00', '2026-11-23T18:00:00', 'Lincoln Field'],
      // The moved one keeps its own time (and length) but takes the new location.
      ['Soccer practice', '2026-11-30T18:00:00', '2026-11-30T19:30:00', 'Lincoln Field'],
      // The retitled one keeps its title and takes the new location and length.
      ['Soccer final', '2026-12-07T16:00:00', '2026-12-07T18:00:00', 'Lincoln Field'],
      ['Soccer practice', '2026-12-14T16:00:00', '2026-12-14T18:00:00', 'Lincoln Field'],
    ]);
    // The moved occurrence's pickup task moved with the row that changed, and still points at its own time.
    const movedRow = got.find((o) => o.start_date === '2026-11-30T18:00:00');
    expect(movedRow?.is_exception).toBe(true);
  });

  it('answers 404 for an occurrence the series does not have, and changes nothing', async () => {
    const s = await weekly();
    for (const [method, url] of [
      ['PATCH', `/api/events/${s.id}?occurrence=2026-11-24T16:00:00`],
      ['DELETE', `/api/events/${s.id}?occurrence=2026-11-24T16:00:00`],
      ['GET', `/api/events/${s.id}?occurrence=2026-11-23T15:00:00`],
    ] as const) {
      expect((await call(fam, method, url, method === 'PATCH' ? soccer(fam) : undefined)).statusCode).toBe(
        404,
      );
    }
    const [row] = await server.database.system.select().from(events).where(eq(events.id, s.id));
    expect(row?.exdates).toEqual([]);
  });

  it('DELETE ?occurrence= removes that occurrence only (EXDATE); deleting an override keeps it removed', async () => {
    const s = await weekly();
    expect(
      (await call(fam, 'DELETE', `/api/events/${s.id}?occurrence=2026-11-30T16:00:00`)).json(),
    ).toMatchObject({ removed: 'occurrence' });
    const edited = (
      await call(
        fam,
        'PATCH',
        `/api/events/${s.id}?occurrence=2026-12-07T16:00:00`,
        soccer(fam, { start_date: '2026-12-07T10:00' }),
      )
    ).json<EventDto>();
    expect((await call(fam, 'DELETE', `/api/events/${edited.id}`)).statusCode).toBe(200);
    const got = await list(fam, '2026-11-23', '2026-12-14');
    expect(got.map((o) => o.start_date)).toEqual(['2026-11-23T16:00:00', '2026-12-14T16:00:00']);
    const [row] = await server.database.system.select().from(events).where(eq(events.id, s.id));
    expect(row?.exdates).toEqual(['2026-11-30T16:00:00', '2026-12-07T16:00:00']);
  });

  it('PATCH ?occurrence=&following=true ends the series and starts a new one', async () => {
    const s = await weekly();
    const res = await call(
      fam,
      'PATCH',
      `/api/events/${s.id}?occurrence=2026-12-07T16:00:00&following=true`,
      soccer(fam, {
        start_date: '2026-12-07T17:00',
        is_recurring: true,
        recurrence_pattern: 'weekly',
        title: 'Soccer (winter)',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json<EventDto>();
    expect(next.id).not.toBe(s.id);
    const [old] = await server.database.system.select().from(events).where(eq(events.id, s.id));
    expect(old?.rrule).toBe('FREQ=WEEKLY;BYDAY=MO;UNTIL=20261206T235959');
    expect(old?.recurrenceEndDate).toBe('2026-12-06');
    const got = await list(fam, '2026-11-23', '2026-12-21');
    expect(got.map((o) => [o.title, o.start_date])).toEqual([
      ['Soccer practice', '2026-11-23T16:00:00'],
      ['Soccer practice', '2026-11-30T16:00:00'],
      ['Soccer (winter)', '2026-12-07T17:00:00'],
      ['Soccer (winter)', '2026-12-14T17:00:00'],
      ['Soccer (winter)', '2026-12-21T17:00:00'],
    ]);
  });

  it('DELETE ?occurrence=&following=true ends the series before it; from the first occurrence removes the series', async () => {
    const s = await weekly();
    expect(
      (await call(fam, 'DELETE', `/api/events/${s.id}?occurrence=2026-12-07T16:00:00&following=true`)).json(),
    ).toMatchObject({
      removed: 'following',
    });
    expect((await list(fam, '2026-11-23', '2027-01-31')).map((o) => o.start_date)).toEqual([
      '2026-11-23T16:00:00',
      '2026-11-30T16:00:00',
    ]);
    await call(fam, 'DELETE', `/api/events/${s.id}?occurrence=2026-11-23T16:00:00&following=true`);
    expect(
      await server.database.system.select().from(events).where(eq(events.familyId, fam.familyId)),
    ).toHaveLength(0);
  });

  it('DELETE ?deleteAll=true (even given an override) removes the series, its overrides and tasks', async () => {
    const s = await weekly();
    const edited = (
      await call(
        fam,
        'PATCH',
        `/api/events/${s.id}?occurrence=2026-11-30T16:00:00`,
        soccer(fam, { start_date: '2026-11-30T10:00' }),
      )
    ).json<EventDto>();
    const res = await call(fam, 'DELETE', `/api/events/${edited.id}?deleteAll=true`);
    expect(res.json()).toMatchObject({ removed: 'series' });
    expect(
      await server.database.system.select().from(events).where(eq(events.familyId, fam.familyId)),
    ).toHaveLength(0);
    expect(
      await server.database.system.select().from(tasks).where(eq(tasks.familyId, fam.familyId)),
    ).toHaveLength(0);
  });

  it('PATCH of the whole series moves every occurrence and drops stale exceptions', async () => {
    const s = await weekly();
    await call(fam, 'DELETE', `/api/events/${s.id}?occurrence=2026-11-30T16:00:00`);
    const res = await call(
      fam,
      'PATCH',
      `/api/events/${s.id}`,
      soccer(fam, { start_date: '2026-11-24T15:00', is_recurring: true, recurrence_pattern: 'weekly' }),
    );
    expect(res.json()).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=TU', exdates: [] });
    expect((await list(fam, '2026-11-23', '2026-12-02')).map((o) => o.start_date)).toEqual([
      '2026-11-24T15:00:00',
      '2026-12-01T15:00:00',
    ]);
  });
});

describe('transport tasks', () => {
  it('creates Pickup / Drop-off tasks due at end minus and start minus the leads, and lists them', async () => {
    const e = await create(
      fam,
      soccer(fam, {
        has_pickup: true,
        pickup_assigned_to: fam.members[1],
        pickup_minutes_before: 30,
        has_dropoff: true,
        dropoff_assigned_to: fam.members[0],
      }),
    );
    const got = await eventTasks(fam, e.id);
    expect(
      got.map((t) => [t.title, t.assigned_to, t.assigned_to_ids, t.due_date, t.transport_kind, t.status]),
    ).toEqual([
      [
        'Drop-off: Soccer practice',
        fam.members[0],
        [String(fam.members[0])],
        '2026-11-23T15:45:00',
        'dropoff',
        'open',
      ],
      [
        'Pickup: Soccer practice',
        fam.members[1],
        [String(fam.members[1])],
        '2026-11-23T17:00:00',
        'pickup',
        'open',
      ],
    ]);
  });

  it('moves them when the event changes, never duplicates, and removes one switched off', async () => {
    const e = await create(
      fam,
      soccer(fam, {
        has_pickup: true,
        pickup_assigned_to: fam.members[1],
        has_dropoff: true,
        dropoff_assigned_to: fam.members[0],
      }),
    );
    const before = await eventTasks(fam, e.id);
    await call(
      fam,
      'PATCH',
      `/api/events/${e.id}`,
      soccer(fam, {
        title: 'Futsal',
        start_date: '2026-11-23T18:00',
        has_pickup: true,
        pickup_assigned_to: fam.members[0],
        has_dropoff: true,
        dropoff_assigned_to: fam.members[0],
      }),
    );
    await call(
      fam,
      'PATCH',
      `/api/events/${e.id}`,
      soccer(fam, {
        title: 'Futsal',
        start_date: '2026-11-23T18:00',
        has_pickup: true,
        pickup_assigned_to: fam.members[0],
      }),
    );
    const after = await eventTasks(fam, e.id);
    expect(after.map((t) => [t.id, t.title, t.assigned_to, t.due_date])).toEqual([
      [
        before.find((t) => t.transport_kind === 'pickup')?.id,
        'Pickup: Futsal',
        fam.members[0],
        '2026-11-23T19:15:00',
      ],
    ]);
  });

  it('accepts a pickup with its driver to be decided (issue 27): stored, with no task until someone drives', async () => {
    const res = await call(
      fam,
      'POST',
      '/api/events',
      soccer(fam, { has_pickup: true, pickup_assigned_to: null }),
    );
    expect(res.statusCode).toBe(201);
    const e = res.json();
    expect(e).toMatchObject({ has_pickup: true, pickup_assigned_to: null });
    expect(await eventTasks(fam, e.id)).toEqual([]);
    await call(
      fam,
      'PATCH',
      `/api/events/${e.id}`,
      soccer(fam, { has_pickup: true, pickup_assigned_to: fam.members[1] }),
    );
    expect((await eventTasks(fam, e.id)).map((t) => [t.transport_kind, t.assigned_to])).toEqual([
      ['pickup', fam.members[1]],
    ]);
  });

  it('gives a multi-day event a pickup at its end', async () => {
    const e = await create(fam, {
      title: 'Camp',
      start_date: '2026-11-27T09:00',
      end_date: '2026-11-29T16:00',
      has_pickup: true,
      pickup_assigned_to: fam.members[1],
      pickup_minutes_before: 60,
    });
    expect((await eventTasks(fam, e.id)).map((t) => t.due_date)).toEqual(['2026-11-29T15:00:00']);
  });
});

describe('plan limit', () => {
  it('allows max_events_per_month new events a month (a series counts once), then 409; next month resets', async () => {
    await server.database.system
      .update(families)
      .set({ maxEventsPerMonth: 3 })
      .where(eq(families.id, fam.familyId));
    const s = await create(fam, soccer(fam, { is_recurring: true, recurrence_pattern: 'daily' }));
    await call(
      fam,
      'PATCH',
      `/api/events/${s.id}?occurrence=2026-11-24T16:00:00`,
      soccer(fam, { start_date: '2026-11-24T10:00' }),
    );
    await create(fam, { title: 'Two', start_date: '2026-11-25T09:00' });
    await create(fam, { title: 'Three', start_date: '2026-11-25T10:00' });
    const refused = await call(fam, 'POST', '/api/events', { title: 'Four', start_date: '2026-11-25T11:00' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/allows 3 new events per month/);
    expect(
      await server.database.system
        .select()
        .from(events)
        .where(and(eq(events.familyId, fam.familyId), eq(events.title, 'Four'))),
    ).toHaveLength(0);
    // 08:30 UTC on 1 December is 00:30 in Los Angeles: a new month there, so the count resets.
    server.clock.set('2026-12-01T08:30:00Z');
    expect(
      (await call(fam, 'POST', '/api/events', { title: 'Four', start_date: '2026-12-02T11:00' })).statusCode,
    ).toBe(201);
  });

  it('counts a "this and following" split as a new event and refuses it past the limit (issue 20, item 5)', async () => {
    await server.database.system
      .update(families)
      .set({ maxEventsPerMonth: 1 })
      .where(eq(families.id, fam.familyId));
    const s = await create(
      fam,
      soccer(fam, { start_date: '2026-11-23T16:00', is_recurring: true, recurrence_pattern: 'weekly' }),
    );
    const [before] = await server.database.system.select().from(events).where(eq(events.id, s.id));
    const split = await call(
      fam,
      'PATCH',
      `/api/events/${s.id}?occurrence=2026-12-07T16:00:00&following=true`,
      soccer(fam, { start_date: '2026-12-07T17:00', is_recurring: true, recurrence_pattern: 'weekly' }),
    );
    expect(split.statusCode, split.body).toBe(409);
    expect(split.json().error.message).toMatch(/allows 1 new events per month/);
    // Nothing changed: the series was not ended and no second series exists.
    const rows = await server.database.system.select().from(events).where(eq(events.familyId, fam.familyId));
    expect(rows).toEqual([before]);
  });

  it('counts an occurrence edit that moves it into another month, and refuses it past the limit (issue 42, ADR 040)', async () => {
    await server.database.system
      .update(families)
      .set({ maxEventsPerMonth: 2 })
      .where(eq(families.id, fam.familyId));
    const s = await create(
      fam,
      soccer(fam, { start_date: '2026-11-23T16:00', is_recurring: true, recurrence_pattern: 'weekly' }),
    );
    const edit = (occurrence: string, start: string) =>
      call(fam, 'PATCH', `/api/events/${s.id}?occurrence=${occurrence}`, soccer(fam, { start_date: start }));
    // Within its own month an edit is free, however often.
    expect((await edit('2026-11-30T16:00:00', '2026-11-30T10:00')).statusCode).toBe(200);
    expect((await edit('2026-11-30T16:00:00', '2026-11-29T10:00')).statusCode).toBe(200);
    // January's occurrence moved into November is a new event this month (2 of 2), counted once.
    expect((await edit('2027-01-04T16:00:00', '2026-11-26T16:00')).statusCode).toBe(200);
    expect((await edit('2027-01-04T16:00:00', '2026-11-27T16:00')).statusCode).toBe(200);
    const before = await server.database.system
      .select()
      .from(events)
      .where(eq(events.familyId, fam.familyId));
    const refused = await edit('2027-01-11T16:00:00', '2026-11-28T16:00');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toMatch(/allows 2 new events per month/);
    expect(
      await server.database.system.select().from(events).where(eq(events.familyId, fam.familyId)),
    ).toEqual(before);
  });

  it('counts months in the family’s zone', async () => {
    await server.database.system
      .update(families)
      .set({ maxEventsPerMonth: 1 })
      .where(eq(families.id, fam.familyId));
    server.clock.set('2026-12-01T07:30:00Z'); // 30 November 23:30 in Los Angeles
    await create(fam, { title: 'Late November', start_date: '2026-12-02T11:00' });
    server.clock.set('2026-12-01T07:50:00Z'); // still 30 November there
    expect(
      (await call(fam, 'POST', '/api/events', { title: 'Refused', start_date: '2026-12-02T11:00' }))
        .statusCode,
    ).toBe(409);
  });
});

describe('another family’s ids', () => {
  it('answers 404 to every call and changes nothing', async () => {
    const other = await newFamily();
    const theirs = await create(
      other,
      soccer(other, {
        is_recurring: true,
        recurrence_pattern: 'weekly',
        has_pickup: true,
        pickup_assigned_to: other.members[1],
      }),
    );
    const snapshot = async () => ({
      events: await server.database.system.select().from(events).where(eq(events.familyId, other.familyId)),
      tasks: await server.database.system.select().from(tasks).where(eq(tasks.familyId, other.familyId)),
    });
    const before = await snapshot();
    const calls: Array<['GET' | 'PATCH' | 'DELETE', string]> = [
      ['GET', `/api/events/${theirs.id}`],
      ['GET', `/api/events/${theirs.id}/tasks`],
      ['PATCH', `/api/events/${theirs.id}`],
      ['PATCH', `/api/events/${theirs.id}?occurrence=2026-11-30T16:00:00`],
      ['DELETE', `/api/events/${theirs.id}`],
      ['DELETE', `/api/events/${theirs.id}?deleteAll=true`],
      ['DELETE', `/api/events/${theirs.id}?occurrence=2026-11-30T16:00:00`],
      ['GET', '/api/events/999999999'],
      ['GET', '/api/events/abc'],
    ];
    for (const [method, url] of calls) {
      const res = await call(fam, method, url, method === 'PATCH' ? soccer(fam) : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('events in their own time zone (issue 18)', () => {
  /** A weekly 09:00 series stored in Europe/Berlin in `f`'s family (as an import writes it). */
  async function berlinSeries(f: Family): Promise<number> {
    const [row] = await server.database.system
      .insert(events)
      .values({
        familyId: f.familyId,
        title: 'Call with Oma',
        startDate: '2026-03-02T09:00:00',
        timezone: 'Europe/Berlin',
        durationMinutes: 30,
        rrule: 'FREQ=WEEKLY;BYDAY=MO',
        sourceUid: 'oma@example.org',
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row.id;
  }

  it('lists a Berlin series in the family’s wall-clock time, through the weeks when only the US has DST', async () => {
    await berlinSeries(fam);
    const starts = (await list(fam, '2026-03-01', '2026-03-31')).map((o) => [
      o.start_date,
      o.occurrence_start,
    ]);
    // 09:00 in Berlin is midnight in Los Angeles, except Mar 8–28 2026 (US on summer time, Europe not yet): 01:00.
    expect(starts).toEqual([
      ['2026-03-02T00:00:00', '2026-03-02T09:00:00'],
      ['2026-03-09T01:00:00', '2026-03-09T09:00:00'],
      ['2026-03-16T01:00:00', '2026-03-16T09:00:00'],
      ['2026-03-23T01:00:00', '2026-03-23T09:00:00'],
      ['2026-03-30T00:00:00', '2026-03-30T09:00:00'],
    ]);
  });

  it('opens, edits and deletes one occurrence by its occurrence_start, keeping the series in Berlin', async () => {
    const id = await berlinSeries(fam);
    const one = await call(fam, 'GET', `/api/events/${id}?occurrence=2026-03-16T09:00:00`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<EventDto>()).toMatchObject({
      start_date: '2026-03-16T01:00:00',
      timezone: 'Europe/Berlin',
    });

    // Move that occurrence to 02:00 family time (10:00 in Berlin): the override is written in Berlin terms.
    const moved = await call(fam, 'PATCH', `/api/events/${id}?occurrence=2026-03-16T09:00:00`, {
      ...soccer(fam),
      title: 'Call with Oma',
      start_date: '2026-03-16T02:00:00',
      duration_minutes: 30,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [override] = await server.database.system.select().from(events).where(eq(events.parentEventId, id));
    expect(override).toMatchObject({
      startDate: '2026-03-16T10:00:00',
      timezone: 'Europe/Berlin',
      recurrenceId: '2026-03-16T09:00:00',
    });
    const deleted = await call(fam, 'DELETE', `/api/events/${id}?occurrence=2026-03-23T09:00:00`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await list(fam, '2026-03-14', '2026-03-25')).map((o) => [o.start_date, o.is_exception])).toEqual([
      ['2026-03-16T02:00:00', true],
    ]);
  });

  it('refuses with 400 what the engine would refuse (a start in year 0100), and writes nothing', async () => {
    const res = await call(fam, 'POST', '/api/events', soccer(fam, { start_date: '0100-01-05T08:00:00' }));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields.start_date).toMatch(/1900/);
    const rows = await server.database.system.select().from(events).where(eq(events.familyId, fam.familyId));
    expect(rows).toHaveLength(0);
  });

  it('still answers the list when a stored row cannot be expanded, without that row', async () => {
    await create(fam, soccer(fam, { start_date: '2026-11-24T16:00:00' }));
    await server.database.system.insert(events).values([
      {
        familyId: fam.familyId,
        title: 'Every second',
        startDate: '2026-11-23T08:00:00',
        rrule: 'FREQ=SECONDLY',
      },
      { familyId: fam.familyId, title: 'Mars', startDate: '2026-11-23T08:00:00', timezone: 'Mars/Olympus' },
      { familyId: fam.familyId, title: 'Ancient', startDate: '0100-11-23T08:00:00', rrule: 'FREQ=DAILY' },
    ]);
    const started = Date.now();
    expect((await list(fam, '2026-11-22', '2026-11-28')).map((o) => o.title)).toEqual(['Soccer practice']);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('the server owns occurrence edits: every scope × what the event was opened on (issue 26)', () => {
  type Opened = 'series row' | 'override row' | 'plain event' | 'first occurrence' | 'last occurrence';
  type Scope = 'this' | 'following' | 'all';
  type Listing = Array<[string, string]>;
  const p = 'Soccer practice';
  const C = 'Changed';
  /** A weekly series 11-23 … 12-21 (Mondays 16:00): 11-30 moved to 17:00 (an override), 12-07 deleted (EXDATE). */
  const BEFORE: Listing = [
    [p, '2026-11-23T16:00:00'],
    ['Dentist', '2026-11-25T10:00:00'],
    [p, '2026-11-30T17:00:00'],
    [p, '2026-12-14T16:00:00'],
    [p, '2026-12-21T16:00:00'],
  ];
  const without = (listing: Listing, ...gone: string[]) =>
    listing.filter(([, start]) => !gone.includes(start));
  const withTitle = (listing: Listing, title: string, ...starts: string[]) =>
    listing.map(([t, start]): [string, string] => [starts.includes(start) ? title : t, start]);

  async function seed() {
    const series = await create(
      fam,
      soccer(fam, { is_recurring: true, recurrence_pattern: 'weekly', recurrence_end_date: '2026-12-21' }),
    );
    const moved = await call(
      fam,
      'PATCH',
      `/api/events/${series.id}?scope=this&occurrence=2026-11-30T16:00:00`,
      soccer(fam, { start_date: '2026-11-30T17:00', is_recurring: true, recurrence_pattern: 'weekly' }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const gone = await call(
      fam,
      'DELETE',
      `/api/events/${series.id}?scope=this&occurrence=2026-12-07T16:00:00`,
    );
    expect(gone.json()).toMatchObject({ removed: 'occurrence' });
    const plain = await create(fam, soccer(fam, { title: 'Dentist', start_date: '2026-11-25T10:00' }));
    const opened: Record<Opened, { id: number; occurrence: string | null; shown: string }> = {
      'series row': { id: series.id, occurrence: null, shown: '2026-11-23T16:00' },
      'override row': { id: moved.json<EventDto>().id, occurrence: null, shown: '2026-11-30T17:00' },
      'plain event': { id: plain.id, occurrence: null, shown: '2026-11-25T10:00' },
      'first occurrence': { id: series.id, occurrence: '2026-11-23T16:00:00', shown: '2026-11-23T16:00' },
      'last occurrence': { id: series.id, occurrence: '2026-12-21T16:00:00', shown: '2026-12-21T16:00' },
    };
    expect(await listing()).toEqual(BEFORE);
    return { series, opened };
  }

  async function listing(): Promise<Listing> {
    return (await list(fam, '2026-11-23', '2026-12-28')).map((o) => [o.title, o.start_date]);
  }

  function url(id: number, scope: Scope, occurrence: string | null): string {
    const q = new URLSearchParams({ scope });
    if (occurrence) q.set('occurrence', occurrence);
    return `/api/events/${id}?${q.toString()}`;
  }

  const allChanged = withTitle(BEFORE, C, ...BEFORE.filter(([t]) => t === p).map(([, s]) => s));
  const patchCases: Array<[Opened, Scope, Listing]> = [
    ['series row', 'this', withTitle(BEFORE, C, '2026-11-23T16:00:00')],
    // From the first occurrence "this and following" is the whole series; the moved one keeps its time.
    ['series row', 'following', allChanged],
    ['series row', 'all', allChanged],
    ['first occurrence', 'this', withTitle(BEFORE, C, '2026-11-23T16:00:00')],
    ['first occurrence', 'following', allChanged],
    ['first occurrence', 'all', allChanged],
    ['override row', 'this', withTitle(BEFORE, C, '2026-11-30T17:00:00')],
    // A new series from the moved occurrence's time: 12-07 was the old series' EXDATE, not the new one's.
    [
      'override row',
      'following',
      [
        [p, '2026-11-23T16:00:00'],
        ['Dentist', '2026-11-25T10:00:00'],
        [C, '2026-11-30T17:00:00'],
        [C, '2026-12-07T17:00:00'],
        [C, '2026-12-14T17:00:00'],
        [C, '2026-12-21T17:00:00'],
      ],
    ],
    // The series keeps its first date and takes the time shown (17:00): its start moved, so its exceptions go.
    [
      'override row',
      'all',
      [
        [C, '2026-11-23T17:00:00'],
        ['Dentist', '2026-11-25T10:00:00'],
        [C, '2026-11-30T17:00:00'],
        [C, '2026-12-07T17:00:00'],
        [C, '2026-12-14T17:00:00'],
        [C, '2026-12-21T17:00:00'],
      ],
    ],
    ['last occurrence', 'this', withTitle(BEFORE, C, '2026-12-21T16:00:00')],
    ['last occurrence', 'following', withTitle(BEFORE, C, '2026-12-21T16:00:00')],
    // Made from the last occurrence, "all events" keeps the series' first date (11-23), not 12-21.
    ['last occurrence', 'all', allChanged],
    ['plain event', 'this', withTitle(BEFORE, C, '2026-11-25T10:00:00')],
    ['plain event', 'following', withTitle(BEFORE, C, '2026-11-25T10:00:00')],
    ['plain event', 'all', withTitle(BEFORE, C, '2026-11-25T10:00:00')],
  ];

  it.each(patchCases)('PATCH opened on the %s with scope=%s', async (opened, scope, expected) => {
    const { series, opened: o } = await seed();
    const target = o[opened];
    const res = await call(
      fam,
      'PATCH',
      url(target.id, scope, target.occurrence),
      soccer(fam, {
        title: C,
        start_date: target.shown,
        ...(opened === 'plain event'
          ? {}
          : { is_recurring: true, recurrence_pattern: 'weekly', recurrence_end_date: '2026-12-21' }),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await listing()).toEqual(expected);
    // The row written: an override of the series for "this", a new series for a later "following".
    const written = res.json<EventDto>();
    if (opened === 'plain event') expect(written.id).toBe(target.id);
    else if (scope === 'this') expect(written.parent_event_id).toBe(series.id);
    else if (scope === 'following' && (opened === 'override row' || opened === 'last occurrence'))
      expect([written.id === series.id, written.parent_event_id, written.is_recurring]).toEqual([
        false,
        null,
        true,
      ]);
    else expect(written.id).toBe(series.id);
  });

  const deleteCases: Array<[Opened, Scope, string, Listing]> = [
    ['series row', 'this', 'occurrence', without(BEFORE, '2026-11-23T16:00:00')],
    ['series row', 'following', 'series', [['Dentist', '2026-11-25T10:00:00']]],
    ['series row', 'all', 'series', [['Dentist', '2026-11-25T10:00:00']]],
    ['first occurrence', 'this', 'occurrence', without(BEFORE, '2026-11-23T16:00:00')],
    ['first occurrence', 'following', 'series', [['Dentist', '2026-11-25T10:00:00']]],
    ['first occurrence', 'all', 'series', [['Dentist', '2026-11-25T10:00:00']]],
    ['override row', 'this', 'occurrence', without(BEFORE, '2026-11-30T17:00:00')],
    [
      'override row',
      'following',
      'following',
      without(BEFORE, '2026-11-30T17:00:00', '2026-12-14T16:00:00', '2026-12-21T16:00:00'),
    ],
    ['override row', 'all', 'series', [['Dentist', '2026-11-25T10:00:00']]],
    ['last occurrence', 'this', 'occurrence', without(BEFORE, '2026-12-21T16:00:00')],
    ['last occurrence', 'following', 'following', without(BEFORE, '2026-12-21T16:00:00')],
    ['last occurrence', 'all', 'series', [['Dentist', '2026-11-25T10:00:00']]],
    ['plain event', 'this', 'event', without(BEFORE, '2026-11-25T10:00:00')],
    ['plain event', 'following', 'event', without(BEFORE, '2026-11-25T10:00:00')],
    ['plain event', 'all', 'event', without(BEFORE, '2026-11-25T10:00:00')],
  ];

  it.each(deleteCases)('DELETE opened on the %s with scope=%s', async (opened, scope, removed, expected) => {
    const { opened: o } = await seed();
    const target = o[opened];
    const res = await call(fam, 'DELETE', url(target.id, scope, target.occurrence));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, removed, undo_id: expect.any(String) });
    expect(await listing()).toEqual(expected);
  });

  it.each(['this', 'following', 'all'] as const)(
    'answers 404 to PATCH and DELETE with scope=%s on an EXDATE’d occurrence, or another occurrence of an override, and changes nothing',
    async (scope) => {
      const { series, opened: o } = await seed();
      for (const [id, occurrence] of [
        [series.id, '2026-12-07T16:00:00'],
        [o['override row'].id, '2026-12-14T16:00:00'],
      ] as const) {
        const edit = soccer(fam, { title: C, start_date: '2026-12-07T16:00' });
        expect((await call(fam, 'PATCH', url(id, scope, occurrence), edit)).statusCode).toBe(404);
        expect((await call(fam, 'DELETE', url(id, scope, occurrence))).statusCode).toBe(404);
      }
      expect(await listing()).toEqual(BEFORE);
    },
  );

  it('refuses an unknown scope, or one that contradicts the earlier query form, with 400 naming it', async () => {
    const { series } = await seed();
    for (const [method, query] of [
      ['PATCH', '?scope=every'],
      ['DELETE', '?scope=this&deleteAll=true'],
      ['DELETE', '?scope=all&occurrence=2026-11-30T16:00:00&following=true'],
    ] as const) {
      const res = await call(
        fam,
        method,
        `/api/events/${series.id}${query}`,
        method === 'PATCH' ? soccer(fam) : undefined,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json<{ error: { fields: object } }>().error.fields)).toEqual(['scope']);
    }
    expect(await listing()).toEqual(BEFORE);
  });
});
