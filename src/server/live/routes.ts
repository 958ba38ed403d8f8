import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HEARTBEAT_SECONDS, type ChangeEventData } from '../../core/contracts/live.ts';
import { requireAuth } from '../http/auth-context.ts';
import type { ServerContext } from '../http/context.ts';
import type { FeedEvent } from './change-feed.ts';

/**
 * How long one stream lasts before the server ends it (ms). The browser reconnects at once with its
 * `Last-Event-ID` and misses nothing; the reconnection checks the session again, so a stream of a session
 * that was signed out elsewhere ends within this time.
 */
const STREAM_LIFETIME_MS = 15 * 60_000;

/** The browser's reconnection delay the stream asks for (ms), before the app's own backoff takes over. */
const RETRY_MS = 1_000;

/**
 * `GET /api/changes`: the signed-in family's live updates as server-sent events (see core/contracts/live.ts
 * for the events). Each stream gets its own family's changes only (`ChangeFeed.subscribe` by the session's
 * family). `Last-Event-ID` (header, or `?since=` for a client that reconnects with a new EventSource) replays
 * what this process still holds, or asks for a resync. Responses: 200 text/event-stream; 401 without a
 * session. The handler returns as soon as the stream is set up, so the request's family-scope transaction
 * (http/family-scope.ts) commits at once instead of staying open for the stream's life.
 */
export function registerLiveRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const open = new Set<() => void>();
  // Streams never end by themselves: end them so that closing the app (a deploy, SIGTERM) does not wait.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get('/api/changes', { exposeHeadRoute: false }, async (request, reply) => {
    const auth = requireAuth(request);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no', // nginx and the like: do not buffer the stream
      'x-content-type-options': 'nosniff',
    });
    raw.socket?.setNoDelay(true);
    const send = (event: FeedEvent) => {
      if (event.type === 'resync') {
        raw.write('event: resync\ndata: {}\n\n');
        return;
      }
      const data: ChangeEventData = { kind: event.kind, id: event.rowId };
      raw.write(`id: ${event.id}\nevent: change\ndata: ${JSON.stringify(data)}\n\n`);
    };
    // `ready` gives even a stream that has seen no change yet a resume point for its next connection.
    raw.write(`retry: ${RETRY_MS}\nid: ${ctx.changes.position()}\nevent: ready\ndata: {}\n\n`);
    for (const missed of ctx.changes.missedSince(auth.familyId, lastEventId(request))) send(missed);
    const unsubscribe = ctx.changes.subscribe(auth.familyId, send);
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_SECONDS * 1000);
    const lifetime = setTimeout(() => end(), STREAM_LIFETIME_MS);
    const end = () => {
      if (!open.delete(end)) return;
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      raw.end();
    };
    open.add(end);
    raw.on('close', end);
  });
}

/** The stream's resume point: the `Last-Event-ID` header, else the `since` query parameter. */
function lastEventId(request: FastifyRequest): string | undefined {
  const header = request.headers['last-event-id'];
  if (typeof header === 'string') return header;
  const since = (request.query as { since?: unknown } | undefined)?.since;
  return typeof since === 'string' ? since : undefined;
}
