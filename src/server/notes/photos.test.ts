import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NoteDto } from '../../core/contracts/notes.ts';
import { PHOTO_MAX_EDGE_PX } from '../../core/contracts/quotas.ts';
import { userAccounts } from '../db/schema/families.ts';
import { notes } from '../db/schema/notes.ts';
import { signUp, testServerPerFile } from '../test/harness.ts';
import { PHOTO_REFERENCE_MESSAGE, PHOTO_TOO_LARGE_MESSAGE } from './service.ts';

/**
 * Issue 20 item 2: a note photo is stored once and resized. "Once" here: its bytes live in one place, the
 * note's row; the list reply names it by path only; sending the note back as listed (paths, not bytes) keeps
 * that one copy instead of losing it, and a path cannot make a second note point at or copy another's photo.
 */

/** A PNG data URL `width` × `height` (a real PNG header; image-size reads the size from it) and `pad` bytes. */
function png(width: number, height: number, pad = 64): string {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(13, 0);
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    length,
    Buffer.from('IHDR'),
    ihdr,
    Buffer.alloc(4),
    Buffer.alloc(pad, 7),
  ]);
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

const server = testServerPerFile();
let cookie: string;
let memberId: number;

beforeAll(async () => {
  const signed = await signUp(server.app);
  cookie = signed.cookie;
  const [user] = await server.database.system
    .select()
    .from(userAccounts)
    .where(eq(userAccounts.email, signed.email));
  memberId = user?.familyMemberId ?? 0;
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function post(content: string): Promise<NoteDto> {
  const res = await call('POST', '/api/notes', { title: 'Photos', family_member_id: memberId, content });
  expect(res.statusCode).toBe(201);
  return res.json<NoteDto>();
}

async function listed(id: number): Promise<NoteDto> {
  const note = (await call('GET', '/api/notes')).json<NoteDto[]>().find((n) => n.id === id);
  if (!note) throw new Error(`note ${id} not listed`);
  return note;
}

/** How many times `needle` occurs in all notes rows of the database. */
async function storedCopies(needle: string): Promise<number> {
  const rows = await server.database.system.select({ content: notes.content }).from(notes);
  return rows.reduce((n, r) => n + r.content.split(needle).length - 1, 0);
}

describe('note photos, stored once (issue 20 item 2)', () => {
  it('an edit sent back with the listed photo paths keeps the one stored copy of each photo', async () => {
    const photo = png(1200, 900, 4096);
    const base64 = photo.slice(photo.indexOf(',') + 1);
    const note = await post(`Receipt\n![photo](${photo})`);
    expect(await storedCopies(base64)).toBe(1);

    const asListed = await listed(note.id);
    expect(asListed.content).not.toContain(base64);
    const edited = asListed.content.replace('Receipt', 'Receipt from Tuesday');
    server.clock.advanceMinutes(1);
    const patch = await call('PATCH', `/api/notes/${note.id}`, { content: edited });
    expect(patch.statusCode).toBe(200);

    // Still exactly one copy, in the note's row, and the note shows it again.
    expect(await storedCopies(base64)).toBe(1);
    const full = (await call('GET', `/api/notes/${note.id}`)).json<NoteDto>();
    expect(full.content).toBe(`Receipt from Tuesday\n![photo](${photo})`);
    const path = /!\[photo\]\((\/api\/notes\/[^)]+)\)/.exec((await listed(note.id)).content)?.[1] ?? '';
    const served = await call('GET', path);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.toString('base64')).toBe(base64);
  });

  it('refuses a photo path of another note, or of an older version, and writes nothing', async () => {
    const original = await post(`![photo](${png(400, 300)})`);
    const path = /!\[photo\]\((\/api\/notes\/[^)]+)\)/.exec((await listed(original.id)).content)?.[1] ?? '';
    const before = await server.database.system.select().from(notes);

    const copy = await call('POST', '/api/notes', {
      title: 'Copy',
      family_member_id: memberId,
      content: `![photo](${path})`,
    });
    expect(copy.statusCode).toBe(400);
    expect(copy.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: PHOTO_REFERENCE_MESSAGE,
        fields: { content: PHOTO_REFERENCE_MESSAGE },
      },
    });
    const other = await post('Another note');
    const borrowed = await call('PATCH', `/api/notes/${other.id}`, { content: `![photo](${path})` });
    expect(borrowed.statusCode).toBe(400);

    server.clock.advanceMinutes(1);
    expect((await call('PATCH', `/api/notes/${original.id}`, { title: 'Renamed' })).statusCode).toBe(200);
    const stale = await call('PATCH', `/api/notes/${original.id}`, { content: `![photo](${path})` });
    expect(stale.statusCode).toBe(400);

    const after = await server.database.system.select().from(notes);
    expect(after.filter((n) => n.id !== other.id && n.id !== original.id)).toEqual(
      before.filter((n) => n.id !== original.id),
    );
  });

  it(`refuses a photo longer than ${PHOTO_MAX_EDGE_PX} px on either edge; takes one of exactly that`, async () => {
    for (const [width, height] of [
      [PHOTO_MAX_EDGE_PX + 1, 100],
      [100, 4000],
    ] as const) {
      const res = await call('POST', '/api/notes', {
        title: 'Big',
        family_member_id: memberId,
        content: `![photo](${png(width, height)})`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ content: PHOTO_TOO_LARGE_MESSAGE });
    }
    await post(`![photo](${png(PHOTO_MAX_EDGE_PX, 1200)})`);
  });
});
