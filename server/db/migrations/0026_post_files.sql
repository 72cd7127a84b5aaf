CREATE TABLE "post_files" (
	"post_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	CONSTRAINT "post_files_post_id_position_pk" PRIMARY KEY("post_id","position")
);
--> statement-breakpoint
ALTER TABLE "post_files" ADD CONSTRAINT "post_files_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_files" ADD CONSTRAINT "post_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_files_file_idx" ON "post_files" USING btree ("file_id");--> statement-breakpoint
-- Hand-written: every post that had its one attachment now lists it as its first file (ADR 048).
INSERT INTO "post_files" ("post_id", "file_id", "position")
SELECT DISTINCT ON ("file_id") "id", "file_id", 0 FROM "posts" WHERE "file_id" IS NOT NULL ORDER BY "file_id", "created_at";--> statement-breakpoint
-- Hand-written: the new table announces its changes like every other (migration 0016, ADR 031).
CREATE TRIGGER "hearth_changed_insert" AFTER INSERT ON "post_files" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_update" AFTER UPDATE ON "post_files" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_delete" AFTER DELETE ON "post_files" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_truncate" AFTER TRUNCATE ON "post_files" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();
