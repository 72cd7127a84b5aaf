DROP INDEX "links_search_idx";--> statement-breakpoint
DROP INDEX "posts_search_idx";--> statement-breakpoint
DROP INDEX "search_entries_extra_idx";--> statement-breakpoint
CREATE INDEX "links_search_idx" ON "links" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_entries_extra_idx" ON "search_entries" USING gin ("extra_vector") WITH (fastupdate=false);