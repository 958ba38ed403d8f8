-- Issue 41 follow-up (ADR 043 addendum): a push device belongs to the session that subscribed it and to no other
-- family. 1. Devices live as long as their session: `session_sid` references sessions(sid) ON DELETE CASCADE, so
-- every way a session ends (sign-out, "sign out everywhere else", a password change, the per-account cap,
-- expiry pruning, the account's removal) deletes its devices. Rows from before have no known session: they are
-- deleted (their waiting push messages fail with "device removed"); those browsers subscribe again with a click.
-- 2. An endpoint is unique across families (was: per family): a shared computer's browser belongs to the account
-- signed in on it now. `familyhub_release_push_endpoint` lets a request remove the endpoint's row of another
-- account, in its family or another (row-level security hides the latter from the request), before taking it.
SELECT set_config('app.system', 'on', false);--> statement-breakpoint
DELETE FROM "push_subscriptions";--> statement-breakpoint
SELECT set_config('app.system', '', false);--> statement-breakpoint
DROP INDEX "push_subscriptions_family_id_endpoint_key";--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "session_sid" varchar(64) NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_sid_fkey" FOREIGN KEY ("session_sid") REFERENCES "public"."sessions"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_sid_idx" ON "push_subscriptions" USING btree ("session_sid");--> statement-breakpoint
-- Deletes the rows of `push_endpoint` of any account but `keep_user` of `keep_family` and answers how many; reads nothing else. Enters the
-- system scope for its one statement and puts the marker back (like familyhub_phone_opted_out).
CREATE FUNCTION "familyhub_release_push_endpoint"("push_endpoint" text, "keep_family" integer, "keep_user" integer) RETURNS integer LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  marker text := coalesce(current_setting('app.system', true), '');
  released integer;
BEGIN
  PERFORM set_config('app.system', 'on', true);
  DELETE FROM public.push_subscriptions WHERE endpoint = "push_endpoint" AND (family_id <> "keep_family" OR user_id <> "keep_user");
  GET DIAGNOSTICS released = ROW_COUNT;
  PERFORM set_config('app.system', marker, true);
  RETURN released;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION "familyhub_release_push_endpoint"(text, integer, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "familyhub_release_push_endpoint"(text, integer, integer) TO familyhub_app;
