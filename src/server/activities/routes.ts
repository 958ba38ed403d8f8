import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createActivitySchema, updateActivitySchema } from '../../core/contracts/activities.ts';
import { requireAuth } from '../http/auth-context.ts';
import type { ServerContext } from '../http/context.ts';
import { notFound, parseInput } from '../http/errors.ts';
import { createProposal, deleteProposal, getProposal, listProposals, updateProposal } from './service.ts';

/** A path id: a positive 32-bit integer, else the proposal cannot exist (404, like another family's id). */
function proposalIdParam(request: FastifyRequest): number {
  const raw = (request.params as { id?: unknown }).id; // Fastify types params as unknown without a schema
  const id = typeof raw === 'string' && /^[0-9]{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
  return id;
}

/**
 * SPEC §7 activity-proposal calls: list, fetch, create, update (form fields or Accept / Decline), delete.
 * Every call needs a session and sees only the session's family.
 */
export function registerActivitiesRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/api/activity-proposals', async (request) => {
    const { familyId } = requireAuth(request);
    return listProposals(ctx, familyId);
  });

  app.get('/api/activity-proposals/:id', async (request) => {
    const { familyId } = requireAuth(request);
    return getProposal(ctx, familyId, proposalIdParam(request));
  });

  app.post('/api/activity-proposals', async (request, reply) => {
    const { familyId } = requireAuth(request);
    const input = parseInput(createActivitySchema, request.body);
    return reply.status(201).send(await createProposal(ctx, familyId, input));
  });

  app.patch('/api/activity-proposals/:id', async (request) => {
    const { familyId } = requireAuth(request);
    const proposalId = proposalIdParam(request);
    const input = parseInput(updateActivitySchema, request.body);
    return updateProposal(ctx, familyId, proposalId, input);
  });

  app.delete('/api/activity-proposals/:id', async (request) => {
    const { familyId } = requireAuth(request);
    await deleteProposal(ctx, familyId, proposalIdParam(request));
    return { ok: true };
  });
}
