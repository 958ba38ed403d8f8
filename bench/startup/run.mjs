#!/usr/bin/env node
// Start-up bench (issue 14): a fresh clone's first `npm start` until the first page is served, then a
// restart on the data it created (target: under 3 s).
//
//   node bench/startup/run.mjs            clone HEAD to a scratch folder, node_modules linked from here
//   node bench/startup/run.mjs --install  the same, with `npm install` in the clone (timed separately)
//
// "Served" is the first 200 of `GET /` (the SPA's index.html). `npm start` runs scripts/build.mjs, which builds
// the SPA and bundles the server the first time and skips both when nothing changed, then starts the bundled
// server; the restart of the server alone (`node dist/server/main.mjs`, what a process manager runs) is timed too.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'familyhub-startup-'));
const clone = path.join(work, 'familyhub');
const port = 3990 + (process.pid % 9);

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Starts `command`, polls `/` until it answers 200, returns the elapsed milliseconds, then stops it. */
async function timeToFirstPage(command, args) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const t0 = performance.now();
  const child = spawn(command, args, {
    cwd: clone,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      LOG_LEVEL: 'warn',
    },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        if (res.ok) return performance.now() - t0;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    // The whole process group: npm, its shell and the server.
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

try {
  spawnSync('git', ['clone', '--quiet', root, clone], { stdio: 'inherit' });
  if (process.argv.includes('--install')) {
    const t0 = performance.now();
    spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: clone, stdio: 'inherit' });
    console.log(`npm install: ${seconds(performance.now() - t0)}`);
  } else {
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(clone, 'node_modules'));
  }
  const first = await timeToFirstPage('npm', ['start']);
  console.log(
    `Fresh clone, first \`npm start\` (build, new database, migrations) to the first page: ${seconds(first)}`,
  );
  const again = await timeToFirstPage('npm', ['start']);
  console.log(
    `Restart with \`npm start\` on existing data (build up to date, skipped): ${seconds(again)} (target < 3 s: ${again < 3000 ? 'met' : 'NOT met'})`,
  );
  const server = await timeToFirstPage('node', ['--enable-source-maps', 'dist/server/main.mjs']);
  console.log(
    `Restart of the server alone on existing data: ${seconds(server)} (target < 3 s: ${server < 3000 ? 'met' : 'NOT met'})`,
  );
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
