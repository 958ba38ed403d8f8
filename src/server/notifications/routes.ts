import type { FastifyInstance } from 'fastify';
import {
  notificationListDtoSchema,
  notificationListQuerySchema,
} from '../../core/contracts/notifications.ts';
import type { ServerContext } from '../context.ts';
import { route } from '../http/route.ts';
import { listNotifications } from './service.ts';

/** Issue 3 "Visible history": `GET /api/notifications?limit=20&before={id}`, the signed-in family's messages. */
export function registerNotificationRoutes(app: FastifyInstance, ctx: ServerContext): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/notifications',
      summary: 'The family’s message history, newest first (issue 3).',
      auth: 'session',
      query: notificationListQuerySchema,
      responses: {
        200: {
          description:
            '`NotificationListDto`: at most 100 messages a page; each `body` is its start within 4 KiB (`body_truncated` when more was left out), `subject`, `status_reason` and `last_error` within 1 KiB: at most 921,764 bytes (`NOTIFICATIONS_PAGE_MAX_BYTES`).',
          schema: notificationListDtoSchema,
        },
      },
    },
    async ({ auth, query }) => listNotifications(ctx, auth.familyId, query),
  );
}
