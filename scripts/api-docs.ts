// `npm run docs:api`: writes docs/api.md from the OpenAPI document the development server answers at /api/docs
// (src/server/api-docs: the zod contracts of every route). `--check` writes nothing and fails with
// "docs/api.md is out of date: run npm run docs:api" when the file differs from what would be written (in
// npm test, src/server/api-docs/api-docs.test.ts compares the same). An optional path replaces docs/api.md
// (scripts/api-docs.test.ts uses a copy).
// The app is built on a fresh in-memory PGlite (migrated, empty): the document needs no data.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { renderApiMarkdown } from '../src/server/api-docs/markdown.ts';
import { buildApp } from '../src/server/app.ts';
import { testConfig } from '../src/server/config.ts';
import { wrapPglite } from '../src/server/db/client.ts';
import { systemClock } from '../src/server/context.ts';
import { startChangeFeed } from '../src/server/live/change-feed.ts';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = process.argv.slice(2);
const check = args.includes('--check');
const target = path.resolve(root, args.find((a) => !a.startsWith('--')) ?? 'docs/api.md');

const database = await wrapPglite(await PGlite.create());
const changes = await startChangeFeed(database);
const config = testConfig({ NODE_ENV: 'development', WEB_DIST_DIR: path.join(root, 'no-web-build') });
const app = await buildApp({ db: database.db, config, clock: systemClock, changes });
await app.ready();
const markdown = renderApiMarkdown(app.swagger());
await app.close();
await changes.close();
await database.close();

if (check) {
  const committed = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (committed !== markdown) {
    console.error('docs/api.md is out of date: run npm run docs:api');
    process.exit(1);
  }
  console.log(`${path.relative(root, target)} is up to date.`);
} else {
  fs.writeFileSync(target, markdown);
  console.log(`Wrote ${path.relative(root, target)}.`);
}
