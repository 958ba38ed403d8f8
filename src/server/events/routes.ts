import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eventOccurrenceDtoSchema } from '../../core/contracts/event-wire.ts';
import {
  eventInputSchema,
  eventRangeQuerySchema,
  occurrenceQuerySchema,
} from '../../core/contracts/events.ts';
import { requireAuth } from '../http/auth-context.ts';
import type { ServerContext } from '../http/context.ts';
import { parseInput } from '../http/errors.ts';
import { pathId } from '../http/path-params.ts';
import { responseSchema } from '../http/response-schema.ts';
import {
  createEvent,
  deleteEvent,
  getEvent,
  listEventTasks,
  listOccurrences,
  updateEvent,
} from './service.ts';

function hasField(body: unknown, field: string): boolean {
  return typeof body === 'object' && body !== null && Object.hasOwn(body, field);
}

/**
 * SPEC §7 events calls: `GET /api/events?start=&end=` (occurrences), `GET /api/events/{id}[?occurrence=]`,
 * `GET /api/events/{id}/tasks`, `POST /api/events[?activity_conversion=true]`,
 * `PATCH /api/events/{id}[?occurrence=…[&following=true]]`, `DELETE /api/events/{id}[?deleteAll=true|?occurrence=…[&following=true]]`.
 */
export function registerEventRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // The list is the calendar's hot path: its reply is serialized from the contract's schema (fast-json-stringify).
  const occurrenceList = { response: { 200: responseSchema(z.array(eventOccurrenceDtoSchema)) } };
  app.get('/api/events', { schema: occurrenceList }, async (request) => {
    const auth = requireAuth(request);
    const { familyId } = auth;
    const range = parseInput(eventRangeQuerySchema, request.query);
    return listOccurrences(ctx, auth, range, (eventId, reason) =>
      request.log.warn({ familyId, eventId, reason }, 'event left out of the calendar'),
    );
  });

  app.get('/api/events/:id', async (request) => {
    const { familyId } = requireAuth(request);
    const id = pathId(request.params, 'id', 'Event not found');
    const query = parseInput(occurrenceQuerySchema, request.query);
    return getEvent(ctx, familyId, id, query.occurrence);
  });

  app.get('/api/events/:id/tasks', async (request) => {
    const { familyId } = requireAuth(request);
    return listEventTasks(ctx, familyId, pathId(request.params, 'id', 'Event not found'));
  });

  // `?activity_conversion=true` takes the same payload (SPEC §7: the proposal's fields mapped by the client)
  // and counts toward the plan limit like any new event.
  // With `&activity_id=` the proposal remembers its event and a second conversion answers 409 (issue 21).
  app.post('/api/events', async (request, reply) => {
    const { familyId } = requireAuth(request);
    const query = parseInput(occurrenceQuerySchema, request.query);
    const input = parseInput(eventInputSchema, request.body);
    const proposalId = query.activity_conversion === 'true' ? query.activity_id : undefined;
    const created = await createEvent(ctx, familyId, input, proposalId);
    return reply.status(201).send(created);
  });

  app.patch('/api/events/:id', async (request) => {
    const { familyId } = requireAuth(request);
    const id = pathId(request.params, 'id', 'Event not found');
    const query = parseInput(occurrenceQuerySchema, request.query);
    const input = parseInput(eventInputSchema, request.body);
    return updateEvent(ctx, familyId, id, input, {
      occurrence: query.occurrence,
      following: query.following === 'true',
      alertMembersSent: hasField(request.body, 'alert_members'),
    });
  });

  app.delete('/api/events/:id', async (request) => {
    const { familyId } = requireAuth(request);
    const id = pathId(request.params, 'id', 'Event not found');
    const query = parseInput(occurrenceQuerySchema, request.query);
    const removed = await deleteEvent(ctx, familyId, id, {
      occurrence: query.occurrence,
      following: query.following === 'true',
      deleteAll: query.deleteAll === 'true',
    });
    return { ok: true, removed };
  });
}
