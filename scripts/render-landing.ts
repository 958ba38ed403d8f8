// Prints the landing page's prerendered HTML (src/web/features/waitlist/prerender.tsx) on stdout. Run by
// vite.config.ts's `prerender-landing` plugin as `node --import tsx scripts/render-landing.ts` during
// `vite build`, in a process of its own so the React components load with Node's module rules, not Vite's.
import { renderLandingHtml } from '../src/web/features/waitlist/prerender.tsx';

process.stdout.write(renderLandingHtml());
