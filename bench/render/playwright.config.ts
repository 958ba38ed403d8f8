// The render bench runs with the app's Playwright setup (built SPA, server, Debian Chromium), pointed at this
// folder: npx playwright test --config bench/render/playwright.config.ts
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const server = Array.isArray(base.webServer) ? base.webServer[0] : base.webServer;

export default defineConfig({
  ...base,
  // No trace: its DOM snapshots run inside the page at every action, inside the measured switch and its
  // scripting time (the trace snapshotter's `visitNode` was the largest JavaScript frame in a profile).
  use: { ...base.use, trace: 'off' },
  testDir: '.',
  testMatch: 'month-render.bench.ts',
  timeout: 600_000,
  ...(server ? { webServer: { ...server, cwd: root } } : {}),
});
