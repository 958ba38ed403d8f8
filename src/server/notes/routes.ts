import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  noteReorderSchema,
  noteSchema,
  noteTickSchema,
  noteUpdateSchema,
} from '../../core/contracts/notes.ts';
import { NOTE_CONTENT_MAX_BYTES, NOTE_TOO_LARGE_MESSAGE } from '../../core/contracts/quotas.ts';
import { requireAuth } from '../http/auth-context.ts';
import type { ServerContext } from '../context.ts';
import { HttpError, notFound, parseInput } from '../http/errors.ts';
import { pathId } from '../http/path-params.ts';
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

  app.get('/api/notes', async (request) => {
    const { familyId } = requireAuth(request);
    return listNotes(ctx, familyId);
  });

  app.get('/api/notes/:id', async (request, reply) => {
    const { familyId } = requireAuth(request);
    // SPEC §7: a plain fetch, never served from a cache.
    reply.header('Cache-Control', 'no-store');
    return getNote(ctx, familyId, pathId(request.params));
  });

  app.get('/api/notes/:id/photos/:index', async (request, reply) => {
    const { familyId } = requireAuth(request);
    const photo = await getNotePhoto(ctx, familyId, pathId(request.params), photoIndexParam(request));
    // The list names each photo with the note's version (`?v=`), so one path is always the same bytes.
    return reply
      .header('Content-Type', photo.mimeType)
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .send(photo.bytes);
  });

  app.post('/api/notes', contentRoute, async (request, reply) => {
    const { familyId } = requireAuth(request);
    assertContentSize(request.body);
    const input = parseInput(noteSchema, request.body);
    return reply.status(201).send(await createNote(ctx, familyId, input));
  });

  app.patch('/api/notes/:id', contentRoute, async (request) => {
    const { familyId } = requireAuth(request);
    const noteId = pathId(request.params);
    assertContentSize(request.body);
    const input = parseInput(noteUpdateSchema, request.body);
    return updateNote(ctx, familyId, noteId, input);
  });

  app.delete('/api/notes/:id', async (request) => {
    const { familyId } = requireAuth(request);
    const undoId = await deleteNote(ctx, familyId, pathId(request.params));
    return { ok: true, undo_id: undoId };
  });

  app.post('/api/notes/:id/checklist/tick', async (request) => {
    const { familyId } = requireAuth(request);
    const noteId = pathId(request.params);
    const input = parseInput(noteTickSchema, request.body);
    return tickNoteItem(ctx, familyId, noteId, input);
  });

  app.post('/api/notes/:id/checklist/clear', async (request) => {
    const { familyId } = requireAuth(request);
    return clearTickedNoteItems(ctx, familyId, pathId(request.params));
  });

  app.post('/api/notes/reorder', async (request) => {
    const { familyId } = requireAuth(request);
    const input = parseInput(noteReorderSchema, request.body);
    await reorderNotes(ctx, familyId, input);
    return { ok: true };
  });
}
