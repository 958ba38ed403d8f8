#!/usr/bin/env node
// `npm run dev`: the API on :3001 (restarting on change) and Vite's dev server on :5173 with hot reload,
// proxying /api to the API. Open http://localhost:5173; the API's OpenAPI document is at /api/docs.
import { spawn } from 'node:child_process';

const children = [
  spawn('node', ['--watch', '--import', 'tsx', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { PORT: '3001', PUBLIC_URL: 'http://localhost:5173', NODE_ENV: 'development', ...process.env },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { API_PORT: '3001', ...process.env } }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
