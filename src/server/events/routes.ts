import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { eventOccurrenceDtoSchema } from '../../core/contracts/event-wire.ts';
import {
  eventInputSchema,
  eventRangeQuerySchema,
  occurrenceQuerySchema,
  seriesChangeQuerySchema,
} from '../../core/contracts/events.ts';
import { requireAuth } from '../http/auth-context.ts';
import type { ServerContext } from '../context.ts';
import { sendCappedList } from '../http/capped-list.ts';
import { takeOpeningRead } from '../http/family-scope.ts';
import { parseInput } from '../http/errors.ts';
import { pathId } from '../http/path-params.ts';
import { responseSchema } from '../http/response-schema.ts';
import {
  createEvent,
  deleteEvent,
  getEvent,
  listEventTasks,
  listOccurrences,
  listOpeningRead,
  updateEvent,
} from './service.ts';

function hasField(body: unknown, field: string): boolean {
  return typeof body === 'object' && body !== null && Object.hasOwn(body, field);
}

/**
 * SPEC §7 events calls: `GET /api/events?start=&end=` (occurrences), `GET /api/events/{id}[?occurrence=]`,
 * `GET /api/events/{id}/tasks`, `POST /api/events[?activity_conversion=true]`,
 * `PATCH` and `DELETE /api/events/{id}[?scope=this|following|all][&occurrence=…]` (also SPEC's `?deleteAll=true`
 * and the earlier `?occurrence=…[&following=true]`: `seriesChangeQuerySchema`).
 */
export function registerEventRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // The list is the calendar's hot path: its reply is serialized from the contract's schema (fast-json-stringify).
  const occurrenceList = { response: { 200: responseSchema(z.array(eventOccurrenceDtoSchema)) } };
  // Its window read goes with the session statement and COMMIT in one round trip (ADR 024). The query is parsed
  // once, for the opening read (before the handler), and the handler takes that result.
  const ranges = new WeakMap<FastifyRequest, ReturnType<typeof eventRangeQuerySchema.safeParse>>();
  const parsedRange = (request: FastifyRequest) => {
    let parsed = ranges.get(request);
    if (!parsed) ranges.set(request, (parsed = eventRangeQuerySchema.safeParse(request.query ?? {})));
    return parsed;
  };
  const listConfig = {
    openingRead: (request: FastifyRequest) => {
      const parsed = parsedRange(request);
      return parsed.success ? listOpeningRead(parsed.data) : null;
    },
  };
  app.get('/api/events', { schema: occurrenceList, config: listConfig }, async (request, reply) => {
    const auth = requireAuth(request);
    const { familyId } = auth;
    const parsed = parsedRange(request);
    // An invalid query is parsed again, to be answered 400 with a message per field.
    const range = parsed.success ? parsed.data : parseInput(eventRangeQuerySchema, request.query);
    const leftOut = (eventId: number, reason: string) =>
      request.log.warn({ familyId, eventId, reason }, 'event left out of the calendar');
    return sendCappedList(reply, await listOccurrences(ctx, auth, range, leftOut, takeOpeningRead(request)));
  });

  app.get('/api/events/:id', async (request) => {
    const { familyId } = requireAuth(request);
    const id = pathId(request.params, 'id', 'Event not found');
    const query = parseInput(occurrenceQuerySchema, request.query);
    return getEvent(ctx, familyId, id, query.occurrence);
  });

  app.get('/api/events/:id/tasks', async (request, reply) => {
    const { familyId } = requireAuth(request);
    return sendCappedList(
      reply,
      await listEventTasks(ctx, familyId, pathId(request.params, 'id', 'Event not found')),
    );
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
    const change = parseInput(seriesChangeQuerySchema, request.query);
    const input = parseInput(eventInputSchema, request.body);
    return updateEvent(ctx, familyId, id, input, {
      ...change,
      alertMembersSent: hasField(request.body, 'alert_members'),
    });
  });

  app.delete('/api/events/:id', async (request) => {
    const { familyId } = requireAuth(request);
    const id = pathId(request.params, 'id', 'Event not found');
    const change = parseInput(seriesChangeQuerySchema, request.query);
    const { removed, undoId } = await deleteEvent(ctx, familyId, id, change);
    return { ok: true, removed, undo_id: undoId };
  });
}
