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
export const drivingIssueDtoSchema = z.object({
  type: z.enum(['no_driver', 'double_booked', 'attending']),
  message: z.string().meta({
    description: 'e.g. “No driver yet”, “Mom also has the drop-off at Piano at 4:30 PM”.',
  }),
});
export type DrivingIssueDto = z.output<typeof drivingIssueDtoSchema>;

/** One pickup or drop-off of one occurrence (issue 27), as `GET /api/driving` lists it. */
export const drivingLegDtoSchema = z.object({
  key: z.string().meta({
    description:
      'Matches the calendar’s occurrence: `event_id` (`id` of the occurrence), `series_id`, `occurrence_start`.',
  }),
  kind: z.enum(['pickup', 'dropoff']),
  event_id: z.number().int(),
  series_id: z.number().int().nullable(),
  occurrence_start: z.string().nullable(),
  title: z.string(),
  driver_id: z.number().int().nullable(),
  passenger_ids: z.array(z.number().int()).meta({ description: 'Attendees other than the driver.' }),
  day: z.string().meta({ description: 'Family date `YYYY-MM-DD`.' }),
  at: z.string().meta({
    description: 'The event’s start (drop-off) or end (pickup), family wall-clock `YYYY-MM-DDTHH:mm:ss`.',
  }),
  from: z.string().meta({ description: 'The driver’s busy span, family wall-clock.' }),
  to: z.string(),
  issues: z.array(drivingIssueDtoSchema).meta({
    description: 'At most `LEG_CLASHES_MAX` (3): gaps first, then clashes by the other’s start.',
  }),
  issues_truncated: z.boolean().meta({
    description: 'True when the leg has more clashes than `issues` lists (issue 42).',
  }),
});
export type DrivingLegDto = z.output<typeof drivingLegDtoSchema>;

/** Reply of `GET /api/driving`: legs sorted by day, gaps first within a day, then by time. */
export const drivingDtoSchema = z.object({
  start: z.string(),
  end: z.string(),
  legs: z.array(drivingLegDtoSchema).meta({
    description: 'At most `DRIVING_LEGS_MAX` (1,000), the earliest: `DrivingLegDto`.',
  }),
  legs_truncated: z.boolean().meta({
    description:
      'True when the range holds more legs than `legs` lists (issue 42; also `X-List-Truncated: true`).',
  }),
});
export type DrivingDto = z.output<typeof drivingDtoSchema>;
