import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { API_CACHE_NAME, OFFLINE_READ_PATTERN } from './src/web/platform/offline-cache.ts';

// The SPA lives in src/web and is built to dist/web, which the Fastify server serves on the same port as the API.
export default defineConfig({
  root: path.resolve('src/web'),
  plugins: [
    react(),
    tailwindcss(),
    // Installable offline PWA (issue 11, docs/mobile.md): web app manifest, and a Workbox service worker that
    // precaches the app shell and keeps the last reply of the read calls in OFFLINE_READ_PATTERN (network first).
    // Writes are never cached or queued: apiFetch refuses them offline. registerType 'prompt': a new version
    // waits for the user's Reload (src/web/platform/update-prompt.tsx).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        id: '/',
        name: 'FamilyHub',
        short_name: 'FamilyHub',
        description: 'One shared calendar, tasks, notes and reminders for the whole family.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#4f46e5',
        background_color: '#f8fafc',
        categories: ['productivity', 'lifestyle'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        runtimeCaching: [
          {
            urlPattern: OFFLINE_READ_PATTERN,
            method: 'GET',
            handler: 'NetworkFirst',
            options: {
              cacheName: API_CACHE_NAME,
              // A train's "connected" but dead network: after 10 s show the kept copy instead of a spinner.
              networkTimeoutSeconds: 10,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 100, maxAgeSeconds: 14 * 24 * 60 * 60 },
            },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: process.env.WEB_OUT_DIR ? path.resolve(process.env.WEB_OUT_DIR) : path.resolve('dist/web'),
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3001}` },
  },
});
