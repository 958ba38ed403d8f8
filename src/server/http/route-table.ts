import type { FastifyInstance } from 'fastify';

/** One registered route: its method and its URL pattern as Fastify stores it (e.g. `/api/tasks/:id`). */
export interface RouteEntry {
  method: string;
  url: string;
  /** Marked `config: { crossFamily: true }`: runs without a family scope (http/family-scope.ts). */
  crossFamily: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route registered on this app and its child scopes, in registration order (HEAD routes that
     * Fastify adds for GETs included). The security suite enumerates it so that a new route cannot escape
     * the tenant-isolation and hostile-input tests.
     */
    routeTable: readonly RouteEntry[];
  }
}

/**
 * Records every route registered from now on into `app.routeTable`. Call right after creating the app,
 * before any route or plugin is registered: `onRoute` hooks are inherited by child scopes only when they
 * exist before the scope is registered.
 */
export function collectRoutes(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const crossFamily = route.config?.crossFamily === true;
    for (const method of methods) routes.push({ method: String(method), url: route.url, crossFamily });
  });
}
