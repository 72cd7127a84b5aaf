-- pgvector is optional: PGlite ships it, many PostgreSQL servers do not. Where it cannot be created,
-- Hearth keeps working with full-text search alone (server/db/client.ts reports which).
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS vector;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pgvector is not available (%); search by meaning is off', SQLERRM;
END
$$;
