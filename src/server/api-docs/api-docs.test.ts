import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestServer, signUp, type TestServer } from '../test/harness.ts';
import { renderApiMarkdown } from './markdown.ts';
import { API_DOCS_PATH } from './openapi.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const committedApiMd = path.join(root, 'docs/api.md');

let dev: TestServer;
let production: TestServer;
/** The parts of the OpenAPI document these tests read. */
interface Operation {
  summary?: string;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, unknown>;
  'x-undocumented'?: boolean;
}
let document: { openapi?: string; paths?: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  dev = await createTestServer({ NODE_ENV: 'development' });
  production = await createTestServer();
  const reply = await dev.app.inject({ method: 'GET', url: API_DOCS_PATH });
  document = reply.json();
});

afterAll(async () => {
  await dev.close();
  await production.close();
});

/** `METHOD /url` of every API route the app registers (Fastify's implicit HEADs and /api/docs itself left out). */
function liveApiRoutes(server: TestServer): string[] {
  return server.app.routeTable
    .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.url !== API_DOCS_PATH)
    .map((r) => `${r.method} ${r.url}`);
}

describe('GET /api/docs', () => {
  it('answers the OpenAPI 3 document in development', async () => {
    const reply = await dev.app.inject({ method: 'GET', url: API_DOCS_PATH });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(document.openapi).toBe('3.0.3');
    expect(document.paths?.['/api/tasks/{id}']?.patch?.summary).toBe('Edit a task or change its status.');
  });

  it('does not exist in production (the default): 404 in the API error shape', async () => {
    const reply = await production.app.inject({ method: 'GET', url: API_DOCS_PATH });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    expect(liveApiRoutes(production)).toEqual(liveApiRoutes(dev));
  });
});

describe('route contracts', () => {
  it('declares every API route of the live route table with its contract (route(), ADR 056)', () => {
    const live = liveApiRoutes(dev);
    expect(live.length).toBeGreaterThan(60);
    const undeclared = dev.app.routeTable.filter(
      (r) => live.includes(`${r.method} ${r.url}`) && r.contract === null,
    );
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('puts every live API route in the OpenAPI document, none of them undocumented', () => {
    const documented = Object.entries(document.paths ?? {}).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ url, method, operation })),
    );
    expect(documented).toHaveLength(liveApiRoutes(dev).length);
    expect(documented.filter((d) => d.operation['x-undocumented'])).toEqual([]);
  });

  it('takes request fields and limits from the zod contracts', () => {
    const createTask = document.paths?.['/api/tasks']?.post;
    const body = createTask?.requestBody?.content?.['application/json']?.schema as {
      properties: Record<string, { maxLength?: number; enum?: string[] }>;
      required: string[];
    };
    expect(body.properties.title?.maxLength).toBe(200);
    expect(body.properties.priority?.enum).toEqual(['low', 'medium', 'high']);
    expect(body.required).toEqual(['title', 'assigned_to_ids']);
    expect(Object.keys(createTask?.responses ?? {})).toEqual(['201', '400', '401', '429']);
  });

  it('leaves validation to the handlers: a bad payload gets the SPEC §5 messages, as in production', async () => {
    for (const server of [dev, production]) {
      const { cookie } = await signUp(server.app);
      const reply = await server.app.inject({
        method: 'POST',
        url: '/api/tasks',
        headers: { cookie },
        payload: { title: '', assigned_to_ids: [] },
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().error.fields).toEqual({
        title: 'Title is required',
        assigned_to_ids: 'Please select at least one assignee',
        due_date: 'Date is required',
      });
    }
  });
});

describe('docs/api.md', () => {
  it('is what the document renders, byte for byte (else: run npm run docs:api)', () => {
    expect(fs.readFileSync(committedApiMd, 'utf8')).toBe(renderApiMarkdown(document));
  });

  it('changes when a contract changes', () => {
    const before = renderApiMarkdown(document);
    const changed = structuredClone(document);
    const schema = changed.paths?.['/api/tasks']?.post?.requestBody?.content?.['application/json']
      ?.schema as {
      properties: Record<string, unknown>;
    };
    schema.properties.title = z.toJSONSchema(z.string().min(1).max(120), { target: 'openapi-3.0' });
    const after = renderApiMarkdown(changed);
    expect(after).not.toBe(before);
    expect(after).toContain('| `title` | string | yes | 1–120 characters |');
  });
});
