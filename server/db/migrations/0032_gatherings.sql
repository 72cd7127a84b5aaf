CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_event_rsvps" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"guests" integer DEFAULT 0 NOT NULL,
	"waitlisted" boolean DEFAULT false NOT NULL,
	"going_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_event_rsvps_event_id_user_id_pk" PRIMARY KEY("event_id","user_id"),
	CONSTRAINT "group_event_rsvps_status" CHECK ("group_event_rsvps"."status" in ('going', 'maybe', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "group_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid,
	"organizer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"place" text,
	"map_url" text,
	"capacity" integer,
	"guests_allowed" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_events_ends_after_start" CHECK ("group_events"."ends_at" >= "group_events"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_event_rsvps" ADD CONSTRAINT "group_event_rsvps_event_id_group_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."group_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_event_rsvps" ADD CONSTRAINT "group_event_rsvps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_events" ADD CONSTRAINT "group_events_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_events" ADD CONSTRAINT "group_events_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_idx" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "group_event_rsvps_user_idx" ON "group_event_rsvps" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "group_events_group_starts_idx" ON "group_events" USING btree ("group_id","starts_at");--> statement-breakpoint
CREATE INDEX "group_events_organizer_starts_idx" ON "group_events" USING btree ("organizer_id","starts_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_id_group_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."group_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_event_id_group_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."group_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_event_idx" ON "posts" USING btree ("event_id");--> statement-breakpoint
-- The gatherings tables announce their changes like every other (migration 0016, ADR 031), so a kept
-- answer that reads them is dropped when they change.
CREATE TRIGGER "hearth_changed_insert" AFTER INSERT ON "group_events" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_update" AFTER UPDATE ON "group_events" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_delete" AFTER DELETE ON "group_events" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_truncate" AFTER TRUNCATE ON "group_events" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_insert" AFTER INSERT ON "group_event_rsvps" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_update" AFTER UPDATE ON "group_event_rsvps" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_delete" AFTER DELETE ON "group_event_rsvps" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_truncate" AFTER TRUNCATE ON "group_event_rsvps" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_insert" AFTER INSERT ON "calendar_feeds" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_update" AFTER UPDATE ON "calendar_feeds" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_delete" AFTER DELETE ON "calendar_feeds" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_truncate" AFTER TRUNCATE ON "calendar_feeds" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();
