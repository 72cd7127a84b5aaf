import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { ConstructorOptions as JobOptions } from 'pg-boss';
import { fromPglite } from 'pg-boss';
import { MIGRATIONS_DIR } from '../paths';
import { PreparingClient } from './pg-statements';
import { PLAN_CACHE_MODE } from './planning';
import { type DatabaseUnavailableError, PgliteThread } from './pglite-thread';
import { PoolWriteClock, type ReadCache, UNHEARD_WRITE_MAX_MS, VersionedReadCache } from './read-cache';
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
  /**
   * Hot reads kept until the next write: on PGlite every write is seen as it happens (ADR 028); on
   * PostgreSQL this process's are, and other processes' once PostgreSQL announces them (ADR 031),
   * while the announcements are proven to arrive within UNHEARD_WRITE_MAX_MS (ADR 067).
   */
  readCache: ReadCache;
  /** Reads that answer everyone alike (the public feed): the same cache on both engines. */
  publicReadCache: ReadCache;
  /**
   * Calls `handler` with the payload of every notification on `channel` (PostgreSQL LISTEN), from
   * this process or any other sharing the database; answers a function that stops listening.
   * A notification sent in a transaction arrives only once it commits.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  migrate(): Promise<void>;
  /** Why the database cannot answer at all (PGlite: its thread died), or null while it can. */
  unavailable(): Error | null;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to clone it (test templates). */
  dumpDataDir?(): Promise<Blob>;
}

/** What both engines' options share. */
interface KeptReadOptions {
  /** The most bytes the kept answers may hold (KEPT_READS_MAX_MB; unbounded for tests and tools). */
  keptReadsMaxBytes?: number;
}

interface PgliteOptions extends KeptReadOptions {
  dataDir?: string;
  /** PostgreSQL's `shared_buffers` in MB (PGLITE_SHARED_BUFFERS_MB; unset: PostgreSQL's 128 MB). */
  sharedBuffersMb?: number;
  /** A tarball from `dumpDataDir` to start from (test templates). */
  loadDataDir?: Blob;
  /** Hears once if the database thread dies; every database call then fails with a 503. */
  onFailure?: (error: DatabaseUnavailableError) => void;
}

interface PostgresOptions extends KeptReadOptions {
  url: string;
  /** The pool's most connections. */
  max?: number;
  /** The longest one statement of the pool may run (default STATEMENT_TIMEOUT_MS; tests shorten it). */
  statementTimeoutMs?: number;
  /**
   * Whether the process hears other processes' notices (default true): its own LISTEN connection,
   * for the reads it keeps and for live events. The CLI and the data generator, which run a few
   * statements and leave, do not: they keep no reads (nothing is kept until notices are heard) and
   * serve no live events, and their writes are announced all the same (the tables' triggers).
   */
  listens?: boolean;
}

export type DatabaseOptions = ({ kind: 'postgres' } & PostgresOptions) | ({ kind: 'pglite' } & PgliteOptions);

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres' ? openPostgres(options) : openPglite(options);
}

async function openPglite(options: PgliteOptions): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  // In a thread of its own, so a slow query never stalls the event loop (ADR 027).
  const client = await PgliteThread.start(options, options.onFailure);
  // Drizzle's PGlite driver loads PGlite itself: a process on PostgreSQL never needs it (issue 26).
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const pglite = client as unknown as PGlite;
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  const readCache = new VersionedReadCache(client.clock, {
    maxBytes: options.keptReadsMaxBytes,
    keepOnSecondRead: true,
  });
  const database: Database = {
    kind: 'pglite',
    db,
    jobConnection: { db: fromPglite(pglite) },
    hasVector: false,
    readCache,
    publicReadCache: readCache,
    async listen(channel, handler) {
      const stop = await client.listen(channel, handler);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client: pglite, schema }), { migrationsFolder: MIGRATIONS_DIR });
      database.hasVector = await detectVector(db);
    },
    unavailable: () => client.failure,
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir(),
  };
  database.hasVector = await detectVector(db);
  return database;
}

/** How often each process proves that its change notices still arrive (ADR 067). */
export const HEARING_PROOF_INTERVAL_MS = 250;

/**
 * The longest one statement of Hearth's pool may run on PostgreSQL, and the longest a connection
 * may sit idle inside a transaction before the server ends it. Hearth's statements take
 * milliseconds; one that runs for half a minute is a fault (a lock held elsewhere, a plan gone
 * wrong) and would otherwise hold a connection, and its request, until the server is restarted.
 * A transaction left open by a stalled process would hold its locks for ever; a minute is far
 * past any of Hearth's. Both are sent with every pool connection, so they bind the web
 * processes' and the job handlers' statements alike. Not set: migrations (their own connection:
 * an index on a large table may take longer), pg-boss's own connections (it bounds its own work),
 * and the LISTEN connection (idle, never in a transaction). PGlite accepts the setting but has no
 * timer to fire it (checked: `pg_sleep` outlives it), so there it is not set at all.
 */
export const STATEMENT_TIMEOUT_MS = 30_000;
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

/**
 * How long an idle pool connection stays open (PostgreSQL): a new one loads its catalog caches
 * and plans each statement again, the first time costing tens of milliseconds for the largest.
 * node-postgres' default (10 s) closed the pool's connections whenever requests paused.
 */
const POOL_IDLE_MS = 10 * 60_000;

/** The channel PostgreSQL announces every committed change on (migration 0016's triggers). */
export const DATA_CHANGED_CHANNEL = 'hearth_data_changed';

async function openPostgres({
  url,
  max = 10,
  statementTimeoutMs = STATEMENT_TIMEOUT_MS,
  listens = true,
  keptReadsMaxBytes,
}: PostgresOptions): Promise<Database> {
  // A connect that gets no answer (a server hung or a network cut) fails after this long, so a
  // request answers 503 within a bound instead of waiting for a connection forever.
  // JIT off for Hearth's own connections: its statements are short, but the planner's cost for a
  // LIMIT over a filtered index scan (search's candidates, "newest matches first") passes
  // jit_above_cost, and compiling the expressions then took ~80 ms of CPU for ~3 ms of work (a
  // keyword search at 20,000 posts: 81 ms with JIT, 10 ms without; ten searchers were CPU-bound at
  // 24 req/s). The statement and idle-in-transaction timeouts and the plan cache's mode go the same
  // way (STATEMENT_TIMEOUT_MS, PLAN_CACHE_MODE). A `?options=` in DATABASE_URL still wins over all.
  const writes = new PoolWriteClock();
  // The pool hands its options to each PreparingClient it makes, `writeClock` with them.
  const options: pg.PoolConfig & { writeClock: PoolWriteClock } = {
    Client: PreparingClient,
    writeClock: writes,
    connectionString: url,
    max,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: POOL_IDLE_MS,
    options: [
      '-c jit=off',
      `-c plan_cache_mode=${PLAN_CACHE_MODE}`,
      `-c statement_timeout=${statementTimeoutMs}`,
      `-c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_TIMEOUT_MS}`,
    ].join(' '),
  };
  const pool = new pg.Pool(options);
  pool.on('error', () => {
    // An idle client died (server restart); the pool replaces it on the next query.
  });
  pool.on('connect', (client) => {
    // pg-pool listens for errors only while a client is idle. A client checked out for a
    // transaction when the server restarts or crashes emits 'error' with nobody listening, which
    // would be an uncaught exception and stop the process. The query in flight fails with the same
    // error (the request answers 503), and the pool drops the broken client when it is released.
    client.on('error', () => undefined);
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  await db.execute(sql`select 1`);
  let proofs: HearingProofs | null = null;
  const listener = listens
    ? createPgListener(url, (hearing) => {
        writes.hear(hearing);
        if (hearing) void proofs?.prove();
      })
    : null;
  if (listener) {
    // Until the notices are heard nothing kept is served; a failure here is retried by the listener.
    proofs = await proveHearing(listener, writes);
    await listener
      .listen(DATA_CHANGED_CHANNEL, (table, processId) => writes.changedElsewhere(table, processId))
      .catch(() => undefined);
    await proofs.prove();
  }
  const readCache = new VersionedReadCache(writes, { maxBytes: keptReadsMaxBytes, keepOnSecondRead: true });
  const database: Database = {
    kind: 'postgres',
    db,
    jobConnection: { connectionString: url },
    hasVector: false,
    readCache,
    publicReadCache: readCache,
    listen: (channel, handler) =>
      listener
        ? listener.listen(channel, handler)
        : Promise.reject(new Error('this database was opened with listens: false')),
    async migrate() {
      await migrateUnderLock(url);
      database.hasVector = await detectVector(db);
    },
    // A server that is down is found per query (the pool reconnects by itself).
    unavailable: () => null,
    async close() {
      writes.stop();
      proofs?.stop();
      await listener?.close();
      await pool.end();
    },
  };
  database.hasVector = await detectVector(db);
  return database;
}

/**
 * The key of the session-level advisory lock every Hearth process takes before it migrates a
 * PostgreSQL database (an arbitrary constant of Hearth's own; docs/operations.md, "Upgrades").
 */
export const MIGRATION_LOCK_KEY = 4_736_021_907;

/**
 * Runs the migrations while holding `pg_advisory_lock(MIGRATION_LOCK_KEY)` on a connection of its
 * own: drizzle's migrator takes no lock, so two processes starting together on an empty database
 * would both apply the first migration and one would fail (or apply it twice). The second waits
 * for the first, then finds nothing left to do. The lock goes with the connection if the process dies.
 */
async function migrateUnderLock(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {
    // The query in progress fails with the same error; the finally below ends the connection.
  });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    // Ending the session releases the lock (an explicit unlock could fail on a dead connection).
    await client.end().catch(() => undefined);
  }
}

interface HearingProofs {
  /** Sends a proof now (unless one is on its way); settles once it is back, or after a second. */
  prove(): Promise<void>;
  stop(): void;
}

/**
 * Proves, every HEARING_PROOF_INTERVAL_MS, that this process's change notices still arrive (ADR
 * 067): a notice on a channel of its own (other processes' connections pass over it), sent from
 * the LISTEN connection the change notices come by and carrying the time it was sent, which
 * `writes` is handed back when it arrives.
 */
async function proveHearing(listener: PgListener, writes: PoolWriteClock): Promise<HearingProofs> {
  const channel = `hearth_hearing_${randomBytes(8).toString('hex')}`;
  const waiting = new Set<() => void>();
  // Should the server not answer yet, the listener keeps the channel and listens once it does.
  await listener
    .listen(channel, (payload) => {
      writes.proofHeard(Number(payload));
      for (const resolve of waiting) resolve();
      waiting.clear();
    })
    .catch(() => undefined);
  let sending = false;
  const prove = async () => {
    if (sending) return;
    sending = true;
    const back = new Promise<void>((resolve) => {
      waiting.add(resolve);
      setTimeout(resolve, UNHEARD_WRITE_MAX_MS).unref();
    });
    try {
      await listener.notify(channel, String(writes.proofTime()));
      await back;
    } catch {
      // The connection is down: the listener replaces it, and a proof follows it up.
    } finally {
      sending = false;
    }
  };
  const timer = setInterval(() => void prove(), HEARING_PROOF_INTERVAL_MS).unref();
  return { prove, stop: () => clearInterval(timer) };
}

type PgListener = ReturnType<typeof createPgListener>;

/**
 * The name each process's LISTEN connection gives PostgreSQL (`pg_stat_activity.application_name`):
 * its last statement is as often a proof (`select pg_notify(…)`) as a LISTEN.
 */
export const LISTENER_APPLICATION_NAME = 'hearth-listener';

/** How long the listener waits before reconnecting: 0.5 s, doubling, at most 30 s. */
const LISTEN_RETRY_MS = { first: 500, max: 30_000 };

/**
 * LISTEN on PostgreSQL: one dedicated connection per process (a pooled one would be handed to other
 * queries and lose its LISTENs). When the connection fails it is replaced, with growing pauses, and
 * every channel is listened to again; notifications sent while it was down are lost, so consumers
 * treat events as hints to refetch, never as the data itself.
 */
function createPgListener(url: string, onHearing: (hearing: boolean) => void) {
  const handlers = new Map<string, Set<(payload: string, processId: number) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retryMs = LISTEN_RETRY_MS.first;
  let retryTimer: NodeJS.Timeout | null = null;
  let closed = false;

  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  function dropped(dead: pg.Client) {
    if (client !== dead) return;
    client = null;
    onHearing(false);
    dead.removeAllListeners();
    void dead.end().catch(() => undefined);
    if (closed || retryTimer || handlers.size === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect().catch(() => undefined);
    }, retryMs);
    retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MS.max);
  }

  function connect(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      // TCP keep-alive, so a connection the network silently lost is found and replaced.
      const fresh = new pg.Client({
        connectionString: url,
        keepAlive: true,
        application_name: LISTENER_APPLICATION_NAME,
      });
      fresh.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? [])
          handler(message.payload ?? '', message.processId);
      });
      try {
        await fresh.connect();
        for (const channel of handlers.keys()) await fresh.query(`LISTEN ${quote(channel)}`);
      } catch (error) {
        fresh.removeAllListeners();
        void fresh.end().catch(() => undefined);
        client = fresh;
        dropped(fresh);
        throw error;
      }
      fresh.on('error', () => dropped(fresh));
      fresh.on('end', () => dropped(fresh));
      client = fresh;
      retryMs = LISTEN_RETRY_MS.first;
      onHearing(true);
      return fresh;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    async listen(channel: string, handler: (payload: string, processId: number) => void) {
      if (closed) throw new Error('the database is closed');
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(handler);
      const connection = await connect();
      if (first && connection === client) await connection.query(`LISTEN ${quote(channel)}`);
      return async () => {
        set.delete(handler);
        if (set.size > 0 || handlers.get(channel) !== set) return;
        handlers.delete(channel);
        await client?.query(`UNLISTEN ${quote(channel)}`).catch(() => undefined);
      };
    },
    /** Sends a notice on `channel` from this connection; fails while it is down. */
    async notify(channel: string, payload: string) {
      if (!client) throw new Error('the LISTEN connection is down');
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const open = client;
      client = null;
      if (open) {
        open.removeAllListeners();
        await open.end().catch(() => undefined);
      }
    },
  };
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
