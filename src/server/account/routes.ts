import type { FastifyInstance } from 'fastify';
import {
  addPasskeySchema,
  changeEmailSchema,
  changePasswordSchema,
  createAppPasswordSchema,
  reauthSchema,
} from '../../core/contracts/account.ts';
import { confirmEmailSchema } from '../../core/contracts/auth.ts';
import { CHALLENGE_COOKIE, CHALLENGE_TTL_MINUTES } from '../auth/challenges.ts';
import { requireAuth } from '../http/auth-context.ts';
import type { ServerContext } from '../context.ts';
import { parseInput } from '../http/errors.ts';
import { pathId } from '../http/path-params.ts';
import { rateLimited } from '../http/rate-limit.ts';
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

  app.get('/api/account', async (request) => accountInfo(ctx, requireAuth(request)));

  app.post('/api/account/password', { preHandler: limitPasswordChecks }, async (request) => {
    const auth = requireAuth(request);
    await changePassword(ctx, auth, parseInput(changePasswordSchema, request.body));
    return { ok: true };
  });

  app.post('/api/account/email', { preHandler: limitPasswordChecks }, async (request, reply) => {
    const auth = requireAuth(request);
    const result = await requestEmailChange(ctx, auth, parseInput(changeEmailSchema, request.body));
    return reply.status(202).send(result);
  });

  app.post(
    '/api/account/email/confirm',
    { preHandler: limitPasswordChecks, config: { systemScope: 'auth-account-email-confirm' } },
    async (request) => {
      const input = parseInput(confirmEmailSchema, request.body);
      return confirmEmailChange(ctx, input.token);
    },
  );

  app.get('/api/account/sessions', async (request) => listSessions(ctx, requireAuth(request)));

  app.delete<{ Params: { id: string } }>('/api/account/sessions/:id', async (request, reply) => {
    const auth = requireAuth(request);
    await endSession(ctx, auth, request.params.id);
    return reply.status(204).send();
  });

  app.post('/api/account/sessions/sign-out-others', async (request) =>
    endOtherSessions(ctx, requireAuth(request)),
  );

  app.post('/api/account/passkeys/options', { preHandler: limitPasswordChecks }, async (request, reply) => {
    const auth = requireAuth(request);
    const input = parseInput(reauthSchema, request.body);
    const { options, step } = await passkeyRegistrationOptions(ctx, auth, input.current_password);
    reply.setCookie(CHALLENGE_COOKIE, step, {
      path: '/api',
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie,
      maxAge: CHALLENGE_TTL_MINUTES * 60,
    });
    return options;
  });

  app.post('/api/account/passkeys', async (request, reply) => {
    const auth = requireAuth(request);
    const input = parseInput(addPasskeySchema, request.body);
    const result = await addPasskey(ctx, auth, request.cookies[CHALLENGE_COOKIE], input);
    reply.clearCookie(CHALLENGE_COOKIE, { path: '/api' });
    return reply.status(201).send(result);
  });

  app.delete<{ Params: { id: string } }>(
    '/api/account/passkeys/:id',
    { preHandler: limitPasswordChecks },
    async (request, reply) => {
      const auth = requireAuth(request);
      const id = pathId(request.params);
      const input = parseInput(reauthSchema, request.body);
      await removePasskey(ctx, auth, id, input.current_password);
      return reply.status(204).send();
    },
  );

  app.post('/api/account/recovery-codes', { preHandler: limitPasswordChecks }, async (request) => {
    const auth = requireAuth(request);
    return newRecoveryCodes(ctx, auth, parseInput(reauthSchema, request.body).current_password);
  });

  app.get('/api/account/app-passwords', async (request) => listAppPasswords(ctx, requireAuth(request)));

  app.post('/api/account/app-passwords', async (request, reply) => {
    const auth = requireAuth(request);
    const input = parseInput(createAppPasswordSchema, request.body);
    return reply.status(201).send(await createAppPassword(ctx, auth, input));
  });

  app.delete('/api/account/app-passwords/:id', async (request, reply) => {
    const auth = requireAuth(request);
    await revokeAppPassword(ctx, auth, pathId(request.params));
    return reply.status(204).send();
  });
}
