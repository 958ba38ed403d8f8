-- Issue 45 (ADR 048): family search. Each searched table gets the words of its texts as PostgreSQL's built-in text
-- search reads them ('simple' configuration: no stemming, no stop words, any language; the database folds case),
-- kept by the database in a generated column, with a GIN index on it. Titles weigh A, locations B, descriptions
-- and note contents C. Long texts count by their first 20,000 characters: a tsvector holds at most 1 MB, and a
-- write must never fail for being searchable. A stored column rather than an expression index: PGlite has no
-- autovacuum to gather statistics, so its planner may filter a family's rows instead of using the index, and
-- then each row's words must be ready, not computed again (25,000 rows: 845 ms computed, see ADR 048). The
-- columns are not in the drizzle schema: nothing but search reads them (src/server/search/vectors.ts).
ALTER TABLE "events" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "title"), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("location", '')), 'B') || setweight(to_tsvector('simple'::regconfig, left(coalesce("description", ''), 20000)), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "title"), 'A') || setweight(to_tsvector('simple'::regconfig, left(coalesce("description", ''), 20000)), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "tasks_search_idx" ON "tasks" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "title"), 'A') || setweight(to_tsvector('simple'::regconfig, left("content", 20000)), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "notes_search_idx" ON "notes" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "activity_proposals" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "title"), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("location", '')), 'B') || setweight(to_tsvector('simple'::regconfig, left(coalesce("description", ''), 20000)), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "activity_proposals_search_idx" ON "activity_proposals" USING gin ("search_vector");
