-- Hand-written (issue 19, item 4; ADR 011): a signed-in request's first round trip. The app sends
-- `BEGIN; SELECT * FROM familyhub_open_session(…)` as one simple query: this function finds the session by the
-- SHA-256 of its cookie, slides its idle expiry (at most once every five minutes, like the old JS lookup), and
-- leaves the transaction in that session's family scope (transaction-local app.family_id; the system marker
-- cleared), answering the user, the family and the family's time zone. No session (unknown, idle-expired or past
-- its absolute expiry): no row, and no scope (the caller rolls back). Runs as the owner (SECURITY DEFINER) but
-- reads the two tables through the system marker, so row-level security applies as for any system path.
CREATE OR REPLACE FUNCTION "familyhub_open_session"("session_hash" text, "at" timestamptz, "idle_minutes" integer)
RETURNS TABLE ("user_id" integer, "family_id" integer, "family_timezone" text)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  found_session public.sessions%ROWTYPE;
  renewed timestamptz;
  zone text;
BEGIN
  PERFORM set_config('app.system', 'on', true);
  SELECT * INTO found_session FROM public.sessions s
    WHERE s.sid = "session_hash" AND s.expire > "at" AND s.absolute_expire > "at";
  IF NOT FOUND THEN
    PERFORM set_config('app.system', '', true), set_config('app.family_id', '', true);
    RETURN;
  END IF;
  renewed := least("at" + make_interval(mins => "idle_minutes"), found_session.absolute_expire);
  IF renewed - found_session.expire > interval '5 minutes' THEN
    UPDATE public.sessions SET expire = renewed, last_used_at = "at" WHERE sid = "session_hash";
  END IF;
  SELECT f.timezone INTO zone FROM public.families f WHERE f.id = found_session.family_id;
  PERFORM set_config('app.system', '', true), set_config('app.family_id', found_session.family_id::text, true);
  RETURN QUERY SELECT found_session.user_id, found_session.family_id, zone;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION "familyhub_open_session"(text, timestamptz, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "familyhub_open_session"(text, timestamptz, integer) TO "familyhub_app";
