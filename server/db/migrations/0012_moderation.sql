ALTER TABLE "reports" DROP CONSTRAINT "reports_post_id_posts_id_fk";
--> statement-breakpoint
DROP INDEX "reports_post_reporter_idx";--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "post_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "subject" text DEFAULT 'post' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "comment_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "removal_reason" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "removed_title" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "removed_content" text;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_comment_reporter_idx" ON "reports" USING btree ("comment_id","reporter_id") WHERE "reports"."subject" = 'comment';--> statement-breakpoint
CREATE INDEX "reports_group_status_created_idx" ON "reports" USING btree ("group_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_post_reporter_idx" ON "reports" USING btree ("post_id","reporter_id") WHERE "reports"."subject" = 'post';--> statement-breakpoint
-- Hand-written: reports filed before this migration belong to their post's group.
UPDATE "reports" SET "group_id" = "posts"."group_id" FROM "posts" WHERE "posts"."id" = "reports"."post_id";
