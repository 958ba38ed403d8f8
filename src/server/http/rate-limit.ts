import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from './errors.ts';

export interface RateLimitRule {
  /** A name for the bucket, e.g. 'login:ip'. */
  name: string;
  /** Requests allowed per window. */
  max: number;
  /** Window length in milliseconds. */
  windowMs: number;
  /** The key the rule counts by (an IP, an account's e-mail, a phone number). */
  key: (request: FastifyRequest) => string;
}

/** The counter bucket of a rule's key (`rate_limit_counters.bucket`): `{name}:{key}`, e.g. `auth:ip:203.0.113.7`. */
export function rateLimitBucket(name: string, key: string): string {
  return `${name}:${key}`;
}

/** The preHandlers `rateLimited` made: their routes count before the request's transaction opens. */
const countingHandlers = new WeakSet<object>();

/**
 * True when a route's `preHandler` option (one handler or a list) holds a `rateLimited` check. On PostgreSQL
 * such a route does not open its transaction with the session lookup (ADR 011): the counts run first, each
 * committed on its own, and the family's transaction opens when the handler runs (`installFamilyScope`).
 */
export function countsRateLimits(preHandler: unknown): boolean {
  const handlers: unknown[] = Array.isArray(preHandler) ? preHandler : [preHandler];
  return handlers.some((handler) => typeof handler === 'function' && countingHandlers.has(handler));
}

/**
 * A preHandler enforcing every rule in order (e.g. per IP and per account), counted by @fastify/rate-limit's
 * store. Over a limit: 429 in the one error shape, with Retry-After in seconds.
 * Counters live in PostgreSQL (http/shared-rate-limit-store.ts): every process counts toward the same limit.
 * A count commits on its own, before the request's family transaction opens (see `countsRateLimits`), so a
 * refused attempt (a wrong password answered 400) still counts, and the request never holds two pool connections.
 */
export function rateLimited(
  app: FastifyInstance,
  rules: RateLimitRule[],
  message: string,
): preHandlerAsyncHookHandler {
  const limiters = rules.map((rule) => ({
    rule,
    check: app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: (request: FastifyRequest) => rateLimitBucket(rule.name, rule.key(request)),
    }),
  }));
  const check: preHandlerAsyncHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    for (const limiter of limiters) {
      const result = await limiter.check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('Retry-After', String(Math.max(1, result.ttlInSeconds)));
        throw new HttpError(429, 'rate_limited', message);
      }
    }
  };
  countingHandlers.add(check);
  return check;
}
