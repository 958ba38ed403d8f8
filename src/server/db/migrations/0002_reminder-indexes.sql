ALTER TABLE "events" ADD COLUMN "next_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "next_reminder_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "events_next_reminder_at_idx" ON "events" USING btree ("next_reminder_at") WHERE "events"."next_reminder_at" is not null;--> statement-breakpoint
CREATE INDEX "events_reminder_unplanned_idx" ON "events" USING btree ("id") WHERE "events"."next_reminder_at" is null and "events"."is_all_day" = false and ("events"."alert_members" <> '[]'::jsonb or "events"."has_pickup" or "events"."has_dropoff");--> statement-breakpoint
CREATE INDEX "tasks_next_reminder_at_idx" ON "tasks" USING btree ("next_reminder_at") WHERE "tasks"."next_reminder_at" is not null;--> statement-breakpoint
CREATE INDEX "tasks_reminder_unplanned_idx" ON "tasks" USING btree ("id") WHERE "tasks"."next_reminder_at" is null and "tasks"."status" = 'open' and "tasks"."send_sms_reminder" and "tasks"."transport_kind" is null and "tasks"."due_date" is not null;--> statement-breakpoint
-- Hand-written (issue 8): any change to a row other than the planner's own write of next_reminder_at makes
-- the planner compute the row's reminders again. Kept in the database so that every writer (services, ICS
-- import, SQL by hand) invalidates the cursor without having to know about it.
CREATE FUNCTION "reset_next_reminder_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."next_reminder_at" IS NOT DISTINCT FROM OLD."next_reminder_at" THEN
    NEW."next_reminder_at" := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_reset_next_reminder_at" BEFORE UPDATE ON "events" FOR EACH ROW EXECUTE FUNCTION "reset_next_reminder_at"();--> statement-breakpoint
CREATE TRIGGER "tasks_reset_next_reminder_at" BEFORE UPDATE ON "tasks" FOR EACH ROW EXECUTE FUNCTION "reset_next_reminder_at"();
