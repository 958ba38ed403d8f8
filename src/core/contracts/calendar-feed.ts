import { z } from 'zod';

/** Which feed: the whole family's calendar, or the signed-in member's own events. */
export const FEED_SCOPES = ['family', 'member'] as const;
export type FeedScope = (typeof FEED_SCOPES)[number];

/** Body of `POST /api/calendar/feeds/regenerate`. */
export const regenerateFeedSchema = z.object({
  scope: z.enum(FEED_SCOPES, 'scope must be family or member'),
});

/** One feed's state on the wire. The URL is only known right after it was (re)generated: the token is stored hashed. */
export const feedStatusSchema = z.object({
  scope: z.enum(FEED_SCOPES),
  active: z.boolean(),
  created_at: z.string().nullable(),
  revoked_at: z.string().nullable().meta({
    description: 'Family feed only: when its link was revoked because the member who made it was removed.',
  }),
});
export type FeedStatusDto = z.output<typeof feedStatusSchema>;

/** Answer of `POST /api/calendar/feeds/regenerate`: the new secret URL (shown once). */
export const feedCreatedSchema = z.object({
  scope: z.enum(FEED_SCOPES),
  url: z.string(),
  created_at: z.string(),
});
export type FeedCreatedDto = z.output<typeof feedCreatedSchema>;

/** Answer of `POST /api/calendar/import` (SPEC-style snake_case). */
export const importReportDtoSchema = z.object({
  imported: z.number().int().meta({
    description: 'New rows: events, series (one each) and overridden occurrences of a series.',
  }),
  updated: z.number().int().meta({ description: 'Existing events (same source UID) whose fields changed.' }),
  unchanged: z.number().int().meta({ description: 'Existing events the file left as they were.' }),
  skipped: z
    .array(z.object({ uid: z.string().nullable(), title: z.string().nullable(), reason: z.string() }))
    .meta({ description: 'Each `{ uid, title, reason }`: an event not imported, and why.' }),
  warnings: z.array(z.string()).meta({ description: 'What was repaired (docs/ics.md).' }),
});
export type ImportReportDto = z.output<typeof importReportDtoSchema>;
