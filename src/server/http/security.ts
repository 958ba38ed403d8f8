import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden } from './errors.ts';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Radix positions popovers with inline style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** SPEC §5 has no wording for it; the field named in `fields` tells the form where. */
export const NUL_CHARACTER_MESSAGE = 'Text must not contain NUL characters';

/**
 * The path (`a.b.0`) of the first string in a parsed body that holds U+0000, or null. PostgreSQL text cannot
 * store NUL, so such a body would fail in the database as a 500; refusing it up front makes it a 400.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findNulCharacter(body: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item) break;
    const { value, path } = item;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path || '_';
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        stack.push({ value: child, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return null;
}

/**
 * Security headers on every answer (OWASP Secure Headers) and the cross-site request check:
 * a state-changing request whose Origin is not `publicUrl`'s origin is refused with 403 (OWASP CSRF Prevention,
 * "Verifying Origin with standard headers"; the SameSite=Lax cookie is the second layer).
 */
export function installSecurity(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  const https = publicOrigin.startsWith('https:');
  // The API speaks JSON only (SPEC §7): a text/plain body is answered 415 like any other non-JSON type,
  // instead of reaching a handler as a string. Routes that read text (calendar import) add it back in their scope.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) {
      if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden('Cross-site request refused.');
      return;
    }
    // Only PUBLIC_URL's origin (issue 42): comparing with the Host header let any origin through whose request
    // also named it as Host (DNS rebinding, a proxy passing Host through).
    if (origin !== publicOrigin) throw forbidden('Cross-site request refused.');
  });

  app.addHook('preValidation', async (request) => {
    // Only parsed bodies (JSON, forms): a route that takes a whole text document (calendar import) reads it
    // with its own parser and answers a NUL in its own words.
    if (typeof request.body !== 'object' || request.body === null) return;
    const field = findNulCharacter(request.body);
    if (field !== null) throw badRequest(NUL_CHARACTER_MESSAGE, { [field]: NUL_CHARACTER_MESSAGE });
  });

  app.addHook('onSend', async (request, reply) => {
    // An API reply is the family's data: kept by no cache unless its route says otherwise (the photo, the feed).
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control'))
      reply.header('Cache-Control', 'no-store');
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}
