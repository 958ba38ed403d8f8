import { agendaWindow, type HomePageData } from '../core/contracts/home-page.ts';
import { todayIn } from '../core/time/today.ts';
import type { AuthContext } from './http/auth-context.ts';
import { sessionInfo } from './auth/service.ts';
import type { ServerContext } from './context.ts';
import { listOccurrences } from './events/service.ts';
import { listMembers } from './members/service.ts';

/**
 * What the signed-in home's page is rendered from (ADR 025): the replies of the session call, the family
 * members and the events of the agenda's opening days (from the family's today in its zone, `now` being the
 * wall clock the page's render reads too), read with the same services as `GET /api/auth/session`,
 * `GET /api/family-members` and `GET /api/events`, so the embedded data is what the app would have fetched.
 * Run inside the request's family scope (row-level security): another family's rows cannot be read.
 * @throws whatever the reads throw (the page then falls back to the frame without data).
 */
export async function readHomePageData(
  ctx: ServerContext,
  auth: AuthContext,
  now: Date = new Date(),
): Promise<HomePageData> {
  const window = agendaWindow(todayIn(auth.familyZone, now));
  const session = await sessionInfo(ctx, auth.userId);
  const members = await listMembers(ctx, auth.familyId, auth.userId);
  const { items } = await listOccurrences(ctx, auth, window);
  return { session, members, events: { ...window, items } };
}
