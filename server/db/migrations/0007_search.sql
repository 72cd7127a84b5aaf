CREATE TABLE "search_corpora" (
	"corpus" text PRIMARY KEY NOT NULL,
	"documents" integer NOT NULL,
	"average_length" double precision NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid,
	"link_id" uuid,
	"extra_text" text DEFAULT '' NOT NULL,
	"extra_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce("search_entries"."extra_text", ''))) STORED,
	"model" text,
	"embedding" real[],
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_entries_one_item" CHECK (num_nonnulls("search_entries"."post_id", "search_entries"."link_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"corpus" text NOT NULL,
	"lexeme" text NOT NULL,
	"documents" integer NOT NULL,
	CONSTRAINT "search_terms_corpus_lexeme_pk" PRIMARY KEY("corpus","lexeme")
);
--> statement-breakpoint
ALTER TABLE "search_entries" ADD CONSTRAINT "search_entries_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_entries" ADD CONSTRAINT "search_entries_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_entries_post_idx" ON "search_entries" USING btree ("post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "search_entries_link_idx" ON "search_entries" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "search_entries_extra_idx" ON "search_entries" USING gin ("extra_vector");