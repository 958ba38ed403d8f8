import type { FastifyInstance } from 'fastify';
import { UNDO_NOT_FOUND_MESSAGE, undoParamsSchema } from '../../core/contracts/undo.ts';
import { requireAuth } from '../http/auth-context.ts';
import type { ServerContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { undoDelete } from './service.ts';

/**
 * Issue 45 item 4, ADR 051: `POST /api/undo/{id}` with the `undo_id` of a delete's reply (events, tasks, notes,
 * activity proposals, invitations) puts back what it deleted. Needs a session; sees only the session's family.
 */
export function registerUndoRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/api/undo/:id', async (request) => {
    const { familyId } = requireAuth(request);
    // An id that is not a UUID names no entry: 404, as an unknown one.
    const parsed = undoParamsSchema.safeParse(request.params);
    if (!parsed.success) throw notFound(UNDO_NOT_FOUND_MESSAGE);
    return undoDelete(ctx, familyId, parsed.data.id);
  });
}
