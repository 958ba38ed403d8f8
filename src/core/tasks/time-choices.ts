import { HOUR_ORDER, hourLabel, hourValue } from '../calendar/layout.ts';

/** A choice in a select: the value sent and the label shown. */
export interface Choice {
  value: string;
  label: string;
}

/**
 * SPEC §9 hours: 24 entries labelled 12 AM to 11 PM, ordered starting at 6 AM with 0 to 5 at the end (the
 * calendar's hour order, so every form's hour select reads the same). Values are two-digit hours `06` … `05`.
 */
export const HOUR_CHOICES: readonly Choice[] = HOUR_ORDER.map((hour) => ({
  value: hourValue(hour),
  label: hourLabel(hour),
}));

/** SPEC §9 minute choices: 00, 15, 30, 45. */
export const MINUTE_CHOICES: readonly Choice[] = ['00', '15', '30', '45'].map((m) => ({
  value: m,
  label: m,
}));

/** SPEC §9 duration choices in minutes. */
export const DURATION_MINUTES = [
  15, 30, 45, 60, 75, 90, 105, 120, 135, 150, 165, 180, 240, 300, 360, 480,
] as const;

/** SPEC §9 duration choices as select options: value the minutes as text ('90'), label '1 hour 30 minutes'. */
export const DURATION_CHOICES: readonly Choice[] = DURATION_MINUTES.map((m) => ({
  value: String(m),
  label: durationLabel(m),
}));

/** A duration's label: '15 minutes', '1 hour', '1 hour 15 minutes', '2 hours'. */
export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(`${hours} ${hours === 1 ? 'hour' : 'hours'}`);
  if (rest > 0 || hours === 0) parts.push(`${rest} minutes`);
  return parts.join(' ');
}

/**
 * SPEC §9 "read-in times rounded to nearest 15 minutes": the hour and minute choice for a local time
 * `YYYY-MM-DDTHH:mm[:ss]`, as two-digit strings. 08:53 → 09:00; 23:53 stays on its day as 23:45.
 */
export function roundedTimeChoice(localText: string): { hour: string; minute: string } {
  const hour = Number(localText.slice(11, 13));
  const minute = Number(localText.slice(14, 16));
  let total = Math.round((hour * 60 + minute) / 15) * 15;
  // Rounding up past midnight would change the date part, which the form keeps separately.
  if (total >= 24 * 60) total = 24 * 60 - 15;
  return {
    hour: String(Math.floor(total / 60)).padStart(2, '0'),
    minute: String(total % 60).padStart(2, '0'),
  };
}
