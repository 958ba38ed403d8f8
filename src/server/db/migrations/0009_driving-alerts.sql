CREATE TABLE "driving_alert_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"family_id" integer NOT NULL,
	"family_member_id" integer NOT NULL,
	"alert_date" varchar(10) NOT NULL,
	"dedupe_key" varchar(200) NOT NULL,
	"legs" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "driving_alerts_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "driving_alert_log" ADD CONSTRAINT "driving_alert_log_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "driving_alert_log_member_date_key" ON "driving_alert_log" USING btree ("family_member_id","alert_date");--> statement-breakpoint
CREATE INDEX "driving_alert_log_family_id_idx" ON "driving_alert_log" USING btree ("family_id");--> statement-breakpoint
ALTER TABLE "driving_alert_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "driving_alert_log" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "family_isolation" ON "driving_alert_log" USING (public.familyhub_family_visible("family_id")) WITH CHECK (public.familyhub_family_visible("family_id"));
