import type { FastifyInstance, FastifyReply } from 'fastify';
import { loginSchema, registerSchema } from '../../core/contracts/auth.ts';
import { requireAuth } from '../http/auth-context.ts';
import type { ServerContext } from '../http/context.ts';
import { parseInput } from '../http/errors.ts';
import { rateLimited } from '../http/rate-limit.ts';
import { login, register, sessionInfo, sessionPolicy } from './service.ts';
import { destroySession, resolveSession, SESSION_COOKIE } from './sessions.ts';

/**
 * SPEC §7 auth calls: register, login, logout, session. Also installs the hook that resolves the session
 * cookie into `request.auth` for every route.
 */
export function registerAuthRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const secureCookie = ctx.config.PUBLIC_URL.startsWith('https:');

  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const rawId = request.cookies[SESSION_COOKIE];
    request.auth = rawId ? await resolveSession(ctx.db, rawId, sessionPolicy(ctx), ctx.clock.now()) : null;
  });

  function setSessionCookie(reply: FastifyReply, rawId: string) {
    reply.setCookie(SESSION_COOKIE, rawId, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie,
      maxAge: ctx.config.SESSION_ABSOLUTE_MINUTES * 60,
    });
  }

  const limitAttempts = rateLimited(
    app,
    [
      {
        name: 'auth:ip',
        max: ctx.config.AUTH_RATE_LIMIT_PER_MINUTE,
        windowMs: 60_000,
        key: (request) => request.ip,
      },
      // Per account too, so that many addresses cannot guess one family's password together.
      {
        name: 'auth:account',
        max: ctx.config.AUTH_RATE_LIMIT_PER_MINUTE,
        windowMs: 60_000,
        key: (request) => {
          const email = (request.body as { email?: unknown } | null | undefined)?.email;
          return typeof email === 'string' ? email.trim().toLowerCase() : '';
        },
      },
    ],
    'Too many attempts. Please wait a minute and try again.',
  );

  app.post(
    '/api/auth/register',
    { preHandler: limitAttempts, config: { crossFamily: true } },
    async (request, reply) => {
      const input = parseInput(registerSchema, request.body);
      const rawId = await register(ctx, input);
      if (request.auth) await destroySession(ctx.db, request.auth.sid);
      setSessionCookie(reply, rawId);
      return reply.status(201).send({ ok: true });
    },
  );

  app.post(
    '/api/auth/login',
    { preHandler: limitAttempts, config: { crossFamily: true } },
    async (request, reply) => {
      const input = parseInput(loginSchema, request.body);
      const rawId = await login(ctx, input);
      if (request.auth) await destroySession(ctx.db, request.auth.sid);
      setSessionCookie(reply, rawId);
      return { ok: true };
    },
  );

  app.post('/api/auth/logout', async (request, reply) => {
    if (request.auth) await destroySession(ctx.db, request.auth.sid);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
  });

  app.get('/api/auth/session', async (request) => {
    const auth = requireAuth(request);
    return sessionInfo(ctx, auth.userId);
  });
}
