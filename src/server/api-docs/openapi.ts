import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type RouteContract, errorsOf } from '../http/route-contract.ts';

/** Where the development server answers the OpenAPI document (JSON). */
export const API_DOCS_PATH = '/api/docs';

type JsonSchema = Record<string, unknown>;

/** A request contract's JSON Schema (OpenAPI 3.0 dialect), as a caller sends it (zod's input side). */
function inputSchema(schema: z.core.$ZodType): JsonSchema {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A reply contract's JSON Schema (OpenAPI 3.0 dialect), as the server answers it (zod's output side). */
function outputSchema(schema: z.core.$ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: 'output',
    unrepresentable: 'any',
  }) as JsonSchema;
}

/** The one error shape (`ApiErrorBody`, src/core/contracts/errors.ts). */
const ERROR_BODY: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        fields: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
  },
};

/** The route schema @fastify/swagger documents for one contract (never given to Fastify to validate with). */
function documentedSchema(method: string, url: string, contract: RouteContract, systemScope: string | null) {
  const response: Record<string, JsonSchema> = {};
  for (const [status, reply] of Object.entries(contract.responses)) {
    const body = reply.schema ? outputSchema(reply.schema) : undefined;
    if (body) response[status] = { description: reply.description, ...body };
    else if (reply.contentType) {
      response[status] = {
        description: reply.description,
        content: { [reply.contentType]: { schema: { type: 'string' } } },
      };
    } else if (status === '204' || status === '304') {
      response[status] = { description: reply.description, type: 'null' };
    } else response[status] = { description: reply.description };
  }
  for (const [status, description] of Object.entries(errorsOf(method, url, contract))) {
    response[status] = { description, ...ERROR_BODY };
  }
  return {
    summary: contract.summary,
    tags: [url.split('/')[2] ?? 'api'],
    ...(contract.auth === 'session' || contract.auth === 'optional' ? { security: [{ session: [] }] } : {}),
    ...(contract.params ? { params: inputSchema(contract.params) } : {}),
    ...(contract.query ? { querystring: inputSchema(contract.query) } : {}),
    ...(contract.body ? { body: inputSchema(contract.body) } : {}),
    ...(contract.bodyType ? { consumes: [contract.bodyType] } : {}),
    'x-auth': contract.auth,
    'x-scope': systemScope ? `system: ${systemScope}` : contract.auth === 'session' ? 'family' : 'none',
    response,
  };
}

/**
 * Registers @fastify/swagger (OpenAPI 3.0.3) with every API route's request and reply schemas taken from the
 * contract it was declared with (`route()` in http/route.ts keeps it in `config.contract`): the routes give Fastify
 * no validation schema, so nothing is validated twice and the 400s keep `parseInput`'s per-field messages. Routes outside `/api` (the web app) are left out; an API route
 * without a contract is documented with `x-undocumented: true` (api-docs.test.ts fails on it). Register before
 * any route: the plugin collects routes as they are added. `app.swagger()` then returns the document.
 * `sessionCookie` names the cookie that carries the session (the security scheme of signed-in routes).
 */
export async function registerOpenApi(app: FastifyInstance, sessionCookie: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'FamilyHub API',
        version: '1',
        description:
          'The JSON API of FamilyHub (SPEC §7). Generated from the zod contracts in src/core/contracts; see docs/api.md.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: sessionCookie } },
      },
    },
    hideUntagged: false,
    transform: ({ schema, url, route }) => {
      if (!url.startsWith('/api/') || url === API_DOCS_PATH)
        return { schema: { ...schema, hide: true }, url };
      const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
      const contract = route.config?.contract;
      if (!contract) return { schema: { ...schema, 'x-undocumented': true }, url };
      const systemScope = route.config?.systemScope ?? null;
      // The transform's declared type is Fastify's own schema type; ours is a plain JSON Schema object.
      return { schema: documentedSchema(method, url, contract, systemScope) as typeof schema, url };
    },
  });
}

/** `GET /api/docs`: the OpenAPI document as JSON. Only `buildApp` in development registers it. */
export function registerApiDocsRoute(app: FastifyInstance): void {
  app.get(API_DOCS_PATH, { exposeHeadRoute: false }, async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send(app.swagger()),
  );
}
