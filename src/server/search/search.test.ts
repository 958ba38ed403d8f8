import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchReplyDto, SearchResultDto } from '../../core/contracts/search.ts';
import { callAs, signedInFamily, type SignedInFamily, testServerPerFile } from '../test/harness.ts';

/** Issue 45: `GET /api/search`, on the family's own rows, through the API as a family uses it. */

const server = testServerPerFile(); // today is Sunday 2026-11-22 in Los Angeles
let rivera: SignedInFamily;
let other: SignedInFamily;

async function made(family: SignedInFamily, path: string, body: Record<string, unknown>): Promise<number> {
  const res = await callAs(server, family, 'POST', path, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function search(q: string, family = rivera): Promise<SearchResultDto[]> {
  const res = await callAs(server, family, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchReplyDto>().results;
}

const event = (title: string, fields: Record<string, unknown> = {}) =>
  made(rivera, '/api/events', { title, start_date: '2026-12-03T15:30:00', ...fields });

beforeAll(async () => {
  rivera = await signedInFamily(server, { timezone: 'America/Los_Angeles' });
  other = await signedInFamily(server, { timezone: 'America/Los_Angeles' });
});

describe('GET /api/search', () => {
  it('finds words in titles, locations, descriptions and note contents, of every kind, only in the family', async () => {
    const ortho = await event('Orthodontist for Maya', { location: 'Smile Dental, 12 Elm St' });
    const recital = await event('Winter recital', {
      start_date: '2026-12-12T18:00:00',
      description: 'Maya plays the Clementi sonatina. Bring flowers for Ms. Okafor afterwards.',
    });
    const task = await made(rivera, '/api/tasks', {
      title: 'Call the orthodontist about the retainer',
      assigned_to_ids: [String(rivera.memberId)],
      due_date: '2026-11-30T09:00:00',
    });
    const note = await made(rivera, '/api/notes', {
      title: 'Shopping',
      content: '• milk\n• eggs\n• flowers for the recital\n• batteries',
      family_member_id: rivera.memberId,
    });
    const activity = await made(rivera, '/api/activity-proposals', {
      title: 'Swim team tryouts',
      location: 'Aquatic Center',
      due_date: '2026-12-05T10:00:00',
      assigned_to: rivera.memberId,
      assigned_by: rivera.memberId,
    });
    await made(other, '/api/events', {
      title: 'Orthodontist (another family)',
      start_date: '2026-12-03T09:00:00',
    });

    const orthodontist = await search('orthodontist');
    expect(orthodontist.map((r) => [r.kind, r.id])).toEqual(
      expect.arrayContaining([
        ['event', ortho],
        ['task', task],
      ]),
    );
    expect(orthodontist).toHaveLength(2);
    // A word start, any case; every word must be there.
    expect((await search('ORTHO')).map((r) => r.id).sort()).toEqual([ortho, task].sort());
    expect((await search('ortho maya')).map((r) => r.id)).toEqual([ortho]);
    expect(await search('rthodontist')).toEqual([]);
    // A location, a description (with its snippet), a note's content, an activity's location.
    expect((await search('elm')).map((r) => r.id)).toEqual([ortho]);
    const [sonatina] = await search('clementi');
    expect(sonatina).toMatchObject({ kind: 'event', id: recital, date: '2026-12-12' });
    expect(sonatina?.snippet).toContain('Clementi sonatina');
    expect((await search('batteries')).map((r) => [r.kind, r.id])).toEqual([['note', note]]);
    expect((await search('aquatic')).map((r) => [r.kind, r.id])).toEqual([['activity', activity]]);
    // "flowers": the recital's description and the shopping note both hold it.
    expect((await search('flowers')).map((r) => r.kind).sort()).toEqual(['event', 'note']);
    // Another family's rows are not searched, and nothing of ours is found from there.
    expect((await search('orthodontist', other)).map((r) => r.title)).toEqual([
      'Orthodontist (another family)',
    ]);
    expect(await search('clementi', other)).toEqual([]);
  });

  it('finds a recurring event once, under its series, dated by its next occurrence; an edited occurrence is its series', async () => {
    const piano = await event('Piano lesson', {
      start_date: '2026-10-06T16:00:00',
      is_recurring: true,
      recurrence_pattern: 'weekly',
    });
    // Today is Sunday 2026-11-22: the next Tuesday lesson is the 24th.
    const [found, ...rest] = await search('piano');
    expect(rest).toEqual([]);
    expect(found).toMatchObject({
      kind: 'event',
      id: piano,
      date: '2026-11-24',
      occurrence_start: '2026-11-24T16:00:00',
    });
    // One occurrence edited with a new title: still the series, once.
    const edited = await callAs(
      server,
      rivera,
      'PATCH',
      `/api/events/${String(piano)}?scope=this&occurrence=2026-12-01T16:00:00`,
      { title: 'Piano lesson (recital prep)', start_date: '2026-12-01T16:00:00' },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const again = await search('piano');
    expect(again.map((r) => r.id)).toEqual([piano]);
    // Found by its edited occurrence alone: that occurrence, not the series' next.
    expect((await search('prep')).map((r) => [r.id, r.date, r.occurrence_start])).toEqual([
      [piano, '2026-12-01', '2026-12-01T16:00:00'],
    ]);
  });

  it('ranks a title above a description, and of equal matches the nearer in time first', async () => {
    const far = await event('Dentist', { start_date: '2027-06-01T09:00:00' });
    const near = await event('Dentist', { start_date: '2026-11-24T09:00:00' });
    const mention = await event('School pictures', {
      start_date: '2026-11-23T08:00:00',
      description: 'Wear the blue shirt, then the dentist.',
    });
    const order = (await search('dentist')).map((r) => r.id);
    expect(order.indexOf(near)).toBeLessThan(order.indexOf(far));
    expect(order.indexOf(far)).toBeLessThan(order.indexOf(mention));
  });

  it('reads letters of any script, and apostrophes and punctuation as the stored text splits them', async () => {
    const cafe = await event('Éclair tasting at Café Brûlée', { start_date: '2026-11-28T11:00:00' });
    const mayas = await event("Maya's birthday party", { start_date: '2026-11-29T14:00:00' });
    expect((await search('éclair')).map((r) => r.id)).toEqual([cafe]);
    expect((await search('brûlée')).map((r) => r.id)).toEqual([cafe]);
    expect((await search("maya's birthday")).map((r) => r.id)).toEqual([mayas]);
    // Query syntax is text: nothing here is read as an operator.
    expect((await search("birthday & !party | ' :*")).map((r) => r.id)).toEqual([mayas]);
  });

  it('answers 400 with the field message for an empty or too long query, and 401 signed out', async () => {
    for (const q of ['', '   ', '!!! ---', 'x'.repeat(201)]) {
      const res = await callAs(server, rivera, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(400);
      expect(JSON.stringify(res.json()), q).toMatch(/Type a word to search for|at most 200 characters/);
    }
    expect((await callAs(server, rivera, 'GET', '/api/search')).statusCode).toBe(400);
    expect((await callAs(server, null, 'GET', '/api/search?q=piano')).statusCode).toBe(401);
  });
});
