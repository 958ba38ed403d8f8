import { RECURRENCE_PATTERNS, type RecurrencePattern } from '../recurrence/patterns.ts';
import { isLocalDate } from '../time/local-time.ts';

/**
 * What the Event form at `/add-event?…` can be opened with (SPEC §2: `date` and `hour` prefill, `view` is kept
 * for the way back; issue 45: Quick add's "Edit details" passes the rest of what it understood). Every
 * parameter is optional and checked on reading: one that does not hold is ignored, never an error.
 *
 * | Parameter | Value |
 * |---|---|
 * | `date` | `YYYY-MM-DD`, the event's (first) day |
 * | `hour`, `minute` | `00`–`23`, `00`–`59` (the form rounds minutes to its 15-minute choices, SPEC §9) |
 * | `duration` | minutes, 1–10080 |
 * | `title` | text, at most 200 characters |
 * | `attendees` | member ids, comma-separated |
 * | `all_day` | `1` for an all-day event; `end` its last day `YYYY-MM-DD` |
 * | `repeat` | one of SPEC §5's patterns; `until` its last day `YYYY-MM-DD` |
 */
export interface EventPrefill {
  date: string | null;
  hour: string | null;
  minute: string | null;
  durationMinutes: number | null;
  title: string | null;
  attendees: string[];
  allDay: boolean;
  lastDay: string | null;
  repeat: RecurrencePattern | null;
  until: string | null;
}

/** The query string (without `?`) that opens the form with `prefill`; empty fields are left out. */
export function eventPrefillQuery(prefill: Partial<EventPrefill>): string {
  const q = new URLSearchParams();
  const set = (key: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') q.set(key, String(value));
  };
  set('title', prefill.title);
  set('date', prefill.date);
  if (prefill.allDay) {
    q.set('all_day', '1');
    set('end', prefill.lastDay);
  } else {
    set('hour', prefill.hour);
    set('minute', prefill.minute);
    set('duration', prefill.durationMinutes);
  }
  if (prefill.attendees && prefill.attendees.length > 0) q.set('attendees', prefill.attendees.join(','));
  set('repeat', prefill.repeat);
  set('until', prefill.until);
  return q.toString();
}

/** Reads the form's query parameters (see `EventPrefill`); what does not hold is null / empty. */
export function readEventPrefill(params: URLSearchParams): EventPrefill {
  const date = (key: string) => {
    const v = params.get(key);
    return v !== null && isLocalDate(v) ? v : null;
  };
  const matching = (key: string, re: RegExp) => {
    const v = params.get(key);
    return v !== null && re.test(v) ? v : null;
  };
  const duration = Number(params.get('duration'));
  const title = params.get('title')?.trim() ?? '';
  const repeat = params.get('repeat');
  return {
    date: date('date'),
    hour: matching('hour', /^([01][0-9]|2[0-3])$/),
    minute: matching('minute', /^[0-5][0-9]$/),
    durationMinutes: Number.isInteger(duration) && duration >= 1 && duration <= 10080 ? duration : null,
    title: title === '' ? null : title.slice(0, 200),
    attendees: (params.get('attendees') ?? '')
      .split(',')
      .filter((id) => /^[1-9][0-9]{0,9}$/.test(id))
      .slice(0, 50),
    allDay: params.get('all_day') === '1',
    lastDay: date('end'),
    repeat: (RECURRENCE_PATTERNS as readonly string[]).includes(repeat ?? '')
      ? (repeat as RecurrencePattern) // checked by the includes() just above
      : null,
    until: date('until'),
  };
}
