import { notFound } from './errors.ts';

/** PostgreSQL `integer`'s largest value: ids are `serial`. */
const MAX_ID = 2_147_483_647;

/**
 * The id in a path segment (`/api/tasks/{id}`): a positive 32-bit integer written without sign or leading
 * zeros. Anything else names nothing, so it answers 404 like an unknown id or another family's id (ids are
 * opaque: a malformed one is not a 400).
 *
 * @param params Fastify's `request.params` (typed `unknown` without a route schema).
 * @param name the segment's name in the route path (`id` unless the route says otherwise).
 * @param message the 404's message.
 * @returns the id as a number, 1 … 2,147,483,647.
 * @throws HttpError 404 when the segment is missing or not such an integer.
 */
export function pathId(params: unknown, name = 'id', message?: string): number {
  const raw = (params as Record<string, unknown> | undefined)?.[name];
  const id = typeof raw === 'string' && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(id <= MAX_ID)) throw notFound(message);
  return id;
}
