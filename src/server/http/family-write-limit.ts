import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FAMILY_WRITE_RATE_MESSAGE } from '../../core/contracts/quotas.ts';
import { HttpError } from './errors.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Limits the state-changing calls of each signed-in family to `perMinute` (issue 20; the reason for the
 * number is at `FAMILY_WRITES_PER_MINUTE` in src/core/contracts/quotas.ts), all members and devices together,
 * counted by @fastify/rate-limit's store (this process's memory, like the other limits: docs/scaling.md).
 * Past it: 429 `rate_limited` with `FAMILY_WRITE_RATE_MESSAGE` and Retry-After in seconds; nothing runs.
 * Sign-in and account calls (`/api/auth/…`) are not counted, so a family can always sign out.
 * Install after the session hook (it reads `request.auth`).
 */
export function installFamilyWriteLimit(app: FastifyInstance, perMinute: number): void {
  const check = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `family-writes:${String(request.auth?.familyId)}`,
  });
  app.addHook('preHandler', async (request, reply) => {
    if (!request.auth || READS.has(request.method) || request.url.startsWith('/api/auth/')) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('Retry-After', String(Math.max(1, result.ttlInSeconds)));
      throw new HttpError(429, 'rate_limited', FAMILY_WRITE_RATE_MESSAGE);
    }
  });
}
