#!/usr/bin/env node
// `npm test`: the one gate, the same locally and in CI.
//  1. makes sure Debian's Chromium, its headless shell and the Python oracles are there (installs them with apt as
//     root, else says how);
//  2. runs the unit and API tests (Vitest) on PGlite, or on PostgreSQL when DATABASE_URL is set (among them the
//     check that docs/api.md is what `npm run docs:api` writes, src/server/api-docs/api-docs.test.ts);
//  3. builds the SPA once (or takes the build E2E_WEB_DIST names) and runs the Playwright journeys against the
//     real server (a fresh database).
// Prints one closing line: "N passed, N failed".
//
// Options, so that CI runs what depends on the database on both databases and the rest once, and runs the two
// databases' Vitest side by side, then the journeys half on each (issue 44, ADR 041, ADR 063, ADR 064):
//   --projects=A,B    only these Vitest projects (vitest.config.ts: unit, mocking, database, timing; all by
//                     default; `none` for no Vitest). CI runs `database` in both passes, `unit` beside PostgreSQL
//                     and `mocking` beside PGlite (the PGlite pass's database tests take longest), and `timing` on
//                     its own afterwards, with nothing beside it: it measures how long requests wait (ADR 061);
//   --shard=I/N       only the I-th of N parts of the browser journeys (Playwright's --shard), to split them
//                     between machines;
//   --no-journeys     no browser journeys: CI runs both databases' Vitest side by side, then the journeys;
//   --split-journeys  the journeys in one run against two servers, half the files on PGlite and half on
//                     PostgreSQL (DATABASE_URL, which must be set), sharing the two workers (ADR 064), as CI runs them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// The journeys' two browsers (playwright.config.ts, ADR 061).
const browsers = [
  process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'familyhub-test-'));

const began = Date.now();
/** A section heading with the seconds since `npm test` began, so a slow run shows where its time went. */
function heading(title) {
  console.log(`\n== [${Math.round((Date.now() - began) / 1000)} s] ${title} ==`);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/**
 * Debian packages the tests use: the browser, the independent oracles the recurrence and ICS tests compare with,
 * and the real CalDAV clients and reference server of the CalDAV tests (test/caldav/).
 */
const DEBIAN_PACKAGES = [
  'chromium',
  'chromium-headless-shell',
  'python3-dateutil',
  'python3-icalendar',
  'python3-recurring-ical-events',
  'python3-caldav',
  'vdirsyncer',
  'radicale',
];

function ensureDebianPackages() {
  const installed = (name) => spawnSync('dpkg', ['-s', name], { stdio: 'ignore' }).status === 0;
  const missing = DEBIAN_PACKAGES.filter((name) => !installed(name));
  if (missing.length === 0 && browsers.every((browser) => fs.existsSync(browser))) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || spawnSync('which', ['apt-get']).status !== 0) {
    console.error(
      `Missing for the tests: ${missing.join(', ')}. Install them with:\n  sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian packages for the tests: ${missing.join(', ')}…`);
  if (run('apt-get', ['update', '-qq']) !== 0 || run('apt-get', ['install', '-y', '-qq', ...missing]) !== 0) {
    console.error(`Could not install them. Run: apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A fresh database for the browser journeys when running against PostgreSQL; dropped afterwards. */
async function freshE2eDatabase() {
  const url = process.env.DATABASE_URL;
  if (!url) return { env: {}, drop: async () => {} };
  const name = `familyhub_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const e2eUrl = new URL(url);
  e2eUrl.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: e2eUrl.toString() },
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const args = process.argv.slice(2);
const VITEST_PROJECTS = ['unit', 'mocking', 'database', 'timing'];
const shard = args.find((arg) => arg.startsWith('--shard='));
const projectsArg = args.find((arg) => arg.startsWith('--projects='));
const projectsValue = projectsArg?.slice('--projects='.length);
const projects = projectsValue === 'none' ? [] : (projectsValue?.split(',') ?? VITEST_PROJECTS);
const journeys = !args.includes('--no-journeys');
const splitJourneys = args.includes('--split-journeys');
const unknown = args.filter(
  (arg) => arg !== shard && arg !== projectsArg && arg !== '--no-journeys' && arg !== '--split-journeys',
);
const badProject = projects.find((name) => !VITEST_PROJECTS.includes(name));
if (unknown.length > 0 || (shard && !/^--shard=\d+\/\d+$/.test(shard)) || badProject !== undefined) {
  console.error(
    `Unknown option ${unknown[0] ?? badProject ?? shard}. Options: --projects=${VITEST_PROJECTS.join(',')} (or none), --shard=I/N, --no-journeys, --split-journeys`,
  );
  process.exit(2);
}
if (splitJourneys && !process.env.DATABASE_URL) {
  console.error('--split-journeys runs half the journeys on PostgreSQL: set DATABASE_URL.');
  process.exit(2);
}

ensureDebianPackages();
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const vitestJson = path.join(work, 'vitest.json');
let vitestStatus = 0;
if (projects.length > 0) {
  heading(`Unit and API tests (${engine}; Vitest projects ${projects.join(', ')})`);
  vitestStatus = run(
    'npx',
    [
      'vitest',
      'run',
      ...projects.map((name) => `--project=${name}`),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestJson}`,
    ],
    // The oracles were installed above: a test that cannot reach one fails instead of skipping.
    { FAMILYHUB_REQUIRE_ORACLES: '1' },
  );
}

const playwrightJson = path.join(work, 'playwright.json');
let e2eStatus = 0;
if (journeys) {
  const journeyEngine = splitJourneys ? 'half on PGlite, half on PostgreSQL' : engine;
  heading(`Browser journeys (${journeyEngine}, Chromium${shard ? `, part ${shard.slice(8)}` : ''})`);
  // E2E_WEB_DIST names an SPA built already (`.ci/run` builds it once for both passes); otherwise this run builds
  // its own.
  const webDist = process.env.E2E_WEB_DIST ?? path.join(work, 'web');
  if (!process.env.E2E_WEB_DIST) {
    e2eStatus = run('npx', ['vite', 'build', '--manifest', '--logLevel', 'warn'], { WEB_OUT_DIR: webDist });
    // Brotli/gzip twins as `npm run build` writes them (issue 23), so the journeys run against what production
    // serves.
    if (e2eStatus === 0) e2eStatus = run('node', ['scripts/precompress.mjs', webDist]);
  }
  // Page-weight budgets (issue 14): fails on a size regression; bytes are stable where seconds are not.
  if (e2eStatus === 0) e2eStatus = run('node', ['bench/size/check-bundle-size.mjs', webDist]);
  if (e2eStatus === 0) {
    const database = await freshE2eDatabase();
    heading('Playwright');
    e2eStatus = run('npx', ['playwright', 'test', '--reporter=list,json', ...(shard ? [shard] : [])], {
      ...(splitJourneys
        ? { DATABASE_URL: '', E2E_SPLIT_POSTGRES_URL: database.env.DATABASE_URL }
        : database.env),
      E2E_WEB_DIST: webDist,
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    });
    await database.drop();
  }
}

const vitest = readJson(vitestJson);
const playwright = readJson(playwrightJson);
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failed =
  (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0);
const skipped =
  (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);
fs.rmSync(work, { recursive: true, force: true });
const ok = vitestStatus === 0 && e2eStatus === 0 && passed > 0;
heading('Done');
console.log(`${engine}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
