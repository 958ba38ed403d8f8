import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build, defineConfig, type LogLevel, type Plugin } from 'vite';
import type { ModuleInfo } from 'rolldown';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { API_CACHE_NAME, OFFLINE_READ_PATTERN } from './src/web/platform/offline-cache.ts';

/**
 * Renders the landing page into src/web/landing.html's `<!--landing-page-->` (ADR 012), with
 * scripts/render-landing.ts in a Node process of its own (the React components load with Node's module rules).
 * @throws Error when the render fails, which fails the build.
 */
function prerenderLanding(): Plugin {
  return {
    name: 'prerender-landing',
    transformIndexHtml(html) {
      const rendered = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/render-landing.ts'], {
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      });
      if (rendered.status !== 0) throw new Error(`Landing page prerender failed:\n${rendered.stderr}`);
      return html.replace('<!--landing-page-->', rendered.stdout);
    },
  };
}

/**
 * The landing page served at `/` to signed-out visitors (ADR 012): after the SPA is built (and its service
 * worker written), a second build of its own writes src/web/landing.html, prerendered, with its island
 * (features/waitlist/landing-island.ts) into the same folder, and its manifest to
 * `.vite/landing-manifest.json` (bench/size reads it). A build of its own, so that the island shares no
 * chunk with the SPA: shared modules would split the SPA's entry into more, larger-in-total chunks. The
 * island's `virtual:pwa-register` is answered by the SPA build's own PWA plugin. Every `vite build` does
 * this: `npm run build`, `npm test`, the e2e server and the benches alike.
 */
function landingPage(): Plugin {
  let outDir = '';
  let logLevel: LogLevel = 'info';
  let pwaRegister: Plugin | undefined;
  return {
    name: 'landing-page',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      logLevel = config.logLevel ?? 'info';
      const pwa = config.plugins.find((plugin) => plugin.name === 'vite-plugin-pwa');
      if (pwa) pwaRegister = { name: 'pwa-register', resolveId: pwa.resolveId, load: pwa.load };
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await build({
          configFile: false,
          root: path.resolve('src/web'),
          publicDir: false,
          logLevel,
          plugins: [react(), tailwindcss(), pwaRegister, prerenderLanding()],
          build: {
            outDir,
            emptyOutDir: false,
            manifest: '.vite/landing-manifest.json',
            rolldownOptions: {
              input: path.resolve('src/web/landing.html'),
              // The stylesheet is the SPA's, byte for byte: under the SPA's file name (the hash is of the
              // content) a visitor who signs in already has it cached.
              output: { assetFileNames: 'assets/index-[hash][extname]' },
              checks: { pluginTimings: false },
            },
          },
        });
      },
    },
  };
}

/** The modules of the signed-in home (routes.tsx `preloadSignedInHome`), whose chunks `index.html` preloads. */
const HOME_MODULES = ['src/web/app/layout.tsx', 'src/web/features/calendar/calendar-page.tsx'].map((file) =>
  path.resolve(file),
);

/**
 * Adds to `index.html` a `<link rel="modulepreload" data-home>` for every chunk of the signed-in home (the app
 * shell and the calendar, with their static imports) that the page does not preload already, so that they
 * download in parallel with the entry instead of after it has run (issue 23; they were requested ≈ 220 ms
 * after the entry, behind its evaluation). The server keeps these tags only for a signed-in visitor at `/` or
 * `/calendar` (src/server/http/web-assets.ts); the service worker's precached copy keeps them (its chunks
 * are precached too).
 */
function homeModulePreload(): Plugin {
  return {
    name: 'home-modulepreload',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html; // dev server: no chunks
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
        };
        for (const module of HOME_MODULES) {
          const chunk = chunks.find((item) => item.moduleIds.includes(module));
          if (!chunk) throw new Error(`home-modulepreload: no chunk for ${module}`);
          visit(chunk.fileName);
        }
        const tags = [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `    <link rel="modulepreload" data-home crossorigin href="/${file}">\n`)
          .join('');
        return html.replace('</head>', `\n${tags}  </head>`);
      },
    },
  };
}

/**
 * Writes `app-frame.html` beside `index.html`: the signed-in home's frame (src/web/app/app-frame.tsx) rendered
 * by scripts/render-app-frame.ts in a Node process of its own, which the server puts inside `#root` for a
 * signed-in visitor at `/` and `/calendar` (ADR 023). Not precached: the service worker's `index.html` stays
 * frameless (the app renders the frame itself there).
 * @throws Error when the render fails, which fails the build.
 */
function appFrame(): Plugin {
  return {
    name: 'app-frame',
    apply: 'build',
    generateBundle() {
      const rendered = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/render-app-frame.ts'], {
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      });
      if (rendered.status !== 0) throw new Error(`App frame prerender failed:\n${rendered.stderr}`);
      this.emitFile({ type: 'asset', fileName: 'app-frame.html', source: rendered.stdout });
    },
  };
}

/** The folder of the server-side render bundle beside the SPA's output folder `outDir` (`dist/web` → `dist/web-ssr`). */
export function ssrDirFor(outDir: string): string {
  return `${path.resolve(outDir)}-ssr`;
}

/**
 * Builds `src/web/app/home-prerender.tsx` as a server-side bundle, `home-prerender.mjs` in `ssrDirFor(outDir)`
 * (beside the SPA's folder, so that the static server does not serve it and the service worker does not
 * precache it), which the server loads at start-up to render the signed-in home's agenda into the page
 * (ADR 025). npm packages are bundled in (≈ 2 MB; the server reads it once): the e2e and bench builds write to
 * scratch folders where no node_modules is found. Also used by src/server/home-page.test.ts.
 * @throws Error when the build fails.
 */
export async function buildHomePrerender(outDir: string, logLevel: LogLevel = 'info'): Promise<void> {
  await build({
    configFile: false,
    root: path.resolve('src/web'),
    publicDir: false,
    logLevel,
    plugins: [react()],
    ssr: { noExternal: true },
    build: {
      ssr: path.resolve('src/web/app/home-prerender.tsx'),
      outDir: ssrDirFor(outDir),
      emptyOutDir: true,
      rolldownOptions: {
        output: { entryFileNames: 'home-prerender.mjs' },
        checks: { pluginTimings: false },
      },
    },
  });
}

/** Runs {@link buildHomePrerender} after the SPA's build, into the folder beside its output. */
function homePrerender(): Plugin {
  let outDir = '';
  let logLevel: LogLevel = 'info';
  return {
    name: 'home-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      logLevel = config.logLevel ?? 'info';
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler: () => buildHomePrerender(outDir, logLevel),
    },
  };
}

/**
 * The chunk name of the signed-in home's own modules (rolldown `codeSplitting` group): every module the layout
 * and the calendar page import statically, directly or not, that the entry (main.tsx) does not, goes into one
 * `home` chunk instead of ≈ 25 files, most under 1.5 KB (issue 23: each request costs a round trip on a phone).
 * Modules of other screens stay in their own chunks; a screen sharing a module with the home loads `home`.
 */
function homeChunk(): (id: string, ctx: { getModuleInfo(id: string): ModuleInfo | null }) => string | null {
  let home: Set<string> | undefined;
  const reach = (ctx: { getModuleInfo(id: string): ModuleInfo | null }, roots: string[]) => {
    const seen = new Set<string>();
    const stack = [...roots];
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  return (id, ctx) => {
    if (!home) {
      const entry = reach(ctx, [path.resolve('src/web/main.tsx')]);
      // The two screens stay chunks of their own (what the router imports); their dependencies are grouped.
      const own = new Set([...entry, ...HOME_MODULES]);
      home = new Set([...reach(ctx, HOME_MODULES)].filter((module) => !own.has(module)));
    }
    return home.has(id) ? 'home' : null;
  };
}

// The SPA lives in src/web and is built to dist/web, which the Fastify server serves on the same port as the API.
export default defineConfig({
  root: path.resolve('src/web'),
  plugins: [
    react(),
    tailwindcss(),
    landingPage(),
    homeModulePreload(),
    appFrame(),
    homePrerender(),
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
        globIgnores: ['app-frame.html'],
        // Issue 41: the push and notification-click handlers (src/web/public/push-sw.js).
        importScripts: ['/push-sw.js'],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: homeChunk(), debugName: 'home', includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3001}` },
  },
});
