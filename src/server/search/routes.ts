import type { FastifyInstance } from 'fastify';
import { searchQuerySchema, type SearchReplyDto } from '../../core/contracts/search.ts';
import { requireAuth } from '../http/auth-context.ts';
import type { ServerContext } from '../context.ts';
import { parseInput } from '../http/errors.ts';
import { searchFamily } from './service.ts';

/**
 * Issue 45: `GET /api/search?q=`, the session family's events, tasks, notes and activity requests that hold the
 * words of `q` (`{ results: [{ kind, id, title, snippet, date, occurrence_start }] }`, best first). Needs a
 * session and sees only the session's family.
 */
export function registerSearchRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/api/search', async (request): Promise<SearchReplyDto> => {
    const { familyId } = requireAuth(request);
    const query = parseInput(searchQuerySchema, request.query);
    return { results: await searchFamily(ctx, familyId, query) };
  });
}
