import type { FastifyInstance } from 'fastify';
import { waitlistJoinSchema } from '../../core/contracts/waitlist.ts';
import type { ServerContext } from '../http/context.ts';
import { parseInput } from '../http/errors.ts';
import { rateLimited } from '../http/rate-limit.ts';
import { joinWaitlist, waitlistCount } from './service.ts';

export const WAITLIST_RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

/**
 * SPEC §7 waitlist calls, open to signed-out visitors:
 * - `POST /api/waitlist/join` {email, family_size, biggest_challenge, ref?, utm_*?} → 201 `{position,
 *   referral_code, referral_count, already_joined: false}` for a new entry, 200 with the existing entry's values for an
 *   e-mail already on the list; 400 with SPEC §5 messages; 429 past `WAITLIST_RATE_LIMIT_PER_MINUTE` per IP.
 * - `GET /api/waitlist/count` → `{count}`.
 */
export function registerWaitlistRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const limitJoins = rateLimited(
    app,
    [
      {
        name: 'waitlist:ip',
        max: ctx.config.WAITLIST_RATE_LIMIT_PER_MINUTE,
        windowMs: 60_000,
        key: (request) => request.ip,
      },
    ],
    WAITLIST_RATE_LIMIT_MESSAGE,
  );

  app.post('/api/waitlist/join', { preHandler: limitJoins }, async (request, reply) => {
    const input = parseInput(waitlistJoinSchema, request.body);
    const result = await joinWaitlist(ctx, input, {
      ipAddress: request.ip,
      userAgent: request.headers['user-agent'],
    });
    return reply.status(result.created ? 201 : 200).send(result.dto);
  });

  app.get('/api/waitlist/count', async () => waitlistCount(ctx));
}
