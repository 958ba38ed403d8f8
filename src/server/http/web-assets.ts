import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { homeDataScript, type HomePageData } from '../../core/contracts/home-page.ts';
import type { AuthContext } from './auth-context.ts';
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

/**
 * The `<link rel="modulepreload">` tags the build adds to `index.html` for the signed-in home's chunks (the app
 * shell and the calendar, vite.config.ts `homeModulePreload`), one a line, each marked `data-home`. The server
 * keeps them only in the page it sends a signed-in visitor at `/` or `/calendar`.
 */
const HOME_PRELOADS = /^[ \t]*<link rel="modulepreload" data-home[^>]*>\n?/gm;

/** The paths that open the calendar (the signed-in home), where its chunks are worth loading with the entry. */
function isHomePath(url: string): boolean {
  const pathname = url.split('?')[0];
  return pathname === '/' || pathname === '/calendar';
}

/**
 * Whether the calendar at `url` opens on the agenda's first days on a phone: no `?view=` other than the agenda
 * and no `?date=` (the days the server reads and renders, ADR 025).
 */
function opensOnAgenda(url: string): boolean {
  const params = new URLSearchParams(url.split('?')[1] ?? '');
  const view = params.get('view');
  return (view === null || view === 'agenda') && !params.has('date');
}

/**
 * `html` with its module scripts and module preloads fetched at low priority (`fetchpriority="low"`, HTML
 * § fetch priority attributes): for the page whose home the server rendered (ADR 025), which paints from its
 * HTML and stylesheet alone, so the stylesheet goes first and the scripts (which only take the page over) do
 * not compete with it. Lighthouse's simulation counts every high-priority script requested before the first
 * paint as blocking it.
 */
export function withScriptsAfterPaint(html: string): string {
  return html
    .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"');
}

/** Reads what the signed-in home's page is rendered from, for a live session, in its family's scope. */
export type HomePageReader = (auth: AuthContext) => Promise<HomePageData>;

/** The server-side render of the signed-in home (src/web/app/home-prerender.tsx, built by vite.config.ts). */
interface HomeRenderer {
  renderHomePage(data: HomePageData, path: string): string;
}

/**
 * The home's server-side render bundle built beside `webRoot` (`<webRoot>-ssr/home-prerender.mjs`,
 * vite.config.ts `homePrerender`), or null when there is none or it does not load (logged; the page then
 * carries the frame without data, as before ADR 025).
 */
async function loadHomeRenderer(webRoot: string, log: FastifyBaseLogger): Promise<HomeRenderer | null> {
  const file = path.join(`${path.resolve(webRoot)}-ssr`, 'home-prerender.mjs');
  if (!fs.existsSync(file)) return null;
  try {
    const loaded = (await import(pathToFileURL(file).href)) as Partial<HomeRenderer>;
    if (typeof loaded.renderHomePage !== 'function') throw new Error(`${file} exports no renderHomePage`);
    return { renderHomePage: loaded.renderHomePage };
  } catch (error) {
    log.error({ err: error }, 'the home page renderer did not load; signed-in pages carry the frame only');
    return null;
  }
}

/** Characters that cannot appear raw in a double-quoted HTML attribute value. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The tag the server adds to `index.html` for a signed-in visitor: the family's IANA time zone, so that the
 * entry's early fetch (ADR 020) computes "today" as the calendar will, even on a device that never stored it
 * (src/web/features/calendar/opening-data.ts reads it).
 */
export function familyZoneMeta(zone: string): string {
  return `<meta name="familyhub-zone" content="${escapeAttribute(zone)}" />`;
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
 * - `GET /` without a live session is the landing page prerendered at build time (`landing.html`, ADR 012):
 *   HTML and a small island, none of the SPA's code.
 * - Any other GET outside `/api` is a client-side route: `index.html` (revalidated), and the SPA decides
 *   (including its own 404 page). `/api/*` and other methods answer the API's 404 shape.
 * - Which page, by what the session hook (auth/routes.ts, `request.auth`) found for the `sessionCookie`
 *   (ADR 023): a live session gets `index.html` with the family's zone ({@link familyZoneMeta}), and at `/` and
 *   `/calendar` also the home chunks' preloads and the app's frame (`app-frame.html`, written by the build) in
 *   `#root`; no cookie or an ended session gets the signed-out hint ({@link SIGNED_OUT_META}) and no home
 *   preloads (at `/` the landing page); a cookie with no session hook installed gets the built file as it is.
 *   Pages written per request are compressed here (brotli quality 4 or gzip).
 * - The signed-in home (ADR 025): at `/` and `/calendar` opening on the agenda, with `readHome` given and the
 *   render bundle built (`<webRoot>-ssr/home-prerender.mjs`), `#root` holds the home rendered with the family's
 *   data (the agenda below 768 px, the frame above) and the page embeds that data ({@link homeDataScript});
 *   when the read or the render fails it is logged and the page carries the frame alone. Both paths are
 *   routes, so they run in the family's scope (http/family-scope.ts).
 *
 * With no built SPA (`webRoot/index.html` missing, as in the API tests) only the 404s are installed.
 */
export async function registerWebAssets(
  app: FastifyInstance,
  webRoot: string,
  sessionCookie: string,
  readHome?: HomePageReader,
): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const built = hasWeb ? fs.readFileSync(indexFile, 'utf8') : '';
  const signedOutPage = withSignedOutHint(built.replace(HOME_PRELOADS, ''));
  const signedInElsewhere = built.replace(HOME_PRELOADS, '');
  const hasLanding = fs.existsSync(path.join(webRoot, 'landing.html'));
  const frameFile = path.join(webRoot, 'app-frame.html');
  const frame = fs.existsSync(frameFile) ? fs.readFileSync(frameFile, 'utf8') : '';
  const signedInHome = built.replace('<div id="root"></div>', `<div id="root">${frame}</div>`);
  /**
   * The SPA's page for a request with a live session (ADR 023): the family's zone; at home also its chunks'
   * preloads and the app's frame (`app-frame.html`, written by the build), which paints before any script.
   */
  const signedInPage = (url: string, zone: string) =>
    (isHomePath(url) ? signedInHome : signedInElsewhere).replace(
      '</head>',
      `  ${familyZoneMeta(zone)}\n  </head>`,
    );
  const renderer = hasWeb && readHome ? await loadHomeRenderer(webRoot, app.log) : null;
  /** The page the home is rendered into: its scripts at low priority (worked out once, not per request). */
  const renderedShell = withScriptsAfterPaint(built);
  /**
   * The page for a live session at `request.url`: at home opening on the agenda, rendered with the family's
   * data when it can be (ADR 025), else {@link signedInPage}.
   */
  const livePage = async (request: FastifyRequest, auth: AuthContext): Promise<string> => {
    const fallback = signedInPage(request.url, auth.familyZone);
    if (!renderer || !readHome || !isHomePath(request.url) || !opensOnAgenda(request.url)) return fallback;
    try {
      const data = await readHome(auth);
      const html = renderer.renderHomePage(data, request.url);
      return renderedShell
        .replace('<div id="root"></div>', () => `<div id="root">${html}</div>\n    ${homeDataScript(data)}`)
        .replace('</head>', `  ${familyZoneMeta(auth.familyZone)}\n  </head>`);
    } catch (error) {
      request.log.error({ err: error }, 'the home page was not rendered with its data; sending the frame');
      return fallback;
    }
  };
  /**
   * Sends `html` as the page: revalidated, compressed (the not-found handler is outside the compress hook), and
   * `no-store` when it is a signed-in page (it carries the family's zone, and at home its agenda and data), so
   * that neither a shared cache nor the browser's own disk cache keeps one family's page after sign-out (issue 42).
   */
  const sendPage = (request: FastifyRequest, reply: FastifyReply, html: string, signedIn: boolean) => {
    reply
      .header('Cache-Control', signedIn ? 'no-store' : 'no-cache')
      .header('Vary', 'Cookie, Accept-Encoding');
    reply.type('text/html; charset=utf-8');
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (encoding === null) return reply.send(html);
    const body =
      encoding === 'br'
        ? zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
        : zlib.gzipSync(html);
    return reply.header('Content-Encoding', encoding).send(body);
  };
  /** The SPA's page at any client-side route, by what the session hook found (see above). */
  const sendSpa = async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = sessionCookieState(request, sessionCookie);
    if (auth.kind === 'live') return sendPage(request, reply, await livePage(request, auth.auth), true);
    // Certainly signed out (no session cookie, or one whose session has ended): the page says so, so the app
    // skips its session call (whose 401 Chromium would log as a console error) and shows its page at once.
    if (auth.kind === 'none') return sendPage(request, reply, signedOutPage, false);
    return reply.header('Vary', 'Cookie').sendFile('index.html');
  };
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
    app.get('/', async (request, reply) => {
      // Both: the page depends on the cookie, and the body on the encoding (this replaces setHeaders' Vary).
      const auth = sessionCookieState(request, sessionCookie);
      if (auth.kind === 'live') return sendPage(request, reply, await livePage(request, auth.auth), true);
      reply.header('Vary', 'Cookie, Accept-Encoding');
      if (auth.kind === 'unknown') return reply.sendFile('index.html');
      if (hasLanding) return reply.sendFile('landing.html');
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(signedOutPage);
    });
    // A route (not the not-found handler) so that its reads run in the family's scope, like `/`'s.
    app.get('/calendar', sendSpa);
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send(apiNotFound());
    }
    return sendSpa(request, reply);
  });
}

/**
 * The encoding of a page sent from memory, by the request's `Accept-Encoding` (RFC 9110 §12.5.3): brotli, else
 * gzip, else none; a coding listed with `q=0` is refused.
 */
export function pageEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
      .map(([coding]) => coding?.trim()),
  );
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : null;
}

/**
 * What the server knows of a page request's session: `none` (no session cookie, or one the session hook
 * found no live session for), `live` with the hook's `request.auth` (family, user, zone), or `unknown` (a
 * cookie but no session hook ran, as in a server without the auth routes: the SPA asks for itself).
 */
function sessionCookieState(
  request: FastifyRequest,
  sessionCookie: string,
): { kind: 'none' } | { kind: 'live'; auth: AuthContext } | { kind: 'unknown' } {
  if (!hasCookie(request.headers.cookie, sessionCookie)) return { kind: 'none' };
  if (request.auth) return { kind: 'live', auth: request.auth };
  return request.auth === null ? { kind: 'none' } : { kind: 'unknown' };
}
