import { createRoot } from 'react-dom/client';
import { UpdatePrompt } from './update-prompt.tsx';

/**
 * Shows {@link UpdatePrompt} on a page that is not the SPA (the prerendered landing page, ADR 012), in a root
 * of its own at the end of `<body>`. Loaded on demand by landing-island.ts only when a new version is waiting,
 * so React is downloaded then and never on a plain landing-page visit.
 */
export function mountUpdatePrompt(): void {
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<UpdatePrompt />);
}
