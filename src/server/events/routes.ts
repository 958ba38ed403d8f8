import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { eventDtoSchema, eventOccurrenceDtoSchema } from '../../core/contracts/event-wire.ts';
import {
  eventDeleteReplySchema,
  type EventDeleteReply,
  eventInputSchema,
  eventRangeQuerySchema,
  eventTaskDtoSchema,
  occurrenceQuerySchema,
  seriesChangeQuerySchema,
} from '../../core/contracts/events.ts';
import type { ServerContext } from '../context.ts';
import { sendCappedList } from '../http/capped-list.ts';
import { takeOpeningRead } from '../http/family-scope.ts';
import { parseInput } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { idParams } from '../http/route-contract.ts';
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

/** The 404 of an event id that names nothing in the family. */
const EVENT_NOT_FOUND = 'Event not found';

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
  const occurrenceList = z.array(eventOccurrenceDtoSchema);
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
  route(
    app,
    {
      method: 'GET',
      url: '/api/events',
      summary: 'The family’s event occurrences in a range of local days.',
      auth: 'session',
      query: eventRangeQuerySchema,
      parsesItself: true,
      options: { schema: { response: { 200: responseSchema(occurrenceList) } }, config: listConfig },
      responses: {
        200: {
          description:
            'The occurrences, by start: at most 1,000, the earliest (`EVENTS_LIST_MAX`; `X-List-Truncated: true` says the range holds more). `description` is its first 12 lines within 1 KiB (`description_truncated`), `exdates` at most 20 of the series’ (`exdates_truncated`); `GET /api/events/{id}` answers them whole. At most 8,193,001 bytes (7.8 MiB, `EVENTS_LIST_MAX_BYTES`).',
          schema: occurrenceList,
        },
      },
    },
    async ({ auth }, request, reply) => {
      const { familyId } = auth;
      const parsed = parsedRange(request);
      // An invalid query is parsed again, to be answered 400 with a message per field.
      const range = parsed.success ? parsed.data : parseInput(eventRangeQuerySchema, request.query);
      const leftOut = (eventId: number, reason: string) =>
        request.log.warn({ familyId, eventId, reason }, 'event left out of the calendar');
      return sendCappedList(
        reply,
        await listOccurrences(ctx, auth, range, leftOut, takeOpeningRead(request)),
      );
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/events/:id',
      summary: 'One event, or one occurrence of a series with `?occurrence=`.',
      auth: 'session',
      params: idParams,
      notFound: EVENT_NOT_FOUND,
      query: occurrenceQuerySchema,
      responses: { 200: { description: 'The event.', schema: eventDtoSchema } },
    },
    async ({ auth, id, query }) => getEvent(ctx, auth.familyId, id, query.occurrence),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/events/:id/tasks',
      summary:
        'The tasks linked to an event, each with only the start of its description (ADR 046). A series’ pickups and drop-offs are tasks of its occurrences (`occurrence_start`, ADR 047); an occurrence edited on its own also lists those of its occurrence.',
      auth: 'session',
      params: idParams,
      notFound: EVENT_NOT_FOUND,
      responses: {
        200: {
          description:
            '`EventTaskDto[]`, kept and cut as `GET /api/tasks` keeps them: at most 1,000 tasks, at most 5,121,001 bytes (`TASKS_LIST_MAX_BYTES`).',
          schema: z.array(eventTaskDtoSchema),
        },
      },
    },
    async ({ auth, id }, _request, reply) =>
      sendCappedList(reply, await listEventTasks(ctx, auth.familyId, id)),
  );

  // `?activity_conversion=true` takes the same payload (SPEC §7: the proposal's fields mapped by the client)
  // and counts toward the plan limit like any new event.
  // With `&activity_id=` the proposal remembers its event and a second conversion answers 409 (issue 21).
  route(
    app,
    {
      method: 'POST',
      url: '/api/events',
      summary: 'Create an event (`?activity_conversion=true&activity_id=` when converting a proposal).',
      auth: 'session',
      query: occurrenceQuerySchema,
      body: eventInputSchema,
      responses: { 201: { description: 'The event.', schema: eventDtoSchema } },
      errors: {
        409: 'The family’s plan limit on events is reached, or the proposal is already on the calendar or not accepted.',
      },
    },
    async ({ auth, query, body }, _request, reply) => {
      const proposalId = query.activity_conversion === 'true' ? query.activity_id : undefined;
      return reply.status(201).send(await createEvent(ctx, auth.familyId, body, proposalId));
    },
  );

  route(
    app,
    {
      method: 'PATCH',
      url: '/api/events/:id',
      summary:
        'Edit an event; of a series, the scope the user chose (`?scope=this|following|all`) from the occurrence it was opened on (`&occurrence=`). The server works out the rows (ADR 018).',
      auth: 'session',
      params: idParams,
      notFound: EVENT_NOT_FOUND,
      query: seriesChangeQuerySchema,
      body: eventInputSchema,
      responses: { 200: { description: 'The event row edited.', schema: eventDtoSchema } },
    },
    async ({ auth, id, query, body }, request) =>
      updateEvent(ctx, auth.familyId, id, body, {
        ...query,
        alertMembersSent: hasField(request.body, 'alert_members'),
      }),
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/events/:id',
      summary:
        'Delete an event; of a series, one occurrence, it and the following, or the whole series (`?scope=this|following|all[&occurrence=]`; SPEC’s `?deleteAll=true` is `all`).',
      auth: 'session',
      params: idParams,
      notFound: EVENT_NOT_FOUND,
      query: seriesChangeQuerySchema,
      responses: {
        200: {
          description:
            '`{ ok: true, removed, undo_id }`: `removed` is `series`, `occurrence`, `following` or `event`; `undo_id` (a UUID) undoes the delete with `POST /api/undo/{undo_id}` for 60 seconds.',
          schema: eventDeleteReplySchema,
        },
      },
    },
    async ({ auth, id, query }): Promise<EventDeleteReply> => {
      const { removed, undoId } = await deleteEvent(ctx, auth.familyId, id, query);
      return { ok: true, removed, undo_id: undoId };
    },
  );
}
