import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Issue 23, item 3: served like a production site. The scripts arrive compressed with a year-long immutable
// cache header, the HTML is revalidated, and a second visit takes every script from the browser's HTTP
// cache. The service worker is blocked here so that the HTTP cache alone is what is measured (with it, the
// precache would answer the second visit anyway: pwa.spec.ts).
test.use({ serviceWorkers: 'block' });

interface ScriptLoad {
  url: string;
  fromCache: boolean;
  encoding: string | undefined;
  cacheControl: string | undefined;
}

/**
 * Every script the page loads, as Chromium's network stack saw it: CDP `Network.responseReceived`, with
 * `fromDiskCache` or a `Network.requestServedFromCache` (memory cache) meaning no bytes were downloaded.
 */
async function recordScripts(page: Page): Promise<{ loads: ScriptLoad[]; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  const loads: ScriptLoad[] = [];
  const servedFromCache = new Set<string>();
  cdp.on('Network.requestServedFromCache', (event) => servedFromCache.add(event.requestId));
  cdp.on('Network.responseReceived', (event) => {
    if (event.type !== 'Script') return;
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    loads.push({
      url: event.response.url,
      fromCache: Boolean(event.response.fromDiskCache) || servedFromCache.has(event.requestId),
      encoding: headers['content-encoding'],
      cacheControl: headers['cache-control'],
    });
  });
  await cdp.send('Network.enable');
  return { loads, cdp };
}

test('scripts arrive compressed and immutable, and a second visit downloads none', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const first = await context.newPage();
  const firstVisit = await recordScripts(first);
  const html = await first.goto('/');
  expect(html?.headers()['cache-control']).toBe('no-cache');
  await expect(first.getByRole('heading', { level: 1 })).toBeVisible();
  await first.waitForLoadState('networkidle');
  const assets = firstVisit.loads.filter((l) => new URL(l.url).pathname.startsWith('/assets/'));
  expect(assets.length).toBeGreaterThan(0);
  for (const load of assets) {
    expect(load.fromCache, load.url).toBe(false);
    expect(load.encoding, load.url).toBe('br');
    expect(load.cacheControl, load.url).toBe('public, max-age=31536000, immutable');
  }
  await first.close();

  const second = await context.newPage();
  const secondVisit = await recordScripts(second);
  await second.goto('/');
  await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
  await second.waitForLoadState('networkidle');
  expect(secondVisit.loads.length).toBeGreaterThan(0);
  const downloaded = secondVisit.loads.filter((l) => !l.fromCache).map((l) => l.url);
  expect(downloaded).toEqual([]);
  await context.close();
});

test('API JSON over 1 KB arrives compressed, a small answer does not', async ({ page, signUp }) => {
  await signUp();
  for (let day = 1; day <= 12; day += 1) {
    const res = await page.request.post('/api/events', {
      data: {
        title: `Swim lesson ${String(day)}`,
        start_date: `2026-12-${String(day).padStart(2, '0')}T10:00`,
        duration_minutes: 60,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const month = await page.request.get('/api/events?start=2026-12-01&end=2026-12-31', {
    headers: { 'accept-encoding': 'br, gzip' },
  });
  expect(month.status()).toBe(200);
  expect(month.headers()['content-encoding']).toBe('br');
  expect(((await month.json()) as unknown[]).length).toBe(12);
  const small = await page.request.get('/api/events?start=2027-06-01&end=2027-06-30', {
    headers: { 'accept-encoding': 'br, gzip' },
  });
  expect(small.headers()['content-encoding']).toBeUndefined();
});
