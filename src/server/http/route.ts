import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import { type AuthContext, requireAuth } from './auth-context.ts';
import { parseInput } from './errors.ts';
import { pathId } from './path-params.ts';
import { countsRateLimits } from './rate-limit.ts';
import { idParams, type ResponseContract, type RouteAuth, type RouteContract } from './route-contract.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set by `route()` (never by hand): what the route takes and answers. The route table records it, and the
     * OpenAPI document (api-docs/openapi.ts) and docs/api.md are generated from it.
     */
    contract?: RouteContract;
  }
}

type Schema = z.core.$ZodType;
/** True only for exactly `idParams` (a route whose id `route()` parses), not for a schema extending it. */
type IsIdParams<P> = [P] extends [typeof idParams] ? ([typeof idParams] extends [P] ? true : false) : false;

/**
 * What `route()` hands the handler, checked in this order: `auth` for a `session` route (401 first), `id` for a
 * route whose params are `idParams` (404 when it names nothing), then `query` and `body` parsed with the declared
 * contracts (400 with a message per field), unless the route `parsesItself`.
 */
export type RouteInput<A extends RouteAuth, P, Q, B, Self> = (A extends 'session'
  ? { auth: AuthContext }
  : unknown) &
  (IsIdParams<P> extends true ? { id: number } : unknown) &
  (Self extends true ? unknown : Q extends Schema ? { query: z.output<Q> } : unknown) &
  (Self extends true ? unknown : B extends Schema ? { body: z.output<B> } : unknown);

/**
 * What a handler may answer: the output type of the declared replies' schemas when every reply declares one, else
 * anything (a reply described in words, or sent with `reply.send`). A handler returning another shape fails
 * typecheck: the declaration and the handler cannot drift apart (ADR 056).
 */
export type ReplyBody<Rs> = {
  [K in keyof Rs]: Rs[K] extends { schema: infer S extends Schema } ? z.output<S> : unknown;
}[keyof Rs];

/** One route: its method and URL, its contract, and the Fastify options it needs besides the handler. */
export interface RouteDeclaration<A extends RouteAuth, P, Q, B, Self, Rs> extends Omit<
  RouteContract,
  'rateLimited'
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The URL as Fastify registers it (`/api/tasks/:id`). */
  url: string;
  auth: A;
  params?: P & Schema;
  query?: Q & Schema;
  body?: B & Schema;
  responses: Rs & Record<number, ResponseContract>;
  /** The 404 message when the path id names nothing (`idParams` routes); Fastify's `Not found` otherwise. */
  notFound?: string;
  /**
   * The handler validates its query and body itself (a read before validation, an opening read, a form body);
   * the declared contracts then only document them.
   */
  parsesItself?: Self;
  /**
   * Fastify route options: `preHandler` (a `rateLimited` one marks the contract `rateLimited`), `config` (scopes),
   * `bodyLimit`, a serializing `schema`…
   */
  options?: Omit<RouteShorthandOptions, 'config'> & { config?: FastifyContextConfig };
}

/**
 * Declares one API route in one statement: registers it on `app` and records its contract in the route's config
 * (`config.contract`, which `app.routeTable` and the OpenAPI document read). Fastify is given no validation
 * schema: the handler's input is parsed here with `parseInput` (SPEC §5 messages), in the order auth → path id →
 * query → body (ADR 056).
 *
 * @param app the app (or a child scope) to register on.
 * @param declaration the route's method, URL, contract and Fastify options.
 * @param handler gets the parsed input, the request and the reply; answers what Fastify answers.
 * @throws HttpError 401 (no session on a `session` route), 404 (a path id naming nothing), 400 (query or body),
 *   from the request, before the handler runs.
 */
export function route<A extends RouteAuth, Rs, P = undefined, Q = undefined, B = undefined, Self = undefined>(
  app: FastifyInstance,
  declaration: RouteDeclaration<A, P, Q, B, Self, Rs>,
  handler: (
    input: RouteInput<A, P, Q, B, Self>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<ReplyBody<Rs> | FastifyReply>,
): void {
  const { method, url, notFound, parsesItself, options = {}, ...declared } = declaration;
  const contract: RouteContract = countsRateLimits(options.preHandler)
    ? { ...declared, rateLimited: true }
    : declared;
  const parsesId = Object.is(contract.params, idParams);
  app.route({
    ...options,
    method,
    url,
    config: { ...options.config, contract },
    handler: async (request, reply) => {
      const input: Record<string, unknown> = {};
      if (contract.auth === 'session') input.auth = requireAuth(request);
      if (parsesId) input.id = pathId(request.params, 'id', notFound);
      if (!parsesItself) {
        if (contract.query) input.query = parseInput(contract.query, request.query);
        if (contract.body) input.body = parseInput(contract.body, request.body);
      }
      // Built field by field above, as `RouteInput` describes it for this declaration.
      return handler(input as RouteInput<A, P, Q, B, Self>, request, reply);
    },
  });
}
