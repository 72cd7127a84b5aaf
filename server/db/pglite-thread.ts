import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import {
  TableClock,
  TransactionWrites,
  mayChangeKeptReads,
  mayHaveChangedData,
  noteStatement,
} from './read-cache';
import { tablesWritten } from './statement-tables';
import type { FromWorker, Request, SerializedError, WorkerStart } from './pglite-protocol';
import { workerScript } from '../worker-script';

/** Why every call fails once the database thread has stopped: requests answer 503 (server/http/errors.ts). */
export class DatabaseUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(reason: string) {
    super(`the embedded database is unavailable: ${reason}`);
    this.name = 'DatabaseUnavailableError';
  }
}

/** An error PostgreSQL raised in the database thread, with its fields (`code`, `constraint` …) intact. */
export class PgliteError extends Error {
  [field: string]: unknown;
  constructor(serialized: SerializedError) {
    super(serialized.message);
    Object.assign(this, serialized.fields);
    this.name = serialized.name;
    if (serialized.stack) this.stack = serialized.stack;
  }
}

/** What Drizzle and pg-boss call on a transaction (a subset of PGlite's `Transaction`). */
export interface PgliteThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * PGlite running in a worker thread, seen from the main thread with the same methods Hearth uses on
 * a PGlite instance (`query`, `exec`, `transaction`, `listen`, `dumpDataDir`, `close`), so Drizzle
 * and pg-boss use it unchanged. Every call is one message with an id; the answer or the PostgreSQL
 * error comes back under that id. A slow query occupies the database thread only: the event loop
 * keeps serving requests that do not wait on the database.
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  /**
   * The tables written and when, for the read cache (server/db/read-cache.ts): every write to this
   * process's one database passes through here, so it sees them all.
   */
  readonly clock = new TableClock(() => this.closed);
  #closing = false;
  #failure: DatabaseUnavailableError | null = null;
  #onFailure: (error: DatabaseUnavailableError) => void;

  private constructor(worker: Worker, onFailure: (error: DatabaseUnavailableError) => void) {
    this.#worker = worker;
    this.#onFailure = onFailure;
  }

  /**
   * Starts the thread and opens the database in it. `onFailure` hears once if the thread dies
   * unexpectedly; every call pending then, and every call after, fails with DatabaseUnavailableError.
   */
  static async start(
    options: { dataDir?: string; loadDataDir?: Blob; sharedBuffersMb?: number },
    onFailure: (error: DatabaseUnavailableError) => void = () => undefined,
  ): Promise<PgliteThread> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const workerData: WorkerStart = {
      dataDir: options.dataDir,
      loadDataDir,
      sharedBuffersMb: options.sharedBuffersMb,
    };
    // The bundle builds the thread as an entry of its own (scripts/build-server.mjs).
    const { script, eval: isEval } = workerScript(import.meta.url, 'pglite-worker');
    const worker = new Worker(script, {
      eval: isEval,
      workerData,
      transferList: loadDataDir ? [loadDataDir] : [],
    });
    const thread = new PgliteThread(worker, onFailure);
    await new Promise<void>((resolve, reject) => {
      const opening = (message: FromWorker) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'failed') reject(new PgliteError(message.error));
        else return;
        worker.off('message', opening);
        worker.off('error', reject);
      };
      worker.on('message', opening);
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new DatabaseUnavailableError(`its thread exited (${code}) while opening`)),
      );
    });
    // Like PGlite in-thread, an idle database does not keep the process alive; a call in flight does.
    worker.unref();
    worker.on('message', (message: FromWorker) => thread.#receive(message));
    worker.on('error', (error) => thread.#fail(`its thread failed: ${error.message}`));
    worker.on('exit', (code) => thread.#fail(`its thread exited (${code})`));
    return thread;
  }

  /** Why the thread stopped when nobody closed it, or null. */
  get failure(): DatabaseUnavailableError | null {
    return this.#closing ? null : this.#failure;
  }

  /** True once `close()` was called or the thread stopped. */
  get closed(): boolean {
    return this.#closing || this.#failure !== null;
  }

  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return this.#query<T>(sql, params, options, undefined);
  }

  exec(sql: string): Promise<Results[]> {
    noteStatement(sql);
    const call = this.#call({ op: 'exec', sql }) as Promise<Results[]>;
    const tables = tablesWritten(sql);
    return tables.length === 0 ? call : this.#write(call, tables, () => true);
  }

  /**
   * Runs `callback` in one transaction: it holds the database's only session until it ends (every
   * other call waits behind it in the thread), commits when the callback resolves and rolls back
   * when it throws.
   */
  async transaction<T>(callback: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T> {
    // The tables its statements write are in flight from the first such statement until it ends.
    const writes = new TransactionWrites(this.clock);
    let txId: number;
    try {
      txId = (await this.#call({ op: 'begin' })) as number;
    } catch (error) {
      writes.end();
      throw error;
    }
    let ended = false;
    const end = async (commit: boolean) => {
      if (ended) return;
      ended = true;
      try {
        await this.#call({ op: 'end', tx: txId, commit });
      } finally {
        writes.end();
      }
    };
    const tx: PgliteThreadTransaction = {
      query: <R>(sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
        this.#query<R>(sql, params, options, txId, writes),
      exec: (sql: string) => {
        noteStatement(sql);
        writes.write(tablesWritten(sql));
        return this.#call({ op: 'exec', sql, tx: txId }).then((result) => {
          writes.changed();
          return result;
        }) as Promise<Results[]>;
      },
      rollback: () => end(false),
      get closed() {
        return ended;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await end(false).catch(() => undefined);
      throw error;
    }
    await end(true);
    return result;
  }

  /** LISTEN on `channel`; answers the function that stops listening. */
  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    // The worker names the subscription after the call's id, which is the next one.
    const listenId = this.#nextId;
    this.#listeners.set(listenId, handler);
    try {
      await this.#call({ op: 'listen', channel });
    } catch (error) {
      this.#listeners.delete(listenId);
      throw error;
    }
    return async () => {
      if (!this.#listeners.delete(listenId) || this.closed) return;
      await this.#call({ op: 'unlisten', listenId });
    };
  }

  /** The whole database as a gzipped tarball (test templates clone it with `loadDataDir`). */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.#call({ op: 'dump' })) as ArrayBuffer]);
  }

  /** Closes the database (PGlite flushes it to the data folder) and ends the thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    const closing = this.#call({ op: 'close' });
    this.#closing = true;
    try {
      await closing;
    } finally {
      this.#listeners.clear();
      await this.#worker.terminate();
    }
  }

  /** Ends the thread abruptly, as a crash would (tests of what requests see then). */
  async crash(): Promise<void> {
    await this.#worker.terminate();
  }

  /** `inTransaction`: the open transaction the statement belongs to, which hears what it writes. */
  async #query<T>(
    sql: string,
    params: unknown[],
    options: QueryOptions,
    tx: number | undefined,
    inTransaction?: TransactionWrites,
  ): Promise<Results<T>> {
    if (options.serializers || options.onNotice || options.blob) {
      throw new Error('serializers, onNotice and blob cannot cross to the database thread');
    }
    noteStatement(sql);
    const parsers = options.parsers ?? {};
    const rawTypes = Object.keys(parsers).map(Number);
    const call = this.#call({
      op: 'query',
      sql,
      params,
      options: { rowMode: options.rowMode, rawTypes, paramTypes: options.paramTypes },
      tx,
    }) as Promise<Results<unknown>>;
    const tables = mayChangeKeptReads(sql) ? tablesWritten(sql, params) : [];
    let result: Results<unknown>;
    if (tables.length === 0) {
      result = await call;
    } else if (inTransaction) {
      inTransaction.write(tables);
      result = await call;
      if (mayHaveChangedData(sql, result)) inTransaction.changed();
    } else {
      result = await this.#write(call, tables, (answer) => mayHaveChangedData(sql, answer));
    }
    if (rawTypes.length > 0) applyParsers(result, parsers);
    return result as Results<T>;
  }

  /**
   * Counts a call that writes `tables` while it is in flight; when it settles, `changedData` says
   * whether it did (a failed statement changed nothing).
   */
  #write<T>(call: Promise<T>, tables: readonly string[], changedData: (result: T) => boolean): Promise<T> {
    this.clock.writeSent(tables);
    return call.then(
      (result) => {
        this.clock.writeSettled(tables, changedData(result));
        return result;
      },
      (error: unknown) => {
        this.clock.writeSettled(tables, false);
        throw error;
      },
    );
  }

  #call(request: Request): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#closing) return Promise.reject(new DatabaseUnavailableError('it is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #receive(message: FromWorker) {
    if (message.type === 'notification') {
      this.#listeners.get(message.listenId)?.(message.payload);
      return;
    }
    if (message.type !== 'reply') return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (message.ok) pending.resolve(message.result);
    else pending.reject(new PgliteError(message.error));
  }

  #fail(reason: string) {
    if (this.#failure) return;
    const closedOnPurpose = this.#closing;
    this.#failure = new DatabaseUnavailableError(reason);
    for (const pending of this.#pending.values()) pending.reject(this.#failure);
    this.#pending.clear();
    this.#listeners.clear();
    if (!closedOnPurpose) this.#onFailure(this.#failure);
  }
}

/** Applies the caller's parsers (Drizzle keeps dates as text) to the values the worker left as text. */
function applyParsers(result: Results<unknown>, parsers: NonNullable<QueryOptions['parsers']>) {
  const columns = result.fields
    .map((field, index) => ({ index, name: field.name, parse: parsers[field.dataTypeID] }))
    .filter((column) => column.parse);
  if (columns.length === 0) return;
  for (const row of result.rows as Array<Record<string | number, unknown>>) {
    for (const { index, name, parse } of columns) {
      const key = Array.isArray(row) ? index : name;
      const value = row[key];
      if (typeof value === 'string') row[key] = parse!(value);
    }
  }
}
