-- Issue 40: app passwords for CalDAV clients (HTTP Basic), stored as SHA-256 (ADR 044).
CREATE TABLE "app_passwords" (
	"id" serial PRIMARY KEY NOT NULL,
	"family_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app_passwords" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "app_passwords" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "app_passwords" ADD CONSTRAINT "app_passwords_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_passwords" ADD CONSTRAINT "app_passwords_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."user_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_passwords_secret_hash_key" ON "app_passwords" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "app_passwords_user_id_idx" ON "app_passwords" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "app_passwords_family_id_idx" ON "app_passwords" USING btree ("family_id");--> statement-breakpoint
CREATE POLICY "family_isolation" ON "app_passwords" AS PERMISSIVE FOR ALL TO public USING ((SELECT public.familyhub_system_scope()) OR "family_id" = (SELECT public.familyhub_scope_family_id())) WITH CHECK ((SELECT public.familyhub_system_scope()) OR "family_id" = (SELECT public.familyhub_scope_family_id()));