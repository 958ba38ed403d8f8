-- Issue 20 item 1 (docs/decisions/009-verified-phone-numbers.md): a member's phone number is used for SMS, and
-- its texts reach a family, only once a code sent to it is confirmed. Existing numbers are carried over as they
-- are, NOT verified (phone_verified_at null): the Family Members screen asks the family to verify them.
CREATE TABLE "unrouted_sms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_number" varchar(32) NOT NULL,
	"to_number" varchar(32) NOT NULL,
	"body" text NOT NULL,
	"message_sid" varchar(64) NOT NULL,
	"reason" varchar(20) NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unrouted_sms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "unrouted_sms" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "phone_code_hash" varchar(120);--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "phone_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "phone_code_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "phone_code_sends" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "phone_code_window_start" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "unrouted_sms_message_sid_key" ON "unrouted_sms" USING btree ("message_sid");--> statement-breakpoint
CREATE POLICY "system_only" ON "unrouted_sms" AS PERMISSIVE FOR ALL TO public USING (coalesce(current_setting('app.system', true), '') = 'on') WITH CHECK (coalesce(current_setting('app.system', true), '') = 'on');--> statement-breakpoint
-- The one cross-family question the verification asks: is this number verified on a member of another family?
-- Answers a boolean, nothing else (like familyhub_email_has_account): enters the system scope for its one query
-- and puts the marker back.
CREATE OR REPLACE FUNCTION "familyhub_phone_verified_elsewhere"("phone" text, "own_family_id" integer) RETURNS boolean LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  marker text := coalesce(current_setting('app.system', true), '');
  taken boolean;
BEGIN
  PERFORM set_config('app.system', 'on', true);
  SELECT EXISTS (
    SELECT 1 FROM public.family_members
     WHERE phone_number = "phone" AND phone_verified_at IS NOT NULL AND family_id <> "own_family_id"
  ) INTO taken;
  PERFORM set_config('app.system', marker, true);
  RETURN taken;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION "familyhub_phone_verified_elsewhere"(text, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "familyhub_phone_verified_elsewhere"(text, integer) TO familyhub_app;
