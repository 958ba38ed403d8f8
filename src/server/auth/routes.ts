import { createHmac, timingSafeEqual } from 'node:crypto';
import { withSystemScope } from '../db/scope.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  forgotPasswordSchema,
  loginSchema,
  passkeyAssertionSchema,
  recoveryCodeSchema,
  registerSchema,
  resetPasswordSchema,
  loginReplySchema,
  sessionReplySchema,
  type LoginReply,
} from '../../core/contracts/auth.ts';
import { okReplySchema, type OkReply } from '../../core/contracts/replies.ts';
import { SIGNED_IN_COOKIE } from '../../core/contracts/signed-in-cookie.ts';
import { openRequestScope } from '../http/family-scope.ts';
import type { ServerContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { rateLimited } from '../http/rate-limit.ts';
import { route } from '../http/route.ts';
import { OK, type ResponseContract } from '../http/route-contract.ts';
import { linkSecret } from '../notifications/link-tokens.ts';
import { CHALLENGE_COOKIE, CHALLENGE_TTL_MINUTES } from './challenges.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import {
  completeWithPasskey,
  completeWithRecoveryCode,
  passkeySignin,
  passkeySigninOptions,
  secondFactorOptions,
} from './second-factor.ts';
import { login, register, sessionInfo, sessionPolicy } from './service.ts';
import { SignInDelays, signInDelayMessage } from './sign-in-delays.ts';
import { SIGN_IN_LIMIT_MESSAGE, SIGN_IN_LIMIT_WINDOW_MS, signInLimits } from './sign-in-limits.ts';
import {
  destroySession,
  openSessionStatement,
  resolveSession,
  SESSION_COOKIE,
  sessionOf,
} from './sessions.ts';

/** The cookie marking a browser that signed in to an address (issue 42; see `setResetDeviceCookie`). */
export const RESET_DEVICE_COOKIE = 'fh_reset_device';
/** How long the owner-device cookie lasts, in days. */
const RESET_DEVICE_COOKIE_DAYS = 365;

/**
 * The least time `POST /api/auth/forgot-password` takes, in milliseconds, known e-mail or not: the work for a
 * known one (a token, an outbox row) hides under it, so the answer's timing tells nothing (issue 25).
 */
export const FORGOT_PASSWORD_MIN_MS = 350;

/** Runs `work`, then waits until `ms` have passed since the start (real time, not the app clock). */
async function takingAtLeast<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const left = ms - (performance.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  return result;
}

/** The e-mail a sign-in or registration body names (trimmed, lowercased; '' when there is none). */
function emailOf(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/** The reply of a completed sign-in step. */
const SIGNED_IN: ResponseContract = {
  description: '`{ ok: true }` and the session cookie.',
  schema: okReplySchema,
};

/** The User-Agent header, for the session list (absent: undefined). */
export function userAgentOf(request: FastifyRequest): string | undefined {
  const header = request.headers['user-agent'];
  return typeof header === 'string' && header !== '' ? header : undefined;
}

/**
 * SPEC §7 auth calls: register, login, logout, session; and issue 25's forgot/reset password and the second
 * step of sign-in (passkey or recovery code) and passkey sign-in. Also installs the hook that resolves the
 * session cookie into `request.auth` for every route.
 */
export function registerAuthRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const secureCookie = ctx.config.PUBLIC_URL.startsWith('https:');

  app.decorateRequest('auth', null);
  // In preValidation (after the body is read, so a slow upload holds no connection): a family route's session
  // lookup opens its transaction in the same round trip (ADR 011); other routes look the session up on its own.
  app.addHook('preValidation', async (request, reply) => {
    const rawId = request.cookies[SESSION_COOKIE];
    const statement = rawId ? openSessionStatement(rawId, sessionPolicy(ctx), ctx.clock.now()) : null;
    if (!rawId || statement === null) {
      request.auth = null;
      return;
    }
    const rows = await openRequestScope(request, reply, ctx.db, statement);
    // The one cross-family read every other request makes: which family does this cookie belong to?
    request.auth = rows
      ? sessionOf(rows[0], rawId)
      : await withSystemScope(ctx.db, 'session-lookup', () =>
          resolveSession(ctx.db, rawId, sessionPolicy(ctx), ctx.clock.now()),
        );
  });

  /** What the session cookie and the signed-in cookie share: the whole site, same-site, the session's lifetime. */
  const sessionLifetime = {
    path: '/',
    sameSite: 'lax',
    secure: secureCookie,
    maxAge: ctx.config.SESSION_ABSOLUTE_MINUTES * 60,
  } as const;

  function setSessionCookie(reply: FastifyReply, rawId: string) {
    reply.setCookie(SESSION_COOKIE, rawId, { ...sessionLifetime, httpOnly: true });
    setSignedInCookie(reply);
  }

  /** The page-readable "a session is held" cookie (`SIGNED_IN_COOKIE`): no secret, so not HttpOnly. */
  function setSignedInCookie(reply: FastifyReply) {
    reply.setCookie(SIGNED_IN_COOKIE, '1', { ...sessionLifetime, httpOnly: false });
  }

  /**
   * Brings `SIGNED_IN_COOKIE` in line with what the session hook found: set with a live session (a session
   * begun before the cookie existed gets it too), cleared without one (ended, revoked or signed out elsewhere).
   */
  function followSession(request: FastifyRequest, reply: FastifyReply) {
    const hinted = request.cookies[SIGNED_IN_COOKIE] !== undefined;
    if (request.auth && !hinted) setSignedInCookie(reply);
    else if (!request.auth && hinted) reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
  }

  /** The cookie of a sign-in step in progress (issue 25): HttpOnly, same-site only, as long as the step. */
  function setChallengeCookie(reply: FastifyReply, rawId: string) {
    reply.setCookie(CHALLENGE_COOKIE, rawId, {
      path: '/api',
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie,
      maxAge: CHALLENGE_TTL_MINUTES * 60,
    });
  }

  /**
   * The owner-device cookie of `email` (issue 42): `ownerDeviceToken(email)`, HttpOnly, sent only to
   * `/api/auth` on same-site requests, for a year. Not a credential: it only puts this browser's password-reset
   * requests for that address in the owner's own rate-limit bucket.
   */
  function setResetDeviceCookie(reply: FastifyReply, email: string) {
    reply.setCookie(RESET_DEVICE_COOKIE, ownerDeviceToken(email), {
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie,
      maxAge: RESET_DEVICE_COOKIE_DAYS * 24 * 60 * 60,
    });
  }
  const deviceKey = createHmac('sha256', linkSecret(ctx.config)).update('reset-device').digest();
  /** base64url HMAC-SHA256 of the lower-cased address under a key derived from `LINK_SECRET`. */
  function ownerDeviceToken(email: string): string {
    return createHmac('sha256', deviceKey).update(email.trim().toLowerCase()).digest('base64url');
  }
  /** Whether `cookie` is `email`'s owner-device token (compared in constant time). */
  function isOwnerDevice(email: string, cookie: string | undefined): boolean {
    if (!email || cookie === undefined) return false;
    const expected = Buffer.from(ownerDeviceToken(email));
    const actual = Buffer.from(cookie);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  /** Starts the session, and ends a sign-in step the browser still holds. */
  function signIn(request: FastifyRequest, reply: FastifyReply, rawSessionId: string) {
    setSessionCookie(reply, rawSessionId);
    if (request.cookies[CHALLENGE_COOKIE] !== undefined)
      reply.clearCookie(CHALLENGE_COOKIE, { path: '/api' });
  }

  const limitAttempts = rateLimited(
    app,
    signInLimits(ctx.config.AUTH_RATE_LIMIT_PER_MINUTE).map((limit) => ({
      name: limit.name,
      max: limit.max,
      windowMs: SIGN_IN_LIMIT_WINDOW_MS,
      key: (request: FastifyRequest) => limit.key({ email: emailOf(request), ip: request.ip }),
    })),
    SIGN_IN_LIMIT_MESSAGE,
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/auth/register',
      summary: 'Register a family and its first member; signs in.',
      auth: 'public',
      body: registerSchema,
      options: { preHandler: limitAttempts, config: { systemScope: 'auth-register' } },
      responses: { 201: { description: '`{ ok: true }` and the session cookie.', schema: okReplySchema } },
      errors: { 409: 'The e-mail is already registered.' },
    },
    async ({ body: input }, request, reply) => {
      const rawId = await register(ctx, input, userAgentOf(request));
      if (request.auth) await destroySession(ctx.db, request.auth.sid);
      setSessionCookie(reply, rawId);
      setResetDeviceCookie(reply, input.email);
      return reply.status(201).send({ ok: true });
    },
  );

  // Issue 20 item 7: growing delays per (account, address), on top of the per-minute limits above.
  const delays = new SignInDelays(ctx.db, ctx.clock);

  route(
    app,
    {
      method: 'POST',
      url: '/api/auth/login',
      summary: 'Sign in with e-mail and password.',
      auth: 'public',
      body: loginSchema,
      options: { preHandler: limitAttempts, config: { systemScope: 'auth-login' } },
      responses: {
        200: {
          description:
            '`{ ok: true }` and the session cookie, or `{ second_factor_required: true }` and the sign-in step cookie (the account has a passkey).',
          schema: loginReplySchema,
        },
      },
      errors: { 401: 'Wrong e-mail or password.' },
    },
    async ({ body: input }, request, reply) => {
      const pair = `${emailOf(request)}|${request.ip}`;
      const wait = await delays.waitSeconds(pair);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw new HttpError(429, 'rate_limited', signInDelayMessage(wait));
      }
      let outcome: Awaited<ReturnType<typeof login>>;
      try {
        outcome = await login(ctx, input, userAgentOf(request));
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) await delays.failed(pair);
        throw error;
      }
      await delays.succeeded(pair);
      if (request.auth) await destroySession(ctx.db, request.auth.sid);
      if ('challenge' in outcome) {
        setChallengeCookie(reply, outcome.challenge);
        setResetDeviceCookie(reply, input.email);
        return { second_factor_required: true } satisfies LoginReply;
      }
      signIn(request, reply, outcome.session);
      // The right password: this browser is the owner's for password resets of this address (issue 42).
      setResetDeviceCookie(reply, input.email);
      return { ok: true } satisfies LoginReply;
    },
  );

  // Issue 25: the second step and passkey sign-in are counted per IP (there is no e-mail in their bodies);
  // each step also ends after five failures (challenges.ts).
  const limitSteps = rateLimited(
    app,
    [
      {
        name: 'auth-step:ip',
        max: ctx.config.AUTH_RATE_LIMIT_PER_MINUTE,
        windowMs: 60_000,
        key: (request) => request.ip,
      },
    ],
    'Too many attempts. Please wait a minute and try again.',
  );
  const stepCookie = (request: FastifyRequest) => request.cookies[CHALLENGE_COOKIE];

  route(
    app,
    {
      method: 'POST',
      url: '/api/auth/second-factor/options',
      summary: 'WebAuthn options for the second step of a sign-in.',
      auth: 'public',
      options: { preHandler: limitSteps, config: { systemScope: 'auth-second-factor-options' } },
      responses: { 200: { description: '`PublicKeyCredentialRequestOptionsJSON` (WebAuthn Level 3).' } },
      errors: { 401: 'No sign-in step in progress, or it expired.' },
    },
    async (_input, request) => secondFactorOptions(ctx, stepCookie(request)),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/auth/second-factor/passkey',
      summary: 'Complete the second step with a passkey assertion.',
      auth: 'public',
      body: passkeyAssertionSchema,
      options: { preHandler: limitSteps, config: { systemScope: 'auth-second-factor-passkey' } },
      responses: { 200: SIGNED_IN },
      errors: { 401: 'The step expired or the assertion does not verify.' },
    },
    async ({ body: input }, request, reply) => {
      signIn(
        request,
        reply,
        await completeWithPasskey(ctx, stepCookie(request), input.response, userAgentOf(request)),
      );
      return { ok: true };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/auth/second-factor/recovery-code',
      summary: 'Complete the second step with a one-time recovery code.',
      auth: 'public',
      body: recoveryCodeSchema,
      options: { preHandler: limitSteps, config: { systemScope: 'auth-second-factor-recovery-code' } },
      responses: { 200: SIGNED_IN },
      errors: { 401: 'The step expired or the code is wrong or used.' },
    },
    async ({ body: input }, request, reply) => {
      signIn(
        request,
        reply,
        await completeWithRecoveryCode(ctx, stepCookie(request), input.code, userAgentOf(request)),
      );
      return { ok: true };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/auth/passkey/options',
      summary: 'WebAuthn options for signing in with a passkey alone.',
      auth: 'public',
      options: { preHandler: limitSteps, config: { systemScope: 'auth-passkey-options' } },
      responses: {
        200: { description: '`PublicKeyCredentialRequestOptionsJSON` and the sign-in step cookie.' },
      },
    },
    async (_input, _request, reply) => {
      const { options, step } = await passkeySigninOptions(ctx);
      setChallengeCookie(reply, step);
      return options;
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/auth/passkey',
      summary: 'Sign in with a passkey assertion.',
      auth: 'public',
      body: passkeyAssertionSchema,
      options: { preHandler: limitSteps, config: { systemScope: 'auth-passkey' } },
      responses: { 200: SIGNED_IN },
      errors: { 401: 'The step expired or the assertion does not verify.' },
    },
    async ({ body: input }, request, reply) => {
      const rawId = await passkeySignin(ctx, stepCookie(request), input.response, userAgentOf(request));
      if (request.auth) await destroySession(ctx.db, request.auth.sid);
      signIn(request, reply, rawId);
      return { ok: true };
    },
  );

  // Issue 25: per IP and per e-mail, per hour; the same answer, after the same time, for any address. Issue 42:
  // a request from a browser that signed in to that address (it holds the address's owner-device cookie) counts
  // in the owner's own bucket, so strangers spending the address's allowance cannot block the owner's reset.
  const resetBucket = (request: FastifyRequest, others: string) => {
    const email = emailOf(request);
    return isOwnerDevice(email, request.cookies[RESET_DEVICE_COOKIE]) ? `owner:${email}` : others;
  };
  const limitResets = rateLimited(
    app,
    [
      {
        name: 'reset:ip',
        max: ctx.config.PASSWORD_RESET_RATE_LIMIT_PER_HOUR,
        windowMs: 3_600_000,
        key: (request) => resetBucket(request, request.ip),
      },
      {
        name: 'reset:account',
        max: ctx.config.PASSWORD_RESET_RATE_LIMIT_PER_HOUR,
        windowMs: 3_600_000,
        key: (request) => resetBucket(request, `others:${emailOf(request)}`),
      },
    ],
    'Too many reset requests. Please wait a while and try again.',
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/auth/forgot-password',
      summary: 'E-mail a password-reset link (the same answer, after the same time, for any address).',
      auth: 'public',
      body: forgotPasswordSchema,
      options: { preHandler: limitResets, config: { systemScope: 'auth-forgot-password' } },
      responses: { 200: OK },
    },
    async ({ body }): Promise<OkReply> => {
      await takingAtLeast(FORGOT_PASSWORD_MIN_MS, () => requestPasswordReset(ctx, body.email));
      return { ok: true };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/auth/reset-password',
      summary: 'Set a new password with a reset token; ends every session of the account.',
      auth: 'public',
      body: resetPasswordSchema,
      options: { preHandler: limitSteps, config: { systemScope: 'auth-reset-password' } },
      responses: { 200: OK },
    },
    async ({ body }): Promise<OkReply> => {
      await resetPassword(ctx, body.token, body.password);
      return { ok: true };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/auth/logout',
      summary: 'Sign out: ends this session and clears its cookie.',
      auth: 'optional',
      responses: { 200: OK },
    },
    async (_input, request, reply): Promise<OkReply> => {
      if (request.auth) await destroySession(ctx.db, request.auth.sid);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
      // The browser drops its HTTP cache of this site: note photos (kept a year, immutable) and any page or reply
      // copy (issue 42). The page itself forgets the service worker's copies and what it keeps in localStorage.
      reply.header('Clear-Site-Data', '"cache"');
      return { ok: true };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/auth/session',
      summary: 'The signed-in user, member and family.',
      auth: 'session',
      // Before the 401 of a request without a session: that one's `SIGNED_IN_COOKIE` is cleared too.
      options: { preHandler: async (request, reply) => followSession(request, reply) },
      responses: { 200: { description: '`SessionDto`.', schema: sessionReplySchema } },
    },
    async ({ auth }) => sessionInfo(ctx, auth.userId),
  );
}
