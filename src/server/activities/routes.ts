import type { FastifyInstance } from 'fastify';
import { createActivitySchema, updateActivitySchema } from '../../core/contracts/activities.ts';
import { requireAuth } from '../http/auth-context.ts';
import type { ServerContext } from '../context.ts';
import { sendCappedList } from '../http/capped-list.ts';
import { parseInput } from '../http/errors.ts';
import { pathId } from '../http/path-params.ts';
import { createProposal, deleteProposal, getProposal, listProposals, updateProposal } from './service.ts';

/**
 * SPEC §7 activity-proposal calls: list, fetch, create, update (form fields or Accept / Decline), delete.
 * Every call needs a session and sees only the session's family.
 */
export function registerActivitiesRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/api/activity-proposals', async (request, reply) => {
    const { familyId } = requireAuth(request);
    return sendCappedList(reply, await listProposals(ctx, familyId));
  });

  app.get('/api/activity-proposals/:id', async (request) => {
    const { familyId } = requireAuth(request);
    return getProposal(ctx, familyId, pathId(request.params));
  });

  app.post('/api/activity-proposals', async (request, reply) => {
    const { familyId } = requireAuth(request);
    const input = parseInput(createActivitySchema, request.body);
    return reply.status(201).send(await createProposal(ctx, familyId, input));
  });

  app.patch('/api/activity-proposals/:id', async (request) => {
    const { familyId } = requireAuth(request);
    const proposalId = pathId(request.params);
    const input = parseInput(updateActivitySchema, request.body);
    return updateProposal(ctx, familyId, proposalId, input);
  });

  app.delete('/api/activity-proposals/:id', async (request) => {
    const { familyId } = requireAuth(request);
    const undoId = await deleteProposal(ctx, familyId, pathId(request.params));
    return { ok: true, undo_id: undoId };
  });
}
