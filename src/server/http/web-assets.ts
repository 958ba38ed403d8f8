import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { apiNotFound } from './errors.ts';

/** A year, the longest `max-age` HTTP caches honour (RFC 9111 §5.2.2.1 puts no limit; a year is the convention). */
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Responses smaller than this go out uncompressed: below ~1 KB the encoding costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * The `Cache-Control` of a file of the built SPA, by its path relative to the web root (forward slashes).
 * Files under `assets/` carry a content hash in their name (Vite), so they never change under the same URL:
 * cached for a year, `immutable` (no revalidation on reload). Everything else — `index.html`, `sw.js`, the
 * manifest, icons — keeps its URL across releases, so the browser revalidates it every time (`no-cache`,
 * answered by a 304 when unchanged).
 */
export function cacheControlFor(relativePath: string): string {
  return relativePath.startsWith('assets/') ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache';
}

/**
 * The tag the server adds to `index.html` for a visitor without a session cookie; the SPA reads it
 * (src/web/features/auth/api.ts) instead of asking `GET /api/auth/session`, which would answer 401.
 */
export const SIGNED_OUT_META = '<meta name="familyhub-session" content="signed-out" />';

/** `html` with {@link SIGNED_OUT_META} at the end of its head. */
function withSignedOutHint(html: string): string {
  return html.replace('</head>', `  ${SIGNED_OUT_META}\n  </head>`);
}

/** Whether a `Cookie` header (RFC 6265 §5.4: `name=value; name=value`) carries a non-empty cookie `name`. */
export function hasCookie(header: string | undefined, name: string): boolean {
  if (!header) return false;
  return header.split(';').some((pair) => {
    const eq = pair.indexOf('=');
    return eq > 0 && pair.slice(0, eq).trim() === name && pair.slice(eq + 1).trim() !== '';
  });
}

/**
 * Response compression for every route registered after this call (so call it before the routes):
 * `@fastify/compress` encodes answers larger than {@link COMPRESS_THRESHOLD_BYTES} with brotli (quality 4,
 * its default for on-the-fly work) or gzip, whichever the client's `Accept-Encoding` prefers, and adds
 * `Vary: Accept-Encoding`. Answers already encoded (the precompressed SPA files) and types that do not
 * compress (PNG) pass through unchanged.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'] });
}

/**
 * The built SPA, served like a production site.
 *
 * - The SPA's files are served from `webRoot` with their `.br`/`.gz` twins written at build time
 *   (scripts/build.mjs, brotli quality 11): `preCompressed` picks the best one the client accepts, so no CPU
 *   is spent compressing at request time. Cache headers per {@link cacheControlFor}.
 * - `GET /` without the `sessionCookie` is the landing page prerendered at build time (`landing.html`, ADR
 *   012): HTML and a small island, none of the SPA's code. With the cookie it is the SPA, which opens the
 *   calendar (or, should the session have ended, shows the landing page itself).
 * - Any other GET outside `/api` is a client-side route: `index.html` (revalidated), and the SPA decides
 *   (including its own 404 page). A request without the `sessionCookie` gets it with the signed-out hint
 *   ({@link SIGNED_OUT_META}). `/api/*` and other methods answer the API's 404 shape.
 *
 * With no built SPA (`webRoot/index.html` missing, as in the API tests) only the 404s are installed.
 */
export async function registerWebAssets(
  app: FastifyInstance,
  webRoot: string,
  sessionCookie: string,
): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const signedOutPage = hasWeb ? withSignedOutHint(fs.readFileSync(indexFile, 'utf8')) : '';
  const hasLanding = fs.existsSync(path.join(webRoot, 'landing.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false, // set per file below (the default would be `public, max-age=0` for everything)
      setHeaders(res, filePath) {
        const relative = path.relative(webRoot, filePath).split(path.sep).join('/');
        res.setHeader('Cache-Control', cacheControlFor(relative.replace(/\.(br|gz)$/, '')));
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
    // A route, not the not-found handler below, so that the page goes out as its precompressed twin.
    app.get('/', (request, reply) => {
      // Both: the page depends on the cookie, and the body on the encoding (this replaces setHeaders' Vary).
      reply.header('Vary', 'Cookie, Accept-Encoding');
      if (hasCookie(request.headers.cookie, sessionCookie)) return reply.sendFile('index.html');
      if (hasLanding) return reply.sendFile('landing.html');
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(signedOutPage);
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send(apiNotFound());
    }
    // No session cookie at all: certainly signed out, and the page says so, so the app skips its session
    // call (whose 401 Chromium would log as a console error) and shows the landing page at once.
    if (!hasCookie(request.headers.cookie, sessionCookie)) {
      return reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Cookie')
        .type('text/html; charset=utf-8')
        .send(signedOutPage);
    }
    return reply.header('Vary', 'Cookie').sendFile('index.html');
  });
}
