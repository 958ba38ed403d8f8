import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Db, Tx } from '../db/types.ts';
import {
  openScope,
  withFamilyScope,
  withOpenedFamilyScope,
  withSystemScope,
  type OpenedTransaction,
  type OpeningRead,
} from '../db/scope.ts';
import { countsRateLimits } from './rate-limit.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is system work that must cross families (sign-up, sign-in, account recovery) or learns its
     * family from a token or a phone number (invitation links, calendar feeds, the SMS webhook): its handler
     * runs in the system scope of this name (`withSystemScope`) instead of the session's family scope, and a
     * token route enters the family's scope (`withFamilyScope`) as soon as it knows the family.
     * docs/security.md lists every such route; security/row-level-security.test.ts pins the list. Without it
     * the route runs in the signed-in family's scope, and with no session in no scope (no family rows).
     */
    systemScope?: string;
    /** Set by `installFamilyScope` (never by a route): the handler runs in the signed-in family's scope. */
    familyScope?: true;
    /**
     * Set by `installFamilyScope` (never by a route) on a family route with a `rateLimited` preHandler: its
     * counts run, each committed on its own connection use, before the family's transaction opens, so the
     * session is looked up on its own and the transaction opens when the handler runs (ADR 011).
     */
    countsBeforeScope?: true;
    /**
     * Set by a family route whose handler opens the signed-in family's scope itself (`withFamilyScope`), as often
     * as it needs, instead of running in one transaction: the .ics import reads a text first, holding no
     * connection, then stores it in short transactions (issue 39), so that on PGlite's one connection nobody
     * waits for a whole upload. The session is looked up on its own; the handler runs in no scope until it opens
     * one (row-level security shows it no family rows).
     */
    scopesItself?: true;
    /**
     * A family route's opening read (ADR 024): built from the request before validation (so it must check the
     * query itself and answer null for anything the handler would refuse or read otherwise), it is sent in the
     * same round trip as the request's `BEGIN` and session statement, and the handler takes its rows with
     * `takeOpeningRead`. When it `commits`, the transaction ends in that round trip too and any query of the
     * handler throws. Not used on a route that counts rate limits before its scope (`countsBeforeScope`).
     */
    openingRead?: (request: FastifyRequest) => OpeningRead | null;
  }
}

interface PendingScope {
  /** Called by the onSend hook: the handler has started sending, so the transaction may end. */
  sendStarted: () => void;
  /** Resolves once the transaction has ended; to the commit's error when it failed after sending began. */
  ended: Promise<unknown>;
}

const pending = new WeakMap<FastifyRequest, PendingScope>();
const wrapped = new WeakSet<RouteHandlerMethod>();
/** Transactions `openRequestScope` opened for a request whose handler has not taken them yet. */
const opened = new WeakMap<FastifyRequest, OpenedTransaction>();
/** The opening read a request's transaction was opened with, and its rows, until the handler takes them. */
const openingReads = new WeakMap<FastifyRequest, { read: OpeningRead; rows: unknown[][] }>();

/**
 * The rows of the opening read (`config.openingRead`) this request's transaction was opened with, with the read
 * (so that the handler can check it is the read it would make); each request's once.
 * @returns undefined when none was sent (no session, an invalid query, or a database without an opener).
 */
export function takeOpeningRead(
  request: FastifyRequest,
): { read: OpeningRead; rows: unknown[][] } | undefined {
  const taken = openingReads.get(request);
  openingReads.delete(request);
  return taken;
}

/** Ends a transaction opened for `request` that its handler never ran in (an earlier hook answered). */
async function endUnused(request: FastifyRequest): Promise<void> {
  const unused = opened.get(request);
  if (!unused) return;
  opened.delete(request);
  await unused.end(true).catch(() => {}); // keeps the session's sliding expiry; nothing else was written
}

/**
 * The transaction `openRequestScope` opened for `request` whose handler has not run yet, for a hook between the
 * session lookup and the handler that must write in it (on PGlite's one connection a statement outside it
 * would wait for it forever; on PostgreSQL it would hold a second pool connection).
 * @returns undefined when none is open (not a family route, no session, or the handler took it)
 */
export function pendingRequestTransaction(request: FastifyRequest): Tx | undefined {
  return opened.get(request)?.tx;
}

/**
 * For a request to a family route (one `installFamilyScope` runs in the signed-in family's scope): opens the
 * request's transaction with `statement` as its first statement, in the same round trip as `BEGIN` (and the
 * route's opening read after it, `config.openingRead`), and returns that statement's rows. A statement that answers a row must have entered the family's scope
 * (`familyhub_open_session`, see auth/sessions.ts): the handler then runs in that transaction, which ends
 * (commits) before the reply is serialized. No row: the transaction ends at once.
 * @returns null when the route is not a family route, counts rate limits first (`countsBeforeScope`), or the
 *   database cannot open such transactions: then look the session up on its own (`withSystemScope`).
 * @throws whatever the statement throws.
 */
export async function openRequestScope(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  statement: string,
): Promise<Record<string, unknown>[] | null> {
  const config = request.routeOptions.config;
  if (config.familyScope !== true || config.countsBeforeScope === true) return null;
  const read = config.openingRead?.(request) ?? undefined;
  const transaction = await openScope(db, statement, read);
  if (!transaction) return null;
  if (transaction.rows.length === 0) {
    await transaction.end(true);
    return transaction.rows;
  }
  if (read && transaction.readRows) openingReads.set(request, { read, rows: transaction.readRows });
  opened.set(request, transaction);
  // A request aborted before its handler ran must not keep the connection.
  reply.raw.once('close', () => void endUnused(request));
  return transaction.rows;
}

/**
 * Makes every route registered from now on run its handler in the signed-in family's scope
 * (`withFamilyScope`: one transaction with `app.family_id` set, so row-level security confines every query to
 * that family), unless the route names a system scope (`config: { systemScope: 'sign-in' }`): then it runs
 * in that system scope. Requests without a session run in no scope, where row-level security shows no family
 * rows (they can only reach public routes; `requireAuth` refuses the rest).
 *
 * The response is never written before the transaction has committed: a handler that calls `reply.send`
 * ends the transaction right there (the onSend hook waits for it), one that returns a value ends it when it
 * returns. A commit that fails after sending began is answered as an error (500, or 503 when the database is
 * unavailable). Call right after creating the app, before any route is registered (like `collectRoutes`).
 */
export function installFamilyScope(app: FastifyInstance, db: Db): void {
  app.addHook('onRoute', (route) => {
    if (wrapped.has(route.handler)) return;
    const handler = route.handler;
    if (route.config?.scopesItself === true) {
      route.config = { ...route.config, countsBeforeScope: true };
      return;
    }
    const systemName = route.config?.systemScope;
    if (systemName !== undefined) {
      const system: RouteHandlerMethod = function (this: FastifyInstance, request, reply) {
        return withSystemScope(db, systemName, async () => handler.call(this, request, reply));
      };
      wrapped.add(system);
      route.handler = system;
      return;
    }
    const scoped: RouteHandlerMethod = function (this: FastifyInstance, request, reply) {
      const auth = request.auth;
      if (!auth) return handler.call(this, request, reply);
      return runScoped(db, auth.familyId, request, reply, () => handler.call(this, request, reply));
    };
    wrapped.add(scoped);
    route.handler = scoped;
    route.config = {
      ...route.config,
      familyScope: true,
      ...(countsRateLimits(route.preHandler) ? { countsBeforeScope: true as const } : {}),
    };
  });
  app.addHook('onSend', async (request) => {
    await endUnused(request);
    const scope = pending.get(request);
    if (!scope) return;
    scope.sendStarted();
    const commitError = await scope.ended;
    pending.delete(request); // the error answer below goes through onSend again
    if (commitError) throw commitError;
  });
}

async function runScoped(
  db: Db,
  familyId: number,
  request: FastifyRequest,
  reply: FastifyReply,
  handle: () => unknown,
): Promise<unknown> {
  let sendStarted = () => {};
  const sending = new Promise<void>((resolve) => (sendStarted = resolve));
  let started = false;
  let end: (commitError: unknown) => void = () => {};
  const ended = new Promise<unknown>((resolve) => (end = resolve));
  pending.set(request, {
    sendStarted: () => {
      started = true;
      sendStarted();
    },
    ended,
  });
  // An async handler that returns `reply` settles only once the response is written (Fastify's reply is a
  // thenable), so the transaction ends at whichever comes first: the handler settling, or sending starting.
  let result: Promise<unknown> | undefined;
  const run = async () => {
    result = Promise.resolve(handle());
    await Promise.race([result, sending]);
  };
  const transaction = opened.get(request);
  opened.delete(request);
  try {
    await (transaction
      ? withOpenedFamilyScope(db, transaction, familyId, run)
      : withFamilyScope(db, familyId, run));
  } catch (error) {
    if (!started) {
      end(undefined);
      throw error;
    }
    end(error); // the onSend hook turns it into the error answer
    void result?.catch(() => {}); // whatever the handler still does is moot: its answer is that error
    return reply;
  }
  end(undefined);
  return result;
}
