CREATE TABLE "date_poll_answers" (
	"candidate_id" uuid NOT NULL,
	"poll_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "date_poll_answers_candidate_id_user_id_pk" PRIMARY KEY("candidate_id","user_id"),
	CONSTRAINT "date_poll_answers_answer" CHECK ("date_poll_answers"."answer" in ('yes', 'if_need_be', 'no'))
);
--> statement-breakpoint
CREATE TABLE "date_poll_candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poll_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "date_poll_candidates_ends_after_start" CHECK ("date_poll_candidates"."ends_at" >= "date_poll_candidates"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "date_polls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid,
	"organizer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"time_zone" text NOT NULL,
	"place" text,
	"map_url" text,
	"capacity" integer,
	"event_id" uuid,
	"scheduled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "date_poll_id" uuid;--> statement-breakpoint
ALTER TABLE "date_poll_answers" ADD CONSTRAINT "date_poll_answers_candidate_id_date_poll_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."date_poll_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_poll_answers" ADD CONSTRAINT "date_poll_answers_poll_id_date_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."date_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_poll_answers" ADD CONSTRAINT "date_poll_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_poll_candidates" ADD CONSTRAINT "date_poll_candidates_poll_id_date_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."date_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_polls" ADD CONSTRAINT "date_polls_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_polls" ADD CONSTRAINT "date_polls_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_polls" ADD CONSTRAINT "date_polls_event_id_group_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."group_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "date_poll_answers_poll_idx" ON "date_poll_answers" USING btree ("poll_id");--> statement-breakpoint
CREATE INDEX "date_poll_answers_user_idx" ON "date_poll_answers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "date_poll_candidates_poll_position_idx" ON "date_poll_candidates" USING btree ("poll_id","position");--> statement-breakpoint
CREATE INDEX "date_polls_group_created_idx" ON "date_polls" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "date_polls_event_idx" ON "date_polls" USING btree ("event_id");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_date_poll_id_date_polls_id_fk" FOREIGN KEY ("date_poll_id") REFERENCES "public"."date_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_date_poll_idx" ON "posts" USING btree ("date_poll_id");--> statement-breakpoint
-- The date polls' tables announce their changes like every other (migration 0016, ADR 031), so a kept
-- answer that reads them is dropped when they change.
CREATE TRIGGER "hearth_changed_insert" AFTER INSERT ON "date_polls" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_update" AFTER UPDATE ON "date_polls" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_delete" AFTER DELETE ON "date_polls" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_truncate" AFTER TRUNCATE ON "date_polls" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_insert" AFTER INSERT ON "date_poll_candidates" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_update" AFTER UPDATE ON "date_poll_candidates" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_delete" AFTER DELETE ON "date_poll_candidates" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_truncate" AFTER TRUNCATE ON "date_poll_candidates" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_insert" AFTER INSERT ON "date_poll_answers" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_update" AFTER UPDATE ON "date_poll_answers" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_delete" AFTER DELETE ON "date_poll_answers" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_truncate" AFTER TRUNCATE ON "date_poll_answers" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();
