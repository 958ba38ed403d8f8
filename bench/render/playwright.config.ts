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
  // The app's server at a lower CPU priority (nice 10, ADR 031): the timed switch never asks it for anything
  // (the month's data is in memory), and on a family's phone it is another machine. On the bench's two cores its
  // garbage collections and planner ticks took the renderer's CPU in the middle of a round.
  ...(server ? { webServer: { ...server, command: niced(server.command), cwd: root } } : {}),
});

/**
 * The web server's command with its Node process (the last `node` of the command) at nice 10. Linux schedules a
 * session's processes as one group (autogroup, sched(7)), and the server runs in a session of its own: its
 * group's nice is set too (`/proc/self/autogroup`, by the shell that then starts Node), else the thread's
 * nice only ranks it within its own group. Where there is no such file, only `nice` applies.
 */
function niced(command: string): string {
  const at = command.lastIndexOf('node ');
  if (at < 0) return command;
  return `${command.slice(0, at)}{ echo 10 > /proc/self/autogroup || true; } 2>/dev/null && nice -n 10 ${command.slice(at)}`;
}
