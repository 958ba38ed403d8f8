// The month-view render benchmark runs with the app's Playwright setup (built SPA, server, Debian Chromium),
// pointed at this folder: npx playwright test --config bench/calendar/playwright.config.ts
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const server = Array.isArray(base.webServer) ? base.webServer[0] : base.webServer;

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'month-render.bench.ts',
  timeout: 180_000,
  // The server builds and starts from the repository root, as it does for e2e/.
  ...(server ? { webServer: { ...server, cwd: root } } : {}),
});
