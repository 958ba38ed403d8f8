import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format } from 'date-fns';
import { type ServerProcess, startServer } from '../src/server/security/faults/server-process.ts';
import { expect, newAccount, screenshot, shots, test, waitForServiceWorker } from './fixtures.ts';
import { SERVER_START_TIMEOUT_MS } from './mail-server.ts';

// Issue 24, "stream survives a process restart": the page talks to a server process of this spec's own (the
// production build, so behind its service worker, on a scratch PGlite folder), which the spec stops and starts.

/** The built web app the Playwright web server serves (the same rule as playwright.config.ts). */
function webDist(): string {
  const dir =
    process.env.E2E_WEB_DIST ?? (process.env.E2E_DATA_DIR && path.join(process.env.E2E_DATA_DIR, 'web'));
  if (!dir) throw new Error('E2E_WEB_DIST or E2E_DATA_DIR must be set (playwright.config.ts sets them)');
  return dir;
}

let server: ServerProcess | undefined;
let dataDir = '';

test.afterEach(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  server = undefined;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('after its server restarts, the page says "Reconnecting…", then reconnects and shows what it missed, without a reload', async ({
  browser,
}) => {
  // Two server processes start (each migrates or opens its own PGlite), and the page waits out the restart.
  test.setTimeout(2 * SERVER_START_TIMEOUT_MS + 90_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'familyhub-live-restart-'));
  const env = {
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist(),
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  };
  server = await startServer(env, SERVER_START_TIMEOUT_MS);
  const port = Number(new URL(server.url).port);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const account = newAccount({ familyName: 'The Restarts', memberName: 'Ana Restart' });
  const registered = await page.request.post('/api/auth/register', {
    data: { ...account, memberRole: 'parent', memberColor: 'blue', memberPhone: null },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const [me] = (await (await page.request.get('/api/family-members')).json()) as { id: number }[];
  const today = format(new Date(), 'yyyy-MM-dd');
  const addTask = async (title: string) => {
    const res = await page.request.post('/api/tasks', {
      data: { title, due_date: `${today}T18:00`, assigned_to_ids: [String(me?.id)] },
    });
    expect(res.status(), await res.text()).toBe(201);
  };

  // The production build registers its service worker; once it controls the page, a full load runs the app
  // (and its change stream) behind it.
  await page.goto('/tasks');
  await waitForServiceWorker(page);
  const stream = page.waitForResponse((r) => r.url().includes('/api/changes') && r.status() === 200);
  await page.reload();
  await stream;
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByRole('heading', { name: 'Family Tasks' })).toBeVisible();
  // Live behind the service worker: a write made elsewhere shows up.
  await addTask('Before the restart');
  await expect(page.getByText('Before the restart')).toBeVisible({ timeout: 2_000 });
  await expect(page.getByText('Reconnecting…')).toHaveCount(0);
  // Marks this document: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  // The process stops: the stream drops and, after a few quiet seconds, the page says so.
  server.child.kill('SIGTERM');
  await server.exited;
  await expect(page.getByText('Reconnecting…')).toBeVisible({ timeout: 15_000 });
  await screenshot(page, `${shots}/live-reconnecting.png`);

  // It comes back on the same port and folder. The page's stream is held off (every attempt fails, as while
  // the server was down) until a write has been made that the page's stream can no longer deliver as a change.
  let refused = 0;
  await context.route('**/api/changes**', (route) => {
    refused += 1;
    return route.abort();
  });
  server = await startServer(env, SERVER_START_TIMEOUT_MS, port);
  await addTask('Written while the page was away');
  const before = refused;
  // The page keeps trying (its EventSource, behind the service worker) and keeps failing.
  await expect.poll(() => refused, { timeout: 40_000 }).toBeGreaterThan(before);
  await expect(page.getByText('Written while the page was away')).toHaveCount(0);
  await expect(page.getByText('Reconnecting…')).toBeVisible();
  await context.unroute('**/api/changes**');

  // The page reconnects by itself (its backoff is at most 30 s) with the last id of the old process, is told to
  // resync, and refetches: the write shows up, the notice goes, and it is still the same document.
  await expect(page.getByText('Written while the page was away')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText('Reconnecting…')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  // And the reconnected stream is live again.
  await addTask('After the reconnection');
  await expect(page.getByText('After the reconnection')).toBeVisible({ timeout: 2_000 });
  await context.close();
});
