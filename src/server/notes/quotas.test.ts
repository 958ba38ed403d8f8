import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteDto } from '../../core/contracts/notes.ts';
import {
  FAMILY_NOTES_MAX,
  FAMILY_STORAGE_MAX_BYTES,
  FAMILY_STORAGE_MESSAGE,
  FAMILY_WRITE_RATE_MESSAGE,
  ICS_BATCH_TOO_LARGE_MESSAGE,
  ICS_IMPORT_MAX_BYTES,
  NOTE_CONTENT_MAX_BYTES,
  NOTE_COUNT_MESSAGE,
} from '../../core/contracts/quotas.ts';
import { notes } from '../db/schema/notes.ts';
import { createTestServer, signedInFamily, startInOneRateWindow, type TestServer } from '../test/harness.ts';

/** Issue 20 item 3: quotas and limits per family, each with its own 413/429 message. */

interface Family {
  cookie: string;
  familyId: number;
  memberId: number;
}

async function family(server: TestServer, name: string): Promise<Family> {
  return signedInFamily(server, { registration: { familyName: name, memberName: `${name} Parent` } });
}

/** A JPEG data URL of about `bytes` base64 characters whose decoded bytes start with the JPEG marker. */
const jpeg = (bytes: number) => `data:image/jpeg;base64,/9j/${'A'.repeat(bytes - 4)}`;

describe('notes quotas', () => {
  let server: TestServer;
  let us: Family;
  let them: Family;

  beforeAll(async () => {
    server = await createTestServer();
    us = await family(server, 'Rivera');
    them = await family(server, 'Okafor');
  });
  afterAll(() => server.close());

  const call = (who: Family, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    server.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  const post = (who: Family, content: string, title = 'Note') =>
    call(who, 'POST', '/api/notes', { title, family_member_id: who.memberId, content });

  it('lists notes without photo bodies: each photo is a path served on its own, full content by id', async () => {
    const photos = [jpeg(1024 * 1024), jpeg(900 * 1024)];
    const content = `Receipts\n![photo](${photos[0]})\n![photo](${photos[1]})`;
    const created = await post(us, content, 'Photos');
    expect(created.statusCode).toBe(201);
    const note = created.json<NoteDto>();

    const list = await call(us, 'GET', '/api/notes');
    expect(list.statusCode).toBe(200);
    expect(list.body.length).toBeLessThan(10_000);
    const listed = list.json<NoteDto[]>().find((n) => n.id === note.id);
    const lines = listed?.content.split('\n') ?? [];
    expect(lines[0]).toBe('Receipts');
    const paths = lines.slice(1).map((line) => /^!\[photo\]\((.+)\)$/.exec(line)?.[1]);
    expect(paths).toEqual([
      expect.stringMatching(new RegExp(`^/api/notes/${note.id}/photos/0\\?v=\\d+$`)),
      expect.stringMatching(new RegExp(`^/api/notes/${note.id}/photos/1\\?v=\\d+$`)),
    ]);

    for (const [index, path] of paths.entries()) {
      const photo = await call(us, 'GET', path ?? '');
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      expect(photo.rawPayload.equals(Buffer.from(photos[index]?.split(',')[1] ?? '', 'base64'))).toBe(true);
    }
    expect((await call(us, 'GET', `/api/notes/${note.id}/photos/2`)).statusCode).toBe(404);
    expect((await call(them, 'GET', `/api/notes/${note.id}/photos/0`)).statusCode).toBe(404);

    const one = await call(us, 'GET', `/api/notes/${note.id}`);
    expect(one.json<NoteDto>().content).toBe(content);
  });

  it(`refuses the note after ${FAMILY_NOTES_MAX} with 413 and the count message; other families unaffected`, async () => {
    await server.database.system.delete(notes).where(eq(notes.familyId, us.familyId));
    await server.database.system.execute(
      sql`insert into notes (family_id, title) select ${us.familyId}, 'n' || g from generate_series(1, ${FAMILY_NOTES_MAX - 1}) g`,
    );
    expect((await post(us, 'last one')).statusCode).toBe(201);
    const refused = await post(us, 'one too many');
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ error: { code: 'payload_too_large', message: NOTE_COUNT_MESSAGE } });
    const [count] = await server.database.system
      .select({ n: sql<number>`count(*)::int` })
      .from(notes)
      .where(eq(notes.familyId, us.familyId));
    expect(count?.n).toBe(FAMILY_NOTES_MAX);
    expect((await post(them, 'theirs')).statusCode).toBe(201);
  });

  it('refuses a create or an update past the family storage total with 413 and the storage message', async () => {
    await server.database.system.delete(notes).where(eq(notes.familyId, us.familyId));
    // Fill to 1 KiB under the total with full-size notes (generated in the database, not sent).
    const full = Math.floor(FAMILY_STORAGE_MAX_BYTES / NOTE_CONTENT_MAX_BYTES);
    const rest = FAMILY_STORAGE_MAX_BYTES - full * NOTE_CONTENT_MAX_BYTES - 1024;
    await server.database.system.execute(
      sql`insert into notes (family_id, title, content) select ${us.familyId}, 'big', repeat('x', ${NOTE_CONTENT_MAX_BYTES}) from generate_series(1, ${full - 1}) g`,
    );
    await server.database.system.execute(
      sql`insert into notes (family_id, title, content) values (${us.familyId}, 'rest', repeat('x', ${NOTE_CONTENT_MAX_BYTES + rest}))`,
    );
    const small = await post(us, 'x'.repeat(1000));
    expect(small.statusCode).toBe(201);
    const refused = await post(us, 'x'.repeat(100));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ error: { code: 'payload_too_large', message: FAMILY_STORAGE_MESSAGE } });

    const id = small.json<NoteDto>().id;
    // Rewriting a note counts its new content instead of its old one: shrinking it frees room, growing refused.
    expect((await call(us, 'PATCH', `/api/notes/${id}`, { content: 'x'.repeat(10) })).statusCode).toBe(200);
    const grown = await call(us, 'PATCH', `/api/notes/${id}`, { content: 'x'.repeat(2000) });
    expect(grown.statusCode).toBe(413);
    expect(grown.json()).toEqual({ error: { code: 'payload_too_large', message: FAMILY_STORAGE_MESSAGE } });
    expect((await call(us, 'PATCH', `/api/notes/${id}`, { pinned: true })).statusCode).toBe(200);
    expect((await post(them, 'x'.repeat(1000))).statusCode).toBe(201);
    await server.database.system.delete(notes).where(eq(notes.familyId, us.familyId));
  });
});

describe('write rate and ICS import size per family', () => {
  let server: TestServer;
  let us: Family;
  let them: Family;

  beforeAll(async () => {
    server = await createTestServer({ FAMILY_WRITE_RATE_LIMIT_PER_MINUTE: 3 });
    us = await family(server, 'Rivera');
    them = await family(server, 'Okafor');
  });
  afterAll(() => server.close());

  const note = (who: Family) =>
    server.app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: { cookie: who.cookie },
      payload: { title: 'Note', family_member_id: who.memberId },
    });

  it('answers 429 with the message and Retry-After past the family write rate; reads and other families go on', async () => {
    await startInOneRateWindow();
    for (let i = 0; i < 3; i += 1) expect((await note(us)).statusCode).toBe(201);
    const refused = await note(us);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: FAMILY_WRITE_RATE_MESSAGE } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const [count] = await server.database.system
      .select({ n: sql<number>`count(*)::int` })
      .from(notes)
      .where(eq(notes.familyId, us.familyId));
    expect(count?.n).toBe(3);
    const read = await server.app.inject({
      method: 'GET',
      url: '/api/notes',
      headers: { cookie: us.cookie },
    });
    expect(read.statusCode).toBe(200);
    expect((await note(them)).statusCode).toBe(201);
  });

  it('answers an .ics upload over the size limit with 413 and the import message', async () => {
    const body = `BEGIN:VCALENDAR\r\n${'X-PAD:'.padEnd(70, 'x')}\r\n`.repeat(
      Math.ceil(ICS_IMPORT_MAX_BYTES / 72) + 10,
    );
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/calendar/import',
      headers: { cookie: them.cookie, 'content-type': 'text/calendar' },
      payload: body,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: { code: 'payload_too_large', message: ICS_BATCH_TOO_LARGE_MESSAGE },
    });
  });
});
