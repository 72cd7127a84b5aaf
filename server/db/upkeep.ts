import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context';
import { defineJob } from '../jobs/queue';
import { rowsOf } from './client';

export const DB_UPKEEP_JOB = 'db.upkeep';

/**
 * PostgreSQL's autovacuum, for the embedded engine, which has none (ADR 066). PGlite runs one
 * backend and no background workers, so nothing ever reclaimed the rows an update or a delete leaves
 * behind (a session's last visit, a like taken back, every job the queue runs and deletes) or
 * gathered the planner's statistics: tables and their indexes only grew, and every plan was made
 * for tables the planner believed empty. Every five minutes this does what autovacuum would, by its
 * own default thresholds, from the same counters (`pg_stat_user_tables`, which PGlite keeps while
 * it runs): a table with many dead rows, or many rows inserted since its last vacuum, is vacuumed
 * and analysed; one much changed since its statistics were gathered is analysed; one never
 * vacuumed or analysed at all (its `reltuples` still -1) gets both once.
 *
 * PGlite has one connection, so each statement holds every request while it runs. A vacuum reads
 * only the pages changed since the last (the visibility map) and an analysis a bounded sample, so
 * after the first pass each costs milliseconds; each is logged with its duration. On PostgreSQL
 * autovacuum does this work, and the job is not registered.
 */
export function dbUpkeepJob(deps: Pick<AppContext, 'db' | 'logger'>) {
  return defineJob({
    name: DB_UPKEEP_JOB,
    schema: z.object({}),
    schedule: { cron: '*/5 * * * *', payload: {} },
    retryLimit: 1,
    retryDelaySeconds: 60,
    deleteAfterSeconds: 60 * 60,
    async handle() {
      await keepUpTables(deps);
    },
  });
}

/** One table's counters, as `pg_stat_user_tables` and `pg_class` hold them. */
export interface TableCounters {
  schema: string;
  table: string;
  /** The planner's row estimate: -1 until the table is first vacuumed or analysed. */
  reltuples: number;
  deadRows: number;
  modifiedSinceAnalyze: number;
  insertedSinceVacuum: number;
}

export type Upkeep = 'vacuum' | 'analyze';

/**
 * autovacuum's defaults (PostgreSQL 15, and the 18 PGlite embeds): vacuum past 50 dead rows plus
 * a fifth of the table, or 1,000 inserted rows plus a fifth; analyse past 50 changed rows plus a
 * tenth.
 */
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
const INSERT_THRESHOLD = 1000;
const INSERT_SCALE = 0.2;
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;

/** What a table needs now, by autovacuum's rules: a vacuum (which analyses too), an analysis, or nothing. */
export function upkeepOf(counters: TableCounters): Upkeep | null {
  if (counters.reltuples < 0) return 'vacuum';
  const rows = counters.reltuples;
  if (counters.deadRows > VACUUM_THRESHOLD + VACUUM_SCALE * rows) return 'vacuum';
  if (counters.insertedSinceVacuum > INSERT_THRESHOLD + INSERT_SCALE * rows) return 'vacuum';
  if (counters.modifiedSinceAnalyze > ANALYZE_THRESHOLD + ANALYZE_SCALE * rows) return 'analyze';
  return null;
}

export interface UpkeepDone {
  schema: string;
  table: string;
  upkeep: Upkeep;
  ms: number;
}

/** Vacuums and analyses the tables that need it now (see dbUpkeepJob); answers what it did. */
export async function keepUpTables(deps: Pick<AppContext, 'db' | 'logger'>): Promise<UpkeepDone[]> {
  // Counters reach the view at most once a second; this makes the next statement see them all.
  await deps.db.execute(sql`select pg_stat_force_next_flush()`);
  // Each counter is read as float8, which both drivers hand over as a number (int8 arrives as text).
  const tables = rowsOf<TableCounters>(
    await deps.db.execute(sql`
      select s.schemaname as "schema", s.relname as "table", c.reltuples::float8 as "reltuples",
             s.n_dead_tup::float8 as "deadRows", s.n_mod_since_analyze::float8 as "modifiedSinceAnalyze",
             s.n_ins_since_vacuum::float8 as "insertedSinceVacuum"
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      order by s.schemaname, s.relname`),
  );
  const done: UpkeepDone[] = [];
  for (const counters of tables) {
    const upkeep = upkeepOf(counters);
    if (!upkeep) continue;
    const name = sql`${sql.identifier(counters.schema)}.${sql.identifier(counters.table)}`;
    const started = performance.now();
    await deps.db.execute(upkeep === 'vacuum' ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`);
    done.push({
      schema: counters.schema,
      table: counters.table,
      upkeep,
      ms: Math.round(performance.now() - started),
    });
  }
  if (done.length > 0) deps.logger.info({ tables: done }, 'embedded database upkeep');
  return done;
}
