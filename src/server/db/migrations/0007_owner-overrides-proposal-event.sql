ALTER TABLE "events" ADD COLUMN "override_fields" jsonb;--> statement-breakpoint
ALTER TABLE "activity_proposals" ADD COLUMN "event_id" integer;--> statement-breakpoint
ALTER TABLE "activity_proposals" ADD CONSTRAINT "activity_proposals_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_proposals_event_id_idx" ON "activity_proposals" USING btree ("event_id");--> statement-breakpoint
-- Overrides made before override_fields existed changed only their times (issue 21).
UPDATE "events" SET "override_fields" = '["start_date","end_date","duration_minutes","is_all_day"]'::jsonb WHERE "parent_event_id" IS NOT NULL;--> statement-breakpoint
-- The registrant (each family's first account still active) owns the family (issue 21).
UPDATE "user_accounts" SET "role" = 'owner' WHERE "id" IN (SELECT min("id") FROM "user_accounts" WHERE "is_active" GROUP BY "family_id");
