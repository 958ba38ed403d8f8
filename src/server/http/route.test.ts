import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installErrorHandling } from './errors.ts';
import { route } from './route.ts';
import { idParams, OK } from './route-contract.ts';
import { collectRoutes } from './route-table.ts';

const bodySchema = z.object({ title: z.string().min(1, 'Title is required') });
const querySchema = z.object({ when: z.enum(['now', 'later'], 'Pick a time') });

let app: FastifyInstance;

/** A bare app with one declared route; `x-family` stands in for the session hook (`request.auth`). */
async function appWith(parsesItself?: true): Promise<FastifyInstance> {
  app = Fastify();
  collectRoutes(app);
  installErrorHandling(app);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const family = request.headers['x-family'];
    request.auth =
      typeof family === 'string'
        ? { userId: 1, familyId: Number(family), sid: 's', familyZone: 'UTC' }
        : null;
  });
  route(
    app,
    {
      method: 'PATCH',
      url: '/api/things/:id',
      summary: 'Edit a thing.',
      auth: 'session',
      params: idParams,
      notFound: 'Thing not found',
      query: querySchema,
      body: bodySchema,
      parsesItself,
      responses: { 200: OK },
    },
    async (input, request) => ({ ok: true as const, input, raw: request.body }),
  );
  await app.ready();
  return app;
}

afterEach(async () => app.close());

const patch = (url: string, payload: unknown, family?: string) =>
  app.inject({
    method: 'PATCH',
    url,
    payload: payload as object,
    headers: family ? { 'x-family': family } : {},
  });

describe('route()', () => {
  it('hands the handler the session, the path id and the parsed query and body', async () => {
    await appWith();
    const reply = await patch('/api/things/7?when=now', { title: 'Milk', extra: 1 }, '3');
    expect(reply.statusCode).toBe(200);
    expect(reply.json().input).toEqual({
      auth: { userId: 1, familyId: 3, sid: 's', familyZone: 'UTC' },
      id: 7,
      query: { when: 'now' },
      body: { title: 'Milk' },
    });
  });

  it('checks in the order auth → path id → query → body, each with its own answer', async () => {
    await appWith();
    expect((await patch('/api/things/x?when=never', { title: '' })).statusCode).toBe(401);
    const badId = await patch('/api/things/0?when=never', { title: '' }, '3');
    expect([badId.statusCode, badId.json().error.message]).toEqual([404, 'Thing not found']);
    const badQuery = await patch('/api/things/7?when=never', { title: '' }, '3');
    expect([badQuery.statusCode, badQuery.json().error.fields]).toEqual([400, { when: 'Pick a time' }]);
    const badBody = await patch('/api/things/7?when=now', { title: '' }, '3');
    expect([badBody.statusCode, badBody.json().error.fields]).toEqual([400, { title: 'Title is required' }]);
  });

  it('leaves the query and body to a handler that parses them itself (Fastify validates nothing)', async () => {
    await appWith(true);
    const reply = await patch('/api/things/7?when=never', { title: '' }, '3');
    expect(reply.statusCode).toBe(200);
    expect(Object.keys(reply.json().input)).toEqual(['auth', 'id']);
    expect(reply.json().raw).toEqual({ title: '' });
  });

  it('records the contract in the route table', async () => {
    await appWith();
    const entry = app.routeTable.find((r) => r.method === 'PATCH');
    expect(entry?.contract).toMatchObject({ summary: 'Edit a thing.', auth: 'session', body: bodySchema });
    expect(entry?.contract?.rateLimited).toBeUndefined();
  });
});
