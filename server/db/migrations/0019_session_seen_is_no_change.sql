-- Hand-written: a session marked seen (its "last seen" time and address, written at most once a
-- minute while the member is active) is not announced on "hearth_data_changed" (ADR 031): only the
-- member's session list shows those two columns, and that list is never kept, so announcing them
-- would drop every process's kept reads once a minute per active member for nothing. Any other
-- change to a session (its expiry sliding, a new session, a sign-out) is announced as before.
CREATE FUNCTION "hearth_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1
    FROM "changed_rows" AS "new_row"
    LEFT JOIN "old_rows" AS "old_row" ON "old_row"."id" = "new_row"."id"
    WHERE "old_row"."id" IS NULL
       OR (to_jsonb("new_row") - 'last_seen_at' - 'ip') IS DISTINCT FROM (to_jsonb("old_row") - 'last_seen_at' - 'ip')
  ) THEN
    PERFORM pg_notify('hearth_data_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "hearth_changed_update" ON "sessions";--> statement-breakpoint
CREATE TRIGGER "hearth_changed_update" AFTER UPDATE ON "sessions" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hearth_session_changed"();
