-- Hand-written: every committed change to Hearth's data is announced on the channel
-- "hearth_data_changed", so each process drops the reads it keeps (ADR 031). A statement that
-- touched no row announces nothing (job sweeps that find nothing to do). The throttle's counters
-- (rate_limits) are left out: no kept read depends on them, and every throttled request writes one.
-- The payload is the table's name. pg_notify sends at commit, once per transaction and payload
-- however many statements call it.
CREATE FUNCTION "hearth_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('hearth_data_changed', TG_TABLE_NAME);
  ELSIF EXISTS (SELECT 1 FROM "changed_rows") THEN
    PERFORM pg_notify('hearth_data_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  "table" text;
BEGIN
  FOR "table" IN
    SELECT "tablename" FROM "pg_tables"
    WHERE "schemaname" = current_schema() AND "tablename" <> 'rate_limits'
  LOOP
    EXECUTE format('CREATE TRIGGER "hearth_changed_insert" AFTER INSERT ON %I REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"()', "table");
    EXECUTE format('CREATE TRIGGER "hearth_changed_update" AFTER UPDATE ON %I REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"()', "table");
    EXECUTE format('CREATE TRIGGER "hearth_changed_delete" AFTER DELETE ON %I REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"()', "table");
    EXECUTE format('CREATE TRIGGER "hearth_changed_truncate" AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "hearth_data_changed"()', "table");
  END LOOP;
END $$;
