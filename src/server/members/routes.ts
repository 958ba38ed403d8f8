import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  acceptInvitationSchema,
  familyMemberDtoSchema,
  familyPlanReplySchema,
  invitationDetailsDtoSchema,
  invitationDtoSchema,
  invitationSentDtoSchema,
  inviteSchema,
  memberCreateSchema,
  memberPatchSchema,
  phoneCodeSchema,
} from '../../core/contracts/members.ts';
import type { UndoableDeleteReply } from '../../core/contracts/replies.ts';
import type { ServerContext } from '../context.ts';
import { httpErrorBody } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { idParams, NO_CONTENT, OK, OK_UNDO, tokenParams } from '../http/route-contract.ts';
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

  route(
    app,
    {
      method: 'GET',
      url: '/api/family-members',
      summary: 'The family’s members.',
      auth: 'session',
      responses: {
        200: {
          description:
            '`FamilyMemberDto[]`: at most the plan’s members (`max_members`, 4 on the free plan) of 2 KiB each: at most 8,197 bytes on the free plan (`membersListMaxBytes`).',
          schema: z.array(familyMemberDtoSchema),
        },
      },
    },
    async ({ auth }) => listMembers(ctx, auth.familyId, auth.userId),
  );

  // Issue 46: the member count against the plan, so the screen says the family is full before a form opens.
  route(
    app,
    {
      method: 'GET',
      url: '/api/family-members/plan',
      summary:
        'The family’s plan: its member limit and the places taken (members and pending invitations), its events-a-month limit (issue 46).',
      auth: 'session',
      responses: { 200: { description: '`FamilyPlanDto`.', schema: familyPlanReplySchema } },
    },
    async ({ auth }) => familyPlan(ctx.db, auth.familyId),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/family-members',
      summary: 'Add a member (without a login).',
      auth: 'session',
      body: memberCreateSchema,
      responses: { 201: { description: '`FamilyMemberDto`.', schema: familyMemberDtoSchema } },
      errors: { 409: 'The family’s plan limit on members is reached.' },
    },
    async ({ auth, body }, _request, reply) =>
      reply.status(201).send(await createMember(ctx, auth.familyId, body)),
  );

  route(
    app,
    {
      method: 'PATCH',
      url: '/api/family-members/:id',
      summary: 'Edit a member.',
      auth: 'session',
      params: idParams,
      body: memberPatchSchema,
      responses: { 200: { description: '`FamilyMemberDto`.', schema: familyMemberDtoSchema } },
      errors: { 409: 'The family’s last parent cannot stop being one.' },
    },
    async ({ auth, id, body }) => updateMember(ctx, auth.familyId, auth.userId, id, body),
  );

  // Issue 21: the owner hands the family to another parent with a login; answers the updated member list.
  route(
    app,
    {
      method: 'POST',
      url: '/api/family-members/:id/make-owner',
      summary: 'Hand the family to another parent with a login (owner only).',
      auth: 'session',
      params: idParams,
      responses: {
        200: { description: 'The updated `FamilyMemberDto[]`.', schema: z.array(familyMemberDtoSchema) },
      },
      errors: { 403: 'Only the owner may do this.', 409: 'The member cannot own the family.' },
    },
    async ({ auth, id }) => transferOwnership(ctx, auth.familyId, auth.userId, id),
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/family-members/:id',
      summary: 'Remove a member.',
      auth: 'session',
      params: idParams,
      responses: { 204: NO_CONTENT },
      errors: { 409: 'Not yourself, the owner, or the last parent (with a login).' },
    },
    async ({ auth, id }, _request, reply) => {
      await deleteMember(ctx, auth.familyId, auth.userId, id);
      return reply.status(204).send();
    },
  );

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

  route(
    app,
    {
      method: 'POST',
      url: '/api/family-members/:id/phone-verification',
      summary: 'Text a 6-digit code to the member’s phone (issue 20).',
      auth: 'session',
      params: idParams,
      options: { preHandler: limitCodeSends },
      responses: {
        200: {
          description: 'The `FamilyMemberDto` with its verification state.',
          schema: familyMemberDtoSchema,
        },
      },
      errors: {
        400: 'The member has no phone number, or it is not a mobile number (premium-rate, toll-free, fixed-line, …).',
        403: 'Only the member or a parent may verify the number.',
        409: 'Already verified, the number texted STOP (through any profile), verified in another family, or SMS is not set up.',
        429: 'Too many codes: 3 an hour to the member, 10 an hour from the family, or 5 an hour and 10 a day to the number across all families (`Retry-After`).',
        503: 'The text could not be sent.',
      },
    },
    async ({ auth: { familyId, userId }, id }) =>
      sendPhoneCode(ctx, sms, familyId, userId, id, (tx, row) => memberDtoOf(ctx, tx, familyId, userId, row)),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/family-members/:id/phone-verification/confirm',
      summary: 'Confirm the phone number with the texted code.',
      auth: 'session',
      params: idParams,
      body: phoneCodeSchema,
      responses: { 200: { description: 'The `FamilyMemberDto`, verified.', schema: familyMemberDtoSchema } },
      errors: { 400: 'Wrong, expired or no code (message per field).', 429: 'Too many wrong codes.' },
    },
    async ({ auth: { familyId, userId }, id, body }, _request, reply) => {
      const outcome = await confirmPhoneCode(ctx, familyId, userId, id, body.code, (tx, row) =>
        memberDtoOf(ctx, tx, familyId, userId, row),
      );
      // Answered, not thrown: a wrong code's attempt count must commit with the answer.
      if ('error' in outcome)
        return reply.status(outcome.error.statusCode).send(httpErrorBody(outcome.error));
      return outcome.member;
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/family-members/invitations',
      summary: 'The family’s pending invitations.',
      auth: 'session',
      responses: {
        200: {
          description:
            '`InvitationDto[]`: invitations share the plan’s members (`max_members`) with the members, 2 KiB each: at most 8,197 bytes on the free plan (`membersListMaxBytes`).',
          schema: z.array(invitationDtoSchema),
        },
      },
    },
    async ({ auth }) => listInvitations(ctx, auth.familyId),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/family-members/invite',
      summary: 'Invite someone by e-mail.',
      auth: 'session',
      body: inviteSchema,
      options: { preHandler: limitInvitationSends },
      responses: {
        201: {
          description: '`InvitationSentDto`: the invitation and its `invitation_link`.',
          schema: invitationSentDtoSchema,
        },
      },
      errors: { 409: 'The address already has an account or an invitation.' },
    },
    async ({ auth, body }, _request, reply) =>
      reply.status(201).send(await invite(ctx, auth.familyId, auth.userId, body)),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/family-members/invitations/:id/resend',
      summary: 'Send an invitation again with a new link.',
      auth: 'session',
      params: idParams,
      options: { preHandler: limitInvitationSends },
      responses: {
        200: {
          description: '`InvitationSentDto`: the invitation and its `invitation_link`.',
          schema: invitationSentDtoSchema,
        },
      },
    },
    async ({ auth, id }) => resendInvitation(ctx, auth.familyId, auth.userId, id),
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/family-members/invitations/:id',
      summary: 'Cancel an invitation.',
      auth: 'session',
      params: idParams,
      responses: { 200: OK_UNDO },
    },
    // The undo id is a body field (ADR 051): the reply was 204 without a body.
    async ({ auth, id }): Promise<UndoableDeleteReply> => ({
      ok: true,
      undo_id: await cancelInvitation(ctx, auth.familyId, id),
    }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/family-members/invitations/validate/:token',
      summary: 'What an invitation link offers (family, name, e-mail).',
      auth: 'token',
      params: tokenParams,
      options: { preHandler: limitTokenUse, config: { systemScope: 'invitation-token' } },
      responses: { 200: { description: '`InvitationDetailsDto`.', schema: invitationDetailsDtoSchema } },
      errors: { 404: 'The link is unknown, used, cancelled or expired.' },
    },
    async (_input, request, reply) => {
      // The reply names a person and an e-mail: keep it out of shared caches.
      reply.header('Cache-Control', 'no-store');
      return validateInvitation(ctx, pathToken(request));
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/family-members/invitations/:token/accept',
      summary: 'Accept an invitation: creates the login.',
      auth: 'token',
      params: tokenParams,
      body: acceptInvitationSchema,
      options: { preHandler: limitTokenUse, config: { systemScope: 'invitation-token' } },
      responses: { 201: OK },
      errors: { 404: 'The link is unknown, used, cancelled or expired.' },
    },
    async ({ body }, request, reply) => {
      await acceptInvitation(ctx, pathToken(request), body);
      return reply.status(201).send({ ok: true });
    },
  );
}
