import type { FastifyInstance } from 'fastify';
import {
  waitlistCountReplySchema,
  waitlistJoinReplySchema,
  waitlistJoinSchema,
} from '../../core/contracts/waitlist.ts';
import type { ServerContext } from '../context.ts';
import { rateLimited } from '../http/rate-limit.ts';
import { route } from '../http/route.ts';
import { providersFromConfig } from '../notifications/providers/from-config.ts';
import { waitlistEmail } from './email.ts';
import { joinWaitlist, waitlistCount } from './service.ts';

export const WAITLIST_RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

/**
 * SPEC §7 waitlist calls, open to signed-out visitors:
 * - `POST /api/waitlist/join` {email, family_size, biggest_challenge, ref?, utm_*?} → 201 `{position,
 *   referral_code}` whether or not the e-mail was already on the list (issue 20; see `WaitlistJoinDto`), and an
 *   e-mail to that address with the entry's real place and link, sent by the e-mail provider (SMTP when
 *   configured) before the reply; 400 with SPEC §5 messages; 429 past `WAITLIST_RATE_LIMIT_PER_MINUTE` per IP.
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

  // Visitors have no family, so their mail skips the family outbox and goes to the provider directly.
  const mailer = providersFromConfig(ctx.config, app.log).email;
  app.addHook('onClose', () => mailer.close());

  route(
    app,
    {
      method: 'POST',
      url: '/api/waitlist/join',
      summary: 'Join the waitlist; e-mails the entry’s place and referral link.',
      auth: 'public',
      body: waitlistJoinSchema,
      options: { preHandler: limitJoins },
      responses: {
        201: {
          description: '`WaitlistJoinDto` (`{ position, referral_code }`), also for a repeat.',
          schema: waitlistJoinReplySchema,
        },
      },
    },
    async ({ body }, request, reply) => {
      const result = await joinWaitlist(ctx, body, {
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'],
      });
      const now = ctx.clock.now();
      try {
        await mailer.send(waitlistEmail(result.entry, result.created, ctx.config.PUBLIC_URL, now), now);
      } catch (error) {
        // The join stands; the visitor can join again to get the e-mail (the reply is the same either way).
        request.log.warn({ err: error }, 'waitlist e-mail not sent');
      }
      return reply.status(201).send(result.dto);
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/waitlist/count',
      summary: 'How many families are waiting.',
      auth: 'public',
      responses: { 200: { description: '`{ count }`.', schema: waitlistCountReplySchema } },
    },
    async () => waitlistCount(ctx),
  );
}
