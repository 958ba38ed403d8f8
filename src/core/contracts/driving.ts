import { z } from 'zod';
import { isLocalDate } from '../time/local-time.ts';

/** Query of `GET /api/driving`: the family days `start` … `end`, both inclusive (`YYYY-MM-DD`); at most 62 days. */
export const drivingQuerySchema = z
  .object({
    start: z
      .string('start must be a date (YYYY-MM-DD)')
      .refine(isLocalDate, 'start must be a date (YYYY-MM-DD)'),
    end: z.string('end must be a date (YYYY-MM-DD)').refine(isLocalDate, 'end must be a date (YYYY-MM-DD)'),
  })
  .superRefine((v, ctx) => {
    if (v.end < v.start)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'end must not be before start' });
  });
export type DrivingQuery = z.infer<typeof drivingQuerySchema>;

/** One problem with a leg, with the words to show. */
export interface DrivingIssueDto {
  type: 'no_driver' | 'double_booked' | 'attending';
  /** e.g. "No driver yet", "Mom also has the drop-off at Piano at 4:30 PM". */
  message: string;
}

/** One pickup or drop-off of one occurrence (issue 27), as `GET /api/driving` lists it. */
export interface DrivingLegDto {
  /** Matches the calendar's occurrence: `event_id` (`id` of the occurrence), `series_id`, `occurrence_start`. */
  key: string;
  kind: 'pickup' | 'dropoff';
  event_id: number;
  series_id: number | null;
  occurrence_start: string | null;
  title: string;
  driver_id: number | null;
  /** Attendees other than the driver. */
  passenger_ids: number[];
  /** Family date `YYYY-MM-DD`. */
  day: string;
  /** The event's start (drop-off) or end (pickup), family wall-clock `YYYY-MM-DDTHH:mm:ss`. */
  at: string;
  /** The driver's busy span, family wall-clock. */
  from: string;
  to: string;
  /** At most `LEG_CLASHES_MAX` (3): gaps first, then clashes by the other's start. */
  issues: DrivingIssueDto[];
  /** True when the leg has more clashes than `issues` lists (issue 42). */
  issues_truncated: boolean;
}

/** Reply of `GET /api/driving`: legs sorted by day, gaps first within a day, then by time. */
export interface DrivingDto {
  start: string;
  end: string;
  /** At most `DRIVING_LEGS_MAX` (1,000), the earliest. */
  legs: DrivingLegDto[];
  /** True when the range holds more legs than `legs` lists (issue 42; also `X-List-Truncated: true`). */
  legs_truncated: boolean;
}
