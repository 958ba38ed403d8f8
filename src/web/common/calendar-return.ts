import { isLocalDate } from '../../core/time/local-time.ts';

/**
 * Issue 46: the date the calendar showed when an event form was opened from it, carried in the navigations'
 * history state (the addresses stay SPEC §2's: `/add-event…?view={view}` there, `/calendar?view={view}` back),
 * so that saving, deleting, Cancel and 'Back to Calendar' return to the date and view the family looked at.
 */
export interface CalendarReturnState {
  /** The calendar's date, `YYYY-MM-DD` (the family's local date). */
  calendarDate: string;
}

/** The history state that carries the calendar's `date` (`YYYY-MM-DD`) to the form and back. */
export function calendarReturnState(date: string): CalendarReturnState {
  return { calendarDate: date };
}

/**
 * The calendar date kept in a history `state` by `calendarReturnState`, or null when it holds none (opened
 * from a link, another screen, or a reload of a page that had none) or no valid `YYYY-MM-DD`.
 */
export function calendarDateOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('calendarDate' in state)) return null;
  const { calendarDate } = state;
  return typeof calendarDate === 'string' && isLocalDate(calendarDate) ? calendarDate : null;
}
