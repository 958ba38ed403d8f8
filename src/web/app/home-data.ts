import type { QueryClient } from '@tanstack/react-query';
import { HOME_DATA_ELEMENT_ID, type HomePageData } from '../../core/contracts/home-page.ts';
import { MEMBERS_PATH, membersQueryKey } from '../common/members.ts';
import { sessionQueryKey } from '../common/session.ts';
import { occurrencesPath, occurrencesQueryKey } from '../features/calendar/api.ts';

/**
 * Puts the data the server rendered the home with (ADR 025) into the query cache under the keys the app's
 * queries use (the session, the family members, the agenda's days' events), as fetched at `updatedAt`
 * (epoch ms): the queries find them fresh and do not ask again.
 */
export function seedHomeQueries(client: QueryClient, data: HomePageData, updatedAt: number): void {
  client.setQueryData(sessionQueryKey, data.session, { updatedAt });
  client.setQueryData(membersQueryKey, data.members, { updatedAt });
  client.setQueryData(occurrencesQueryKey(data.events), data.events.items, { updatedAt });
}

/** The GET paths whose replies {@link HomePageData} carries (the early fetch leaves them out). */
export function homeDataPaths(data: HomePageData): string[] {
  return ['/api/auth/session', MEMBERS_PATH, occurrencesPath(data.events)];
}

/**
 * The data the server embedded in the page it rendered the home into (ADR 025), or null for any other page
 * (the service worker's copy, another path, a render that fell back) or when it does not parse. The element
 * is removed, so the data is read once.
 */
export function takeHomePageData(): HomePageData | null {
  const element = document.getElementById(HOME_DATA_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as HomePageData;
  } catch {
    return null;
  }
}
