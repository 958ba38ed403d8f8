import { and, gt, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HEARTBEAT_SECONDS, type ChangeEventData } from '../../core/contracts/live.ts';
import {
  LIVE_STREAMS_PER_PROCESS_MESSAGE,
  LIVE_STREAMS_PER_SESSION,
  LIVE_STREAMS_PER_SESSION_MESSAGE,
} from '../../core/contracts/quotas.ts';
import { sessions } from '../db/schema/families.ts';
import { withSystemScope } from '../db/scope.ts';
import { route } from '../http/route.ts';
import type { FeedEvent, ServerContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';

/**
 * How long one stream lasts before the server ends it (ms). The browser reconnects at once with its
 * `Last-Event-ID` and misses nothing; the reconnection checks the session again, so a stream of a session
 * that was signed out elsewhere ends within this time.
 */
const STREAM_LIFETIME_MS = 15 * 60_000;

/** The browser's reconnection delay the stream asks for (ms), before the app's own backoff takes over. */
const RETRY_MS = 1_000;

/**
 * How often each process asks the database which of its streams' sessions still live (ms): one query per
 * process per round, whatever the number of streams, so a stream whose session was signed out, revoked, expired
 * or deleted with its member or account (in any process) ends within this time plus the query (issue 42: 5 s).
 */
export const STREAM_SESSION_CHECK_MS = 2_000;

/** Session ids per query of the check (bound parameters stay far below PostgreSQL's 65,535). */
const CHECK_CHUNK = 1_000;

/** Retry-After (seconds) of the 429s: per session (the user closes a tab) and per process (load moves). */
const SESSION_RETRY_AFTER_SECONDS = 60;
const PROCESS_RETRY_AFTER_SECONDS = 5;

/**
 * `GET /api/changes`: the signed-in family's live updates as server-sent events (see core/contracts/live.ts
 * for the events). Each stream gets its own family's changes only (`ChangeFeed.subscribe` by the session's
 * family). `Last-Event-ID` (header, or `?since=` for a client that reconnects with a new EventSource) replays
 * what this process still holds, or asks for a resync. Responses: 200 text/event-stream; 401 without a
 * session; 429 `rate_limited` with Retry-After past `LIVE_STREAMS_PER_SESSION` open streams of the session or
 * `config.LIVE_STREAMS_PER_PROCESS` of the process (issue 42). A stream ends within `STREAM_SESSION_CHECK_MS` of
 * its session ending (sign-out, revocation, expiry, the member or account deleted), checked in every process.
 * The handler returns as soon as the stream is set up, so the request's family-scope transaction
 * (http/family-scope.ts) commits at once instead of staying open for the stream's life.
 */
export function registerLiveRoutes(app: FastifyInstance, ctx: ServerContext): void {
  /** Every open stream's `end`, and the same grouped by the session (hashed id) that opened it. */
  const open = new Set<() => void>();
  const bySession = new Map<string, Set<() => void>>();
  // Streams never end by themselves: end them so that closing the app (a deploy, SIGTERM) does not wait.
  app.addHook('preClose', async () => {
    clearInterval(sessionCheck);
    for (const end of [...open]) end();
  });

  let checking = false;
  /** Ends the streams whose session is gone (see `STREAM_SESSION_CHECK_MS`); a failed check ends nothing. */
  const checkSessions = async () => {
    if (checking || bySession.size === 0) return;
    checking = true;
    try {
      const sids = [...bySession.keys()];
      const now = ctx.clock.now();
      const alive = new Set<string>();
      for (let i = 0; i < sids.length; i += CHECK_CHUNK) {
        const chunk = sids.slice(i, i + CHECK_CHUNK);
        const rows = await withSystemScope(ctx.db, 'live-session-check', () =>
          ctx.db
            .select({ sid: sessions.sid })
            .from(sessions)
            .where(
              and(inArray(sessions.sid, chunk), gt(sessions.expire, now), gt(sessions.absoluteExpire, now)),
            ),
        );
        for (const row of rows) alive.add(row.sid);
      }
      for (const sid of sids) {
        if (alive.has(sid)) continue;
        for (const end of [...(bySession.get(sid) ?? [])]) end();
      }
    } catch (error) {
      app.log.warn({ err: error }, 'live streams: the session check failed; trying again next round');
    } finally {
      checking = false;
    }
  };
  // Started here, outside any request, so that its queries run in no request's scope.
  const sessionCheck = setInterval(() => void checkSessions(), STREAM_SESSION_CHECK_MS);
  sessionCheck.unref();

  route(
    app,
    {
      method: 'GET',
      url: '/api/changes',
      summary: 'Live updates: the family’s changes as server-sent events (ADR 010).',
      auth: 'session',
      query: z.object({
        since: z.string().optional().meta({ description: 'Resume point, as `Last-Event-ID`.' }),
      }),
      // `since` is read as it comes (`lastEventId`): a resume point that is not one resyncs, never a 400.
      parsesItself: true,
      options: { exposeHeadRoute: false },
      responses: {
        200: {
          description:
            '`ready`, `change` (`{ kind, id }`; the event `id` is opaque) and `resync` events; ends after 15 minutes, or within 5 s of the session ending (sign-out, revoked, expired, member or account deleted).',
          contentType: 'text/event-stream',
        },
      },
      errors: {
        429: 'More than 20 open streams of this session, or the server’s ceiling (`LIVE_STREAMS_PER_PROCESS`) reached: wait `Retry-After` seconds.',
      },
    },
    async ({ auth }, request, reply) => {
      const mine = bySession.get(auth.sid) ?? new Set<() => void>();
      if (mine.size >= LIVE_STREAMS_PER_SESSION) {
        reply.header('Retry-After', String(SESSION_RETRY_AFTER_SECONDS));
        throw new HttpError(429, 'rate_limited', LIVE_STREAMS_PER_SESSION_MESSAGE);
      }
      if (open.size >= ctx.config.LIVE_STREAMS_PER_PROCESS) {
        reply.header('Retry-After', String(PROCESS_RETRY_AFTER_SECONDS));
        throw new HttpError(429, 'rate_limited', LIVE_STREAMS_PER_PROCESS_MESSAGE);
      }
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
        mine.delete(end);
        if (mine.size === 0 && bySession.get(auth.sid) === mine) bySession.delete(auth.sid);
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        raw.end();
      };
      open.add(end);
      mine.add(end);
      bySession.set(auth.sid, mine);
      raw.on('close', end);
    },
  );
}

/** The stream's resume point: the `Last-Event-ID` header, else the `since` query parameter. */
function lastEventId(request: FastifyRequest): string | undefined {
  const header = request.headers['last-event-id'];
  if (typeof header === 'string') return header;
  const since = (request.query as { since?: unknown } | undefined)?.since;
  return typeof since === 'string' ? since : undefined;
}
