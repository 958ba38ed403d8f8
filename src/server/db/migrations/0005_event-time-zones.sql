ALTER TABLE "events" ADD COLUMN "timezone" varchar(64);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "rdates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Until now every timed event was wall-clock time in its family's zone: say so, so that each keeps its meaning.
UPDATE "events" SET "timezone" = "families"."timezone" FROM "families" WHERE "events"."family_id" = "families"."id" AND "events"."is_all_day" = false;
