// Prints the signed-in home's frame as HTML (src/web/app/app-frame-prerender.tsx) on stdout. Run by
// vite.config.ts's `app-frame` plugin as `node --import tsx scripts/render-app-frame.ts` during `vite build`,
// in a process of its own so the React components load with Node's module rules, not Vite's.
import { renderAppFrameHtml } from '../src/web/app/app-frame-prerender.tsx';

process.stdout.write(renderAppFrameHtml());
