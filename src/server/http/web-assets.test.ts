import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeDataScript, type HomePageData } from '../../core/contracts/home-page.ts';
import {
  cacheControlFor,
  familyZoneMeta,
  hasCookie,
  installCompression,
  pageEncoding,
  registerWebAssets,
  SIGNED_OUT_META,
} from './web-assets.ts';

const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const landing = `<!doctype html><html><head><title>FamilyHub</title></head><body><h1>Prerendered</h1>${'<p>Families</p>'.repeat(300)}</body></html>`;
let webRoot: string;
let app: FastifyInstance;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'web-assets-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>FamilyHub</title></head></html>',
  );
  fs.writeFileSync(path.join(webRoot, 'landing.html'), landing);
  fs.writeFileSync(path.join(webRoot, 'landing.html.br'), zlib.brotliCompressSync(landing));
  fs.writeFileSync(path.join(webRoot, 'assets', 'index-AbC123.js'), script);
  fs.writeFileSync(path.join(webRoot, 'assets', 'index-AbC123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(webRoot, 'assets', 'index-AbC123.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(webRoot, 'sw.js'), 'self.skipWaiting();');
  app = Fastify();
  await installCompression(app);
  app.get('/api/big', async () => ({
    items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: 'School run' })),
  }));
  app.get('/api/small', async () => ({ ok: true }));
  await registerWebAssets(app, webRoot, 'fh_session');
});

afterAll(async () => {
  await app.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('cacheControlFor', () => {
  it('caches hashed assets for a year and revalidates everything else', () => {
    expect(cacheControlFor('assets/index-AbC123.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('index.html')).toBe('no-cache');
    expect(cacheControlFor('sw.js')).toBe('no-cache');
    expect(cacheControlFor('manifest.webmanifest')).toBe('no-cache');
  });
});

describe('the built SPA', () => {
  it('sends the brotli twin of a hashed script, immutable for a year', async () => {
    const reply = await app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(reply.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client without brotli, and the plain file to one that accepts neither', async () => {
    const gz = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates the HTML of client-side routes and the service worker', async () => {
    const page = await app.inject({ url: '/calendar' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>FamilyHub</title>');
    expect(page.body).toContain(SIGNED_OUT_META);
    const worker = await app.inject({ url: '/sw.js' });
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('says "signed out" in the page only when the request has no session cookie', async () => {
    const signedIn = await app.inject({ url: '/', headers: { cookie: 'theme=dark; fh_session=abc' } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain('<title>FamilyHub</title>');
    expect(signedIn.body).not.toContain('familyhub-session');
    expect(signedIn.headers.vary).toMatch(/cookie/i);
    const signedOut = await app.inject({ url: '/notes', headers: { cookie: 'theme=dark; fh_session=' } });
    expect(signedOut.body).toContain(SIGNED_OUT_META);
    expect(signedOut.headers['cache-control']).toBe('no-cache');
  });

  it('at / sends the prerendered landing page without a session cookie, the SPA with one (ADR 012)', async () => {
    for (const url of ['/', '/?ref=abc123&utm_source=friends']) {
      const signedOut = await app.inject({ url, headers: { cookie: 'theme=dark' } });
      expect(signedOut.statusCode).toBe(200);
      expect(signedOut.headers['content-type']).toMatch(/^text\/html/);
      expect(signedOut.headers['cache-control']).toBe('no-cache');
      expect(signedOut.headers.vary).toMatch(/cookie/i);
      expect(signedOut.body).toContain('<h1>Prerendered</h1>');
    }
    // Compressed: its brotli twin from the build.
    const compressed = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/cookie/i);
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(landing);
    const signedIn = await app.inject({ url: '/', headers: { cookie: 'fh_session=abc' } });
    expect(signedIn.body).not.toContain('Prerendered');
    expect(signedIn.body).toContain('<title>FamilyHub</title>');
    // Other paths stay the SPA's, which shows its own landing page there (SPEC §2: at every unknown path).
    const elsewhere = await app.inject({ url: '/some/unknown/path' });
    expect(elsewhere.body).not.toContain('Prerendered');
    expect(elsewhere.body).toContain(SIGNED_OUT_META);
  });

  it('answers unknown API paths with the API 404, not the SPA', async () => {
    const reply = await app.inject({ url: '/api/nothing-here' });
    expect(reply.statusCode).toBe(404);
    expect(reply.headers['content-type']).toMatch(/json/);
  });
});

describe('hasCookie', () => {
  it('finds a named, non-empty cookie and nothing else', () => {
    expect(hasCookie('a=1; fh_session=xyz', 'fh_session')).toBe(true);
    expect(hasCookie('fh_session_old=xyz', 'fh_session')).toBe(false);
    expect(hasCookie('fh_session=', 'fh_session')).toBe(false);
    expect(hasCookie(undefined, 'fh_session')).toBe(false);
  });
});

describe('API compression', () => {
  it('compresses JSON over the threshold and leaves small answers alone', async () => {
    const big = await app.inject({ url: '/api/big', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.headers['content-encoding']).toBe('br');
    const body = JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString()) as { items: unknown[] };
    expect(body.items).toHaveLength(200);
    const small = await app.inject({ url: '/api/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });
});

describe('pageEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 (RFC 9110 §12.5.3)', () => {
    expect(pageEncoding('gzip, deflate, br')).toBe('br');
    expect(pageEncoding('gzip;q=1, br;q=0')).toBe('gzip');
    expect(pageEncoding('br;q=0.0, gzip;q=0')).toBeNull();
    expect(pageEncoding('identity')).toBeNull();
    expect(pageEncoding(undefined)).toBeNull();
  });
});

describe('the page for a request whose session the server looked up (ADR 023)', () => {
  const built = [
    '<!doctype html><html><head><title>FamilyHub</title>',
    '    <link rel="modulepreload" crossorigin href="/assets/entry-dep.js">',
    '    <link rel="modulepreload" data-home crossorigin href="/assets/calendar-page-X.js">',
    '  </head><body><div id="root"></div></body></html>',
  ].join('\n');
  const frame = '<div aria-busy="true"><span>Calendar</span></div>';
  let root: string;
  let server: FastifyInstance;
  /** The session hook's answer by cookie value, as auth/routes.ts sets `request.auth`. */
  const sessions: Record<string, string> = { live: 'Europe/Berlin' };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-assets-session-'));
    fs.writeFileSync(path.join(root, 'index.html'), built);
    fs.writeFileSync(path.join(root, 'app-frame.html'), frame);
    fs.writeFileSync(path.join(root, 'landing.html'), landing);
    server = Fastify();
    server.decorateRequest('auth', null);
    server.addHook('preValidation', async (request) => {
      const sid = /fh_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
      const zone = sid ? sessions[sid] : undefined;
      request.auth = zone ? { userId: 1, familyId: 1, sid: sid ?? '', familyZone: zone } : null;
    });
    await registerWebAssets(server, root, 'fh_session');
  });

  afterAll(async () => {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("at the calendar: the family's zone, the home's preloads and the frame in #root, compressed", async () => {
    for (const url of ['/', '/calendar', '/calendar?view=month&date=2026-11-01']) {
      const reply = await server.inject({
        url,
        headers: { cookie: 'fh_session=live', 'accept-encoding': 'gzip, br' },
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-encoding']).toBe('br');
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(reply.headers.vary).toMatch(/cookie/i);
      const html = zlib.brotliDecompressSync(reply.rawPayload).toString();
      expect(html).toContain(familyZoneMeta('Europe/Berlin'));
      expect(html).toContain('<meta name="familyhub-zone" content="Europe/Berlin" />');
      expect(html).toContain('calendar-page-X.js');
      expect(html).toContain(`<div id="root">${frame}</div>`);
      expect(html).not.toContain('familyhub-session');
    }
  });

  it('elsewhere signed in: the zone, but neither the home preloads nor the frame', async () => {
    const reply = await server.inject({ url: '/tasks', headers: { cookie: 'fh_session=live' } });
    expect(reply.body).toContain(familyZoneMeta('Europe/Berlin'));
    expect(reply.body).toContain('entry-dep.js');
    expect(reply.body).not.toContain('data-home');
    expect(reply.body).toContain('<div id="root"></div>');
  });

  it('escapes the zone for the attribute', () => {
    expect(familyZoneMeta('A"<b>&')).toBe('<meta name="familyhub-zone" content="A&quot;&lt;b>&amp;" />');
  });

  it('a cookie whose session has ended gets the signed-out page, and the landing page at /', async () => {
    const page = await server.inject({ url: '/calendar', headers: { cookie: 'fh_session=ended' } });
    expect(page.body).toContain(SIGNED_OUT_META);
    expect(page.body).not.toContain('familyhub-zone');
    expect(page.body).not.toContain('data-home');
    expect(page.body).toContain('<div id="root"></div>');
    const home = await server.inject({ url: '/', headers: { cookie: 'fh_session=ended' } });
    expect(home.body).toBe(landing);
  });
});

describe('the home rendered with its data, and its fallbacks (ADR 025)', () => {
  const built =
    '<!doctype html><html><head><title>FamilyHub</title></head><body><div id="root"></div></body></html>';
  const frame = '<div aria-busy="true">frame</div>';
  const data: HomePageData = {
    session: { family_name: 'Rivera', email: 'a@example.com', family_timezone: 'Europe/Berlin' },
    members: [],
    events: { start: '2026-11-24', end: '2026-12-07', items: [] },
  };
  let work: string;
  let server: FastifyInstance;
  const errors: unknown[] = [];
  /** What the reader does for the family of each session cookie value. */
  const readers: Record<string, () => Promise<HomePageData>> = {
    live: async () => data,
    broken: async () => Promise.reject(new Error('database down')),
    unrenderable: async () => ({ ...data, session: { ...data.session, family_name: 'throw' } }),
  };

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'web-assets-home-'));
    const root = path.join(work, 'web');
    fs.mkdirSync(root);
    fs.mkdirSync(`${root}-ssr`);
    fs.writeFileSync(path.join(root, 'index.html'), built);
    fs.writeFileSync(path.join(root, 'app-frame.html'), frame);
    // A stand-in for the built render bundle: echoes the family name and path, throws for "throw".
    fs.writeFileSync(
      path.join(`${root}-ssr`, 'home-prerender.mjs'),
      `export function renderHomePage(data, path) {
        if (data.session.family_name === 'throw') throw new Error('render failed');
        return '<p>' + data.session.family_name + ' at ' + path + '</p>';
      }`,
    );
    server = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => void errors.push(JSON.parse(line)) } },
    });
    server.decorateRequest('auth', null);
    server.addHook('preValidation', async (request) => {
      const sid = /fh_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
      request.auth =
        sid && sid in readers ? { userId: 1, familyId: 1, sid, familyZone: 'Europe/Berlin' } : null;
    });
    await registerWebAssets(server, root, 'fh_session', (auth) => {
      const read = readers[auth.sid];
      if (!read) throw new Error('no reader');
      return read();
    });
  });

  afterAll(async () => {
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('puts the render in #root and the data it used after it, at / and /calendar opening on the agenda', async () => {
    for (const url of ['/', '/calendar', '/calendar?view=agenda&members=1']) {
      const reply = await server.inject({ url, headers: { cookie: 'fh_session=live' } });
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toContain(`<div id="root"><p>Rivera at ${url}</p></div>`);
      expect(reply.body).toContain(homeDataScript(data));
      expect(reply.body).toContain(familyZoneMeta('Europe/Berlin'));
    }
  });

  it('sends the frame alone for another view or date, and elsewhere no home at all', async () => {
    for (const url of ['/calendar?view=month', '/calendar?date=2026-12-01', '/?view=week']) {
      const reply = await server.inject({ url, headers: { cookie: 'fh_session=live' } });
      expect(reply.body).toContain(`<div id="root">${frame}</div>`);
      expect(reply.body).not.toContain('familyhub-home-data');
    }
    const tasks = await server.inject({ url: '/tasks', headers: { cookie: 'fh_session=live' } });
    expect(tasks.body).toContain('<div id="root"></div>');
  });

  it('falls back to the frame, logged, when the read or the render fails (never a 500)', async () => {
    for (const cookie of ['fh_session=broken', 'fh_session=unrenderable']) {
      errors.length = 0;
      const reply = await server.inject({ url: '/calendar', headers: { cookie } });
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toContain(`<div id="root">${frame}</div>`);
      expect(reply.body).not.toContain('familyhub-home-data');
      expect(errors).toHaveLength(1);
    }
  });
});

describe('homeDataScript', () => {
  it('escapes user text so that it cannot end the element or open markup', () => {
    const script = homeDataScript({
      session: { family_name: '</script><!-- & \u2028', email: 'a@example.com', family_timezone: 'UTC' },
      members: [],
      events: { start: '2026-11-24', end: '2026-11-24', items: [] },
    });
    const body = script.slice(script.indexOf('>') + 1, script.lastIndexOf('</script>'));
    expect(body).not.toMatch(/[<>&\u2028]/);
    expect((JSON.parse(body) as HomePageData).session.family_name).toBe('</script><!-- & \u2028');
  });
});
