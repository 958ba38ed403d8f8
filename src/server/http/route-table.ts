import type { FastifyInstance } from 'fastify';
import type { RouteContract } from './route-contract.ts';

/** One registered route: its method and its URL pattern as Fastify stores it (e.g. `/api/tasks/:id`). */
export interface RouteEntry {
  method: string;
  url: string;
  /** `config.systemScope`: the system scope the route runs in (http/family-scope.ts), or null. */
  systemScope: string | null;
  /** `config.contract`: what the route takes and answers, as `route()` declared it (http/route.ts), or null. */
  contract: RouteContract | null;
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
    const systemScope = route.config?.systemScope ?? null;
    const contract = route.config?.contract ?? null;
    for (const method of methods)
      routes.push({ method: String(method), url: route.url, systemScope, contract });
  });
}
