/**
 * The messages between the main thread and the thread that runs PGlite (server/db/pglite-worker.ts).
 * Only data crosses: no functions, so per-call type parsers are applied on the main side
 * (server/db/pglite-thread.ts) to the raw text the worker leaves for them.
 */

/** What the worker needs to open the database. */
export interface WorkerStart {
  dataDir?: string;
  /** A tarball from `dumpDataDir` (test templates), transferred, not copied. */
  loadDataDir?: ArrayBuffer;
  /** PostgreSQL's `shared_buffers`, in MB (PGLITE_SHARED_BUFFERS_MB; unset: PostgreSQL's 128). */
  sharedBuffersMb?: number;
}

export type Request =
  | {
      op: 'query';
      sql: string;
      params: unknown[];
      /** Row shape and the type ids whose values come back as PostgreSQL text. */
      options: { rowMode?: 'array' | 'object'; rawTypes: number[]; paramTypes?: number[] };
      /** The open transaction this call belongs to, if any. */
      tx?: number;
    }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; listenId: number }
  | { op: 'dump' }
  | { op: 'close' };

export type ToWorker = Request & { id: number };

/** An error as it crossed the thread: its message and every plain field (`code`, `constraint` …). */
export interface SerializedError {
  message: string;
  name: string;
  stack?: string;
  fields: Record<string, string | number | boolean>;
}

export type FromWorker =
  | { type: 'ready' }
  | { type: 'failed'; error: SerializedError }
  | { type: 'reply'; id: number; ok: true; result: unknown }
  | { type: 'reply'; id: number; ok: false; error: SerializedError }
  | { type: 'notification'; listenId: number; payload: string };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      fields[key] = value;
    }
  }
  return { message: error.message, name: error.name, stack: error.stack, fields };
}
