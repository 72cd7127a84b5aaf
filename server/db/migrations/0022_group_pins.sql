CREATE TABLE "group_pins" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"pinned_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_pins" ADD CONSTRAINT "group_pins_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_pins" ADD CONSTRAINT "group_pins_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_pins" ADD CONSTRAINT "group_pins_pinned_by_id_users_id_fk" FOREIGN KEY ("pinned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_pins_group_idx" ON "group_pins" USING btree ("group_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
-- Hand-written: the new table announces its changes like every other (migration 0016, ADR 031).
CREATE TRIGGER "hearth_changed_insert" AFTER INSERT ON "group_pins" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_update" AFTER UPDATE ON "group_pins" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_delete" AFTER DELETE ON "group_pins" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_truncate" AFTER TRUNCATE ON "group_pins" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();
