-- Issue 46 item 1 (ADR 047): transport tasks follow occurrences. A pickup / drop-off task belongs to one occurrence:
-- `event_id` is the one-off event or the series, `occurrence_start` the occurrence of the series (its RECURRENCE-ID),
-- one task per occurrence and kind (the two unique indexes). Until now a series (and each edited occurrence) had one
-- task dated at its first occurrence, overdue for good from the next day: those stale tasks are deleted here, and
-- the planner's first pass after the upgrade (jobs/transport-tasks.ts, at start) makes the tasks of the next 7 days
-- of every series from the occurrence engine, as every event write does from now on. A one-off event's task stays.
ALTER TABLE "tasks" ADD COLUMN "occurrence_start" varchar(19);--> statement-breakpoint
SELECT set_config('app.system', 'on', false);--> statement-breakpoint
DELETE FROM "tasks" USING "events"
  WHERE "tasks"."event_id" = "events"."id" AND "tasks"."transport_kind" IS NOT NULL
    AND ("events"."parent_event_id" IS NOT NULL OR "events"."rrule" IS NOT NULL OR "events"."rdates" <> '[]'::jsonb);--> statement-breakpoint
-- Two writes at once could give a one-off event a second task of a kind: the first one stays.
DELETE FROM "tasks" AS "later" USING "tasks" AS "first"
  WHERE "later"."transport_kind" IS NOT NULL AND "first"."transport_kind" = "later"."transport_kind"
    AND "first"."event_id" = "later"."event_id" AND "first"."id" < "later"."id";--> statement-breakpoint
SELECT set_config('app.system', '', false);--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_transport_occurrence_key" ON "tasks" USING btree ("event_id","occurrence_start","transport_kind") WHERE "tasks"."transport_kind" is not null and "tasks"."occurrence_start" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_transport_event_key" ON "tasks" USING btree ("event_id","transport_kind") WHERE "tasks"."transport_kind" is not null and "tasks"."occurrence_start" is null;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_occurrence_start_check" CHECK ("tasks"."occurrence_start" is null or "tasks"."transport_kind" is not null);
