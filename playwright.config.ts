import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  defineConfig,
  devices,
  type PlaywrightTestConfig,
  type PlaywrightTestOptions,
  type PlaywrightWorkerOptions,
  type Project,
} from '@playwright/test';
import type { TestOptions } from './e2e/fixtures.ts';

// One port and one data folder per run, chosen in the main process; workers inherit them through the environment.
// 7100–7899 holds none of the ports Chromium refuses to load (net::ERR_UNSAFE_PORT: 3659, 4045, 4190, 5060,
// 6000, 6566, 6665–6669, 6679, 6697, 10080 …); 3100–3899 did, and a run whose pid landed on 3659 failed every test.
process.env.E2E_PORT ??= String(7100 + (process.pid % 800));
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'familyhub-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;

// E2E_SPLIT_POSTGRES_URL (`npm test -- --split-journeys`, as CI runs it; ADR 064): one run, two servers, half the
// journey files against each. The first server runs on PGlite (its own folder), the second on this PostgreSQL
// database, one port up. One run instead of two shares two workers between the halves: no second start-up and no
// second tail where one worker waits for the other's last journey.
const splitPostgresUrl = process.env.E2E_SPLIT_POSTGRES_URL;
const postgresURL = `http://localhost:${port + 1}`;
/**
 * The journey files, alphabetically; in a split run the even ones go to PostgreSQL, the odd ones to PGlite. (Today
 * that puts waitlist.spec.ts, which also reads the database directly where it can, on PostgreSQL.)
 */
const journeyFiles = fs
  .readdirSync('e2e')
  .filter((file) => file.endsWith('.spec.ts'))
  .sort();
const half = (parity: number) => journeyFiles.filter((_, index) => index % 2 === parity);

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
const NEEDS_FULL_BROWSER = ['push.spec.ts', 'waitlist.spec.ts'];
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

export default defineConfig<TestOptions>({
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
  use: { trace: process.env.CI ? 'off' : 'retain-on-failure' },
  projects: splitPostgresUrl
    ? [
        ...projectsFor('pglite', half(1), { baseURL }),
        ...projectsFor('postgres', half(0), { baseURL: postgresURL, databaseUrl: splitPostgresUrl }),
      ]
    : projectsFor('', journeyFiles, { baseURL, databaseUrl: process.env.DATABASE_URL ?? '' }),
  webServer: splitPostgresUrl
    ? [
        // The build, when there is one to make, runs before the first server only: the second waits its turn.
        webServer(port, { build }),
        webServer(port + 1, { databaseUrl: splitPostgresUrl }),
      ]
    : webServer(port, { build, databaseUrl: process.env.DATABASE_URL }),
});

/**
 * The journeys' projects for `files` (names in e2e/) against one server: the headless shell for most, the full
 * browser for NEEDS_FULL_BROWSER. `databaseUrl` (the server's PostgreSQL, '' on PGlite) is the journeys'
 * `databaseUrl` option (e2e/fixtures.ts), for the few that read the database directly.
 */
function projectsFor(
  name: string,
  files: string[],
  options: { baseURL: string; databaseUrl?: string },
): Project<PlaywrightTestOptions & TestOptions, PlaywrightWorkerOptions>[] {
  const full = files.filter((file) => NEEDS_FULL_BROWSER.includes(file));
  const shell = files.filter((file) => !full.includes(file));
  const use = { ...devices['Desktop Chrome'], channel: undefined, ...options };
  const named = (browser: string) => (name ? `${name}-${browser}` : browser);
  return [
    {
      name: named('chromium'),
      testMatch: shell.map((file) => `**/${file}`),
      use: { ...use, launchOptions: launchIn(headlessShell) },
    },
    {
      name: named('chromium-full'),
      testMatch: full.map((file) => `**/${file}`),
      use: { ...use, launchOptions: launchIn(fullChromium) },
    },
  ];
}

/** The app's server on `serverPort`: on PGlite in this run's folder, or on the PostgreSQL database `databaseUrl`. */
function webServer(
  serverPort: number,
  { build: buildFirst = '', databaseUrl }: { build?: string; databaseUrl?: string },
): Exclude<PlaywrightTestConfig['webServer'], unknown[] | undefined> {
  const url = `http://localhost:${serverPort}`;
  return {
    command: `${buildFirst}node --import tsx src/server/main.ts`,
    url: `${url}/api/auth/session`,
    // The session call answers 401 when the server is up and nobody is signed in.
    ignoreHTTPSErrors: true,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: path.join(process.env.E2E_DATA_DIR ?? '', `db-${serverPort}`),
      WEB_DIST_DIR: webDist,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      FAMILY_WRITE_RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      // As the unit tests (vitest.config.ts): the server's own zone is not UTC, so nothing may lean on it.
      TZ: 'America/St_Johns',
      // '' runs it on PGlite, whatever DATABASE_URL the run itself was given.
      DATABASE_URL: databaseUrl ?? '',
    },
  };
}
