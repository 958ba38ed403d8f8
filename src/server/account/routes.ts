import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  accountDtoSchema,
  addPasskeySchema,
  appPasswordSchema,
  changeEmailSchema,
  changePasswordSchema,
  confirmedEmailReplySchema,
  createdAppPasswordSchema,
  createAppPasswordSchema,
  pendingEmailReplySchema,
  reauthSchema,
  recoveryCodesReplySchema,
  sessionListItemDtoSchema,
  signOutOthersReplySchema,
} from '../../core/contracts/account.ts';
import { confirmEmailSchema } from '../../core/contracts/auth.ts';
import type { OkReply } from '../../core/contracts/replies.ts';
import { CHALLENGE_COOKIE, CHALLENGE_TTL_MINUTES } from '../auth/challenges.ts';
import type { ServerContext } from '../context.ts';
import { parseInput } from '../http/errors.ts';
import { rateLimited } from '../http/rate-limit.ts';
import { route } from '../http/route.ts';
import { idParams, NO_CONTENT, OK } from '../http/route-contract.ts';
import { createAppPassword, listAppPasswords, revokeAppPassword } from '../auth/app-passwords.ts';
import {
  accountInfo,
  addPasskey,
  changePassword,
  confirmEmailChange,
  endOtherSessions,
  endSession,
  listSessions,
  newRecoveryCodes,
  passkeyRegistrationOptions,
  removePasskey,
  requestEmailChange,
} from './service.ts';

/** A session's public id (from `GET /api/account/sessions`): opaque, not a number. */
const sessionParams = z.object({
  id: z.string().meta({ description: 'The session’s public id from the list.' }),
});

/**
 * Issue 25 Account Settings calls: the account, password and e-mail changes, the session list, passkeys and
 * recovery codes; and issue 40's app passwords for calendar apps. All act on the signed-in user's own account
 * only. The e-mail confirmation link's call is the one signed-out route here (the link may be opened anywhere).
 */
export function registerAccountRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const secureCookie = ctx.config.PUBLIC_URL.startsWith('https:');
  // Calls that check the current password: counted per account, like sign-in attempts.
  const limitPasswordChecks = rateLimited(
    app,
    [
      {
        name: 'account:user',
        max: ctx.config.AUTH_RATE_LIMIT_PER_MINUTE,
        windowMs: 60_000,
        key: (request) => String(request.auth?.userId ?? request.ip),
      },
    ],
    'Too many attempts. Please wait a minute and try again.',
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/account',
      summary: 'The account: e-mail, passkeys, recovery codes left.',
      auth: 'session',
      responses: { 200: { description: '`AccountDto`.', schema: accountDtoSchema } },
    },
    async ({ auth }) => accountInfo(ctx, auth),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/account/password',
      summary: 'Change the password (checks the current one); ends the other sessions.',
      auth: 'session',
      body: changePasswordSchema,
      options: { preHandler: limitPasswordChecks },
      responses: { 200: OK },
    },
    async ({ auth, body }): Promise<OkReply> => {
      await changePassword(ctx, auth, body);
      return { ok: true };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/account/email',
      summary: 'Ask to change the e-mail: a confirmation link goes to the new address.',
      auth: 'session',
      body: changeEmailSchema,
      options: { preHandler: limitPasswordChecks },
      responses: { 202: { description: 'The pending address.', schema: pendingEmailReplySchema } },
      errors: { 409: 'The address belongs to another account.' },
    },
    async ({ auth, body }, _request, reply) =>
      reply.status(202).send(await requestEmailChange(ctx, auth, body)),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/account/email/confirm',
      summary: 'Confirm an e-mail change with the token from the link.',
      auth: 'public',
      body: confirmEmailSchema,
      options: { preHandler: limitPasswordChecks, config: { systemScope: 'auth-account-email-confirm' } },
      responses: { 200: { description: 'The new address.', schema: confirmedEmailReplySchema } },
    },
    async ({ body }) => confirmEmailChange(ctx, body.token),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/account/sessions',
      summary: 'The account’s signed-in devices.',
      auth: 'session',
      responses: {
        200: {
          description:
            '`SessionListItemDto[]`: an account keeps at most 50 sessions (a sign-in past them ends the least recently used), 1.25 KiB each: at most 64,051 bytes (`SESSIONS_LIST_MAX_BYTES`).',
          schema: z.array(sessionListItemDtoSchema),
        },
      },
    },
    async ({ auth }) => listSessions(ctx, auth),
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/account/sessions/:id',
      summary: 'Sign one device out.',
      auth: 'session',
      params: sessionParams,
      responses: { 204: NO_CONTENT },
      errors: { 404: 'No such session of this account.' },
    },
    async ({ auth }, request, reply) => {
      // The public id is opaque (any string matches): one naming no session of the account is endSession's 404.
      await endSession(ctx, auth, parseInput(sessionParams, request.params).id);
      return reply.status(204).send();
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/account/sessions/sign-out-others',
      summary: 'Sign every other device out and revoke every app password.',
      auth: 'session',
      responses: {
        200: {
          description:
            '`{ ended, app_passwords_revoked }`: how many sessions ended and app passwords were revoked.',
          schema: signOutOthersReplySchema,
        },
      },
    },
    async ({ auth }) => endOtherSessions(ctx, auth),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/account/passkeys/options',
      summary: 'WebAuthn options to add a passkey (checks the current password).',
      auth: 'session',
      body: reauthSchema,
      options: { preHandler: limitPasswordChecks },
      responses: {
        200: { description: '`PublicKeyCredentialCreationOptionsJSON` and the registration step cookie.' },
      },
    },
    async ({ auth, body }, _request, reply) => {
      const { options, step } = await passkeyRegistrationOptions(ctx, auth, body.current_password);
      reply.setCookie(CHALLENGE_COOKIE, step, {
        path: '/api',
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookie,
        maxAge: CHALLENGE_TTL_MINUTES * 60,
      });
      return options;
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/account/passkeys',
      summary: 'Add a passkey from the browser’s attestation.',
      auth: 'session',
      body: addPasskeySchema,
      responses: { 201: { description: 'The passkey and, for the first one, new recovery codes.' } },
      errors: { 400: 'The attestation does not verify.' },
    },
    async ({ auth, body }, request, reply) => {
      const result = await addPasskey(ctx, auth, request.cookies[CHALLENGE_COOKIE], body);
      reply.clearCookie(CHALLENGE_COOKIE, { path: '/api' });
      return reply.status(201).send(result);
    },
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/account/passkeys/:id',
      summary: 'Remove a passkey (checks the current password).',
      auth: 'session',
      params: idParams,
      body: reauthSchema,
      options: { preHandler: limitPasswordChecks },
      responses: { 204: NO_CONTENT },
    },
    async ({ auth, id, body }, _request, reply) => {
      await removePasskey(ctx, auth, id, body.current_password);
      return reply.status(204).send();
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/account/recovery-codes',
      summary: 'Replace the recovery codes (checks the current password).',
      auth: 'session',
      body: reauthSchema,
      options: { preHandler: limitPasswordChecks },
      responses: { 200: { description: 'The new codes, shown once.', schema: recoveryCodesReplySchema } },
    },
    async ({ auth, body }) => newRecoveryCodes(ctx, auth, body.current_password),
  );

  // App passwords (issue 40, ADR 044): what calendar apps sign in to the CalDAV server with (HTTP Basic).
  route(
    app,
    {
      method: 'GET',
      url: '/api/account/app-passwords',
      summary: 'The account’s app passwords, oldest first (never the password).',
      auth: 'session',
      responses: {
        200: {
          description:
            '`AppPasswordDto[]`: `id`, `name`, `created_at`, `last_used_at` (null when never used; moves at most once a minute). At most 20 (`APP_PASSWORDS_PER_ACCOUNT_MAX`), 512 bytes each: at most 10,261 bytes (`APP_PASSWORDS_LIST_MAX_BYTES`).',
          schema: z.array(appPasswordSchema),
        },
      },
    },
    async ({ auth }) => listAppPasswords(ctx, auth),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/account/app-passwords',
      summary: 'Make an app password for a calendar app; the password is shown this once.',
      auth: 'session',
      body: createAppPasswordSchema,
      responses: {
        201: {
          description:
            '`CreatedAppPasswordDto`: `id`, `name`, `username` (the account’s e-mail), `password` (five dashed groups of five base32 letters), `caldav_url` (`{PUBLIC_URL}/dav/`), `created_at`.',
          schema: createdAppPasswordSchema,
        },
      },
      errors: { 400: 'A bad name, or the account already has 20 app passwords.' },
    },
    async ({ auth, body }, _request, reply) =>
      reply.status(201).send(await createAppPassword(ctx, auth, body)),
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/account/app-passwords/:id',
      summary: 'Revoke an app password: calendar apps signed in with it are refused from the next request.',
      auth: 'session',
      params: idParams,
      responses: { 204: NO_CONTENT },
      errors: { 404: 'No such app password of this account.' },
    },
    async ({ auth, id }, _request, reply) => {
      await revokeAppPassword(ctx, auth, id);
      return reply.status(204).send();
    },
  );
}
