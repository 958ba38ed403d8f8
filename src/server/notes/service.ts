import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { imageSize } from 'image-size';
import type { z } from 'zod';
import {
  NOTE_CATEGORIES,
  type NoteCategory,
  type NoteDto,
  type NoteClearTickedReplyDto,
  type NoteListItemDto,
  type noteReorderSchema,
  type noteSchema,
  type NoteTickReplyDto,
  type noteTickSchema,
  type noteUpdateSchema,
} from '../../core/contracts/notes.ts';
import {
  FAMILY_NOTES_MAX,
  FAMILY_STORAGE_MAX_BYTES,
  FAMILY_STORAGE_MESSAGE,
  NOTE_COUNT_MESSAGE,
  NOTE_PREVIEW_MAX_BYTES,
  NOTE_PREVIEW_MAX_LINES,
  PHOTO_MAX_EDGE_PX,
} from '../../core/contracts/quotas.ts';
import {
  mapPhotoSources,
  parsePhotoPath,
  photoAt,
  photoDataUrl,
  withPhotoPaths,
} from '../../core/notes/content.ts';
import { clearTickedItems, setItemTicked } from '../../core/notes/checklist.ts';
import { contentPreview } from '../../core/text/preview.ts';
import type { DbOrTx } from '../db/types.ts';
import { families, familyMembers } from '../db/schema/families.ts';
import { notes } from '../db/schema/notes.ts';
import { jsonRows, recordUndo } from '../db/undo-rows.ts';
import type { ServerContext } from '../context.ts';
import { badRequest, conflict, HttpError, notFound } from '../http/errors.ts';

type NoteRow = typeof notes.$inferSelect;

/** `family_members.invitation_status` of a member who has joined (the column's default). */
const JOINED = 'accepted';
const AUTHOR_MESSAGE = 'Please select an author';
export const REORDER_INCOMPLETE_MESSAGE = 'The new order must list every note of the family exactly once.';

function isNoteCategory(value: string): value is NoteCategory {
  return (NOTE_CATEGORIES as readonly string[]).includes(value);
}

/** Maps a row (and its author's name) to the wire shape; never leaks columns the spec does not name. */
export function toNoteDto(row: NoteRow, authorName: string | null): NoteDto {
  return {
    id: row.id,
    family_id: row.familyId,
    title: row.title,
    content: row.content,
    family_member_id: row.familyMemberId,
    author_name: authorName,
    // Only this service writes the column, through the contract's enum; 'general' guards a hand-edited row.
    category: isNoteCategory(row.category) ? row.category : 'general',
    pinned: row.pinned,
    sort_order: row.sortOrder,
    created_at: row.createdAt.toISOString(),
  };
}

/** SPEC §9 display order: sort_order ascending, then pinned first, then newest first (id breaks exact ties). */
const displayOrder = [asc(notes.sortOrder), desc(notes.pinned), desc(notes.createdAt), desc(notes.id)];

function selectNotes(db: DbOrTx) {
  return db
    .select({ note: notes, authorName: familyMembers.name })
    .from(notes)
    .leftJoin(
      familyMembers,
      and(eq(familyMembers.id, notes.familyMemberId), eq(familyMembers.familyId, notes.familyId)),
    );
}

/**
 * @throws HttpError 400 (field `family_member_id`) when `memberId` is not a member of `familyId` who has
 * joined (a pending invitee is not listed as a member yet): another family's member is refused like an
 * unknown one.
 */
async function assertAuthorInFamily(db: DbOrTx, familyId: number, memberId: number): Promise<void> {
  const [member] = await db
    .select({ id: familyMembers.id })
    .from(familyMembers)
    .where(
      and(
        eq(familyMembers.familyId, familyId),
        eq(familyMembers.id, memberId),
        eq(familyMembers.invitationStatus, JOINED),
      ),
    );
  if (!member) throw badRequest(AUTHOR_MESSAGE, { family_member_id: AUTHOR_MESSAGE });
}

/**
 * The path that serves photo `index` of a note (`GET /api/notes/{id}/photos/{index}`); `v` is the note's
 * last change in epoch milliseconds, so the path names one version of the photo and may be cached for good.
 */
function photoPath(row: NoteRow, index: number): string {
  return `/api/notes/${row.id}/photos/${index}?v=${row.updatedAt.getTime()}`;
}

/**
 * SPEC §7 `GET /api/notes`: the family's notes in display order (SPEC §9), each with only the start of its
 * content (issue 42, ADR 042): photo lines name their path (`photoPath`; issue 20: 20 notes of 5 MB made a
 * 96 MiB reply) and `content` is cut to `NOTE_PREVIEW_MAX_LINES` lines within `NOTE_PREVIEW_MAX_BYTES`, with
 * `content_truncated` set when more was left out. `GET /api/notes/{id}` answers the whole note for editing.
 */
export async function listNotes(ctx: ServerContext, familyId: number): Promise<NoteListItemDto[]> {
  const rows = await selectNotes(ctx.db)
    .where(eq(notes.familyId, familyId))
    .orderBy(...displayOrder);
  return rows.map((r) => {
    const listed = withPhotoPaths(r.note.content, (index) => photoPath(r.note, index));
    const { preview, truncated } = contentPreview(listed, NOTE_PREVIEW_MAX_LINES, NOTE_PREVIEW_MAX_BYTES);
    return { ...toNoteDto(r.note, r.authorName), content: preview, content_truncated: truncated };
  });
}

/**
 * `GET /api/notes/{id}/photos/{index}`: one embedded photo of the family's note, decoded.
 * @returns the MIME type and bytes.
 * @throws HttpError 404 when the note is not the family's or has no photo at `index`.
 */
export async function getNotePhoto(
  ctx: ServerContext,
  familyId: number,
  noteId: number,
  index: number,
): Promise<{ mimeType: string; bytes: Buffer }> {
  const [row] = await ctx.db
    .select({ content: notes.content })
    .from(notes)
    .where(and(eq(notes.familyId, familyId), eq(notes.id, noteId)));
  const photo = row ? photoAt(row.content, index) : null;
  if (!photo) throw notFound();
  const mimeType = photo.mimeType === 'image/jpg' ? 'image/jpeg' : photo.mimeType;
  return { mimeType, bytes: Buffer.from(photo.base64, 'base64') };
}

export const PHOTO_TOO_LARGE_MESSAGE = `Photos must be at most ${PHOTO_MAX_EDGE_PX} pixels on the long edge.`;
export const PHOTO_REFERENCE_MESSAGE = 'A photo must be a picture taken or chosen for this note.';

/** Width and height of an image's bytes, or null when its header cannot be read (image-size). */
function dimensions(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(bytes);
    return { width, height };
  } catch {
    return null;
  }
}

/**
 * The content a write stores, with each photo stored once (issue 20 item 2): a photo line that names a photo
 * of `editing` by its path (`/api/notes/{id}/photos/{index}?v=…` of its current version, as the notes list sends it) stands for that
 * stored photo and is written back as its bytes, so sending a note back as it was listed keeps its photos,
 * one copy each; a path naming any other note (a copy of another note's photo line) is refused. New photos
 * are data URLs and must be at most `PHOTO_MAX_EDGE_PX` on the long edge (the camera resizes to that, SPEC §9);
 * one whose header image-size cannot read is kept (the byte quotas still bound it).
 * @throws HttpError 400 on `content` with `PHOTO_TOO_LARGE_MESSAGE` or `PHOTO_REFERENCE_MESSAGE`.
 */
function storedContent(content: string, editing: NoteRow | null): string {
  const refuse = (message: string) => badRequest(message, { content: message });
  return mapPhotoSources(content, (src) => {
    const path = parsePhotoPath(src);
    if (path) {
      const current =
        editing !== null && path.noteId === editing.id && path.version === editing.updatedAt.getTime();
      const photo = current ? photoAt(editing.content, path.index) : null;
      if (!photo) throw refuse(PHOTO_REFERENCE_MESSAGE);
      return photoDataUrl(photo);
    }
    const size = dimensions(Buffer.from(src.slice(src.indexOf(',') + 1), 'base64'));
    if (size && Math.max(size.width, size.height) > PHOTO_MAX_EDGE_PX) throw refuse(PHOTO_TOO_LARGE_MESSAGE);
    return src;
  });
}

/**
 * The family's note quotas (src/core/contracts/quotas.ts), checked inside the writing transaction with the
 * family row locked, so two concurrent writes cannot both take the last room.
 * @param replacing the note being rewritten (its old content no longer counts), or null for a new note.
 * @param contentBytes the UTF-8 size of the content the write stores.
 * @throws HttpError 413 `NOTE_COUNT_MESSAGE` past `FAMILY_NOTES_MAX` notes (new notes only), 413
 * `FAMILY_STORAGE_MESSAGE` when the family's note content would pass `FAMILY_STORAGE_MAX_BYTES`.
 */
async function assertNoteQuota(
  tx: DbOrTx,
  familyId: number,
  replacing: number | null,
  contentBytes: number,
): Promise<void> {
  await tx.select({ id: families.id }).from(families).where(eq(families.id, familyId)).for('update');
  // octet_length of a stored text reads its size from the TOAST header: no photo is decompressed.
  const [usage] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(octet_length(${notes.content})) filter (where ${notes.id} <> ${replacing ?? 0}), 0)::bigint`,
    })
    .from(notes)
    .where(eq(notes.familyId, familyId));
  const count = usage?.count ?? 0;
  const bytes = Number(usage?.bytes ?? 0);
  if (replacing === null && count >= FAMILY_NOTES_MAX)
    throw new HttpError(413, 'payload_too_large', NOTE_COUNT_MESSAGE);
  if (bytes + contentBytes > FAMILY_STORAGE_MAX_BYTES)
    throw new HttpError(413, 'payload_too_large', FAMILY_STORAGE_MESSAGE);
}

/**
 * SPEC §7 `GET /api/notes/{id}`.
 * @throws HttpError 404 when the note does not exist in `familyId` (another family's note included).
 */
export async function getNote(ctx: ServerContext, familyId: number, noteId: number): Promise<NoteDto> {
  const [row] = await selectNotes(ctx.db).where(and(eq(notes.familyId, familyId), eq(notes.id, noteId)));
  if (!row) throw notFound();
  return toNoteDto(row.note, row.authorName);
}

/**
 * SPEC §7 `POST /api/notes`. The new note gets sort_order 0 (SPEC §3 default): a reorder numbers notes
 * from 1, so a new note shows above the ones already arranged.
 * @throws HttpError 400 when the author is not a member of the family; 413 past the family's note count or
 * storage quota (`assertNoteQuota`). Nothing is written on either.
 */
export async function createNote(
  ctx: ServerContext,
  familyId: number,
  input: z.output<typeof noteSchema>,
): Promise<NoteDto> {
  await assertAuthorInFamily(ctx.db, familyId, input.family_member_id);
  const content = storedContent(input.content, null);
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    await assertNoteQuota(tx, familyId, null, Buffer.byteLength(content, 'utf8'));
    const [row] = await tx
      .insert(notes)
      .values({
        familyId,
        title: input.title,
        content,
        familyMemberId: input.family_member_id,
        category: input.category,
        pinned: input.pinned,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: notes.id });
    if (!row) throw new Error('note insert returned no row');
    return row.id;
  });
  return getNote(ctx, familyId, id);
}

/**
 * SPEC §7 `PATCH /api/notes/{id}`: changes the fields present in `input`.
 * @throws HttpError 404 when the note is not the family's; 400 when a new author is not a family member;
 * 413 when new content would pass the family's storage quota. Nothing is written on any.
 */
export async function updateNote(
  ctx: ServerContext,
  familyId: number,
  noteId: number,
  input: z.output<typeof noteUpdateSchema>,
): Promise<NoteDto> {
  const [existing] = await ctx.db
    .select()
    .from(notes)
    .where(and(eq(notes.familyId, familyId), eq(notes.id, noteId)));
  if (!existing) throw notFound();
  if (input.family_member_id !== undefined)
    await assertAuthorInFamily(ctx.db, familyId, input.family_member_id);
  const content = input.content === undefined ? undefined : storedContent(input.content, existing);
  await ctx.db.transaction(async (tx) => {
    if (content !== undefined)
      await assertNoteQuota(tx, familyId, noteId, Buffer.byteLength(content, 'utf8'));
    await tx
      .update(notes)
      .set({
        title: input.title,
        content,
        familyMemberId: input.family_member_id,
        category: input.category,
        pinned: input.pinned,
        updatedAt: ctx.clock.now(),
      })
      .where(and(eq(notes.familyId, familyId), eq(notes.id, noteId)));
  });
  return getNote(ctx, familyId, noteId);
}

export const ITEM_GONE_MESSAGE =
  'This item is no longer on the list: it was changed or removed on another device.';

/**
 * Rewrites one note's content inside a transaction that holds the note's row lock (`FOR UPDATE`), so two
 * devices' checklist changes to one note run one after the other, each on the other's result: none is lost.
 * `change` gets the stored content and answers the new content (unchanged: nothing is written, no live
 * change is published) and the reply.
 * @throws HttpError 404 when the note is not the family's; whatever `change` throws (nothing is written).
 */
async function rewriteContent<T>(
  ctx: ServerContext,
  familyId: number,
  noteId: number,
  change: (content: string) => { content: string; reply: T },
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ content: notes.content })
      .from(notes)
      .where(and(eq(notes.familyId, familyId), eq(notes.id, noteId)))
      .for('update');
    if (!row) throw notFound();
    const next = change(row.content);
    if (next.content !== row.content) {
      await tx
        .update(notes)
        .set({ content: next.content, updatedAt: ctx.clock.now() })
        .where(and(eq(notes.familyId, familyId), eq(notes.id, noteId)));
    }
    return next.reply;
  });
}

/**
 * `POST /api/notes/{id}/checklist/tick` (issue 45 item 1, ADR 050): sets one checklist item's box to
 * `input.ticked` in the stored content (`setItemTicked`: found by its words, the line a hint), changing that
 * line only. Idempotent: an item already as asked is left as it is.
 * @throws HttpError 404 when the note is not the family's; 409 `ITEM_GONE_MESSAGE` when no checklist item of
 * the note has those words (removed, renamed or cleared meanwhile). Nothing is written on either.
 */
export async function tickNoteItem(
  ctx: ServerContext,
  familyId: number,
  noteId: number,
  input: z.output<typeof noteTickSchema>,
): Promise<NoteTickReplyDto> {
  return rewriteContent(ctx, familyId, noteId, (content) => {
    const result = setItemTicked(content, input);
    if (result === null) throw conflict(ITEM_GONE_MESSAGE);
    return { content: result.content, reply: { line: result.line, ticked: input.ticked } };
  });
}

/**
 * `POST /api/notes/{id}/checklist/clear` (issue 45 item 1, "Clear ticked items"): removes the checklist
 * items ticked at the moment it runs (`clearTickedItems`); every other line stays. An item another device
 * unticked first stays; one it ticked first goes.
 * @throws HttpError 404 when the note is not the family's (nothing is written).
 */
export async function clearTickedNoteItems(
  ctx: ServerContext,
  familyId: number,
  noteId: number,
): Promise<NoteClearTickedReplyDto> {
  return rewriteContent(ctx, familyId, noteId, (content) => {
    const { content: next, removed } = clearTickedItems(content);
    return { content: next, reply: { removed } };
  });
}

/**
 * SPEC §7 `DELETE /api/notes/{id}`; the note is kept for its Undo (`recordUndo`, ADR 051) in the same
 * transaction. @returns the undo id for the reply.
 * @throws HttpError 404 when the note is not the family's (nothing is deleted).
 */
export async function deleteNote(ctx: ServerContext, familyId: number, noteId: number): Promise<string> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const rows = await jsonRows(tx, 'notes', familyId, eq(notes.id, noteId));
    const deleted = await tx
      .delete(notes)
      .where(and(eq(notes.familyId, familyId), eq(notes.id, noteId)))
      .returning({ id: notes.id });
    if (deleted.length === 0) throw notFound();
    return recordUndo(tx, familyId, 'note', { id: noteId, removed: { notes: rows }, changed: [] }, now);
  });
}

/**
 * SPEC §7 `POST /api/notes/reorder`: sets sort_order to 1, 2, 3… in the order of `noteIds`, in one
 * transaction, with the family's notes locked so a concurrent create or reorder cannot interleave.
 * @throws HttpError 404 when an id is not one of the family's notes (another family's or unknown);
 * 400 when the list leaves out a note of the family. Nothing changes on either.
 */
export async function reorderNotes(
  ctx: ServerContext,
  familyId: number,
  input: z.output<typeof noteReorderSchema>,
): Promise<void> {
  const { noteIds } = input;
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: notes.id })
      .from(notes)
      .where(eq(notes.familyId, familyId))
      .for('update');
    const owned = new Set(rows.map((r) => r.id));
    if (noteIds.some((id) => !owned.has(id))) throw notFound();
    if (noteIds.length !== owned.size) {
      throw badRequest(REORDER_INCOMPLETE_MESSAGE, { noteIds: REORDER_INCOMPLETE_MESSAGE });
    }
    if (noteIds.length === 0) return;
    // One UPDATE with a CASE: every row changes in the same statement, or none does.
    const cases = sql.join(
      noteIds.map((id, index) => sql`when ${id}::integer then ${index + 1}::integer`),
      sql` `,
    );
    await tx
      .update(notes)
      .set({ sortOrder: sql`case ${notes.id} ${cases} end` })
      .where(eq(notes.familyId, familyId));
  });
}
