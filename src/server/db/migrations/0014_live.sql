CREATE TABLE "rate_limit_counters" (
	"bucket" varchar(400) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
-- Live updates (issue 24, ADR 010): every committed write to a table the web app shows publishes a small change
-- message on the channel familyhub_changes: {"kind": …, "id": …, "family": …} and nothing else (no titles, no
-- names). NOTIFY inside a transaction is delivered when, and only if, the transaction commits, so the message
-- always follows the commit; PostgreSQL folds identical messages of one transaction into one. Every app process
-- LISTENs and hands each message to the streams of that family only (src/server/live/change-feed.ts).
CREATE FUNCTION "familyhub_publish_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM pg_notify('familyhub_changes',
    json_build_object('kind', TG_ARGV[0], 'id', changed.id, 'family', changed.family_id)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_publish_change" AFTER INSERT OR UPDATE OR DELETE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "familyhub_publish_change"('event');--> statement-breakpoint
CREATE TRIGGER "tasks_publish_change" AFTER INSERT OR UPDATE OR DELETE ON "tasks"
  FOR EACH ROW EXECUTE FUNCTION "familyhub_publish_change"('task');--> statement-breakpoint
CREATE TRIGGER "notes_publish_change" AFTER INSERT OR UPDATE OR DELETE ON "notes"
  FOR EACH ROW EXECUTE FUNCTION "familyhub_publish_change"('note');--> statement-breakpoint
CREATE TRIGGER "activity_proposals_publish_change" AFTER INSERT OR UPDATE OR DELETE ON "activity_proposals"
  FOR EACH ROW EXECUTE FUNCTION "familyhub_publish_change"('proposal');--> statement-breakpoint
CREATE TRIGGER "family_members_publish_change" AFTER INSERT OR UPDATE OR DELETE ON "family_members"
  FOR EACH ROW EXECUTE FUNCTION "familyhub_publish_change"('member');--> statement-breakpoint
CREATE TRIGGER "notifications_publish_change" AFTER INSERT OR UPDATE OR DELETE ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION "familyhub_publish_change"('message');
