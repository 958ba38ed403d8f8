import type { FastifyInstance } from 'fastify';
import { notificationListQuerySchema } from '../../core/contracts/notifications.ts';
import { requireAuth } from '../http/auth-context.ts';
import type { ServerContext } from '../context.ts';
import { parseInput } from '../http/errors.ts';
import { listNotifications } from './service.ts';

/** Issue 3 "Visible history": `GET /api/notifications?limit=20&before={id}`, the signed-in family's messages. */
export function registerNotificationRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/api/notifications', async (request) => {
    const auth = requireAuth(request);
    const query = parseInput(notificationListQuerySchema, request.query);
    return listNotifications(ctx, auth.familyId, query);
  });
}
