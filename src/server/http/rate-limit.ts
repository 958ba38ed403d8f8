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

/**
 * A preHandler enforcing every rule in order (e.g. per IP and per account), counted by @fastify/rate-limit's
 * store. Over a limit: 429 in the one error shape, with Retry-After in seconds.
 * Counters live in PostgreSQL (http/shared-rate-limit-store.ts): every process counts toward the same limit.
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
      keyGenerator: (request: FastifyRequest) => `${rule.name}:${rule.key(request)}`,
    }),
  }));
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const { check } of limiters) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('Retry-After', String(Math.max(1, result.ttlInSeconds)));
        throw new HttpError(429, 'rate_limited', message);
      }
    }
  };
}
