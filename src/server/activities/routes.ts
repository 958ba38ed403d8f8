import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  activityProposalDtoSchema,
  createActivitySchema,
  updateActivitySchema,
} from '../../core/contracts/activities.ts';
import type { UndoableDeleteReply } from '../../core/contracts/replies.ts';
import type { ServerContext } from '../context.ts';
import { sendCappedList } from '../http/capped-list.ts';
import { route } from '../http/route.ts';
import { idParams, OK_UNDO } from '../http/route-contract.ts';
import { createProposal, deleteProposal, getProposal, listProposals, updateProposal } from './service.ts';

/**
 * SPEC §7 activity-proposal calls: list, fetch, create, update (form fields or Accept / Decline), delete.
 * Every call needs a session and sees only the session's family.
 */
export function registerActivitiesRoutes(app: FastifyInstance, ctx: ServerContext): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/activity-proposals',
      summary:
        'The family’s activity requests, each with only the start of its description and notes (ADR 046).',
      auth: 'session',
      responses: {
        200: {
          description:
            '`ActivityProposalDto[]` by due date: `description` and `notes` are their first 12 lines within 1 KiB, `description_truncated` and `notes_truncated` say whether they hold more (`GET /api/activity-proposals/{id}` answers all). At most 1,000 requests (`PROPOSALS_LIST_MAX`: the pending ones nearest due first, then the answered ones most recently answered; `X-List-Truncated: true` says more were left out): the reply is at most 6,145,001 bytes (5.9 MiB, `PROPOSALS_LIST_MAX_BYTES`).',
          schema: z.array(activityProposalDtoSchema),
        },
      },
    },
    async ({ auth }, _request, reply) => sendCappedList(reply, await listProposals(ctx, auth.familyId)),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/activity-proposals/:id',
      summary: 'One activity request.',
      auth: 'session',
      params: idParams,
      responses: { 200: { description: '`ActivityProposalDto`.', schema: activityProposalDtoSchema } },
    },
    async ({ auth, id }) => getProposal(ctx, auth.familyId, id),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/activity-proposals',
      summary: 'Create an activity request.',
      auth: 'session',
      body: createActivitySchema,
      responses: { 201: { description: '`ActivityProposalDto`.', schema: activityProposalDtoSchema } },
    },
    async ({ auth, body }, _request, reply) =>
      reply.status(201).send(await createProposal(ctx, auth.familyId, body)),
  );

  route(
    app,
    {
      method: 'PATCH',
      url: '/api/activity-proposals/:id',
      summary: 'Edit an activity request, or accept / decline it.',
      auth: 'session',
      params: idParams,
      body: updateActivitySchema,
      responses: { 200: { description: '`ActivityProposalDto`.', schema: activityProposalDtoSchema } },
      errors: { 409: 'Only a pending request can be accepted or declined.' },
    },
    async ({ auth, id, body }) => updateProposal(ctx, auth.familyId, id, body),
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/activity-proposals/:id',
      summary: 'Delete an activity request.',
      auth: 'session',
      params: idParams,
      responses: { 200: OK_UNDO },
    },
    async ({ auth, id }): Promise<UndoableDeleteReply> => ({
      ok: true,
      undo_id: await deleteProposal(ctx, auth.familyId, id),
    }),
  );
}
