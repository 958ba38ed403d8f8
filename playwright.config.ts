import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One port and one data folder per run, chosen in the main process; workers inherit them through the environment.
// 7100–7899 holds none of the ports Chromium refuses to load (net::ERR_UNSAFE_PORT: 3659, 4045, 4190, 5060,
// 6000, 6566, 6665–6669, 6679, 6697, 10080 …); 3100–3899 did, and a run whose pid landed on 3659 failed every test.
process.env.E2E_PORT ??= String(7100 + (process.pid % 800));
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'familyhub-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;

// scripts/test.mjs builds the SPA once and passes E2E_WEB_DIST; run alone, the web server builds its own copy.
const webDist = process.env.E2E_WEB_DIST ?? path.join(process.env.E2E_DATA_DIR, 'web');
const build = process.env.E2E_WEB_DIST
  ? ''
  : `WEB_OUT_DIR=${webDist} npx vite build --logLevel warn && node scripts/precompress.mjs ${webDist} && `;

// Debian's Chromium in two builds (ADR 061): the old headless shell (`chromium-headless-shell`), which runs the
// journeys on about a quarter less CPU than the full browser headless, and the full browser for the journeys that
// need what the shell lacks: the Notifications and Push APIs (it answers "denied") and the async clipboard.
const headlessShell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const fullChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const NEEDS_FULL_BROWSER = ['**/push.spec.ts', '**/waitlist.spec.ts'];
const launchIn = (executablePath: string) => ({
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

export default defineConfig({
  testDir: 'e2e',
  // Per run, so that runs side by side do not trample each other's traces.
  outputDir: path.join(process.env.E2E_DATA_DIR, 'results'),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two journeys at a time, each in its own file's order: a journey uses about half a core, waiting on the
  // page and the server (ADR 041). Every journey signs up its own family, and servers of their own take free ports.
  fullyParallel: false,
  workers: 2,
  reporter: [['list']],
  // A trace records every action's DOM and a screencast: 40 % of the browser's and Playwright's CPU in two journey
  // files (ADR 061), and CI keeps no files to open one from. Kept locally, for a failing journey.
  use: { baseURL, trace: process.env.CI ? 'off' : 'retain-on-failure' },
  projects: [
    {
      name: 'chromium',
      testIgnore: NEEDS_FULL_BROWSER,
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: launchIn(headlessShell) },
    },
    {
      name: 'chromium-full',
      testMatch: NEEDS_FULL_BROWSER,
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: launchIn(fullChromium) },
    },
  ],
  webServer: {
    command: `${build}node --import tsx src/server/main.ts`,
    url: `${baseURL}/api/auth/session`,
    // The session call answers 401 when the server is up and nobody is signed in.
    ignoreHTTPSErrors: true,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: path.join(process.env.E2E_DATA_DIR, 'db'),
      WEB_DIST_DIR: webDist,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      FAMILY_WRITE_RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      // As the unit tests (vitest.config.ts): the server's own zone is not UTC, so nothing may lean on it.
      TZ: 'America/St_Johns',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
