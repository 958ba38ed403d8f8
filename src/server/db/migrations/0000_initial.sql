CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"family_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text,
	"start_date" varchar(19) NOT NULL,
	"end_date" varchar(19),
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"is_all_day" boolean DEFAULT false NOT NULL,
	"location" varchar(300),
	"organizer_id" integer,
	"attendees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"alert_members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category" varchar(20) DEFAULT 'family' NOT NULL,
	"priority" varchar(10) DEFAULT 'medium' NOT NULL,
	"has_pickup" boolean DEFAULT false NOT NULL,
	"pickup_assigned_to" integer,
	"pickup_minutes_before" integer DEFAULT 15 NOT NULL,
	"has_dropoff" boolean DEFAULT false NOT NULL,
	"dropoff_assigned_to" integer,
	"dropoff_minutes_before" integer DEFAULT 15 NOT NULL,
	"is_recurring" boolean DEFAULT false NOT NULL,
	"recurrence_pattern" varchar(20),
	"recurrence_end_date" varchar(10),
	"rrule" text,
	"exdates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parent_event_id" integer,
	"recurrence_id" varchar(19),
	"source_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"family_id" integer NOT NULL,
	"key" varchar(100) NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "families" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"subscription_plan" varchar(30) DEFAULT 'free' NOT NULL,
	"subscription_status" varchar(30) DEFAULT 'active' NOT NULL,
	"timezone" varchar(64) DEFAULT 'America/Los_Angeles' NOT NULL,
	"max_members" integer DEFAULT 4 NOT NULL,
	"max_events_per_month" integer DEFAULT 50 NOT NULL,
	"sms_enabled" boolean DEFAULT false NOT NULL,
	"email_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"family_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"color" varchar(20) DEFAULT 'blue' NOT NULL,
	"avatar" text,
	"role" varchar(10) DEFAULT 'other' NOT NULL,
	"phone_number" varchar(20),
	"email" varchar(255),
	"daily_summary_enabled" boolean DEFAULT false NOT NULL,
	"sms_opted_out" boolean DEFAULT false NOT NULL,
	"invitation_status" varchar(20) DEFAULT 'accepted' NOT NULL,
	"invitation_token" varchar(128),
	"invitation_sent_at" timestamp with time zone,
	"invitation_expires_at" timestamp with time zone,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar(64) PRIMARY KEY NOT NULL,
	"sess" text DEFAULT '{}' NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" integer NOT NULL,
	"expire" timestamp with time zone NOT NULL,
	"absolute_expire" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(255) NOT NULL,
	"password_hash" text NOT NULL,
	"family_id" integer NOT NULL,
	"family_member_id" integer,
	"role" varchar(20) DEFAULT 'member' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login" timestamp with time zone,
	"email_verified" boolean DEFAULT false NOT NULL,
	"email_verification_token" varchar(128),
	"password_reset_token" varchar(128),
	"password_reset_expires" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"family_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"family_member_id" integer,
	"category" varchar(20) DEFAULT 'general' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_summary_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"family_id" integer NOT NULL,
	"family_member_id" integer NOT NULL,
	"summary_date" varchar(10) NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"family_id" integer NOT NULL,
	"family_member_id" integer,
	"channel" varchar(10) NOT NULL,
	"recipient" varchar(255) NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"html" text,
	"kind" varchar(40) NOT NULL,
	"dedupe_key" varchar(200) NOT NULL,
	"send_after" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"status_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_message_id" varchar(100),
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"family_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text,
	"category" varchar(20) DEFAULT 'other' NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"assigned_to" integer,
	"assigned_by" integer,
	"due_date" varchar(19),
	"estimated_duration" varchar(50),
	"location" varchar(300),
	"response_date" timestamp with time zone,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"family_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text,
	"event_id" integer,
	"assigned_to" integer,
	"assigned_to_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"due_date" varchar(19),
	"estimated_duration_minutes" integer DEFAULT 30 NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"priority" varchar(10) DEFAULT 'medium' NOT NULL,
	"send_sms_reminder" boolean DEFAULT true NOT NULL,
	"reminder_frequency" varchar(30) DEFAULT '30_minutes_before' NOT NULL,
	"last_reminder_sent" timestamp with time zone,
	"transport_kind" varchar(10),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(255) NOT NULL,
	"family_size" varchar(10) NOT NULL,
	"biggest_challenge" text NOT NULL,
	"referrer_email" varchar(255),
	"referral_code" varchar(50) NOT NULL,
	"referral_count" integer DEFAULT 0 NOT NULL,
	"position" integer NOT NULL,
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"utm_source" varchar(100),
	"utm_medium" varchar(100),
	"utm_campaign" varchar(100),
	"ip_address" varchar(64),
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"converted_at" timestamp with time zone,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_parent_event_id_fkey" FOREIGN KEY ("parent_event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."user_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD CONSTRAINT "user_accounts_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD CONSTRAINT "user_accounts_family_member_id_fkey" FOREIGN KEY ("family_member_id") REFERENCES "public"."family_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_summary_log" ADD CONSTRAINT "daily_summary_log_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_proposals" ADD CONSTRAINT "activity_proposals_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_family_id_start_date_idx" ON "events" USING btree ("family_id","start_date");--> statement-breakpoint
CREATE INDEX "events_family_id_is_recurring_idx" ON "events" USING btree ("family_id","is_recurring");--> statement-breakpoint
CREATE INDEX "events_parent_event_id_idx" ON "events" USING btree ("parent_event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_settings_family_id_key_key" ON "app_settings" USING btree ("family_id","key");--> statement-breakpoint
CREATE INDEX "family_members_family_id_idx" ON "family_members" USING btree ("family_id","id");--> statement-breakpoint
CREATE INDEX "sessions_family_id_idx" ON "sessions" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_accounts_email_key" ON "user_accounts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "user_accounts_family_id_idx" ON "user_accounts" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "notes_family_id_sort_order_idx" ON "notes" USING btree ("family_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_summary_log_member_date_key" ON "daily_summary_log" USING btree ("family_member_id","summary_date");--> statement-breakpoint
CREATE INDEX "daily_summary_log_family_id_idx" ON "daily_summary_log" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_key_key" ON "notifications" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_status_send_after_idx" ON "notifications" USING btree ("status","send_after");--> statement-breakpoint
CREATE INDEX "notifications_family_id_created_at_idx" ON "notifications" USING btree ("family_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_proposals_family_id_due_date_idx" ON "activity_proposals" USING btree ("family_id","due_date");--> statement-breakpoint
CREATE INDEX "tasks_family_id_due_date_idx" ON "tasks" USING btree ("family_id","due_date");--> statement-breakpoint
CREATE INDEX "tasks_event_id_idx" ON "tasks" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_email_key" ON "waitlist_entries" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_referral_code_key" ON "waitlist_entries" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "waitlist_entries_position_idx" ON "waitlist_entries" USING btree ("position");