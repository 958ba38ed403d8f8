import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { closeConnectionsWhenDrained } from './drain.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  app?.server.closeAllConnections();
  await app?.close();
  app = undefined;
});

/** A listening app with the drain and a route that answers after `GET /slow?ms=`. */
async function listening(): Promise<{ app: FastifyInstance; port: number }> {
  const built = Fastify({ return503OnClosing: false });
  closeConnectionsWhenDrained(built);
  built.get('/slow', async (request) => {
    const ms = Number((request.query as { ms?: string }).ms ?? 0);
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { ok: true };
  });
  await built.listen({ port: 0, host: '127.0.0.1' });
  app = built;
  return { app: built, port: (built.server.address() as AddressInfo).port };
}

/** A raw connection that has sent `text` and stays open; resolves once connected. */
function rawConnection(port: number, text: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(text);
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

describe('closing the app', () => {
  it('does not wait for a connection whose request never completed (Node keeps it until its headersTimeout, 60 s)', async () => {
    const { app: server, port } = await listening();
    const stalled = await rawConnection(port, 'GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const ended = new Promise<void>((resolve) => stalled.once('close', () => resolve()));
    const started = Date.now();
    await server.close();
    await ended;
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('lets a request in flight finish, then ends the keep-alive connection it came on (not after keepAliveTimeout)', async () => {
    const { app: server, port } = await listening();
    const client = await rawConnection(port, 'GET /slow?ms=500 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    let received = '';
    client.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const ended = new Promise<void>((resolve) => client.once('close', () => resolve()));
    // The request is being served when the close begins.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await server.close();
    await ended;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received).toContain('{"ok":true}');
  });
});
