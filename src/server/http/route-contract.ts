import { z } from 'zod';
import { okReplySchema, undoableDeleteReplySchema } from '../../core/contracts/replies.ts';

/**
 * Who may call a route:
 * - `session`: a signed-in user (the session cookie); 401 without one. Runs in the session's family scope.
 * - `optional`: works with or without a session.
 * - `public`: no session needed (sign-in, links from e-mails, the waitlist).
 * - `token`: the secret in the path is the credential (calendar feed URLs).
 * - `twilio`: Twilio's `X-Twilio-Signature` over the request; 403 when it is missing or wrong.
 */
export type RouteAuth = 'session' | 'optional' | 'public' | 'token' | 'twilio';

/** One documented reply: what it means, and its body's contract when there is one. */
export interface ResponseContract {
  description: string;
  /** The zod contract of the body (documented by its output); absent when the body is described in words. */
  schema?: z.core.$ZodType;
  /** Content type of the body when it is not JSON. */
  contentType?: string;
}

/**
 * What one route takes and answers, from the zod contracts in src/core/contracts. It is declared with the route
 * (`route()`, http/route.ts), which validates with `parseInput` (SPEC §5 wording of the 400s), never with
 * Fastify's own schema validation; the OpenAPI document and docs/api.md are generated from it (ADR 015, 056).
 */
export interface RouteContract {
  summary: string;
  auth: RouteAuth;
  /** Path parameters (an id that is not a positive 32-bit integer answers 404, as an unknown id does). */
  params?: z.core.$ZodType;
  query?: z.core.$ZodType;
  body?: z.core.$ZodType;
  /** Content type of a body that is not JSON (the schema then describes the form or text). */
  bodyType?: string;
  /** Successful replies by status. */
  responses: Record<number, ResponseContract>;
  /** Failures particular to this route (the usual ones are added by `errorsOf`). */
  errors?: Record<number, string>;
  /** True when the route has its own rate limit (429 with Retry-After): `route()` sets it from a `rateLimited` preHandler. */
  rateLimited?: boolean;
}

/**
 * A numeric path id: a positive integer of at most ten digits (anything else answers 404). A route that declares
 * exactly these params gets the id parsed by `route()` (`pathId`).
 */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .meta({ description: 'A positive integer id (at most 2147483647).' }),
});
/** The secret token of a link from an e-mail, as a path parameter. */
export const tokenParams = z.object({
  token: z.string().meta({ description: 'The secret token from the link.' }),
});
/** A 204 reply. */
export const NO_CONTENT = { description: 'No body.' } satisfies ResponseContract;
const NOT_FOUND_ID = 'No such id in your family (another family’s ids answer the same).';

const STANDARD_ERRORS: Record<number, string> = {
  400: 'Invalid input: `error.fields` holds one message per field (SPEC §5 wording).',
  401: 'Not signed in.',
  404: NOT_FOUND_ID,
  429: 'Too many requests: wait `Retry-After` seconds.',
};

/**
 * The failures a route can answer, by status, in the one error shape (`ApiErrorBody`): its own, plus 400 when it
 * takes a query or a body, 401 with a session, 403 for Twilio's signature, 404 for a path id (a path parameter
 * that names nothing answers 404, never 400), 429 for its rate limit or (a signed-in write outside `/api/auth`)
 * the family write limit. 503 (database unavailable) can answer any route.
 */
export function errorsOf(method: string, url: string, contract: RouteContract): Record<number, string> {
  const errors: Record<number, string> = {};
  if (contract.body || contract.query) {
    errors[400] = STANDARD_ERRORS[400] ?? '';
  }
  if (contract.auth === 'session') errors[401] = STANDARD_ERRORS[401] ?? '';
  if (contract.auth === 'twilio') errors[403] = 'Missing or wrong `X-Twilio-Signature`.';
  if (url.includes(':id')) errors[404] = NOT_FOUND_ID;
  const familyWrite = contract.auth === 'session' && method !== 'GET' && !url.startsWith('/api/auth/');
  if (contract.rateLimited || familyWrite) errors[429] = STANDARD_ERRORS[429] ?? '';
  for (const [status, description] of Object.entries(contract.errors ?? {})) {
    const standard = errors[Number(status)];
    errors[Number(status)] = standard ? `${standard} Also: ${description}` : description;
  }
  return errors;
}

/** A `{ ok: true }` reply. */
export const OK = { description: '`{ ok: true }`.', schema: okReplySchema } satisfies ResponseContract;
/** The reply of a delete that can be undone (ADR 051). */
export const OK_UNDO = {
  description:
    '`{ ok: true, undo_id }`: `undo_id` (a UUID) undoes the delete with `POST /api/undo/{undo_id}` for 60 seconds.',
  schema: undoableDeleteReplySchema,
} satisfies ResponseContract;
