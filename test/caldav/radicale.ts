/* Test support (not product code): Debian's Radicale, the reference CalDAV server the real clients also run against. */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PYTHON } from '../oracles/python.ts';

/** A CalDAV server and one account on it: what the client script and vdirsyncer are pointed at. */
export interface CaldavTarget {
  /** Base URL the clients discover from (`http://127.0.0.1:PORT/`), ending in `/`. */
  url: string;
  /** The account's login: an e-mail address, as FamilyHub's are. */
  username: string;
  /** Its (app) password, sent with HTTP Basic. */
  password: string;
}

/** A running Radicale: the target plus `stop()`, which ends the process and removes its folder. */
export interface RadicaleServer extends CaldavTarget {
  /** The calendar home's two collections, as created: `{ VEVENT: url, VTODO: url }` (absolute URLs). */
  collections: { VEVENT: string; VTODO: string };
  /**
   * The same collections' folders in Radicale's filesystem storage: one `<name>.ics` file per object, which
   * Radicale serves as if it had been PUT (bench/caldav/ fills a collection this way: 5,000 PUTs take minutes).
   */
  folders: { VEVENT: string; VTODO: string };
  /** The process id (for benches that read its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

/** Longest wait for Radicale to answer its first request (ms); it starts in about 0.5 s. */
const START_TIMEOUT_MS = 20_000;

/** A TCP port free on 127.0.0.1 right now (the OS picks it; Radicale binds it a moment later). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/**
 * The MKCALENDAR body of RFC 4791 §5.3.1 for one collection holding only `component` (its
 * supported-calendar-component-set, §5.2.3), with a display name.
 */
function mkcalendarBody(displayName: string, component: 'VEVENT' | 'VTODO'): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>' +
    `<D:displayname>${displayName}</D:displayname>` +
    `<C:supported-calendar-component-set><C:comp name="${component}"/></C:supported-calendar-component-set>` +
    '</D:prop></D:set></C:mkcalendar>'
  );
}

/**
 * Starts Radicale 3.1.8 (`/usr/bin/python3 -m radicale`) on a free port of 127.0.0.1, with its own temp folder
 * (filesystem storage, plain htpasswd with one user whose name is an e-mail address), waits until it answers,
 * and creates in that user's home the two collections FamilyHub has: "Family calendar" (VEVENT only) and
 * "Family tasks" (VTODO only), under opaque paths, so the clients must find them by component.
 * @throws Error with Radicale's output when it does not answer within 20 s or refuses a collection.
 */
export async function startRadicale(): Promise<RadicaleServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'familyhub-radicale-'));
  const port = await freePort();
  const username = 'parent.radicale@example.com';
  const password = randomBytes(12).toString('hex');
  fs.writeFileSync(path.join(dir, 'users'), `${username}:${password}\n`);
  const config = path.join(dir, 'config');
  fs.writeFileSync(
    config,
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${path.join(dir, 'users')}`,
      'htpasswd_encryption = plain',
      // No pause after a wrong password (the script tries one on purpose).
      'delay = 0',
      '[storage]',
      `filesystem_folder = ${path.join(dir, 'collections')}`,
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
  const child = spawn(PYTHON, ['-m', 'radicale', '--config', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}/`;
  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`Radicale exited with ${child.exitCode}`);
      const answered = await fetch(url, { redirect: 'manual' }).then(
        () => true,
        () => false,
      );
      if (answered) break;
      if (Date.now() > deadline)
        throw new Error(`Radicale did not answer on ${url} within ${START_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const home = `${url}${encodeURIComponent(username)}/`;
    const collections = { VEVENT: `${home}${randomUUID()}/`, VTODO: `${home}${randomUUID()}/` };
    for (const [component, displayName] of [
      ['VEVENT', 'Family calendar'],
      ['VTODO', 'Family tasks'],
    ] as const) {
      const response = await fetch(collections[component], {
        method: 'MKCALENDAR',
        headers: {
          Authorization: basic(username, password),
          'Content-Type': 'application/xml; charset=utf-8',
        },
        body: mkcalendarBody(displayName, component),
      });
      if (response.status !== 201) {
        throw new Error(`MKCALENDAR ${displayName}: ${response.status} ${await response.text()}`);
      }
    }
    const storage = path.join(dir, 'collections', 'collection-root', username);
    const folders = {
      VEVENT: path.join(storage, path.basename(new URL(collections.VEVENT).pathname)),
      VTODO: path.join(storage, path.basename(new URL(collections.VTODO).pathname)),
    };
    for (const folder of Object.values(folders))
      if (!fs.existsSync(folder)) throw new Error(`no storage folder ${folder}`);
    return { url, username, password, collections, folders, pid: child.pid ?? 0, stop };
  } catch (error) {
    await stop();
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`Radicale could not start: ${message}\n${output}`, { cause: error });
  }
}
