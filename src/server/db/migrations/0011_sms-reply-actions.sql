CREATE TABLE "sms_reply_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"family_id" integer NOT NULL,
	"family_member_id" integer NOT NULL,
	"notification_id" bigint NOT NULL,
	"action" varchar(20) NOT NULL,
	"item" integer DEFAULT 1 NOT NULL,
	"task_id" integer,
	"event_id" integer,
	"occurrence_start" varchar(19),
	"transport_kind" varchar(10),
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_reply_actions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sms_reply_actions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sms_reply_actions" ADD CONSTRAINT "sms_reply_actions_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_reply_actions" ADD CONSTRAINT "sms_reply_actions_family_member_id_fkey" FOREIGN KEY ("family_member_id") REFERENCES "public"."family_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_reply_actions" ADD CONSTRAINT "sms_reply_actions_notification_id_fkey" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_reply_actions" ADD CONSTRAINT "sms_reply_actions_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_reply_actions" ADD CONSTRAINT "sms_reply_actions_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_reply_actions_member_action_idx" ON "sms_reply_actions" USING btree ("family_member_id","action");--> statement-breakpoint
CREATE INDEX "sms_reply_actions_family_id_idx" ON "sms_reply_actions" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "sms_reply_actions_notification_id_idx" ON "sms_reply_actions" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "sms_reply_actions_task_id_idx" ON "sms_reply_actions" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "sms_reply_actions_event_id_idx" ON "sms_reply_actions" USING btree ("event_id");--> statement-breakpoint
CREATE POLICY "family_isolation" ON "sms_reply_actions" AS PERMISSIVE FOR ALL TO public USING (public.familyhub_family_visible("family_id")) WITH CHECK (public.familyhub_family_visible("family_id"));