import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { WaitlistJoinDto } from '../../../core/contracts/waitlist.ts';
import { JoinSuccess } from './join-success.tsx';
import { CountLine, LandingPage } from './landing-page.tsx';

/** The placeholder the landing page's HTML entry (src/web/landing.html) carries where the page goes. */
export const LANDING_PLACEHOLDER = '<!--landing-page-->';

/** A result for the success view's templates: the island fills in the real position and link. */
const TEMPLATE_RESULT: WaitlistJoinDto = { position: 1, referral_code: 'CODE' };

/**
 * The landing page as static HTML (ADR 012), rendered at build time from the same React components as the
 * SPA: the page as it first paints (count placeholders, the empty form), followed by the inert `<template>`s
 * the island (landing-island.ts) clones: the count line for 0, 1 and many families, and the success view in
 * its three copy-button states. No effects run and no data is fetched here.
 *
 * @returns HTML to put inside `#root` (page first, then the templates).
 */
export function renderLandingHtml(): string {
  const page = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const templates = [
    ['count-line-0', <CountLine key="0" count={0} />],
    ['count-line-1', <CountLine key="1" count={1} />],
    ['count-line-n', <CountLine key="n" count={2} />],
    ...(['idle', 'copied', 'failed'] as const).map(
      (copy) =>
        [
          `join-success-${copy}`,
          <JoinSuccess key={copy} result={TEMPLATE_RESULT} origin="http://localhost" initialCopy={copy} />,
        ] as const,
    ),
  ]
    .map(([id, node]) => `<template id="${String(id)}">${renderToString(node)}</template>`)
    .join('');
  return page + templates;
}
