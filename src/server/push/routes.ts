import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  pushSubscriptionDtoSchema,
  pushSubscriptionInputSchema,
  vapidPublicKeyReplySchema,
} from '../../core/contracts/push.ts';
import type { ServerContext } from '../context.ts';
import { route } from '../http/route.ts';
import { idParams, NO_CONTENT } from '../http/route-contract.ts';
import { listSubscriptions, subscribe, unsubscribe, vapidPublicKey } from './service.ts';

/** Issue 41 item 2: the VAPID public key and the signed-in account's push subscriptions (devices). */
export function registerPushRoutes(app: FastifyInstance, ctx: ServerContext): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/push/vapid-public-key',
      summary: 'The VAPID public key browsers subscribe with (`applicationServerKey`, RFC 8292).',
      auth: 'session',
      responses: {
        200: {
          description: '`{public_key}`: base64url, an uncompressed P-256 point (65 bytes).',
          schema: vapidPublicKeyReplySchema,
        },
      },
    },
    async () => vapidPublicKey(ctx),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/push/subscriptions',
      summary: 'Record this device: the browser’s `PushSubscription.toJSON()`.',
      auth: 'session',
      body: pushSubscriptionInputSchema,
      responses: { 201: { description: '`PushSubscriptionDto`.', schema: pushSubscriptionDtoSchema } },
      errors: {
        400: 'The endpoint is not on a known push service (or `WEB_PUSH_ALLOWED_ORIGINS`), or a key is malformed.',
      },
    },
    async ({ auth, body }, request, reply) => {
      const device = await subscribe(ctx, auth, body, request.headers['user-agent'] ?? null);
      return reply.status(201).send(device);
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/push/subscriptions',
      summary: 'The signed-in account’s devices, with a label and the last successful push.',
      auth: 'session',
      responses: {
        200: {
          description:
            '`PushSubscriptionDto[]`: an account keeps at most 20 devices (a subscription past them forgets the one longest without a push), 2 KiB each: at most 40,981 bytes (`PUSH_SUBSCRIPTIONS_LIST_MAX_BYTES`).',
          schema: z.array(pushSubscriptionDtoSchema),
        },
      },
    },
    async ({ auth }) => listSubscriptions(ctx, auth),
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/push/subscriptions/:id',
      summary: 'Forget one of the account’s devices.',
      auth: 'session',
      params: idParams,
      notFound: 'No such device of this account.',
      responses: { 204: NO_CONTENT },
      errors: { 404: 'No such device of this account.' },
    },
    async ({ auth, id }, _request, reply) => {
      await unsubscribe(ctx, auth, id);
      return reply.status(204).send();
    },
  );
}
