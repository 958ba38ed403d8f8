CREATE INDEX "family_members_phone_number_idx" ON "family_members" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "family_members_phone_digits_idx" ON "family_members" USING btree (regexp_replace("phone_number", '[^0-9]', '', 'g'));--> statement-breakpoint
CREATE INDEX "family_members_invitation_token_idx" ON "family_members" USING btree ("invitation_token");