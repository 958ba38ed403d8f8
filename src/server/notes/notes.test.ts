import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NoteDto, NoteListItemDto } from '../../core/contracts/notes.ts';
import {
  NOTE_CONTENT_MAX_BYTES,
  NOTE_PREVIEW_MAX_LINES,
  NOTE_TOO_LARGE_MESSAGE,
} from '../../core/contracts/quotas.ts';
import { familyMembers } from '../db/schema/families.ts';
import { notes } from '../db/schema/notes.ts';
import { signedInFamily, testServerPerFile } from '../test/harness.ts';
import { REORDER_INCOMPLETE_MESSAGE } from './service.ts';

interface Family {
  cookie: string;
  familyId: number;
  memberId: number;
  otherMemberId: number;
}

const server = testServerPerFile();
let us: Family;
let them: Family;

/** Signs up a family and adds a second member straight in the database (the members API is another feature's). */
async function family(name: string): Promise<Family> {
  const { cookie, familyId, memberId, members } = await signedInFamily(server, {
    registration: { familyName: name, memberName: `${name} Parent` },
    members: [{ name: `${name} Kid`, role: 'child' }],
  });
  const [, otherMemberId] = members;
  if (otherMemberId === undefined) throw new Error('member insert failed');
  return { cookie, familyId, memberId, otherMemberId };
}

beforeAll(async () => {
  us = await family('Rivera');
  them = await family('Okafor');
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function call(who: Family | null, method: Method, url: string, payload?: unknown) {
  return server.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function create(who: Family, fields: Record<string, unknown> = {}): Promise<NoteDto> {
  const res = await call(who, 'POST', '/api/notes', {
    title: 'Note',
    family_member_id: who.memberId,
    ...fields,
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function listIds(who: Family): Promise<number[]> {
  const res = await call(who, 'GET', '/api/notes');
  expect(res.statusCode).toBe(200);
  return res.json<NoteDto[]>().map((n) => n.id);
}

/** Every note row of every family, as stored: to prove a refused call changed nothing. */
async function snapshot() {
  const rows = await server.database.system.select().from(notes).orderBy(notes.id);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

async function clearNotes(who: Family) {
  await server.database.system.delete(notes).where(eq(notes.familyId, who.familyId));
}

describe('authentication', () => {
  it.each([
    ['GET', '/api/notes'],
    ['GET', '/api/notes/1'],
    ['POST', '/api/notes'],
    ['PATCH', '/api/notes/1'],
    ['DELETE', '/api/notes/1'],
    ['POST', '/api/notes/reorder'],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    const res = await call(null, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });
});

describe('POST /api/notes', () => {
  it('creates a note with the spec defaults and answers the wire shape', async () => {
    const res = await call(us, 'POST', '/api/notes', {
      title: '  Groceries  ',
      family_member_id: us.memberId,
    });
    expect(res.statusCode).toBe(201);
    const note = res.json<NoteDto>();
    expect(note).toEqual({
      id: expect.any(Number),
      family_id: us.familyId,
      title: 'Groceries',
      content: '',
      family_member_id: us.memberId,
      author_name: 'Rivera Parent',
      category: 'general',
      pinned: false,
      sort_order: 0,
      created_at: server.clock.now().toISOString(),
    });
    const [row] = await server.database.system.select().from(notes).where(eq(notes.id, note.id));
    expect(row).toMatchObject({ familyId: us.familyId, title: 'Groceries', sortOrder: 0 });
  });

  it('stores every field it is given, content verbatim (HTML is text, never interpreted)', async () => {
    const content = '• milk\n• <img src=x onerror=alert(1)>';
    const note = await create(us, {
      title: 'Shop',
      content,
      family_member_id: us.otherMemberId,
      category: 'shopping_list',
      pinned: true,
      family_id: them.familyId,
      sort_order: 99,
    });
    expect(note).toMatchObject({
      family_id: us.familyId,
      content,
      family_member_id: us.otherMemberId,
      author_name: 'Rivera Kid',
      category: 'shopping_list',
      pinned: true,
      sort_order: 0,
    });
  });

  it.each([
    ['title', { title: '' }, 'Title is required'],
    ['title', { title: '   ' }, 'Title is required'],
    ['title', { title: undefined }, 'Title is required'],
    ['title', { title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
    ['family_member_id', { family_member_id: undefined }, 'Please select an author'],
    ['family_member_id', { family_member_id: '1' }, 'Please select an author'],
    ['family_member_id', { family_member_id: 0 }, 'Please select an author'],
    ['family_member_id', { family_member_id: 1.5 }, 'Please select an author'],
    ['category', { category: 'recipes' }, 'Please select a category'],
    ['pinned', { pinned: 'yes' }, 'Pinned must be true or false'],
    ['content', { content: 42 }, 'Content must be text'],
  ])('answers 400 for a bad %s (%j) and writes nothing', async (field, override, message) => {
    const before = await snapshot();
    const res = await call(us, 'POST', '/api/notes', {
      title: 'Valid',
      family_member_id: us.memberId,
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { [field]: message } });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an author who is not a member of the family (another family’s, unknown, a pending invitee) and writes nothing', async () => {
    const [invitee] = await server.database.system
      .insert(familyMembers)
      .values({ familyId: us.familyId, name: 'Pending Invitee', invitationStatus: 'pending' })
      .returning();
    const before = await snapshot();
    for (const authorId of [them.memberId, 2_000_000, invitee?.id]) {
      const res = await call(us, 'POST', '/api/notes', { title: 'x', family_member_id: authorId });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_failed',
        fields: { family_member_id: 'Please select an author' },
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400, not 500, to a body that is not an object', async () => {
    for (const payload of ['[]', '"text"', 'null', '{"title": {"a": 1}}']) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/notes',
        headers: { cookie: us.cookie, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
  });
});

describe('note size limit (embedded photos)', () => {
  const photo = (bytes: number) => `![photo](data:image/jpeg;base64,${'A'.repeat(bytes)})`;

  it('accepts content above the app-wide 1 MiB body limit, up to the note limit', async () => {
    const content = photo(2 * 1024 * 1024);
    const note = await create(us, { title: 'Photo', content });
    expect(note.content).toBe(content);
    const patched = await call(us, 'PATCH', `/api/notes/${note.id}`, { content: `${content}\nmore` });
    expect(patched.statusCode).toBe(200);
  });

  it('answers 413 with the note message for content over the limit, and writes nothing', async () => {
    const before = await snapshot();
    const content = 'é'.repeat(NOTE_CONTENT_MAX_BYTES / 2 + 1); // two UTF-8 bytes each: just over in bytes
    const res = await call(us, 'POST', '/api/notes', {
      title: 'Big',
      family_member_id: us.memberId,
      content,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: { code: 'payload_too_large', message: NOTE_TOO_LARGE_MESSAGE } });
    expect(await snapshot()).toEqual(before);
  });

  it('answers the same 413 to a body over the route limit, on create and update', async () => {
    const note = await create(us, { title: 'Keep' });
    const before = await snapshot();
    const content = photo(NOTE_CONTENT_MAX_BYTES + 512 * 1024);
    for (const [method, url] of [
      ['POST', '/api/notes'],
      ['PATCH', `/api/notes/${note.id}`],
    ] as const) {
      const res = await call(us, method, url, { title: 'Big', family_member_id: us.memberId, content });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: { code: 'payload_too_large', message: NOTE_TOO_LARGE_MESSAGE } });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the 1 MiB limit on the reorder call', async () => {
    const res = await call(us, 'POST', '/api/notes/reorder', { noteIds: [], pad: 'x'.repeat(1024 * 1024) });
    expect(res.statusCode).toBe(413);
  });
});

describe('GET /api/notes and /api/notes/{id}', () => {
  it('lists only the family’s notes, by sort_order, then pinned first, then newest first (SPEC §9)', async () => {
    await clearNotes(us);
    await clearNotes(them);
    server.clock.set('2026-11-22T10:00:00Z');
    const oldest = await create(us, { title: 'oldest' });
    server.clock.advanceMinutes(1);
    const pinnedOld = await create(us, { title: 'pinned old', pinned: true });
    server.clock.advanceMinutes(1);
    const newest = await create(us, { title: 'newest' });
    await create(them, { title: 'theirs' });
    expect(await listIds(us)).toEqual([pinnedOld.id, newest.id, oldest.id]);

    await server.database.system.update(notes).set({ sortOrder: 5 }).where(eq(notes.id, pinnedOld.id));
    await server.database.system.update(notes).set({ sortOrder: -1 }).where(eq(notes.id, oldest.id));
    expect(await listIds(us)).toEqual([oldest.id, newest.id, pinnedOld.id]);
  });

  it('lists a long note’s first lines, flagged as cut, while GET /api/notes/{id} answers all of it (ADR 042)', async () => {
    const lines = Array.from({ length: 400 }, (_, i) => `• item ${String(i)} ${'é'.repeat(20)}`);
    const long = await create(us, { title: 'Long list', content: lines.join('\n') });
    const short = await create(us, { title: 'Short', content: 'milk\neggs' });
    const list = (await call(us, 'GET', '/api/notes')).json<NoteListItemDto[]>();
    const listedLong = list.find((n) => n.id === long.id);
    const listedShort = list.find((n) => n.id === short.id);
    expect(listedLong?.content_truncated).toBe(true);
    expect(listedLong?.content).toBe(lines.slice(0, NOTE_PREVIEW_MAX_LINES).join('\n'));
    expect(listedShort).toEqual({ ...short, content_truncated: false });

    const one = await call(us, 'GET', `/api/notes/${long.id}`);
    expect(one.json<NoteDto>().content).toBe(lines.join('\n'));
    expect(one.json()).not.toHaveProperty('content_truncated');
  });

  it('fetches one note, uncached', async () => {
    const note = await create(us, { title: 'One', content: 'hello' });
    const res = await call(us, 'GET', `/api/notes/${note.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual(note);
  });

  it('answers 404 for another family’s note, an unknown id and a malformed id', async () => {
    const theirs = await create(them, { title: 'private' });
    for (const id of [String(theirs.id), '999999', 'abc', '0', '-1', '1.5', '99999999999']) {
      const res = await call(us, 'GET', `/api/notes/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });
});

describe('PATCH /api/notes/{id}', () => {
  it('changes only the fields given', async () => {
    const note = await create(us, { title: 'Before', content: 'text', category: 'ideas' });
    server.clock.advanceMinutes(5);
    const res = await call(us, 'PATCH', `/api/notes/${note.id}`, { pinned: true, content: '• a\n• b' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...note, pinned: true, content: '• a\n• b' });
    const [row] = await server.database.system.select().from(notes).where(eq(notes.id, note.id));
    expect(row?.updatedAt.toISOString()).toBe(server.clock.now().toISOString());
  });

  it('updates every field of the note body', async () => {
    const note = await create(us);
    const body = {
      title: 'After',
      content: 'new',
      family_member_id: us.otherMemberId,
      category: 'important',
      pinned: true,
    };
    const res = await call(us, 'PATCH', `/api/notes/${note.id}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...body, author_name: 'Rivera Kid' });
    expect((await call(us, 'GET', `/api/notes/${note.id}`)).json()).toMatchObject(body);
  });

  it('answers 400 for bad fields and for an author outside the family, changing nothing', async () => {
    const note = await create(us);
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', 'Title is required'],
      [{ category: 'x' }, 'category', 'Please select a category'],
      [{ family_member_id: null }, 'family_member_id', 'Please select an author'],
      [{ family_member_id: them.memberId }, 'family_member_id', 'Please select an author'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call(us, 'PATCH', `/api/notes/${note.id}`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ [field]: message });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for another family’s note and changes nothing', async () => {
    const theirs = await create(them, { title: 'theirs' });
    const before = await snapshot();
    const res = await call(us, 'PATCH', `/api/notes/${theirs.id}`, {
      title: 'hijacked',
      family_member_id: us.memberId,
    });
    expect(res.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('DELETE /api/notes/{id}', () => {
  it('deletes the note', async () => {
    const note = await create(us);
    const res = await call(us, 'DELETE', `/api/notes/${note.id}`);
    expect(res.statusCode).toBe(200);
    expect((await call(us, 'GET', `/api/notes/${note.id}`)).statusCode).toBe(404);
    expect(await listIds(us)).not.toContain(note.id);
  });

  it('answers 404 for another family’s note, or one already deleted, and deletes nothing', async () => {
    const theirs = await create(them);
    const mine = await create(us);
    await call(us, 'DELETE', `/api/notes/${mine.id}`);
    const before = await snapshot();
    for (const id of [theirs.id, mine.id]) {
      expect((await call(us, 'DELETE', `/api/notes/${id}`)).statusCode).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/notes/reorder', () => {
  async function board(who: Family, count: number): Promise<number[]> {
    await clearNotes(who);
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      server.clock.advanceMinutes(1);
      ids.push((await create(who, { title: `n${i}`, pinned: i === 0 })).id);
    }
    return ids;
  }

  it('saves the new order, numbered from 1, and the list keeps it', async () => {
    const ids = await board(us, 4);
    const order = [2, 0, 3, 1].map((i) => ids[i]);
    const res = await call(us, 'POST', '/api/notes/reorder', { noteIds: order });
    expect(res.statusCode).toBe(200);
    expect(await listIds(us)).toEqual(order);
    const list = (await call(us, 'GET', '/api/notes')).json<NoteDto[]>();
    expect(list.map((n) => n.sort_order)).toEqual([1, 2, 3, 4]);
  });

  it('shows a note created after a reorder first', async () => {
    const ids = await board(us, 3);
    await call(us, 'POST', '/api/notes/reorder', { noteIds: [...ids].reverse() });
    const fresh = await create(us, { title: 'fresh' });
    expect(await listIds(us)).toEqual([fresh.id, ...[...ids].reverse()]);
  });

  it('answers 404 for a list holding another family’s note, and changes nothing in either family', async () => {
    const mine = await board(us, 3);
    const theirs = await board(them, 2);
    await call(them, 'POST', '/api/notes/reorder', { noteIds: [...theirs].reverse() });
    const before = await snapshot();
    const res = await call(us, 'POST', '/api/notes/reorder', {
      noteIds: [mine[2], theirs[0], mine[0], mine[1]],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    // Swapping one of ours for theirs (same length) is refused the same way.
    const swapped = await call(us, 'POST', '/api/notes/reorder', { noteIds: [mine[2], theirs[0], mine[0]] });
    expect(swapped.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown id and changes nothing', async () => {
    const mine = await board(us, 2);
    const before = await snapshot();
    const res = await call(us, 'POST', '/api/notes/reorder', { noteIds: [mine[1], mine[0], 987654] });
    expect(res.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 for a partial list (a note left out) and changes nothing', async () => {
    const mine = await board(us, 3);
    const before = await snapshot();
    for (const noteIds of [[mine[2], mine[0]], []]) {
      const res = await call(us, 'POST', '/api/notes/reorder', { noteIds });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_failed',
        message: REORDER_INCOMPLETE_MESSAGE,
        fields: { noteIds: REORDER_INCOMPLETE_MESSAGE },
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [{ noteIds: 'all' }, 'noteIds', 'noteIds must be a list of note ids'],
    [{}, 'noteIds', 'noteIds must be a list of note ids'],
    [{ noteIds: [1, 'two'] }, 'noteIds.1', 'Note ids must be numbers'],
    [{ noteIds: [1, 2.5] }, 'noteIds.1', 'Note ids must be whole numbers'],
    [{ noteIds: [3, -1] }, 'noteIds.1', 'Note ids must be positive'],
  ])('answers 400 for malformed input %j and changes nothing', async (payload, field, message) => {
    await board(us, 2);
    const before = await snapshot();
    const res = await call(us, 'POST', '/api/notes/reorder', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ [field]: message });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 for a list naming a note twice and changes nothing', async () => {
    const [a, b] = await board(us, 2);
    const before = await snapshot();
    const res = await call(us, 'POST', '/api/notes/reorder', { noteIds: [a, b, a] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ noteIds: 'Each note may appear only once' });
    expect(await snapshot()).toEqual(before);
  });

  it('accepts an empty list for a family without notes', async () => {
    await clearNotes(us);
    const res = await call(us, 'POST', '/api/notes/reorder', { noteIds: [] });
    expect(res.statusCode).toBe(200);
  });
});
