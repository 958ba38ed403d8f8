import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ApiErrorBody, ApiErrorCode } from '../../core/contracts/errors.ts';

/** An error that maps to one HTTP answer in the shape of `ApiErrorBody`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const unauthorized = (message = 'Not signed in') => new HttpError(401, 'unauthorized', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
export const forbidden = (message: string) => new HttpError(403, 'forbidden', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'validation_failed', message, fields);

/**
 * Parses `input` with `schema`, or throws a 400 whose `fields` holds the first message per field
 * (the zod schema's own messages, which are SPEC §5's).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  const first = Object.values(fields)[0] ?? 'Invalid input';
  throw badRequest(first, fields);
}

function body(code: ApiErrorCode, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Installs the error and not-found handlers so that every failure has the one shape. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
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
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('internal', 'Something went wrong on our side. Please try again.'));
  });
}

/** The JSON 404 for an unknown API path. */
export function apiNotFound(): ApiErrorBody {
  return body('not_found', 'Not found');
}
