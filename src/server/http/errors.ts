import type { FastifyError, FastifyInstance } from 'fastify';
import { safeParse, type z } from 'zod';
import type { ApiErrorBody, ApiErrorCode } from '../../core/contracts/errors.ts';

/** An error that maps to one HTTP answer in the shape of `ApiErrorBody`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Sent as `Retry-After` (seconds) with the answer, for a 429 raised deep in a service. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const unauthorized = (message = 'Not signed in') => new HttpError(401, 'unauthorized', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
export const gone = (message: string) => new HttpError(410, 'gone', message);
export const forbidden = (message: string) => new HttpError(403, 'forbidden', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'validation_failed', message, fields);

/**
 * Parses `input` with `schema`, or throws a 400 whose `fields` holds the first message per field
 * (the zod schema's own messages, which are SPEC §5's). Takes classic and `zod/mini` schemas alike.
 */
export function parseInput<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = safeParse(schema, input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  const first = Object.values(fields)[0] ?? 'Invalid input';
  throw badRequest(first, fields);
}

/** The `ApiErrorBody` of an HttpError, for a handler that must answer it without throwing (to commit). */
export function httpErrorBody(error: HttpError): ApiErrorBody {
  return body(error.code, error.message, error.fields);
}

function body(code: ApiErrorCode, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** PostgreSQL SQLSTATEs meaning "the server went away or is restarting", not "your query is wrong". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/**
 * True when `error` (or one of its causes: Drizzle wraps driver errors) says the database connection is down
 * (a restart, a failover, a terminated backend). Such requests get 503 with Retry-After instead of a 500,
 * so that clients retry instead of reporting a bug (docs/reliability.md).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; depth += 1) {
    const code: unknown = Reflect.get(e, 'code');
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code)))
      return true;
    if (
      /Connection terminated|connection.*(closed|ended)|Client has encountered a connection error/i.test(
        e.message,
      )
    ) {
      return true;
    }
    e = e.cause;
  }
  return false;
}

function unavailableBody(): ApiErrorBody {
  return body('unavailable', 'FamilyHub is briefly unavailable. Please try again in a moment.');
}

/**
 * Installs the error and not-found handlers so that every failure has the one shape, and the drain answer:
 * once the app is closing (SIGTERM), requests that arrive get 503 `unavailable` with `Connection: close`
 * while the ones already running finish (the app is built with `return503OnClosing: false` so that this
 * hook, not Fastify's own differently shaped 503, answers them).
 */
export function installErrorHandling(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Answers to requests that were already running when the drain began close their connection too: a
  // keep-alive connection left open would hold the shutdown until Fastify's keep-alive timeout (72 s).
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('Connection', 'close').header('Retry-After', '1');
    return reply.status(503).send(unavailableBody());
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined)
        reply.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      return reply.status(error.statusCode).send(body(error.code, error.message, error.fields));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(body('rate_limited', 'Too many requests. Please try again later.'));
    }
    if (status === 413)
      return reply.status(413).send(body('payload_too_large', 'The request body is too large.'));
    if (status === 415) {
      return reply
        .status(415)
        .send(body('unsupported_media_type', 'Send the request body as application/json.'));
    }
    if (status >= 400 && status < 500) {
      return reply.status(400).send(body('validation_failed', 'The request is malformed.'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('Retry-After', '1').send(unavailableBody());
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('internal', 'Something went wrong on our side. Please try again.'));
  });
}

/** The JSON 404 for an unknown API path. */
export function apiNotFound(): ApiErrorBody {
  return body('not_found', 'Not found');
}
