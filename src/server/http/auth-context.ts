import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors.ts';

/** The signed-in identity a request carries once its session cookie checks out. */
export interface AuthContext {
  userId: number;
  familyId: number;
  sid: string;
  /** The family's IANA time zone (families.timezone), read with the session. */
  familyZone: string;
}

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
