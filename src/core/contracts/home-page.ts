import { shownDates } from '../calendar/range.ts';
import type { SessionDto } from './auth.ts';
import type { EventOccurrenceDto } from './events.ts';
import type { FamilyMemberDto } from './members.ts';

/**
 * What the server read to render the signed-in home's agenda into its page (ADR 025), embedded in the page so
 * that the app starts from the same data without asking again: the session call's reply, the family members'
 * reply, and the `GET /api/events` reply for the family days `events.start` … `events.end` (inclusive).
 */
export interface HomePageData {
  session: SessionDto;
  members: FamilyMemberDto[];
  events: { start: string; end: string; items: EventOccurrenceDto[] };
}

/** The `id` of the `<script type="application/json">` element carrying {@link HomePageData} in the page. */
export const HOME_DATA_ELEMENT_ID = 'familyhub-home-data';

/**
 * The days the agenda opens on, from the family's `today` (`YYYY-MM-DD`): the calendar's own rule for a phone
 * without `?view=`/`?date=` (`shownDates('agenda', today, true)`: `AGENDA_DAYS` days from today).
 */
export function agendaWindow(today: string): { start: string; end: string } {
  const dates = shownDates('agenda', today, true);
  return { start: dates[0] ?? today, end: dates.at(-1) ?? today };
}

/**
 * {@link HomePageData} as a `<script type="application/json">` element for an HTML page. The JSON is escaped
 * so that no user text (an event's title, a member's name) can end the element or open markup: `<`, `>` and
 * `&` become `\u003c`, `\u003e`, `\u0026` (JSON string escapes, RFC 8259 §7, read back by `JSON.parse`), so
 * `</script>` and `<!--` cannot occur; U+2028/U+2029 are escaped too.
 */
export function homeDataScript(data: HomePageData): string {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${HOME_DATA_ELEMENT_ID}">${json}</script>`;
}
