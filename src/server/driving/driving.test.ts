import { beforeEach, describe, expect, it } from 'vitest';
import type { DrivingDto } from '../../core/contracts/driving.ts';
import type { EventDto } from '../../core/contracts/events.ts';
import { signedInFamily, testServerPerFile } from '../test/harness.ts';

const server = testServerPerFile();

interface Family {
  cookie: string;
  familyId: number;
  /** [the registrant, Marco (parent), Maya (child)] */
  members: number[];
}

async function newFamily(): Promise<Family> {
  return signedInFamily(server, {
    timezone: 'America/Los_Angeles',
    members: [
      { name: 'Marco', role: 'parent', color: 'green' },
      { name: 'Maya', role: 'child', color: 'pink' },
    ],
  });
}

function call(f: Family, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return server.app.inject({ method, url, headers: { cookie: f.cookie }, ...(payload ? { payload } : {}) });
}

async function create(f: Family, payload: object): Promise<EventDto> {
  const res = await call(f, 'POST', '/api/events', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<EventDto>();
}

async function week(f: Family, start = '2026-11-23', end = '2026-11-29'): Promise<DrivingDto> {
  const res = await call(f, 'GET', `/api/driving?start=${start}&end=${end}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DrivingDto>();
}

let fam: Family;
beforeEach(async () => {
  server.clock.set('2026-11-22T16:00:00Z');
  fam = await newFamily();
});

describe('GET /api/driving', () => {
  it("lists each occurrence's legs with their clashes in words, gaps first each day; resolving clears them", async () => {
    const [, marco, maya] = fam.members as [number, number, number];
    // Soccer every Friday 15:30–16:30 (pickup 16:15–16:45 by Marco); one Friday Marco's PTA overlaps it.
    const soccer = await create(fam, {
      title: 'Soccer',
      start_date: '2026-11-20T15:30:00',
      duration_minutes: 60,
      attendees: [String(maya)],
      has_pickup: true,
      pickup_assigned_to: marco,
      is_recurring: true,
      recurrence_pattern: 'weekly',
    });
    const pta = await create(fam, {
      title: 'PTA',
      start_date: '2026-11-27T16:30:00',
      duration_minutes: 60,
      attendees: [String(marco)],
    });
    // Piano on Wednesday with its drop-off to be decided.
    await create(fam, {
      title: 'Piano',
      start_date: '2026-11-25T17:00:00',
      attendees: [String(maya)],
      has_dropoff: true,
    });
    const got = await week(fam);
    expect(
      got.legs.map((l) => [
        l.day,
        l.kind,
        l.title,
        l.driver_id,
        l.from,
        l.to,
        l.issues.map((i) => i.message),
      ]),
    ).toEqual([
      [
        '2026-11-25',
        'dropoff',
        'Piano',
        null,
        '2026-11-25T16:45:00',
        '2026-11-25T17:00:00',
        ['No driver yet'],
      ],
      [
        '2026-11-27',
        'pickup',
        'Soccer',
        marco,
        '2026-11-27T16:15:00',
        '2026-11-27T16:45:00',
        ['Marco is at PTA (4:30 PM–5:30 PM)'],
      ],
    ]);
    expect(got.legs[1]).toMatchObject({
      series_id: soccer.id,
      occurrence_start: '2026-11-27T15:30:00',
      passenger_ids: [maya],
    });
    // Marco no longer goes to the PTA: the clash is gone.
    const res = await call(fam, 'PATCH', `/api/events/${pta.id}`, {
      title: 'PTA',
      start_date: '2026-11-27T16:30:00',
      duration_minutes: 60,
      attendees: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await week(fam)).legs.find((l) => l.title === 'Soccer')?.issues).toEqual([]);
  });

  it('reads only the session family', async () => {
    const other = await newFamily();
    await create(other, { title: 'Theirs', start_date: '2026-11-24T10:00:00', has_pickup: true });
    expect((await week(fam)).legs).toEqual([]);
    expect((await week(other)).legs.map((l) => l.title)).toEqual(['Theirs']);
  });

  it.each([
    ['', 'start'],
    ['?start=2026-11-23&end=nope', 'end'],
    ['?start=2026-11-29&end=2026-11-23', 'end'],
    ['?start=2026-11-01&end=2027-01-31', 'end'],
  ])('answers 400 for a bad range %s', async (query, field) => {
    const res = await call(fam, 'GET', `/api/driving${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(field);
  });

  it('needs a session', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/driving?start=2026-11-23&end=2026-11-29',
    });
    expect(res.statusCode).toBe(401);
  });
});
