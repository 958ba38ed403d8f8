import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { HomePageData } from '../../core/contracts/home-page.ts';
import { CalendarPage } from '../features/calendar/calendar-page.tsx';
import { AppFrame } from './app-frame.tsx';
import { createQueryClient } from './query-client.ts';
import { seedHomeQueries } from './home-data.ts';

/**
 * The signed-in home as HTML for the page the server sends at `/` and `/calendar` (ADR 025): `AppFrame` with
 * the real `CalendarPage` as a phone opens it (the agenda of `data.events`' days, the member chips, the heading
 * and toolbar), rendered from a query cache seeded with `data` exactly as the app seeds its own
 * (`seedHomeQueries`), so the app's first render draws the same. `path` is the page's path and query
 * (`/calendar`). Static markup: the app does not hydrate it but replaces it once its code has loaded.
 * Built by Vite as an SSR bundle (vite.config.ts `homePrerender`) that the server loads at start-up.
 * @throws whatever rendering throws (the server then falls back to the frame without data).
 */
export function renderHomePage(data: HomePageData, path: string): string {
  const client = createQueryClient();
  seedHomeQueries(client, data, Date.now());
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AppFrame phoneCalendar={<CalendarPage />} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
