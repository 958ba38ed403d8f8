import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  feedCreatedSchema,
  feedStatusSchema,
  importReportDtoSchema,
  regenerateFeedSchema,
} from '../../core/contracts/calendar-feed.ts';
import { ICS_BATCH_TOO_LARGE_MESSAGE, ICS_IMPORT_MAX_BYTES } from '../../core/contracts/quotas.ts';
import { IcsFormatError, type ParsedIcs } from '../../core/ics/import.ts';
import type { ServerContext } from '../context.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import {
  FEED_MAX_AGE_SECONDS,
  importCalendar,
  listFeeds,
  readImport,
  regenerateFeed,
  renderFeed,
} from './service.ts';

/** True when an If-None-Match header names this ETag (or `*`); weak validators compare equal (RFC 9110 §13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

/**
 * Issue 12 calls:
 * - `GET /api/calendar/feeds` (signed in): the family feed's and the user's own feed's state;
 * - `POST /api/calendar/feeds/regenerate` `{scope:'family'|'member'}`: a new secret URL, the old one stops working;
 * - `GET /api/calendar/feed/{token}.ics` (no session: the token is the credential): the RFC 5545 feed, with
 *   ETag / If-None-Match (304) and Cache-Control so calendar apps poll cheaply;
 * - `POST /api/calendar/import` (body: the .ics text, `text/calendar` or `text/plain`, at most
 *   `ICS_IMPORT_MAX_BYTES` and `ICS_IMPORT_MAX_EVENTS` events, else 413 with `ICS_BATCH_TOO_LARGE_MESSAGE` or
 *   `ICS_TOO_MANY_EVENTS_MESSAGE`; 503 with Retry-After when too many imports wait): the import report.
 */
export function registerCalendarFeedRoutes(app: FastifyInstance, ctx: ServerContext): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/calendar/feeds',
      summary: 'The family feed’s and the user’s own feed’s state.',
      auth: 'session',
      responses: {
        200: {
          description: '`FeedStatusDto[]`: two items; at most 515 bytes (`FEEDS_LIST_MAX_BYTES`).',
          schema: z.array(feedStatusSchema),
        },
      },
    },
    async ({ auth }) => listFeeds(ctx, auth.familyId, auth.userId),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/calendar/feeds/regenerate',
      summary: 'A new secret feed URL; the old one stops working.',
      auth: 'session',
      body: regenerateFeedSchema,
      responses: { 201: { description: '`FeedCreatedDto`: the new URL.', schema: feedCreatedSchema } },
    },
    async ({ auth, body }, _request, reply) =>
      reply.status(201).send(await regenerateFeed(ctx, auth.familyId, auth.userId, body.scope)),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/calendar/feed/:file',
      summary: 'The RFC 5545 feed (`{token}.ics`), with ETag / If-None-Match.',
      auth: 'token',
      params: z.object({ file: z.string().meta({ description: '`{token}.ics` from the feed URL.' }) }),
      options: { config: { systemScope: 'calendar-feed' } },
      responses: {
        200: { description: 'The iCalendar text.', contentType: 'text/calendar' },
        304: { description: 'Not modified (If-None-Match matched the ETag).' },
      },
      errors: { 404: 'Unknown or regenerated token.' },
    },
    async (_input, request, reply) => {
      const file = (request.params as { file?: unknown }).file; // Fastify types params as unknown without a schema
      const token = typeof file === 'string' && file.endsWith('.ics') ? file.slice(0, -4) : '';
      const feed = await renderFeed(ctx, token);
      if (!feed) throw notFound('Feed not found');
      reply
        .header('ETag', feed.etag)
        .header('Cache-Control', `private, max-age=${FEED_MAX_AGE_SECONDS}`)
        .header('Referrer-Policy', 'no-referrer');
      if (matches(request.headers['if-none-match'], feed.etag)) return reply.status(304).send();
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', 'inline; filename="familyhub.ics"')
        .send(feed.body);
    },
  );

  // The .ics body is read as text only in this scope (and with a larger limit than JSON calls).
  void app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain'); // replaced below with the larger limit
    scope.addContentTypeParser(
      ['text/calendar', 'text/plain', 'application/octet-stream'],
      { parseAs: 'string', bodyLimit: ICS_IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    const importRoute = {
      bodyLimit: ICS_IMPORT_MAX_BYTES,
      // A body over the limit is refused before the handler, with the import's own message (the UI shows it).
      errorHandler: (error: { code?: string; statusCode?: number }) => {
        if (error instanceof HttpError) throw error;
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413)
          throw new HttpError(413, 'payload_too_large', ICS_BATCH_TOO_LARGE_MESSAGE);
        throw error;
      },
    };
    route(
      scope,
      {
        method: 'POST',
        url: '/api/calendar/import',
        summary: 'Import an .ics file (at most 5 MB and 1,000 events) into the family calendar.',
        auth: 'session',
        body: z.string().meta({ description: 'The iCalendar text (RFC 5545).' }),
        bodyType: 'text/calendar',
        // An empty text answers its own message (`fields.file`), as a file that is not iCalendar does.
        parsesItself: true,
        // Reads the text holding no connection, then stores it in short transactions of its own (issue 39).
        options: { ...importRoute, config: { scopesItself: true } },
        responses: {
          200: {
            description:
              '`ImportReportDto`: what was added, updated and skipped (with reasons), and what was repaired (`warnings`; docs/ics.md).',
            schema: importReportDtoSchema,
          },
        },
        errors: {
          413: 'The file is larger than 5 MB or has more than 1,000 events.',
          503: 'Too many imports are waiting to be read on this server; Retry-After says when to try again.',
        },
      },
      async ({ auth: { familyId } }, request) => {
        const text = request.body;
        if (typeof text !== 'string' || text.trim() === '') {
          throw badRequest('Choose an .ics file to import', { file: 'Choose an .ics file to import' });
        }
        let parsed: ParsedIcs;
        try {
          parsed = await readImport(ctx, familyId, text);
        } catch (error) {
          if (error instanceof IcsFormatError) throw badRequest(error.message, { file: error.message });
          throw error;
        }
        return importCalendar(ctx, familyId, parsed);
      },
    );
  });
}
