CREATE TABLE "group_event_reminders" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"lead" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_event_reminders_event_id_user_id_lead_starts_at_pk" PRIMARY KEY("event_id","user_id","lead","starts_at")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "event_reminders" text DEFAULT 'both' NOT NULL;--> statement-breakpoint
ALTER TABLE "group_event_rsvps" ADD COLUMN "reminders" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "photos_of_event_id" uuid;--> statement-breakpoint
ALTER TABLE "group_event_reminders" ADD CONSTRAINT "group_event_reminders_event_id_group_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."group_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_event_reminders" ADD CONSTRAINT "group_event_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_photos_of_event_id_group_events_id_fk" FOREIGN KEY ("photos_of_event_id") REFERENCES "public"."group_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_photos_of_event_created_idx" ON "posts" USING btree ("photos_of_event_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_event_reminders" CHECK ("users"."event_reminders" in ('off', 'day_before', 'hour_before', 'both'));--> statement-breakpoint
ALTER TABLE "group_event_rsvps" ADD CONSTRAINT "group_event_rsvps_reminders" CHECK ("group_event_rsvps"."reminders" in ('off', 'day_before', 'hour_before', 'both'));--> statement-breakpoint
CREATE TRIGGER "hearth_changed_insert" AFTER INSERT ON "group_event_reminders" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_update" AFTER UPDATE ON "group_event_reminders" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_delete" AFTER DELETE ON "group_event_reminders" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_truncate" AFTER TRUNCATE ON "group_event_reminders" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();
