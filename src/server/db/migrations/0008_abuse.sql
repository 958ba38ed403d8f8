ALTER TABLE "calendar_feeds" ADD COLUMN "created_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "family_feed_revoked_at" timestamp with time zone;