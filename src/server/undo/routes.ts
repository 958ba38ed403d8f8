import type { FastifyInstance } from 'fastify';
import { UNDO_NOT_FOUND_MESSAGE, undoParamsSchema, undoResultSchema } from '../../core/contracts/undo.ts';
import type { ServerContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { undoDelete } from './service.ts';

/**
 * Issue 45 item 4, ADR 051: `POST /api/undo/{id}` with the `undo_id` of a delete's reply (events, tasks, notes,
 * activity proposals, invitations) puts back what it deleted. Needs a session; sees only the session's family.
 */
export function registerUndoRoutes(app: FastifyInstance, ctx: ServerContext): void {
  route(
    app,
    {
      method: 'POST',
      url: '/api/undo/:id',
      summary:
        'Undo a delete (ADR 051): what an event, task, note, activity-request or invitation delete removed comes back with its ids, its series’ RRULE and occurrence edits, its tasks; reminders are planned again.',
      auth: 'session',
      params: undoParamsSchema,
      responses: {
        200: {
          description:
            '`{ ok: true, kind, id }`: `event`, `task`, `note`, `activity` or `invitation`, and its id.',
          schema: undoResultSchema,
        },
      },
      errors: {
        404: 'No such undo id in your family (unknown, another family’s, or pruned).',
        409: 'What the delete changed was changed since, a member it names was removed, the e-mail of an invitation was invited again, or a plan limit (members, events a month) would be passed.',
        410: 'Its 60 seconds passed, or it was undone already.',
      },
    },
    async ({ auth }, request) => {
      // An id that is not a UUID names no entry: 404, as an unknown one.
      const parsed = undoParamsSchema.safeParse(request.params);
      if (!parsed.success) throw notFound(UNDO_NOT_FOUND_MESSAGE);
      return undoDelete(ctx, auth.familyId, parsed.data.id);
    },
  );
}
