import type { ReminderFrequency } from '../contracts/tasks.ts';
import { addLocalMinutes, localToInstant } from '../time/local-time.ts';

/**
 * When reminders and the daily summary are due, as UTC instants computed from local wall-clock text
 * (`YYYY-MM-DDTHH:mm:00`) and the family's IANA zone. DST rule: "N minutes/hours before" is elapsed time
 * before the due instant (a 1-hour reminder for 03:30 on a spring-forward day fires 60 real minutes earlier);
 * "1 day before" is the same wall-clock time on the previous local day (what a person means by "the day
 * before"), so it stays at 08:00 across a DST change.
 */

/** Elapsed minutes before the due instant for each frequency that is a fixed duration. */
const FIXED_MINUTES: Partial<Record<ReminderFrequency, number>> = {
  '15_minutes_before': 15,
  '30_minutes_before': 30,
  '1_hour_before': 60,
  '4_hours_before': 240,
  at_due_date: 0,
};

/** Local time of the daily summary (SPEC §9 "Daily summary sent at 7:30 AM"). */
export const DAILY_SUMMARY_LOCAL_TIME = '07:30';
/** After this local time a summary that has not gone out expires instead of arriving late (issue 8). */
export const DAILY_SUMMARY_CUTOFF_LOCAL_TIME = '10:00';
/** Documented default: events are reminded this many minutes before they start (issue 8). */
export const EVENT_REMINDER_MINUTES = 30;

/**
 * The instant a task reminder is due.
 * @param dueLocal local due time `YYYY-MM-DDTHH:mm:00` in `timeZone`.
 * @throws RangeError on malformed local text.
 */
export function taskReminderInstant(dueLocal: string, frequency: ReminderFrequency, timeZone: string): Date {
  if (frequency === '1_day_before') return localToInstant(addLocalMinutes(dueLocal, -1440), timeZone);
  const minutes = FIXED_MINUTES[frequency] ?? 30;
  return minutesBefore(dueLocal, minutes, timeZone);
}

/** The instant `minutes` of elapsed time before the local time `local` in `timeZone`. */
function minutesBefore(local: string, minutes: number, timeZone: string): Date {
  return new Date(localToInstant(local, timeZone).getTime() - minutes * 60_000);
}

/**
 * The send window of the daily summary for a local date: from 07:30 to 10:00 local (UTC instants; on a DST
 * day the window is still 07:30–10:00 on the wall clock).
 */
export function dailySummaryWindow(localDate: string, timeZone: string): { sendAt: Date; expiresAt: Date } {
  return {
    sendAt: localToInstant(`${localDate}T${DAILY_SUMMARY_LOCAL_TIME}`, timeZone),
    expiresAt: localToInstant(`${localDate}T${DAILY_SUMMARY_CUTOFF_LOCAL_TIME}`, timeZone),
  };
}
