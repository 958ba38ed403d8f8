import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  acceptInvitationSchema,
  inviteSchema,
  memberCreateSchema,
  memberPatchSchema,
  phoneCodeSchema,
} from '../../core/contracts/members.ts';
import { requireAuth } from '../http/auth-context.ts';
import type { ServerContext } from '../context.ts';
import { httpErrorBody, parseInput } from '../http/errors.ts';
import { pathId } from '../http/path-params.ts';
import { providersFromConfig } from '../notifications/providers/from-config.ts';
import { rateLimited } from '../http/rate-limit.ts';
import {
  acceptInvitation,
  cancelInvitation,
  invite,
  listInvitations,
  resendInvitation,
  validateInvitation,
} from './invitations.ts';
import { confirmPhoneCode, sendPhoneCode } from './phone-verification.ts';
import { familyPlan } from './plan.ts';
import {
  createMember,
  deleteMember,
  listMembers,
  memberDtoOf,
  transferOwnership,
  updateMember,
} from './service.ts';

/** Invitation e-mails one family may send per hour (invites and resends together). */
const INVITATION_SENDS_PER_HOUR = 20;

function pathToken(request: FastifyRequest): string {
  const raw = (request.params as { token?: unknown }).token;
  return typeof raw === 'string' ? raw : '';
}

/**
 * SPEC §7 members and invitations calls under `/api/family-members`. The validate and accept calls are for
 * signed-out visitors holding a link; all others need a session and act on the session's family only.
 */
export function registerMembersRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const limitInvitationSends = rateLimited(
    app,
    [
      {
        name: 'invitations:family',
        max: INVITATION_SENDS_PER_HOUR,
        windowMs: 60 * 60_000,
        key: (request) => String(request.auth?.familyId ?? request.ip),
      },
    ],
    'Too many invitations sent. Please wait a while and try again.',
  );
  // Tokens carry 256 bits, so guessing is hopeless; the limit keeps scanners from loading the database.
  const limitTokenUse = rateLimited(
    app,
    [
      {
        name: 'invitations:token:ip',
        max: ctx.config.AUTH_RATE_LIMIT_PER_MINUTE * 3,
        windowMs: 60_000,
        key: (r) => r.ip,
      },
    ],
    'Too many attempts. Please wait a minute and try again.',
  );

  app.get('/api/family-members', async (request) => {
    const { familyId, userId } = requireAuth(request);
    return listMembers(ctx, familyId, userId);
  });

  // Issue 46: the member count against the plan, so the screen says the family is full before a form opens.
  app.get('/api/family-members/plan', async (request) => {
    const { familyId } = requireAuth(request);
    return familyPlan(ctx.db, familyId);
  });

  app.post('/api/family-members', async (request, reply) => {
    const { familyId } = requireAuth(request);
    const input = parseInput(memberCreateSchema, request.body);
    return reply.status(201).send(await createMember(ctx, familyId, input));
  });

  app.patch('/api/family-members/:id', async (request) => {
    const { familyId, userId } = requireAuth(request);
    const id = pathId(request.params);
    const input = parseInput(memberPatchSchema, request.body);
    return updateMember(ctx, familyId, userId, id, input);
  });

  // Issue 21: the owner hands the family to another parent with a login; answers the updated member list.
  app.post('/api/family-members/:id/make-owner', async (request) => {
    const { familyId, userId } = requireAuth(request);
    return transferOwnership(ctx, familyId, userId, pathId(request.params));
  });

  app.delete('/api/family-members/:id', async (request, reply) => {
    const { familyId, userId } = requireAuth(request);
    await deleteMember(ctx, familyId, userId, pathId(request.params));
    return reply.status(204).send();
  });

  // Issue 20: the code is texted by this process's own Twilio client (never through the outbox, so the code is
  // never stored readable); the per-member hourly limit is in the service, this one stops a family from
  // texting many numbers.
  const sms = providersFromConfig(ctx.config, app.log).sms;
  app.addHook('onClose', async () => sms.close());
  const limitCodeSends = rateLimited(
    app,
    [
      {
        name: 'phone-codes:family',
        max: 10,
        windowMs: 60 * 60_000,
        key: (request) => String(request.auth?.familyId ?? request.ip),
      },
    ],
    'Too many codes sent. Please wait a while and try again.',
  );

  app.post('/api/family-members/:id/phone-verification', { preHandler: limitCodeSends }, async (request) => {
    const { familyId, userId } = requireAuth(request);
    const id = pathId(request.params);
    return sendPhoneCode(ctx, sms, familyId, userId, id, (tx, row) =>
      memberDtoOf(ctx, tx, familyId, userId, row),
    );
  });

  app.post('/api/family-members/:id/phone-verification/confirm', async (request, reply) => {
    const { familyId, userId } = requireAuth(request);
    const id = pathId(request.params);
    const { code } = parseInput(phoneCodeSchema, request.body);
    const outcome = await confirmPhoneCode(ctx, familyId, userId, id, code, (tx, row) =>
      memberDtoOf(ctx, tx, familyId, userId, row),
    );
    // Answered, not thrown: a wrong code's attempt count must commit with the answer.
    if ('error' in outcome) return reply.status(outcome.error.statusCode).send(httpErrorBody(outcome.error));
    return outcome.member;
  });

  app.get('/api/family-members/invitations', async (request) => {
    const { familyId } = requireAuth(request);
    return listInvitations(ctx, familyId);
  });

  app.post('/api/family-members/invite', { preHandler: limitInvitationSends }, async (request, reply) => {
    const { familyId, userId } = requireAuth(request);
    const input = parseInput(inviteSchema, request.body);
    return reply.status(201).send(await invite(ctx, familyId, userId, input));
  });

  app.post(
    '/api/family-members/invitations/:id/resend',
    { preHandler: limitInvitationSends },
    async (request) => {
      const { familyId, userId } = requireAuth(request);
      return resendInvitation(ctx, familyId, userId, pathId(request.params));
    },
  );

  app.delete('/api/family-members/invitations/:id', async (request, reply) => {
    const { familyId } = requireAuth(request);
    // The undo id is a body field (ADR 051): the reply was 204 without a body.
    const undoId = await cancelInvitation(ctx, familyId, pathId(request.params));
    return reply.status(200).send({ ok: true, undo_id: undoId });
  });

  app.get(
    '/api/family-members/invitations/validate/:token',
    { preHandler: limitTokenUse, config: { systemScope: 'invitation-token' } },
    async (request, reply) => {
      // The reply names a person and an e-mail: keep it out of shared caches.
      reply.header('Cache-Control', 'no-store');
      return validateInvitation(ctx, pathToken(request));
    },
  );

  app.post(
    '/api/family-members/invitations/:token/accept',
    { preHandler: limitTokenUse, config: { systemScope: 'invitation-token' } },
    async (request, reply) => {
      const input = parseInput(acceptInvitationSchema, request.body);
      await acceptInvitation(ctx, pathToken(request), input);
      return reply.status(201).send({ ok: true });
    },
  );
}
