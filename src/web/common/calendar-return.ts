/**
 * Issue 46: the calendar place an event form was opened from, carried in the navigation's history state (not
 * in the form's address, whose `date`, `hour` and `view` SPEC §2 gives other meanings), so that saving,
 * deleting, Cancel and 'Back to Calendar' return to the date and view the family was looking at.
 */
export interface CalendarReturnState {
  /** The calendar's address with its `view` and `date` (`/calendar?view=week&date=2026-12-10&…`). */
  calendar: string;
}

/** The history state that brings a form back to `calendar`, an address of the calendar screen. */
export function calendarReturnState(calendar: string): CalendarReturnState {
  return { calendar };
}

/**
 * The calendar address kept in a history `state` by `calendarReturnState`, or null when the state holds none
 * (opened from a link, another screen, or a reload of a page that had none) or something that is not an
 * address of the calendar screen.
 */
export function calendarReturnOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('calendar' in state)) return null;
  const { calendar } = state;
  return typeof calendar === 'string' && /^\/calendar(\?|$)/.test(calendar) ? calendar : null;
}
