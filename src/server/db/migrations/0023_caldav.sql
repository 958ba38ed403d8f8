-- Issue 40: the CalDAV server's resources and sync state, and the client's properties FamilyHub keeps.
CREATE TABLE "dav_resources" (
	"family_id" integer NOT NULL,
	"collection" varchar(10) NOT NULL,
	"name" varchar(255) NOT NULL,
	"event_id" integer,
	"task_id" integer,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "dav_resources_pkey" PRIMARY KEY("family_id","collection","name"),
	CONSTRAINT "dav_resources_collection_check" CHECK ("dav_resources"."collection" in ('events', 'tasks'))
);
--> statement-breakpoint
ALTER TABLE "dav_resources" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "dav_sync_state" (
	"family_id" integer PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dav_sync_state" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "dav_extra" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "source_uid" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "dav_extra" text;--> statement-breakpoint
ALTER TABLE "dav_resources" ADD CONSTRAINT "dav_resources_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dav_sync_state" ADD CONSTRAINT "dav_sync_state_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dav_resources_event_id_key" ON "dav_resources" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dav_resources_task_id_key" ON "dav_resources" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "dav_resources_family_id_seq_idx" ON "dav_resources" USING btree ("family_id","collection","seq");--> statement-breakpoint
CREATE POLICY "family_isolation" ON "dav_resources" AS PERMISSIVE FOR ALL TO public USING ((SELECT public.familyhub_system_scope()) OR "family_id" = (SELECT public.familyhub_scope_family_id())) WITH CHECK ((SELECT public.familyhub_system_scope()) OR "family_id" = (SELECT public.familyhub_scope_family_id()));--> statement-breakpoint
CREATE POLICY "family_isolation" ON "dav_sync_state" AS PERMISSIVE FOR ALL TO public USING ((SELECT public.familyhub_system_scope()) OR "family_id" = (SELECT public.familyhub_scope_family_id())) WITH CHECK ((SELECT public.familyhub_system_scope()) OR "family_id" = (SELECT public.familyhub_scope_family_id()));--> statement-breakpoint
ALTER TABLE "dav_resources" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "dav_sync_state" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- Issue 40: CalDAV resources and sync tokens (RFC 4791 §4.1, RFC 6578) kept by the database, so that every write
-- (the app's, an import's, a CalDAV client's, the assistant's) changes the resource's ETag and the collection's
-- sync token in the transaction that makes it. `familyhub_dav_touch` takes the family's next counter value (the
-- row lock orders a family's writes, so a token never passes a change that commits later) and stamps the resource
-- of an event or a task with it, creating the resource (`event-<id>.ics`, `task-<id>.ics`) or marking it deleted.
-- A family being deleted (its row already gone) is left alone: its rows go by cascade.
CREATE FUNCTION "familyhub_dav_touch"(family integer, coll text, event integer, task integer, gone boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  next_seq bigint;
  base text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "families" WHERE "id" = family) THEN RETURN; END IF;
  INSERT INTO "dav_sync_state" ("family_id", "seq") VALUES (family, 1)
    ON CONFLICT ("family_id") DO UPDATE SET "seq" = "dav_sync_state"."seq" + 1
    RETURNING "seq" INTO next_seq;
  IF gone THEN
    UPDATE "dav_resources" SET "seq" = next_seq, "deleted" = true, "event_id" = NULL, "task_id" = NULL
      WHERE ("event_id" = event OR "task_id" = task);
    RETURN;
  END IF;
  UPDATE "dav_resources" SET "seq" = next_seq WHERE ("event_id" = event OR "task_id" = task);
  IF NOT FOUND THEN
    base := CASE WHEN event IS NOT NULL THEN 'event-' || event ELSE 'task-' || task END;
    -- A tombstone of the name is taken over; a live object a client created under that name keeps it, and
    -- this one gets the counter in its name.
    INSERT INTO "dav_resources" ("family_id", "collection", "name", "event_id", "task_id", "seq")
      VALUES (family, coll, base || '.ics', event, task, next_seq)
      ON CONFLICT ("family_id", "collection", "name") DO UPDATE
        SET "event_id" = excluded."event_id", "task_id" = excluded."task_id", "seq" = excluded."seq",
            "deleted" = false
        WHERE "dav_resources"."deleted";
    IF NOT FOUND THEN
      INSERT INTO "dav_resources" ("family_id", "collection", "name", "event_id", "task_id", "seq")
        VALUES (family, coll, base || '-' || next_seq || '.ics', event, task, next_seq);
    END IF;
  END IF;
END
$$;--> statement-breakpoint
-- An event row's change is its series' resource's (an override is part of its series' object). Columns the
-- object does not show (the reminder planner's cursor, the alert flag, updated_at alone) change nothing.
CREATE FUNCTION "events_dav_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  target integer;
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - 'next_reminder_at' - 'has_alert_members' - 'updated_at')
      = (to_jsonb(NEW) - 'next_reminder_at' - 'has_alert_members' - 'updated_at') THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  target := coalesce(changed.parent_event_id, changed.id);
  IF changed.parent_event_id IS NOT NULL THEN
    -- An override deleted with its series: the series' own deletion marks the resource.
    IF NOT EXISTS (SELECT 1 FROM "events" WHERE "id" = target) THEN RETURN NULL; END IF;
    PERFORM "familyhub_dav_touch"(changed.family_id, 'events', target, NULL, false);
  ELSE
    PERFORM "familyhub_dav_touch"(changed.family_id, 'events', target, NULL, TG_OP = 'DELETE');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_dav_changed" AFTER INSERT OR UPDATE OR DELETE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "events_dav_changed"();--> statement-breakpoint
CREATE FUNCTION "tasks_dav_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'UPDATE'
      AND (to_jsonb(OLD) - 'next_reminder_at' - 'last_reminder_sent' - 'updated_at')
        = (to_jsonb(NEW) - 'next_reminder_at' - 'last_reminder_sent' - 'updated_at') THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM "familyhub_dav_touch"(changed.family_id, 'tasks', NULL, changed.id, TG_OP = 'DELETE');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tasks_dav_changed" AFTER INSERT OR UPDATE OR DELETE ON "tasks"
  FOR EACH ROW EXECUTE FUNCTION "tasks_dav_changed"();--> statement-breakpoint
-- Attendees are ATTENDEE lines of the event's object, assignees of the task's.
CREATE FUNCTION "event_attendees_dav_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  series integer;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  SELECT coalesce("parent_event_id", "id") INTO series FROM "events" WHERE "id" = changed.event_id;
  IF series IS NULL OR NOT EXISTS (SELECT 1 FROM "events" WHERE "id" = series) THEN RETURN NULL; END IF;
  PERFORM "familyhub_dav_touch"(changed.family_id, 'events', series, NULL, false);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "event_attendees_dav_changed" AFTER INSERT OR DELETE ON "event_attendees"
  FOR EACH ROW EXECUTE FUNCTION "event_attendees_dav_changed"();--> statement-breakpoint
CREATE FUNCTION "task_assignees_dav_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF NOT EXISTS (SELECT 1 FROM "tasks" WHERE "id" = changed.task_id) THEN RETURN NULL; END IF;
  PERFORM "familyhub_dav_touch"(changed.family_id, 'tasks', NULL, changed.task_id, false);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "task_assignees_dav_changed" AFTER INSERT OR DELETE ON "task_assignees"
  FOR EACH ROW EXECUTE FUNCTION "task_assignees_dav_changed"();--> statement-breakpoint
-- A member's name and e-mail are written in the objects (ORGANIZER, ATTENDEE with CN): renaming one changes the
-- objects of the events and tasks that name them.
CREATE FUNCTION "family_members_dav_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target integer;
BEGIN
  IF NEW.name IS NOT DISTINCT FROM OLD.name AND NEW.email IS NOT DISTINCT FROM OLD.email THEN RETURN NULL; END IF;
  FOR target IN
    SELECT DISTINCT coalesce(e."parent_event_id", e."id") FROM "events" e
      WHERE e."family_id" = NEW.family_id
        AND (e."organizer_id" = NEW.id OR e."pickup_assigned_to" = NEW.id OR e."dropoff_assigned_to" = NEW.id
             OR EXISTS (SELECT 1 FROM "event_attendees" a WHERE a."event_id" = e."id" AND a."member_id" = NEW.id))
  LOOP
    PERFORM "familyhub_dav_touch"(NEW.family_id, 'events', target, NULL, false);
  END LOOP;
  FOR target IN
    SELECT a."task_id" FROM "task_assignees" a WHERE a."family_id" = NEW.family_id AND a."member_id" = NEW.id
  LOOP
    PERFORM "familyhub_dav_touch"(NEW.family_id, 'tasks', NULL, target, false);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "family_members_dav_changed" AFTER UPDATE ON "family_members"
  FOR EACH ROW EXECUTE FUNCTION "family_members_dav_changed"();--> statement-breakpoint
-- The resources of what exists already: one counter value each, in id order.
INSERT INTO "dav_resources" ("family_id", "collection", "name", "event_id", "seq")
  SELECT "family_id", 'events', 'event-' || "id" || '.ics', "id",
         row_number() OVER (PARTITION BY "family_id" ORDER BY "id")
  FROM "events" WHERE "parent_event_id" IS NULL;--> statement-breakpoint
INSERT INTO "dav_resources" ("family_id", "collection", "name", "task_id", "seq")
  SELECT t."family_id", 'tasks', 'task-' || t."id" || '.ics', t."id",
         coalesce((SELECT max("seq") FROM "dav_resources" r WHERE r."family_id" = t."family_id"), 0)
           + row_number() OVER (PARTITION BY t."family_id" ORDER BY t."id")
  FROM "tasks" t;--> statement-breakpoint
INSERT INTO "dav_sync_state" ("family_id", "seq")
  SELECT "family_id", max("seq") FROM "dav_resources" GROUP BY "family_id";
