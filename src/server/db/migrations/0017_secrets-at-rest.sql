CREATE TABLE "sign_in_failures" (
	"pair" varchar(400) PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"wait_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link_ref" varchar(120);--> statement-breakpoint
CREATE INDEX "sign_in_failures_wait_until_idx" ON "sign_in_failures" USING btree ("wait_until");--> statement-breakpoint
-- Issue 20 item 8 (ADR 014): outbox rows no longer hold the token of a secret link. Rows written before this
-- migration carry the raw link in their body and HTML, and their token (random, not derived from a ref) cannot
-- be rendered again at send time. Those still waiting to be sent are not sent, with a note saying what to do;
-- the invitations, resets and confirmations themselves keep working (the member and account rows hold only the
-- token's SHA-256, unchanged), and a resend or a new request sends a fresh link.
UPDATE "notifications"
SET "status" = 'failed',
    "status_reason" = 'Not sent: its link was removed from storage at an upgrade (issue 20). Send it again (resend the invitation, or ask for a new link).',
    "locked_until" = NULL,
    "updated_at" = now()
WHERE "status" IN ('pending', 'sending')
  AND ("body" ~ '/(register-invitation|reset-password|confirm-email)/' OR "html" ~ '/(register-invitation|reset-password|confirm-email)/');
--> statement-breakpoint
UPDATE "notifications"
SET "body" = regexp_replace("body", '(/(register-invitation|reset-password|confirm-email)/)[^[:space:]"''<>)]+', '\1…', 'g'),
    "html" = regexp_replace("html", '(/(register-invitation|reset-password|confirm-email)/)[^[:space:]"''<>)]+', '\1…', 'g')
WHERE "body" ~ '/(register-invitation|reset-password|confirm-email)/' OR "html" ~ '/(register-invitation|reset-password|confirm-email)/';
