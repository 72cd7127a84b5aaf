CREATE TYPE "public"."group_notification_level" AS ENUM('all', 'mentions', 'nothing');--> statement-breakpoint
CREATE TABLE "group_notification_levels" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"level" "group_notification_level" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_notification_levels_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_read_marks" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "group_read_marks_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "group_notification_levels" ADD CONSTRAINT "group_notification_levels_membership_fk" FOREIGN KEY ("group_id","user_id") REFERENCES "public"."group_roles"("group_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_read_marks" ADD CONSTRAINT "group_read_marks_membership_fk" FOREIGN KEY ("group_id","user_id") REFERENCES "public"."group_roles"("group_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: the new tables announce their changes like every other (migration 0016, ADR 031).
CREATE TRIGGER "hearth_changed_insert" AFTER INSERT ON "group_notification_levels" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_update" AFTER UPDATE ON "group_notification_levels" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_delete" AFTER DELETE ON "group_notification_levels" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_truncate" AFTER TRUNCATE ON "group_notification_levels" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_insert" AFTER INSERT ON "group_read_marks" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_update" AFTER UPDATE ON "group_read_marks" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_delete" AFTER DELETE ON "group_read_marks" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_truncate" AFTER TRUNCATE ON "group_read_marks" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();