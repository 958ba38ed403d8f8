import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  noteClearTickedReplySchema,
  noteDtoSchema,
  noteListItemDtoSchema,
  noteReorderSchema,
  noteSchema,
  noteTickReplySchema,
  noteTickSchema,
  noteUpdateSchema,
} from '../../core/contracts/notes.ts';
import { NOTE_CONTENT_MAX_BYTES, NOTE_TOO_LARGE_MESSAGE } from '../../core/contracts/quotas.ts';
import type { OkReply, UndoableDeleteReply } from '../../core/contracts/replies.ts';
import type { ServerContext } from '../context.ts';
import { HttpError, notFound, parseInput } from '../http/errors.ts';
import { pathId } from '../http/path-params.ts';
import { route } from '../http/route.ts';
import { idParams, OK, OK_UNDO } from '../http/route-contract.ts';
import {
  clearTickedNoteItems,
  createNote,
  deleteNote,
  getNote,
  getNotePhoto,
  listNotes,
  reorderNotes,
  tickNoteItem,
  updateNote,
} from './service.ts';

/**
 * Body limit of the routes that carry note content. The app-wide limit is 1 MiB; notes may embed photos,
 * so these routes take the content limit plus room for the other fields and JSON escaping.
 */
export const NOTE_BODY_LIMIT_BYTES = NOTE_CONTENT_MAX_BYTES + 256 * 1024;

const tooLarge = () => new HttpError(413, 'payload_too_large', NOTE_TOO_LARGE_MESSAGE);

/**
 * Refuses content over `NOTE_CONTENT_MAX_BYTES` (UTF-8) with 413 before validation, so an oversize photo
 * gets the note's own message, not a validation error.
 */
function assertContentSize(body: unknown): void {
  if (typeof body !== 'object' || body === null || !('content' in body)) return;
  const { content } = body;
  if (typeof content === 'string' && Buffer.byteLength(content, 'utf8') > NOTE_CONTENT_MAX_BYTES)
    throw tooLarge();
}

/** A photo index in a path: at most 4 digits (a 5 MB note holds far fewer photos), else no such photo (404). */
function photoIndexParam(request: FastifyRequest): number {
  const raw = (request.params as { index?: unknown }).index;
  if (typeof raw !== 'string' || !/^[0-9]{1,4}$/.test(raw)) throw notFound();
  return Number(raw);
}

/**
 * SPEC §7 notes calls: list, fetch, create, update, delete, reorder; and `GET /api/notes/{id}/photos/{index}`,
 * which serves one photo of a note (the list names photos by that path instead of inlining them, issue 20);
 * and the checklist calls (issue 45, ADR 050), which tick an item or clear the ticked ones on the stored note.
 * Every call needs a session and sees only the session's family.
 */
export function registerNotesRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const contentRoute = {
    bodyLimit: NOTE_BODY_LIMIT_BYTES,
    // Fastify refuses a body over the route limit before the handler runs; answer it with the note's own
    // message. Throwing hands the error to the app's handler, which writes the one error shape.
    errorHandler: (error: { code?: string; statusCode?: number }) => {
      // Our own 413s (the family quotas) keep their message.
      if (error instanceof HttpError) throw error;
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) throw tooLarge();
      throw error;
    },
  };

  route(
    app,
    {
      method: 'GET',
      url: '/api/notes',
      summary: 'The family’s notes, each with only the start of its content (ADR 042), photos named by path.',
      auth: 'session',
      responses: {
        200: {
          description:
            '`NoteListItemDto[]`: `content` is the note’s first 12 lines within 2 KiB, `content_truncated` says whether the note holds more (`GET /api/notes/{id}` answers all of it). At most 1,000 notes: the reply is at most 3,585,001 bytes (3.4 MiB, `NOTES_LIST_MAX_BYTES`).',
          schema: z.array(noteListItemDtoSchema),
        },
      },
    },
    async ({ auth }) => listNotes(ctx, auth.familyId),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/notes/:id',
      summary: 'One note with its whole content (never cached).',
      auth: 'session',
      params: idParams,
      responses: { 200: { description: '`NoteDto`.', schema: noteDtoSchema } },
    },
    async ({ auth, id }, _request, reply) => {
      // SPEC §7: a plain fetch, never served from a cache.
      reply.header('Cache-Control', 'no-store');
      return getNote(ctx, auth.familyId, id);
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/notes/:id/photos/:index',
      summary: 'One photo of a note (immutable: the list names it with the note’s version).',
      auth: 'session',
      params: idParams.extend({
        index: z
          .string()
          .regex(/^[0-9]{1,4}$/)
          .meta({ description: 'The photo’s place in the note, from 0.' }),
      }),
      responses: { 200: { description: 'The image bytes.', contentType: 'image/*' } },
    },
    async ({ auth }, request, reply) => {
      const photo = await getNotePhoto(ctx, auth.familyId, pathId(request.params), photoIndexParam(request));
      // The list names each photo with the note's version (`?v=`), so one path is always the same bytes.
      return reply
        .header('Content-Type', photo.mimeType)
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .send(photo.bytes);
    },
  );

  // The content's size is checked before the body is validated (a too large note answers 413, not 400).
  route(
    app,
    {
      method: 'POST',
      url: '/api/notes',
      summary: 'Create a note (content at most 5 MB, photos included).',
      auth: 'session',
      body: noteSchema,
      parsesItself: true,
      options: contentRoute,
      responses: { 201: { description: '`NoteDto`.', schema: noteDtoSchema } },
      errors: { 413: 'The note is too large, or the family’s notes or storage limit is reached.' },
    },
    async ({ auth }, request, reply) => {
      assertContentSize(request.body);
      const input = parseInput(noteSchema, request.body);
      return reply.status(201).send(await createNote(ctx, auth.familyId, input));
    },
  );

  route(
    app,
    {
      method: 'PATCH',
      url: '/api/notes/:id',
      summary: 'Edit a note.',
      auth: 'session',
      params: idParams,
      body: noteUpdateSchema,
      parsesItself: true,
      options: contentRoute,
      responses: { 200: { description: '`NoteDto`.', schema: noteDtoSchema } },
      errors: { 413: 'The note is too large, or the family’s storage limit is reached.' },
    },
    async ({ auth, id }, request) => {
      assertContentSize(request.body);
      return updateNote(ctx, auth.familyId, id, parseInput(noteUpdateSchema, request.body));
    },
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/notes/:id',
      summary: 'Delete a note.',
      auth: 'session',
      params: idParams,
      responses: { 200: OK_UNDO },
    },
    async ({ auth, id }): Promise<UndoableDeleteReply> => ({
      ok: true,
      undo_id: await deleteNote(ctx, auth.familyId, id),
    }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/notes/:id/checklist/tick',
      summary:
        'Tick or untick one checklist item (`• [x] milk` / `• [ ] eggs`, ADR 050) on the stored note: the item is found by its words, `line` picks between items with the same words. Setting, not toggling: a retry changes nothing.',
      auth: 'session',
      params: idParams,
      body: noteTickSchema,
      responses: {
        200: {
          description:
            '`NoteTickReplyDto`: `{ line, ticked }`, the item’s 0-based content line and its box now.',
          schema: noteTickReplySchema,
        },
      },
      errors: {
        409: 'No checklist item of the note has those words (removed, renamed or cleared on another device).',
      },
    },
    async ({ auth, id, body }) => tickNoteItem(ctx, auth.familyId, id, body),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/notes/:id/checklist/clear',
      summary:
        'Clear ticked items: removes the note’s ticked checklist items, every other line stays (ADR 050).',
      auth: 'session',
      params: idParams,
      responses: {
        200: {
          description: '`NoteClearTickedReplyDto`: `{ removed }`, how many items were removed.',
          schema: noteClearTickedReplySchema,
        },
      },
    },
    async ({ auth, id }) => clearTickedNoteItems(ctx, auth.familyId, id),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/notes/reorder',
      summary: 'Save the notes’ order (drag and drop).',
      auth: 'session',
      body: noteReorderSchema,
      responses: { 200: OK },
    },
    async ({ auth, body }): Promise<OkReply> => {
      await reorderNotes(ctx, auth.familyId, body);
      return { ok: true };
    },
  );
}
