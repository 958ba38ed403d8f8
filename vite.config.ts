import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The SPA lives in src/web and is built to dist/web, which the Fastify server serves on the same port as the API.
export default defineConfig({
  root: path.resolve('src/web'),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: process.env.WEB_OUT_DIR ? path.resolve(process.env.WEB_OUT_DIR) : path.resolve('dist/web'),
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3001}` },
  },
});
