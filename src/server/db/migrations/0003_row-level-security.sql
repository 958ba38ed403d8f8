-- Hand-written (issue 13, defence in depth): PostgreSQL row-level security on every family-owned table.
-- docs/security.md "Row-level security" describes the design; src/server/db/scope.ts sets the scope.
--
-- The app's connections run as the role familyhub_app (client.ts: SET ROLE after migrating): not a
-- superuser, no BYPASSRLS, so the policies below bind it. Roles are cluster-wide on PostgreSQL and test
-- databases are copied from a template, so the role may already exist (created by an administrator, by an
-- earlier database, or by a concurrent migration of another one): all fine. Creating it needs CREATEROLE;
-- a migrating user without it needs the role created (and granted to it) beforehand (docs/security.md).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'familyhub_app') THEN
    CREATE ROLE familyhub_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
EXCEPTION
  WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;--> statement-breakpoint
-- The migrating user must be able to SET ROLE familyhub_app (a superuser always can; a plain owner needs
-- membership). Skipped when already a member, so that concurrent migrations do not update the same row.
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'familyhub_app', 'MEMBER') THEN
    EXECUTE format('GRANT familyhub_app TO %I', current_user);
  END IF;
END
$$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO familyhub_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO familyhub_app;--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO familyhub_app;--> statement-breakpoint
-- Tables and sequences later migrations create (as this same migrating user) get the same grants.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO familyhub_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO familyhub_app;--> statement-breakpoint
-- The request's family: NULL when no family scope is set (the setting is absent, or '' as PostgreSQL leaves
-- it after a transaction that set it locally), -1 when it holds anything but a family id (fails closed:
-- no family has id -1). Never throws, whatever the setting holds. Inlined by the planner (plain SQL, STABLE).
CREATE FUNCTION "familyhub_scope_family_id"() RETURNS integer LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN coalesce(current_setting('app.family_id', true), '') = '' THEN NULL
    WHEN current_setting('app.family_id', true) ~ '^[1-9][0-9]{0,8}$' THEN current_setting('app.family_id', true)::integer
    ELSE -1
  END
$$;--> statement-breakpoint
-- True when a row of family `row_family_id` is visible and writable: always outside a family scope (system
-- work: sign-in, sessions, invitation and feed tokens, the SMS webhook, the planner and dispatcher; the
-- trust surface docs/security.md names), otherwise only for the scope's own family.
CREATE FUNCTION "familyhub_family_visible"("row_family_id" integer) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(current_setting('app.family_id', true), '') = '' OR "row_family_id" = public.familyhub_scope_family_id()
$$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "familyhub_scope_family_id"() TO familyhub_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "familyhub_family_visible"(integer) TO familyhub_app;--> statement-breakpoint
-- FORCE: the policies bind the tables' owner too (only superusers and BYPASSRLS roles escape them).
ALTER TABLE "families" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "families" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "family_isolation" ON "families" USING (public.familyhub_family_visible("id")) WITH CHECK (public.familyhub_family_visible("id"));--> statement-breakpoint
ALTER TABLE "family_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "family_members" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "family_isolation" ON "family_members" USING (public.familyhub_family_visible("family_id")) WITH CHECK (public.familyhub_family_visible("family_id"));--> statement-breakpoint
ALTER TABLE "user_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_accounts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "family_isolation" ON "user_accounts" USING (public.familyhub_family_visible("family_id")) WITH CHECK (public.familyhub_family_visible("family_id"));--> statement-breakpoint
ALTER TABLE "sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sessions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "family_isolation" ON "sessions" USING (public.familyhub_family_visible("family_id")) WITH CHECK (public.familyhub_family_visible("family_id"));--> statement-breakpoint
ALTER TABLE "app_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "app_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "family_isolation" ON "app_settings" USING (public.familyhub_family_visible("family_id")) WITH CHECK (public.familyhub_family_visible("family_id"));--> statement-breakpoint
ALTER TABLE "events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "events" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "family_isolation" ON "events" USING (public.familyhub_family_visible("family_id")) WITH CHECK (public.familyhub_family_visible("family_id"));--> statement-breakpoint
ALTER TABLE "tasks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tasks" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "family_isolation" ON "tasks" USING (public.familyhub_family_visible("family_id")) WITH CHECK (public.familyhub_family_visible("family_id"));--> statement-breakpoint
ALTER TABLE "activity_proposals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "activity_proposals" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "family_isolation" ON "activity_proposals" USING (public.familyhub_family_visible("family_id")) WITH CHECK (public.familyhub_family_visible("family_id"));--> statement-breakpoint
ALTER TABLE "notes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "notes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "family_isolation" ON "notes" USING (public.familyhub_family_visible("family_id")) WITH CHECK (public.familyhub_family_visible("family_id"));--> statement-breakpoint
ALTER TABLE "notifications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "notifications" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "family_isolation" ON "notifications" USING (public.familyhub_family_visible("family_id")) WITH CHECK (public.familyhub_family_visible("family_id"));--> statement-breakpoint
ALTER TABLE "daily_summary_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "daily_summary_log" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "family_isolation" ON "daily_summary_log" USING (public.familyhub_family_visible("family_id")) WITH CHECK (public.familyhub_family_visible("family_id"));--> statement-breakpoint
ALTER TABLE "calendar_feeds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "calendar_feeds" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "family_isolation" ON "calendar_feeds" USING (public.familyhub_family_visible("family_id")) WITH CHECK (public.familyhub_family_visible("family_id"));
--> statement-breakpoint
-- The one cross-family question a family's request asks (inviting someone: is this e-mail already an account,
-- in any family? SPEC §5's "An account with this email already exists."). Answers a boolean, nothing else.
-- SECURITY DEFINER with a fixed search_path; it clears the family scope for its one query and puts it back
-- (set_config in the body: a SET clause on a custom setting needs a superuser to create the function).
CREATE FUNCTION "familyhub_email_has_account"("address" text) RETURNS boolean LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  scope text := coalesce(current_setting('app.family_id', true), '');
  taken boolean;
BEGIN
  PERFORM set_config('app.family_id', '', true);
  SELECT EXISTS (SELECT 1 FROM public.user_accounts WHERE email = "address") INTO taken;
  PERFORM set_config('app.family_id', scope, true);
  RETURN taken;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION "familyhub_email_has_account"(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "familyhub_email_has_account"(text) TO familyhub_app;
