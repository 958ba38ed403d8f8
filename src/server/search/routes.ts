import type { FastifyInstance } from 'fastify';
import { searchQuerySchema, searchReplyDtoSchema } from '../../core/contracts/search.ts';
import type { ServerContext } from '../context.ts';
import { route } from '../http/route.ts';
import { searchFamily } from './service.ts';

/**
 * Issue 45: `GET /api/search?q=`, the session family's events, tasks, notes and activity requests that hold the
 * words of `q` (`{ results: [{ kind, id, title, snippet, date, occurrence_start }] }`, best first). Needs a
 * session and sees only the session's family.
 */
export function registerSearchRoutes(app: FastifyInstance, ctx: ServerContext): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/search',
      summary:
        'Search the family’s events, tasks, notes and activity requests for the words of `q` (issue 45, ADR 048): every word as a word start, in titles, locations, descriptions and note contents.',
      auth: 'session',
      query: searchQuerySchema,
      responses: {
        200: {
          description:
            '`SearchReplyDto`: `{ results: [{ kind, id, title, snippet, date, occurrence_start }] }`, at most 30, best first (text rank × nearness to today). A recurring event comes once, under its series’ id, dated by its next occurrence.',
          schema: searchReplyDtoSchema,
        },
      },
    },
    async ({ auth, query }) => ({
      results: await searchFamily(ctx, auth.familyId, query),
    }),
  );
}
