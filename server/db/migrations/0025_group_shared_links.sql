-- Links shared into a group (ADR 046): a fourth visibility and the group it names. The check compares
-- the visibility as text: PostgreSQL refuses a value added to an enum in the same transaction.
ALTER TYPE "public"."link_visibility" ADD VALUE 'group';--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "links_group_created_idx" ON "links" USING btree ("group_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "links"."group_id" is not null;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_group_id_with_group_visibility" CHECK (("links"."visibility"::text = 'group') = ("links"."group_id" is not null));
