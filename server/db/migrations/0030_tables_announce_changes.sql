-- The tables of replies by email (0028) and Web Push (0029) announce their changes like every other
-- (migration 0016, ADR 031), so a kept answer that reads them is dropped when they change.
CREATE TRIGGER "hearth_changed_insert" AFTER INSERT ON "reply_addresses" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_update" AFTER UPDATE ON "reply_addresses" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_delete" AFTER DELETE ON "reply_addresses" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_truncate" AFTER TRUNCATE ON "reply_addresses" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_insert" AFTER INSERT ON "push_subscriptions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_update" AFTER UPDATE ON "push_subscriptions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_delete" AFTER DELETE ON "push_subscriptions" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_truncate" AFTER TRUNCATE ON "push_subscriptions" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_insert" AFTER INSERT ON "push_settings" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_update" AFTER UPDATE ON "push_settings" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_delete" AFTER DELETE ON "push_settings" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_truncate" AFTER TRUNCATE ON "push_settings" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_insert" AFTER INSERT ON "push_outbox" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_update" AFTER UPDATE ON "push_outbox" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_delete" AFTER DELETE ON "push_outbox" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();--> statement-breakpoint
CREATE TRIGGER "hearth_changed_truncate" AFTER TRUNCATE ON "push_outbox" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"();
