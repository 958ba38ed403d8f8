import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

// Whether docs/api.md is current is api-docs.test.ts's to say (it renders the document in the test process); this
// is the script's own promise, kept in one pass of CI: the script builds its app on an in-memory PGlite whatever
// DATABASE_URL says.
it('`npm run docs:api -- --check` fails on a stale file with the message to regenerate it', () => {
  const stale = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'api-md-')), 'api.md');
  fs.writeFileSync(
    stale,
    fs.readFileSync(path.join(root, 'docs/api.md'), 'utf8').replace('1–200 characters', '1–120 characters'),
  );
  const run = spawnSync('node', ['--import', 'tsx', 'scripts/api-docs.ts', '--check', stale], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(run.stderr).toContain('docs/api.md is out of date: run npm run docs:api');
  expect(run.status).toBe(1);
  fs.rmSync(path.dirname(stale), { recursive: true, force: true });
}, 180_000);
