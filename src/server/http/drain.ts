import type { FastifyInstance } from 'fastify';

/**
 * Ends the server's connections as soon as a closing app (SIGTERM, a deploy) has no request left in flight.
 *
 * `app.close()` stops listening and waits for every connection to end. Node closes the connections idle at that
 * moment, once; one it counts as busy stays: a connection on which a request has begun and not completed (a
 * client that sent part of its headers) until the server's `headersTimeout` (60 s), and a keep-alive connection
 * whose request finishes after the close began until `keepAliveTimeout` (72 s) (both in drain.test.ts). Measured
 * before this: a shutdown after a PostgreSQL restart waited 70 s for two connections of the test's client
 * (ADR 061). Requests are counted at the Node.js level (every answer, whatever route or hook sent it); when the
 * count is 0 once closing has begun, every remaining connection is destroyed. No request is cut short: the ones
 * running finish first (the drain answers new ones 503, see `installErrorHandling`), and the live streams are
 * ended by their own `preClose` hook.
 */
export function closeConnectionsWhenDrained(app: FastifyInstance): void {
  let inFlight = 0;
  let closing = false;
  const closeIfDrained = () => {
    if (closing && inFlight === 0) app.server.closeAllConnections();
  };
  app.server.on('request', (_request, response) => {
    inFlight += 1;
    response.once('close', () => {
      inFlight -= 1;
      closeIfDrained();
    });
  });
  app.addHook('preClose', async () => {
    closing = true;
    closeIfDrained();
  });
}
