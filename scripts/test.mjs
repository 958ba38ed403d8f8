#!/usr/bin/env node
// `npm test`: the one gate, the same locally and in CI.
//  1. makes sure Debian's Chromium is there (installs it with apt when running as root, else says how);
//  2. runs the unit and API tests (Vitest) on PGlite, or on PostgreSQL when DATABASE_URL is set;
//  3. builds the SPA once and runs the Playwright journeys against the real server (a fresh database).
// Prints one closing line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'familyhub-test-'));

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || spawnSync('which', ['apt-get']).status !== 0) {
    console.error(`Chromium is missing at ${chromium}. Install it with:\n  sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests…');
  if (run('apt-get', ['update', '-qq']) !== 0 || run('apt-get', ['install', '-y', '-qq', 'chromium']) !== 0) {
    console.error('Could not install chromium. Run: apt-get install -y chromium');
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

ensureChromium();
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`\n== Unit and API tests (${engine}) ==`);
const vitestJson = path.join(work, 'vitest.json');
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);

console.log(`\n== Browser journeys (${engine}, Chromium) ==`);
const webDist = path.join(work, 'web');
let e2eStatus = run('npx', ['vite', 'build', '--logLevel', 'warn'], { WEB_OUT_DIR: webDist });
const playwrightJson = path.join(work, 'playwright.json');
if (e2eStatus === 0) {
  const database = await freshE2eDatabase();
  e2eStatus = run('npx', ['playwright', 'test', '--reporter=list,json'], {
    ...database.env,
    E2E_WEB_DIST: webDist,
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  });
  await database.drop();
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
console.log(`\n${engine}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
