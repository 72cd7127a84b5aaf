CREATE TYPE "public"."group_invitation_status" AS ENUM('open', 'accepted', 'declined');--> statement-breakpoint
CREATE TABLE "group_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"inviter_id" uuid NOT NULL,
	"invitee_id" uuid,
	"invitation_id" uuid,
	"role" "group_role" NOT NULL,
	"status" "group_invitation_status" DEFAULT 'open' NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_invite_links" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"created_by_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_invitations" ADD CONSTRAINT "group_invitations_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invitations" ADD CONSTRAINT "group_invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invitations" ADD CONSTRAINT "group_invitations_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invitations" ADD CONSTRAINT "group_invitations_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invite_links" ADD CONSTRAINT "group_invite_links_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invite_links" ADD CONSTRAINT "group_invite_links_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_invitations_open_idx" ON "group_invitations" USING btree ("group_id","invitee_id") WHERE "group_invitations"."status" = 'open' and "group_invitations"."invitee_id" is not null;--> statement-breakpoint
CREATE INDEX "group_invitations_invitee_idx" ON "group_invitations" USING btree ("invitee_id","created_at") WHERE "group_invitations"."status" = 'open';--> statement-breakpoint
CREATE INDEX "group_invitations_invitation_idx" ON "group_invitations" USING btree ("invitation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_invite_links_code_hash_idx" ON "group_invite_links" USING btree ("code_hash");--> statement-breakpoint
-- Hand-written: the new tables announce their changes like every other (migration 0016, ADR 031).
DO $$
DECLARE
  "table" text;
BEGIN
  FOREACH "table" IN ARRAY ARRAY['group_invitations', 'group_invite_links']
  LOOP
    EXECUTE format('CREATE TRIGGER "hearth_changed_insert" AFTER INSERT ON %I REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"()', "table");
    EXECUTE format('CREATE TRIGGER "hearth_changed_update" AFTER UPDATE ON %I REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"()', "table");
    EXECUTE format('CREATE TRIGGER "hearth_changed_delete" AFTER DELETE ON %I REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"()', "table");
    EXECUTE format('CREATE TRIGGER "hearth_changed_truncate" AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"()', "table");
  END LOOP;
END $$;
