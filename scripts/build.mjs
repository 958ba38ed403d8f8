#!/usr/bin/env node
// `npm run build` and the first half of `npm start`: builds what the production server runs.
//
//   dist/web/                  the SPA (Vite), each text file with .br and .gz twins beside it (brotli
//                              quality 11, gzip level 9) that the server sends as they are (issue 23), and
//                              landing.html, the prerendered landing page with its island (ADR 012)
//   dist/web-ssr/              the signed-in home's server-side render (home-prerender.mjs, ADR 025), which the
//                              server loads at start-up; written by the same `vite build`
//   dist/server/main.mjs       the server bundled by esbuild (npm packages stay external, read from
//                              node_modules), with a source map; dist/server/migrations/ beside it
//
// Each part is rebuilt only when its inputs changed since the last build (a SHA-256 of their paths and
// contents, kept in dist/.build-<part>): a restart with `npm start` then serves in a few seconds instead of
// rebuilding the SPA first (issue 14's restart budget). `--force` rebuilds both.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { precompress } from './precompress.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'dist');
const force = process.argv.includes('--force');

/** Every file below `entries` (files or folders, relative to the root), sorted, tests excluded. */
function filesOf(entries) {
  const files = [];
  const walk = (relative) => {
    const absolute = path.join(root, relative);
    if (!fs.existsSync(absolute)) return;
    if (fs.statSync(absolute).isDirectory()) {
      for (const name of fs.readdirSync(absolute)) walk(path.join(relative, name));
    } else if (!/\.test\.tsx?$/.test(relative)) {
      files.push(relative);
    }
  };
  entries.forEach(walk);
  return files.sort();
}

/** SHA-256 over the inputs' paths and contents: equal digests mean an identical build. */
function digestOf(entries) {
  const hash = createHash('sha256');
  for (const file of filesOf(entries)) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/**
 * Runs `build` unless the stamp of `part` matches its inputs' digest and its output (a path, or several) exists;
 * then stamps it.
 */
async function buildIfChanged(part, inputs, output, build) {
  const stamp = path.join(dist, `.build-${part}`);
  const digest = digestOf(inputs);
  const outputs = [output].flat();
  const built = outputs.every((file) => fs.existsSync(file));
  const current = built && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === digest;
  if (current && !force) {
    console.log(`${part}: up to date (${outputs.map((file) => path.relative(root, file)).join(', ')})`);
    return;
  }
  fs.rmSync(stamp, { force: true });
  await build();
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(stamp, digest);
}

const shared = ['src/core', 'package-lock.json', 'tsconfig.json'];

await buildIfChanged(
  'web',
  ['src/web', 'vite.config.ts', 'scripts/render-landing.ts', 'scripts/render-app-frame.ts', ...shared],
  // The SPA and the home's server-side render come from the same `vite build` (ADR 025).
  [path.join(dist, 'web', 'index.html'), path.join(dist, 'web-ssr', 'home-prerender.mjs')],
  () => {
    const result = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    const { raw, brotli } = precompress(path.join(dist, 'web'));
    console.log(
      `web: precompressed ${(raw / 1024).toFixed(0)} KB of text to ${(brotli / 1024).toFixed(0)} KB (brotli)`,
    );
  },
);

await buildIfChanged('server', ['src/server', ...shared], path.join(dist, 'server', 'main.mjs'), async () => {
  const out = path.join(dist, 'server');
  fs.rmSync(out, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: path.join(out, 'main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // The bundle resolves its migrations folder beside itself (src/server/db/client.ts, `migrationsFolder`).
  fs.cpSync(path.join(root, 'src/server/db/migrations'), path.join(out, 'migrations'), { recursive: true });
  console.log('server: bundled to dist/server/main.mjs');
});
