-- Issue 45 item 4 (ADR 051): what a delete removed, kept for its Undo (POST /api/undo/{id}), family-scoped.
CREATE TABLE "undo_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"family_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "undo_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "undo_entries" ADD CONSTRAINT "undo_entries_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "undo_entries_family_id_expires_at_idx" ON "undo_entries" USING btree ("family_id","expires_at");--> statement-breakpoint
CREATE POLICY "family_isolation" ON "undo_entries" AS PERMISSIVE FOR ALL TO public USING ((SELECT public.familyhub_system_scope()) OR "family_id" = (SELECT public.familyhub_scope_family_id())) WITH CHECK ((SELECT public.familyhub_system_scope()) OR "family_id" = (SELECT public.familyhub_scope_family_id()));--> statement-breakpoint
ALTER TABLE "undo_entries" FORCE ROW LEVEL SECURITY;
