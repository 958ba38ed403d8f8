CREATE TABLE "sms_opt_outs" (
	"phone_number" varchar(32) PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_opt_outs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "system_only" ON "sms_opt_outs" AS PERMISSIVE FOR ALL TO public USING ((SELECT public.familyhub_system_scope())) WITH CHECK ((SELECT public.familyhub_system_scope()));--> statement-breakpoint
ALTER TABLE "sms_opt_outs" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- Issue 42: a family's code request asks whether its number texted STOP, through any family's profile or none.
-- Answers a boolean, nothing else (like familyhub_phone_verified_elsewhere): enters the system scope for its one
-- query and puts the marker back.
CREATE OR REPLACE FUNCTION "familyhub_phone_opted_out"("phone" text) RETURNS boolean LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  marker text := coalesce(current_setting('app.system', true), '');
  stopped boolean;
BEGIN
  PERFORM set_config('app.system', 'on', true);
  SELECT EXISTS (SELECT 1 FROM public.sms_opt_outs WHERE phone_number = "phone") INTO stopped;
  PERFORM set_config('app.system', marker, true);
  RETURN stopped;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION "familyhub_phone_opted_out"(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "familyhub_phone_opted_out"(text) TO familyhub_app;--> statement-breakpoint
-- The numbers that opted out before: those of every profile marked so.
SELECT set_config('app.system', 'on', false);--> statement-breakpoint
INSERT INTO "sms_opt_outs" ("phone_number", "opted_out_at")
  SELECT DISTINCT "phone_number", now() FROM "family_members" WHERE "sms_opted_out" AND "phone_number" IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
SELECT set_config('app.system', '', false);
