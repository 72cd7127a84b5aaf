ALTER TABLE "posts" ADD COLUMN "likes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written (not generated): backfill the counters, then keep them with triggers so every
-- insert and delete, cascades included, updates them in its own transaction.
UPDATE "posts" SET
  "likes_count" = (SELECT count(*) FROM "post_likes" pl WHERE pl."post_id" = "posts"."id"),
  "comments_count" = (SELECT count(*) FROM "comments" c WHERE c."post_id" = "posts"."id");--> statement-breakpoint
CREATE FUNCTION "posts_count_likes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "posts" SET "likes_count" = "likes_count" + 1 WHERE "id" = NEW."post_id";
  ELSE
    UPDATE "posts" SET "likes_count" = "likes_count" - 1 WHERE "id" = OLD."post_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "post_likes_count" AFTER INSERT OR DELETE ON "post_likes"
  FOR EACH ROW EXECUTE FUNCTION "posts_count_likes"();--> statement-breakpoint
CREATE FUNCTION "posts_count_comments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "posts" SET "comments_count" = "comments_count" + 1 WHERE "id" = NEW."post_id";
  ELSE
    UPDATE "posts" SET "comments_count" = "comments_count" - 1 WHERE "id" = OLD."post_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "comments_count" AFTER INSERT OR DELETE ON "comments"
  FOR EACH ROW EXECUTE FUNCTION "posts_count_comments"();
