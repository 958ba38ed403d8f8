ALTER TABLE "events" ADD COLUMN "counts_toward_plan" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Issue 20: existing overrides were made by editing one occurrence in the app (or imported before overrides
-- counted); none of them counted toward the plan, so none starts counting now.
UPDATE "events" SET "counts_toward_plan" = false WHERE "parent_event_id" IS NOT NULL;
