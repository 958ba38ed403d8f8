import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { registerAccountRoutes } from './account/routes.ts';
import { registerApiDocsRoute, registerOpenApi } from './api-docs/openapi.ts';
import { registerActivitiesRoutes } from './activities/routes.ts';
import { registerAssistantRoutes } from './assistant/routes.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { SESSION_COOKIE } from './auth/sessions.ts';
import { registerCalendarFeedRoutes } from './calendar-feed/routes.ts';
import { registerCaldavRoutes } from './caldav/routes.ts';
import { registerDrivingRoutes } from './driving/routes.ts';
import { registerEventRoutes } from './events/routes.ts';
import { systemClock, type ServerContext } from './context.ts';
import { closeConnectionsWhenDrained } from './http/drain.ts';
import { installErrorHandling } from './http/errors.ts';
import { installFamilyScope } from './http/family-scope.ts';
import { installFamilyWriteLimit } from './http/family-write-limit.ts';
import { installSecurity } from './http/security.ts';
import { collectRoutes } from './http/route-table.ts';
import { sharedRateLimitStore } from './http/shared-rate-limit-store.ts';
import { readHomePageData } from './home-page.ts';
import { installCompression, registerWebAssets } from './http/web-assets.ts';
import { registerLiveRoutes } from './live/routes.ts';
import { registerMembersRoutes } from './members/routes.ts';
import { registerNotificationRoutes } from './notifications/routes.ts';
import { registerPushRoutes } from './push/routes.ts';
import { registerSearchRoutes } from './search/routes.ts';
import { registerSettingsRoutes } from './settings/routes.ts';
import { registerTasksRoutes } from './tasks/routes.ts';
import { registerUndoRoutes } from './undo/routes.ts';
import { registerNotesRoutes } from './notes/routes.ts';
import { registerWaitlistRoutes } from './waitlist/routes.ts';

/**
 * Builds the Fastify app: plumbing (cookies, rate limits, security headers, one error shape), every
 * feature's routes, and the built SPA with an index.html fallback for client-side routes; in development
 * (`NODE_ENV=development`) also the OpenAPI document at /api/docs.
 * Does not listen; `main.ts` does, tests use `app.inject`.
 */
export async function buildApp(ctx: ServerContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: ctx.config.LOG_LEVEL === 'silent' ? false : { level: ctx.config.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    // Requests arriving while the app drains get our own 503 shape (installErrorHandling), not Fastify's.
    return503OnClosing: false,
  });
  collectRoutes(app);
  // Development only: the OpenAPI document at /api/docs (docs/api.md is rendered from it). Before any route.
  const apiDocs = ctx.config.NODE_ENV === 'development';
  if (apiDocs) await registerOpenApi(app, SESSION_COOKIE);
  // Before any route: every family route's handler runs in its family's row-level-security scope.
  installFamilyScope(app, ctx.db);
  installErrorHandling(app);
  closeConnectionsWhenDrained(app);
  installSecurity(app, ctx.config.PUBLIC_URL);
  await app.register(cookie);
  // Counted in PostgreSQL: every process shares each limit (ADR 010). Windows follow the wall clock, as the
  // in-memory store's did: a test's frozen clock would never end one.
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(ctx.db, systemClock) });
  await installCompression(app);

  registerAuthRoutes(app, ctx);
  installFamilyWriteLimit(app, ctx.db, systemClock, ctx.config.FAMILY_WRITE_RATE_LIMIT_PER_MINUTE);
  registerAccountRoutes(app, ctx);
  registerEventRoutes(app, ctx);
  registerDrivingRoutes(app, ctx);
  registerMembersRoutes(app, ctx);
  registerNotificationRoutes(app, ctx);
  registerPushRoutes(app, ctx);
  registerSettingsRoutes(app, ctx);
  registerTasksRoutes(app, ctx);
  registerActivitiesRoutes(app, ctx);
  registerNotesRoutes(app, ctx);
  registerUndoRoutes(app, ctx);
  registerSearchRoutes(app, ctx);
  registerWaitlistRoutes(app, ctx);
  registerAssistantRoutes(app, ctx);
  registerCalendarFeedRoutes(app, ctx);
  registerCaldavRoutes(app, ctx);
  registerLiveRoutes(app, ctx);
  if (apiDocs) registerApiDocsRoute(app);

  await registerWebAssets(app, ctx.config.WEB_DIST_DIR, SESSION_COOKIE, (auth) =>
    readHomePageData(ctx, auth),
  );
  return app;
}
