-- Hand-written (issue 19; written as 0008 on its branch, landed after 0008_abuse and 0009_driving-alerts): row-level security fails closed. docs/decisions/008-deny-by-default.md gives the
-- design, docs/security.md the trust surface.
-- The Drizzle schema now declares RLS and the family_isolation policy (db/schema/family-isolation.ts): the
-- snapshot records them. Their SQL (ENABLE, FORCE, CREATE POLICY) ran in migration 0003 and is not repeated.
--
-- Before: a row was visible whenever app.family_id was unset, so everything outside a signed-in handler (the
-- session lookup, sign-in, tokens, the webhook, the planner and dispatcher) saw every family. Now a row is
-- visible only inside its own family's scope, or inside the explicit system scope: the transaction-local
-- marker app.system = 'on' that only the named system handle (src/server/db/scope.ts, `Database.system`)
-- sets. With neither, the app role sees no family rows at all. Same name and signature, so the policies of
-- migration 0003 pick the new body up unchanged.
CREATE OR REPLACE FUNCTION "familyhub_family_visible"("row_family_id" integer) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(current_setting('app.system', true), '') = 'on' OR "row_family_id" = public.familyhub_scope_family_id()
$$;--> statement-breakpoint
-- The one cross-family question a family's request asks (SPEC §5: "An account with this email already
-- exists."): it now enters the system scope for its one query (it used to clear the family scope, which no
-- longer widens anything) and puts both settings back.
CREATE OR REPLACE FUNCTION "familyhub_email_has_account"("address" text) RETURNS boolean LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  marker text := coalesce(current_setting('app.system', true), '');
  taken boolean;
BEGIN
  PERFORM set_config('app.system', 'on', true);
  SELECT EXISTS (SELECT 1 FROM public.user_accounts WHERE email = "address") INTO taken;
  PERFORM set_config('app.system', marker, true);
  RETURN taken;
END
$$;
