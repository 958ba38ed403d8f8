-- Issue 26 item 4 (docs/decisions/016-outbox-sources.md): the outbox says what each message is about in columns
-- (`source_kind`, `source_id`, `source_occurrence`) instead of in the text of its dedupe key, and a message
-- withdrawn before it was sent is `cancelled` (its reason kept in `status_reason`) instead of `suppressed` with
-- `#cancelled:{id}` appended to its key. The dedupe key is unique among the rows that are not cancelled, so a
-- cancelled row no longer blocks planning the same message again. Existing rows are carried: cancellations get
-- their key back and the status `cancelled`; the source columns are read once, here, from today's keys.
DROP INDEX "notifications_dedupe_key_key";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "source_kind" varchar(20) DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "source_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "source_occurrence" varchar(19);--> statement-breakpoint
UPDATE "notifications" SET "status" = 'cancelled', "dedupe_key" = split_part("dedupe_key", '#cancelled:', 1)
WHERE "status" = 'suppressed' AND "dedupe_key" LIKE '%#cancelled:%';--> statement-breakpoint
-- event:{event id}:{event|pickup|dropoff}:{occurrence YYYY-MM-DDTHH:mm:ss}:{member}
UPDATE "notifications" SET
	"source_kind" = (regexp_match("dedupe_key", '^event:\d+:(event|pickup|dropoff):'))[1],
	"source_id" = (regexp_match("dedupe_key", '^event:(\d+):'))[1]::int,
	"source_occurrence" = (regexp_match("dedupe_key", '^event:\d+:[a-z]+:(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d):'))[1]
WHERE "dedupe_key" ~ '^event:\d{1,9}:(event|pickup|dropoff):\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d:';--> statement-breakpoint
-- task:{task id}:reminder:{member}:{due}:{frequency}
UPDATE "notifications" SET "source_kind" = 'task', "source_id" = (regexp_match("dedupe_key", '^task:(\d+):'))[1]::int
WHERE "dedupe_key" ~ '^task:\d{1,9}:';--> statement-breakpoint
-- summary:{member}:{local date}
UPDATE "notifications" SET
	"source_kind" = 'daily_summary',
	"source_id" = (regexp_match("dedupe_key", '^summary:(\d+):'))[1]::int,
	"source_occurrence" = (regexp_match("dedupe_key", '^summary:\d+:(\d{4}-\d\d-\d\d)$'))[1]
WHERE "dedupe_key" ~ '^summary:\d{1,9}:\d{4}-\d\d-\d\d$';--> statement-breakpoint
-- event-alert:{event id}:{member}:{version}:{hash}
UPDATE "notifications" SET
	"source_kind" = 'event_alert',
	"source_id" = (regexp_match("dedupe_key", '^event-alert:(\d+):'))[1]::int
WHERE "dedupe_key" ~ '^event-alert:\d{1,9}:';--> statement-breakpoint
-- driving-gaps:{member}:{local date}
UPDATE "notifications" SET
	"source_kind" = 'driving_gaps',
	"source_id" = (regexp_match("dedupe_key", '^driving-gaps:(\d+):'))[1]::int,
	"source_occurrence" = (regexp_match("dedupe_key", '^driving-gaps:\d+:(\d{4}-\d\d-\d\d)$'))[1]
WHERE "dedupe_key" ~ '^driving-gaps:\d{1,9}:\d{4}-\d\d-\d\d$';--> statement-breakpoint
-- invitation:{member}:{token hash}
UPDATE "notifications" SET
	"source_kind" = 'invitation',
	"source_id" = (regexp_match("dedupe_key", '^invitation:(\d+):'))[1]::int
WHERE "dedupe_key" ~ '^invitation:\d{1,9}:';--> statement-breakpoint
-- {account notice kind}:{user}:{instant}:{random}
UPDATE "notifications" SET
	"source_kind" = 'account',
	"source_id" = (regexp_match("dedupe_key", '^[a-z_]+:(\d+):'))[1]::int
WHERE "dedupe_key" ~ '^(password_reset|email_change_confirm|password_changed|email_changed|passkey_added|passkey_removed|sessions_ended|recovery_code_used|recovery_codes_renewed):\d{1,9}:';--> statement-breakpoint
-- sms:in:{MessageSid}:{family} and sms:reply:{MessageSid}:{family}
UPDATE "notifications" SET "source_kind" = 'sms' WHERE "dedupe_key" ~ '^sms:(in|reply):';--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_key_live_key" ON "notifications" USING btree ("dedupe_key") WHERE "notifications"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "notifications_family_id_source_idx" ON "notifications" USING btree ("family_id","source_kind","source_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_status_check" CHECK ("notifications"."status" in ('pending', 'sending', 'sent', 'failed', 'suppressed', 'expired', 'cancelled'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_source_kind_check" CHECK ("notifications"."source_kind" in ('event', 'pickup', 'dropoff', 'task', 'daily_summary', 'event_alert', 'driving_gaps', 'invitation', 'account', 'sms', 'other'));
