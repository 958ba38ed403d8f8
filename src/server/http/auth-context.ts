import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth/sessions.ts';
import { unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session hook when the request carries a live session cookie. */
    auth: AuthContext | null;
  }
}

/**
 * The signed-in family for a route handler. Every family-owned query filters by `familyId` from here.
 * @throws HttpError 401 when the request has no live session.
 */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
