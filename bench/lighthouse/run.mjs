#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse 12 (mobile profile, its default: Moto G Power emulation, slow 4G,
// CPU ×4) with Debian's Chromium on the landing page and the signed-in calendar. Builds the SPA, starts the
// server on a scratch PGlite database, registers a family with a few events, and prints per page the four
// category scores and LCP, TBT, CLS. Targets (issue 14): performance ≥ 95, accessibility 100, best practices ≥ 95.
//
// Environment: CHROME_PATH (default /usr/bin/chromium), LH_RUNS (default 1; with more, the median by performance),
// LH_REPORT_DIR (when set, each run's full Lighthouse result is written there as JSON).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { precompress } from '../../scripts/precompress.mjs';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.LH_RUNS ?? 1);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'familyhub-lighthouse-'));
const port = 3900 + (process.pid % 90);
const base = `http://127.0.0.1:${port}`;

const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
  stdio: 'inherit',
  env: { ...process.env, WEB_OUT_DIR: path.join(work, 'web') },
});
if (built.status !== 0) process.exit(1);
precompress(path.join(work, 'web')); // as `npm run build` does

const { DATABASE_URL: _ignored, ...env } = process.env;
const server = spawn('node', ['--import', 'tsx', 'src/server/main.ts'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: path.join(work, 'db'),
    WEB_DIST_DIR: path.join(work, 'web'),
    LOG_LEVEL: 'warn',
  },
});

async function waitForServer() {
  for (let i = 0; i < 240; i += 1) {
    try {
      const res = await fetch(`${base}/api/auth/session`);
      if (res.status === 401 || res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

/** Registers a family and adds a few events on its today (in its zone); returns the session cookie. */
async function signedInCookie() {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      familyName: 'The Lighthouses',
      email: `lh-${Date.now()}@example.com`,
      password: 'correct horse battery',
      memberName: 'Ana Light',
      memberRole: 'parent',
      memberColor: 'blue',
      memberPhone: null,
    }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  // The family's today, in its zone (the session says which): the UTC date is the family's tomorrow in a
  // Los Angeles evening, and the measured page would be an empty today.
  const session = await fetch(`${base}/api/auth/session`, { headers: { cookie } });
  if (!session.ok) throw new Error(`session: ${session.status} ${await session.text()}`);
  const { family_timezone: zone } = await session.json();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  for (const [title, time] of [
    ['Swim lessons', '10:00'],
    ['Piano', '16:30'],
    ['Dentist check-up', '12:00'],
  ]) {
    await fetch(`${base}/api/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ title, start_date: `${today}T${time}`, duration_minutes: 60 }),
    });
  }
  return cookie;
}

function summary(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

let chrome;
try {
  await waitForServer();
  const cookie = await signedInCookie();
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const pages = [
    { name: 'Landing page', url: `${base}/`, headers: {} },
    { name: 'Calendar (signed in)', url: `${base}/calendar`, headers: { cookie } },
  ];
  for (const page of pages) {
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      const result = await lighthouse(
        page.url,
        { port: chrome.port, output: 'json', logLevel: 'error', extraHeaders: page.headers },
        undefined,
      );
      results.push(summary(result.lhr));
      if (process.env.LH_REPORT_DIR) {
        const name = `${page.name.replace(/\W+/g, '-').toLowerCase()}-${String(i + 1)}.json`;
        fs.mkdirSync(process.env.LH_REPORT_DIR, { recursive: true });
        fs.writeFileSync(path.join(process.env.LH_REPORT_DIR, name), JSON.stringify(result.lhr));
      }
    }
    results.sort((a, b) => a.performance - b.performance);
    const s = results[Math.floor(results.length / 2)];
    console.log(
      `${page.name}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s.bestPractices}, ` +
        `SEO ${s.seo}; LCP ${(s.lcpMs / 1000).toFixed(2)} s, TBT ${s.tbtMs.toFixed(0)} ms, CLS ${s.cls.toFixed(3)}` +
        (runs > 1 ? ` (median of ${runs} runs by performance)` : ''),
    );
    if (s.failing.length) console.log(`  failing audits: ${s.failing.join(', ')}`);
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(work, { recursive: true, force: true });
}
