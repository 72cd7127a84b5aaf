import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { ConstructorOptions as JobOptions } from 'pg-boss';
import { fromPglite } from 'pg-boss';
import { MIGRATIONS_DIR } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle or the database itself: repositories accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/**
 * The one place that knows whether Hearth runs on embedded PGlite or on a PostgreSQL server.
 * Everything else sees a Drizzle database, a pg-boss connection and a few facts.
 */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** What pg-boss needs to run on this database (PGlite: its own adapter; PostgreSQL: a URL). */
  jobConnection: Pick<JobOptions, 'db' | 'connectionString'>;
  /** True when the pgvector extension is installed, so search by meaning is available. */
  hasVector: boolean;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to clone it (test templates). */
  dumpDataDir?(): Promise<Blob>;
}

export type DatabaseOptions =
  { kind: 'postgres'; url: string; max?: number } | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres' ? openPostgres(options.url, options.max) : openPglite(options);
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const client = await PGlite.create(options.dataDir, {
    extensions: { vector },
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const database: Database = {
    kind: 'pglite',
    db,
    jobConnection: { db: fromPglite(client) },
    hasVector: false,
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
      database.hasVector = await detectVector(db);
    },
    async close() {
      if (!client.closed) await client.close();
    },
    async dumpDataDir() {
      return client.dumpDataDir('gzip');
    },
  };
  database.hasVector = await detectVector(db);
  return database;
}

async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    // An idle client died (server restart); the pool replaces it on the next query.
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  await db.execute(sql`select 1`);
  const database: Database = {
    kind: 'postgres',
    db,
    jobConnection: { connectionString: url },
    hasVector: false,
    async migrate() {
      await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: MIGRATIONS_DIR });
      database.hasVector = await detectVector(db);
    },
    async close() {
      await pool.end();
    },
  };
  database.hasVector = await detectVector(db);
  return database;
}

async function detectVector(db: Db): Promise<boolean> {
  const result = await db.execute(
    sql`select exists (select 1 from pg_extension where extname = 'vector') as present`,
  );
  return Boolean(rowsOf<{ present: boolean }>(result)[0]?.present);
}

/** Drizzle returns `{ rows }` on both drivers for raw `execute`. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
