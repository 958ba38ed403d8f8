import { renderToStaticMarkup } from 'react-dom/server';
import { AppFrame } from './app-frame.tsx';

/**
 * `AppFrame` as static HTML (ADR 023), for the build to write to `app-frame.html`, which the server puts inside
 * `#root` of the page it sends a signed-in visitor at `/` and `/calendar`. Static markup (no React
 * hydration markers): the app does not hydrate it but replaces it with the same frame when it first renders.
 */
export function renderAppFrameHtml(): string {
  return renderToStaticMarkup(<AppFrame />);
}
