CREATE TABLE "comment_reactions" (
	"comment_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"emoji" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_reactions_comment_id_user_id_emoji_pk" PRIMARY KEY("comment_id","user_id","emoji")
);
--> statement-breakpoint
CREATE TABLE "post_reactions" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"emoji" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_reactions_post_id_user_id_emoji_pk" PRIMARY KEY("post_id","user_id","emoji")
);
--> statement-breakpoint
ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reactions" ADD CONSTRAINT "post_reactions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reactions" ADD CONSTRAINT "post_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_reactions_post_idx" ON "comment_reactions" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "comment_reactions_user_idx" ON "comment_reactions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "post_reactions_user_idx" ON "post_reactions" USING btree ("user_id");--> statement-breakpoint
-- Hand-written: only the emoji of REACTION_EMOJI (shared/domain/reactions.ts, ADR 044) are stored.
ALTER TABLE "post_reactions" ADD CONSTRAINT "post_reactions_emoji_check" CHECK ("emoji" IN ('thumbs_up', 'heart', 'laugh', 'wow', 'sad', 'celebrate'));--> statement-breakpoint
ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_emoji_check" CHECK ("emoji" IN ('thumbs_up', 'heart', 'laugh', 'wow', 'sad', 'celebrate'));--> statement-breakpoint
-- Hand-written: the new tables announce their changes like every other (migration 0016, ADR 031).
CREATE TRIGGER "hearth_changed_insert" AFTER INSERT ON "post_reactions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_update" AFTER UPDATE ON "post_reactions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_delete" AFTER DELETE ON "post_reactions" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_truncate" AFTER TRUNCATE ON "post_reactions" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_insert" AFTER INSERT ON "comment_reactions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_update" AFTER UPDATE ON "comment_reactions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_delete" AFTER DELETE ON "comment_reactions" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_truncate" AFTER TRUNCATE ON "comment_reactions" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();
