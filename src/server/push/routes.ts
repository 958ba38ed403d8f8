import type { FastifyInstance } from 'fastify';
import { pushSubscriptionInputSchema } from '../../core/contracts/push.ts';
import { requireAuth } from '../http/auth-context.ts';
import type { ServerContext } from '../context.ts';
import { parseInput } from '../http/errors.ts';
import { pathId } from '../http/path-params.ts';
import { listSubscriptions, subscribe, unsubscribe, vapidPublicKey } from './service.ts';

/** Issue 41 item 2: the VAPID public key and the signed-in account's push subscriptions (devices). */
export function registerPushRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/api/push/vapid-public-key', async (request) => {
    requireAuth(request);
    return vapidPublicKey(ctx);
  });

  app.post('/api/push/subscriptions', async (request, reply) => {
    const auth = requireAuth(request);
    const input = parseInput(pushSubscriptionInputSchema, request.body);
    const device = await subscribe(ctx, auth, input, request.headers['user-agent'] ?? null);
    return reply.status(201).send(device);
  });

  app.get('/api/push/subscriptions', async (request) => listSubscriptions(ctx, requireAuth(request)));

  app.delete('/api/push/subscriptions/:id', async (request, reply) => {
    const auth = requireAuth(request);
    await unsubscribe(ctx, auth, pathId(request.params, 'id', 'No such device of this account.'));
    return reply.status(204).send();
  });
}
