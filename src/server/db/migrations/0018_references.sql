-- Issue 26 item 5 (docs/decisions/017-references-the-database-keeps.md): member references the database keeps.
-- Every reference to a member carries family_id and points at family_members(family_id, id), so a row can never
-- name a member of another family; deleting a member clears or deletes what pointed at it (no code does it by
-- hand any more). Attendees, alerted members and task assignees move from JSONB arrays of string ids into join
-- tables. Enumerated text columns get CHECKs. Existing data is carried: ids that name no member of the row's
-- family are dropped (arrays) or set to null (columns); a value outside its list takes the column's default.
--
-- 1. The keys composite foreign keys point at ((family_id, id) replaces the plain index on family_members).
DROP INDEX "family_members_family_id_idx";--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_family_id_id_key" UNIQUE("family_id","id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_family_id_id_key" UNIQUE("family_id","id");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_family_id_id_key" UNIQUE("family_id","id");--> statement-breakpoint
-- 2. Single references: dangling ids become null, then the foreign keys. ON DELETE SET NULL names its column
-- (PostgreSQL 15+; Drizzle cannot say it), so that family_id is kept.
UPDATE "events" SET "organizer_id" = NULL WHERE "organizer_id" IS NOT NULL AND NOT EXISTS
  (SELECT 1 FROM "family_members" m WHERE m."family_id" = "events"."family_id" AND m."id" = "events"."organizer_id");--> statement-breakpoint
UPDATE "events" SET "pickup_assigned_to" = NULL WHERE "pickup_assigned_to" IS NOT NULL AND NOT EXISTS
  (SELECT 1 FROM "family_members" m WHERE m."family_id" = "events"."family_id" AND m."id" = "events"."pickup_assigned_to");--> statement-breakpoint
UPDATE "events" SET "dropoff_assigned_to" = NULL WHERE "dropoff_assigned_to" IS NOT NULL AND NOT EXISTS
  (SELECT 1 FROM "family_members" m WHERE m."family_id" = "events"."family_id" AND m."id" = "events"."dropoff_assigned_to");--> statement-breakpoint
UPDATE "tasks" SET "assigned_to" = NULL WHERE "assigned_to" IS NOT NULL AND NOT EXISTS
  (SELECT 1 FROM "family_members" m WHERE m."family_id" = "tasks"."family_id" AND m."id" = "tasks"."assigned_to");--> statement-breakpoint
UPDATE "activity_proposals" SET "assigned_to" = NULL WHERE "assigned_to" IS NOT NULL AND NOT EXISTS
  (SELECT 1 FROM "family_members" m WHERE m."family_id" = "activity_proposals"."family_id" AND m."id" = "activity_proposals"."assigned_to");--> statement-breakpoint
UPDATE "activity_proposals" SET "assigned_by" = NULL WHERE "assigned_by" IS NOT NULL AND NOT EXISTS
  (SELECT 1 FROM "family_members" m WHERE m."family_id" = "activity_proposals"."family_id" AND m."id" = "activity_proposals"."assigned_by");--> statement-breakpoint
UPDATE "notes" SET "family_member_id" = NULL WHERE "family_member_id" IS NOT NULL AND NOT EXISTS
  (SELECT 1 FROM "family_members" m WHERE m."family_id" = "notes"."family_id" AND m."id" = "notes"."family_member_id");--> statement-breakpoint
UPDATE "family_members" SET "invited_by" = NULL WHERE "invited_by" IS NOT NULL AND NOT EXISTS
  (SELECT 1 FROM "family_members" m WHERE m."family_id" = "family_members"."family_id" AND m."id" = "family_members"."invited_by");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organizer_id_fkey" FOREIGN KEY ("family_id","organizer_id") REFERENCES "public"."family_members"("family_id","id") ON DELETE SET NULL ("organizer_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_pickup_assigned_to_fkey" FOREIGN KEY ("family_id","pickup_assigned_to") REFERENCES "public"."family_members"("family_id","id") ON DELETE SET NULL ("pickup_assigned_to") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_dropoff_assigned_to_fkey" FOREIGN KEY ("family_id","dropoff_assigned_to") REFERENCES "public"."family_members"("family_id","id") ON DELETE SET NULL ("dropoff_assigned_to") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_invited_by_fkey" FOREIGN KEY ("family_id","invited_by") REFERENCES "public"."family_members"("family_id","id") ON DELETE SET NULL ("invited_by") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_family_member_id_fkey" FOREIGN KEY ("family_id","family_member_id") REFERENCES "public"."family_members"("family_id","id") ON DELETE SET NULL ("family_member_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_proposals" ADD CONSTRAINT "activity_proposals_assigned_to_fkey" FOREIGN KEY ("family_id","assigned_to") REFERENCES "public"."family_members"("family_id","id") ON DELETE SET NULL ("assigned_to") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_proposals" ADD CONSTRAINT "activity_proposals_assigned_by_fkey" FOREIGN KEY ("family_id","assigned_by") REFERENCES "public"."family_members"("family_id","id") ON DELETE SET NULL ("assigned_by") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assigned_to_fkey" FOREIGN KEY ("family_id","assigned_to") REFERENCES "public"."family_members"("family_id","id") ON DELETE SET NULL ("assigned_to") ON UPDATE no action;--> statement-breakpoint
-- 3. The lists as join tables, deny-by-default like every family table (ADR 008).
CREATE TABLE "event_attendees" (
	"family_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "event_attendees_pkey" PRIMARY KEY("event_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "event_alert_members" (
	"family_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "event_alert_members_pkey" PRIMARY KEY("event_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "task_assignees" (
	"family_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "task_assignees_pkey" PRIMARY KEY("task_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "event_attendees" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "event_attendees" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "event_alert_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "event_alert_members" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "task_assignees" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "task_assignees" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "family_isolation" ON "event_attendees" AS PERMISSIVE FOR ALL TO public USING (public.familyhub_family_visible("family_id")) WITH CHECK (public.familyhub_family_visible("family_id"));--> statement-breakpoint
CREATE POLICY "family_isolation" ON "event_alert_members" AS PERMISSIVE FOR ALL TO public USING (public.familyhub_family_visible("family_id")) WITH CHECK (public.familyhub_family_visible("family_id"));--> statement-breakpoint
CREATE POLICY "family_isolation" ON "task_assignees" AS PERMISSIVE FOR ALL TO public USING (public.familyhub_family_visible("family_id")) WITH CHECK (public.familyhub_family_visible("family_id"));--> statement-breakpoint
ALTER TABLE "event_attendees" ADD CONSTRAINT "event_attendees_event_fkey" FOREIGN KEY ("family_id","event_id") REFERENCES "public"."events"("family_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendees" ADD CONSTRAINT "event_attendees_member_fkey" FOREIGN KEY ("family_id","member_id") REFERENCES "public"."family_members"("family_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_alert_members" ADD CONSTRAINT "event_alert_members_event_fkey" FOREIGN KEY ("family_id","event_id") REFERENCES "public"."events"("family_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_alert_members" ADD CONSTRAINT "event_alert_members_member_fkey" FOREIGN KEY ("family_id","member_id") REFERENCES "public"."family_members"("family_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignees" ADD CONSTRAINT "task_assignees_task_fkey" FOREIGN KEY ("family_id","task_id") REFERENCES "public"."tasks"("family_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignees" ADD CONSTRAINT "task_assignees_member_fkey" FOREIGN KEY ("family_id","member_id") REFERENCES "public"."family_members"("family_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_attendees_family_id_member_id_idx" ON "event_attendees" USING btree ("family_id","member_id");--> statement-breakpoint
CREATE INDEX "event_alert_members_family_id_member_id_idx" ON "event_alert_members" USING btree ("family_id","member_id");--> statement-breakpoint
CREATE INDEX "task_assignees_family_id_member_id_idx" ON "task_assignees" USING btree ("family_id","member_id");--> statement-breakpoint
-- 4. The arrays' ids as rows, in their order, each member once; ids naming no member of the family are dropped.
INSERT INTO "event_attendees" ("family_id", "event_id", "member_id", "position")
  SELECT e."family_id", e."id", m."id", min(a.ord)::integer
  FROM "events" e CROSS JOIN LATERAL jsonb_array_elements_text(e."attendees") WITH ORDINALITY AS a(v, ord)
  JOIN "family_members" m ON m."family_id" = e."family_id" AND m."id"::text = a.v
  GROUP BY e."family_id", e."id", m."id";--> statement-breakpoint
INSERT INTO "event_alert_members" ("family_id", "event_id", "member_id", "position")
  SELECT e."family_id", e."id", m."id", min(a.ord)::integer
  FROM "events" e CROSS JOIN LATERAL jsonb_array_elements_text(e."alert_members") WITH ORDINALITY AS a(v, ord)
  JOIN "family_members" m ON m."family_id" = e."family_id" AND m."id"::text = a.v
  GROUP BY e."family_id", e."id", m."id";--> statement-breakpoint
INSERT INTO "task_assignees" ("family_id", "task_id", "member_id", "position")
  SELECT t."family_id", t."id", m."id", min(a.ord)::integer
  FROM "tasks" t CROSS JOIN LATERAL jsonb_array_elements_text(t."assigned_to_ids") WITH ORDINALITY AS a(v, ord)
  JOIN "family_members" m ON m."family_id" = t."family_id" AND m."id"::text = a.v
  GROUP BY t."family_id", t."id", m."id";--> statement-breakpoint
-- 5. The planner's partial index reads a boolean the alert list's trigger keeps, instead of the array.
ALTER TABLE "events" ADD COLUMN "has_alert_members" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "events" SET "has_alert_members" = true
  WHERE EXISTS (SELECT 1 FROM "event_alert_members" a WHERE a."event_id" = "events"."id");--> statement-breakpoint
DROP INDEX "events_reminder_unplanned_idx";--> statement-breakpoint
CREATE INDEX "events_reminder_unplanned_idx" ON "events" USING btree ("id") WHERE "events"."next_reminder_at" is null and "events"."is_all_day" = false and ("events"."has_alert_members" or "events"."has_pickup" or "events"."has_dropoff");--> statement-breakpoint
CREATE FUNCTION "event_alert_members_sync_flag"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  present boolean;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  present := EXISTS (SELECT 1 FROM "event_alert_members" a WHERE a."event_id" = changed."event_id");
  -- Only a change of the flag writes the row (which also makes the planner compute its reminders again).
  UPDATE "events" SET "has_alert_members" = present
    WHERE "id" = changed."event_id" AND "has_alert_members" IS DISTINCT FROM present;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "event_alert_members_sync_flag" AFTER INSERT OR DELETE ON "event_alert_members"
  FOR EACH ROW EXECUTE FUNCTION "event_alert_members_sync_flag"();--> statement-breakpoint
-- 6. `assigned_to` is the first assignee (SPEC §7): when that member is deleted, the next assignee of each of
-- their tasks takes their place, before the foreign keys clear what is left.
CREATE FUNCTION "family_members_hand_over_tasks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tasks" t SET "assigned_to" = (
      SELECT a."member_id" FROM "task_assignees" a
      WHERE a."task_id" = t."id" AND a."member_id" <> OLD."id"
      ORDER BY a."position", a."member_id" LIMIT 1)
    WHERE t."family_id" = OLD."family_id" AND t."assigned_to" = OLD."id";
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "family_members_hand_over_tasks" BEFORE DELETE ON "family_members"
  FOR EACH ROW EXECUTE FUNCTION "family_members_hand_over_tasks"();--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "attendees";--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "alert_members";--> statement-breakpoint
ALTER TABLE "tasks" DROP COLUMN "assigned_to_ids";--> statement-breakpoint
-- 7. Enumerated columns (src/core/contracts): a value outside the list takes the column's default, then CHECKs.
UPDATE "events" SET "category" = 'family' WHERE "category" NOT IN ('appointment', 'activity', 'school', 'work', 'family', 'other');--> statement-breakpoint
UPDATE "events" SET "priority" = 'medium' WHERE "priority" NOT IN ('low', 'medium', 'high');--> statement-breakpoint
UPDATE "events" SET "recurrence_pattern" = NULL WHERE "recurrence_pattern" NOT IN ('daily', 'workday', 'weekly', 'monthly_date', 'monthly_day');--> statement-breakpoint
UPDATE "family_members" SET "role" = 'other' WHERE "role" NOT IN ('parent', 'child', 'other');--> statement-breakpoint
UPDATE "family_members" SET "invitation_status" = 'accepted' WHERE "invitation_status" NOT IN ('pending', 'accepted');--> statement-breakpoint
UPDATE "user_accounts" SET "role" = 'member' WHERE "role" NOT IN ('member', 'owner');--> statement-breakpoint
UPDATE "notes" SET "category" = 'general' WHERE "category" NOT IN ('general', 'shopping_list', 'ideas', 'reminders', 'important');--> statement-breakpoint
UPDATE "activity_proposals" SET "category" = 'other' WHERE "category" NOT IN ('chore', 'task', 'responsibility', 'appointment', 'personal', 'other');--> statement-breakpoint
UPDATE "activity_proposals" SET "status" = 'pending' WHERE "status" NOT IN ('pending', 'accepted', 'declined');--> statement-breakpoint
UPDATE "tasks" SET "status" = 'open' WHERE "status" NOT IN ('open', 'completed');--> statement-breakpoint
UPDATE "tasks" SET "priority" = 'medium' WHERE "priority" NOT IN ('low', 'medium', 'high');--> statement-breakpoint
UPDATE "tasks" SET "reminder_frequency" = '30_minutes_before' WHERE "reminder_frequency" NOT IN ('15_minutes_before', '30_minutes_before', '1_hour_before', '4_hours_before', '1_day_before', 'at_due_date');--> statement-breakpoint
UPDATE "tasks" SET "transport_kind" = NULL WHERE "transport_kind" NOT IN ('pickup', 'dropoff');--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_category_check" CHECK ("events"."category" in ('appointment', 'activity', 'school', 'work', 'family', 'other'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_priority_check" CHECK ("events"."priority" in ('low', 'medium', 'high'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_recurrence_pattern_check" CHECK ("events"."recurrence_pattern" in ('daily', 'workday', 'weekly', 'monthly_date', 'monthly_day'));--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_role_check" CHECK ("family_members"."role" in ('parent', 'child', 'other'));--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_invitation_status_check" CHECK ("family_members"."invitation_status" in ('pending', 'accepted'));--> statement-breakpoint
ALTER TABLE "user_accounts" ADD CONSTRAINT "user_accounts_role_check" CHECK ("user_accounts"."role" in ('member', 'owner'));--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_category_check" CHECK ("notes"."category" in ('general', 'shopping_list', 'ideas', 'reminders', 'important'));--> statement-breakpoint
ALTER TABLE "activity_proposals" ADD CONSTRAINT "activity_proposals_category_check" CHECK ("activity_proposals"."category" in ('chore', 'task', 'responsibility', 'appointment', 'personal', 'other'));--> statement-breakpoint
ALTER TABLE "activity_proposals" ADD CONSTRAINT "activity_proposals_status_check" CHECK ("activity_proposals"."status" in ('pending', 'accepted', 'declined'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" in ('open', 'completed'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_priority_check" CHECK ("tasks"."priority" in ('low', 'medium', 'high'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_reminder_frequency_check" CHECK ("tasks"."reminder_frequency" in ('15_minutes_before', '30_minutes_before', '1_hour_before', '4_hours_before', '1_day_before', 'at_due_date'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_transport_kind_check" CHECK ("tasks"."transport_kind" in ('pickup', 'dropoff'));
