import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NoteDto } from '../../core/contracts/notes.ts';
import { notes } from '../db/schema/notes.ts';
import { callAs, signedInFamily, type SignedInFamily, testServerPerFile } from '../test/harness.ts';
import { openSse } from '../test/sse-client.ts';
import { withFamilyScope } from '../db/scope.ts';
import { ITEM_GONE_MESSAGE, tickNoteItem } from './service.ts';

// Issue 45 item 1 (ADR 050): checklist items in notes, ticked and cleared through their own calls.

const server = testServerPerFile();
let us: SignedInFamily;
let them: SignedInFamily;

const SHOPPING =
  'Saturday shop\n• [ ] milk\n• [ ] eggs\n• [x] bread\n• [ ] butter\n• [ ] apples\nAsk Dad about cheese';

beforeAll(async () => {
  us = await signedInFamily(server, { registration: { familyName: 'Rivera', memberName: 'Ana Rivera' } });
  them = await signedInFamily(server, { registration: { familyName: 'Okafor', memberName: 'Ada Okafor' } });
});

async function createNote(who: SignedInFamily, content = SHOPPING): Promise<number> {
  const res = await callAs(server, who, 'POST', '/api/notes', {
    title: 'Shopping',
    content,
    category: 'shopping_list',
    family_member_id: who.memberId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<NoteDto>().id;
}

async function stored(id: number): Promise<{ content: string; updatedAt: Date }> {
  const [row] = await server.database.system
    .select({ content: notes.content, updatedAt: notes.updatedAt })
    .from(notes)
    .where(eq(notes.id, id));
  if (!row) throw new Error(`note ${String(id)} is gone`);
  return row;
}

function tick(who: SignedInFamily | null, id: number, body: object) {
  return callAs(server, who, 'POST', `/api/notes/${String(id)}/checklist/tick`, body);
}

function clear(who: SignedInFamily | null, id: number) {
  return callAs(server, who, 'POST', `/api/notes/${String(id)}/checklist/clear`);
}

describe('POST /api/notes/{id}/checklist/tick', () => {
  it('ticks one item in the stored note, changing only its line, and unticks it again', async () => {
    const id = await createNote(us);
    const res = await tick(us, id, { line: 2, text: 'eggs', ticked: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ line: 2, ticked: true });
    expect((await stored(id)).content).toBe(SHOPPING.replace('• [ ] eggs', '• [x] eggs'));
    // The whole note reads back in the same plain-text form (SPEC §3), for the form and other clients.
    const note = (await callAs(server, us, 'GET', `/api/notes/${String(id)}`)).json<NoteDto>();
    expect(note.content.split('\n')[2]).toBe('• [x] eggs');

    const back = await tick(us, id, { line: 2, text: 'eggs', ticked: false });
    expect(back.json()).toEqual({ line: 2, ticked: false });
    expect((await stored(id)).content).toBe(SHOPPING);
  });

  it('is a setting, not a toggle: a retry changes nothing, not even the note’s version', async () => {
    const id = await createNote(us);
    await tick(us, id, { line: 1, text: 'milk', ticked: true });
    const first = await stored(id);
    server.clock.advanceMinutes(1);
    const again = await tick(us, id, { line: 1, text: 'milk', ticked: true });
    expect(again.statusCode).toBe(200);
    expect(await stored(id)).toEqual(first);
  });

  it('finds the item by its words when its line moved (another device added a line above it)', async () => {
    const id = await createNote(us, `New line on top\n${SHOPPING}`);
    const res = await tick(us, id, { line: 4, text: 'butter', ticked: true });
    expect(res.json()).toEqual({ line: 5, ticked: true });
    expect((await stored(id)).content.split('\n')[5]).toBe('• [x] butter');
  });

  it('two devices ticking different items at the same moment: no tick is lost', async () => {
    const id = await createNote(us);
    const items = [
      [1, 'milk'],
      [2, 'eggs'],
      [4, 'butter'],
      [5, 'apples'],
    ] as const;
    // The note is busy (another writer holds its row) while the four ticks arrive. Unless writers of one note run
    // one after the other, each would write its own copy and the last one would win (see tickNoteItem below).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding = server.database.system.transaction(async (tx) => {
      await tx.select({ id: notes.id }).from(notes).where(eq(notes.id, id)).for('update');
      await held;
    });
    const ticking = Promise.all(items.map(([line, text]) => tick(us, id, { line, text, ticked: true })));
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await holding;
    const replies = await ticking;
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const lines = (await stored(id)).content.split('\n');
    expect(lines.slice(1, 6)).toEqual([
      '• [x] milk',
      '• [x] eggs',
      '• [x] bread',
      '• [x] butter',
      '• [x] apples',
    ]);
  });

  it('ticks and a clear at once: each runs on the result of the others', async () => {
    const id = await createNote(us);
    await Promise.all([
      tick(us, id, { line: 1, text: 'milk', ticked: true }),
      tick(us, id, { line: 5, text: 'apples', ticked: true }),
      clear(us, id),
    ]);
    const content = (await stored(id)).content;
    expect(content).not.toContain('bread');
    expect(content).toContain('• [ ] eggs');
    // milk and apples were either ticked before the clear (and cleared) or after it (and ticked): never lost
    // half-way, never unticked.
    for (const item of ['milk', 'apples']) expect(content).not.toContain(`• [ ] ${item}`);
  });

  it('answers 409 when no checklist item has those words, and changes nothing', async () => {
    const id = await createNote(us);
    const before = await stored(id);
    for (const text of ['cheese', 'Saturday shop', 'Ask Dad about cheese']) {
      const res = await tick(us, id, { line: 0, text, ticked: true });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: { code: 'conflict', message: ITEM_GONE_MESSAGE } });
    }
    expect(await stored(id)).toEqual(before);
  });

  it.each([
    [{}, ['line', 'text', 'ticked']],
    [{ line: -1, text: 'milk', ticked: true }, ['line']],
    [{ line: 1.5, text: 'milk', ticked: true }, ['line']],
    [{ line: '1', text: 'milk', ticked: true }, ['line']],
    [{ line: 1, text: '   ', ticked: true }, ['text']],
    [{ line: 1, text: 'x'.repeat(1001), ticked: true }, ['text']],
    [{ line: 1, text: 'milk', ticked: 'yes' }, ['ticked']],
  ])('refuses %j with 400 and a message per field, changing nothing', async (body, fields) => {
    const id = await createNote(us);
    const before = await stored(id);
    const res = await tick(us, id, body);
    expect(res.statusCode).toBe(400);
    const error = res.json<{ error: { code: string; fields: Record<string, string> } }>().error;
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields).sort()).toEqual(fields);
    for (const message of Object.values(error.fields)) expect(message).toMatch(/^[A-Z].+/);
    expect(await stored(id)).toEqual(before);
  });

  it('answers 404 for another family’s note and for ids that cannot be notes; 401 signed out', async () => {
    const theirs = await createNote(them);
    const before = await stored(theirs);
    const res = await tick(us, theirs, { line: 1, text: 'milk', ticked: true });
    expect(res.statusCode).toBe(404);
    expect((await tick(us, 2_147_483_647, { line: 1, text: 'milk', ticked: true })).statusCode).toBe(404);
    const bad = await callAs(server, us, 'POST', '/api/notes/abc/checklist/tick', {
      line: 1,
      text: 'milk',
      ticked: true,
    });
    expect(bad.statusCode).toBe(404);
    expect((await tick(null, theirs, { line: 1, text: 'milk', ticked: true })).statusCode).toBe(401);
    expect(await stored(theirs)).toEqual(before);
  });
});

describe('tickNoteItem', () => {
  it('serialises writers of one note with its row lock, without the HTTP layer (which also counts writes)', async () => {
    // Through HTTP a family's writes also queue on its write counter (family-write-limit.ts); the scheduler, a
    // script or a future route may call the service directly, so the row lock must hold on its own. Ticks in
    // their own family scopes arrive while another writer holds the row: each reads the note before any writes.
    const id = await createNote(us);
    const ctx = {
      db: server.database.db,
      config: server.config,
      clock: server.clock,
      changes: server.changes,
    };
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding = server.database.system.transaction(async (tx) => {
      await tx.select({ id: notes.id }).from(notes).where(eq(notes.id, id)).for('update');
      await held;
    });
    const ticking = Promise.all(
      ['milk', 'eggs', 'butter', 'apples'].map((text) =>
        withFamilyScope(server.database.db, us.familyId, () =>
          tickNoteItem(ctx, us.familyId, id, { line: 0, text, ticked: true }),
        ),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await holding;
    await ticking;
    expect((await stored(id)).content.split('\n').slice(1, 6)).toEqual([
      '• [x] milk',
      '• [x] eggs',
      '• [x] bread',
      '• [x] butter',
      '• [x] apples',
    ]);
  });
});

describe('POST /api/notes/{id}/checklist/clear', () => {
  it('removes the ticked items and keeps every other line; clearing again removes nothing', async () => {
    const id = await createNote(us);
    await tick(us, id, { line: 2, text: 'eggs', ticked: true });
    const res = await clear(us, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ removed: 2 });
    expect((await stored(id)).content).toBe(
      'Saturday shop\n• [ ] milk\n• [ ] butter\n• [ ] apples\nAsk Dad about cheese',
    );
    const before = await stored(id);
    server.clock.advanceMinutes(1);
    expect((await clear(us, id)).json()).toEqual({ removed: 0 });
    expect(await stored(id)).toEqual(before);
  });

  it('answers 404 for another family’s note (nothing removed) and 401 signed out', async () => {
    const theirs = await createNote(them);
    const before = await stored(theirs);
    expect((await clear(us, theirs)).statusCode).toBe(404);
    expect((await clear(null, theirs)).statusCode).toBe(401);
    expect(await stored(theirs)).toEqual(before);
  });
});

describe('live updates', () => {
  it('a tick reaches the family’s other devices as a note change on GET /api/changes', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (server.app.server.address() as AddressInfo).port;
    const id = await createNote(us);
    const reader = await openSse(`http://127.0.0.1:${String(port)}/api/changes`, { cookie: us.cookie });
    try {
      await reader.next((e) => e.event === 'ready');
      await tick(us, id, { line: 1, text: 'milk', ticked: true });
      const change = await reader.next((e) => e.event === 'change' && e.data.includes(`"id":${String(id)}`));
      expect(JSON.parse(change.data)).toEqual({ kind: 'note', id });
    } finally {
      reader.close();
    }
  });
});
