import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import {
  type FromWorker,
  type Request,
  serializeError,
  type ToWorker,
  type WorkerStart,
} from './pglite-protocol';
import { StatementCache } from './pglite-statements';
import { PLAN_CACHE_MODE } from './planning';

/**
 * The thread that runs the embedded database, so a slow query never stalls the server's event loop
 * (ADR 027). It answers the main thread's calls one message each; PGlite itself serialises them (one
 * session: a call made while a transaction is open waits until it ends, as in-thread).
 */
const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread');

const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** Left as PostgreSQL text: the main side applies the caller's own parser to it. */
const keepText = (value: string) => value;

const start = workerData as WorkerStart;
let pglite: PGlite;
try {
  pglite = await PGlite.create(start.dataDir, {
    extensions: { vector },
    loadDataDir: start.loadDataDir ? new Blob([start.loadDataDir]) : undefined,
    // The buffer pool lives in this thread's WebAssembly memory, which grows to hold it and never
    // shrinks; pages past it are read from the data folder through the system's file cache, which
    // is not this process's memory (ADR 053).
    // Each statement is planned once, as on PostgreSQL (PLAN_CACHE_MODE, ADR 063).
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `plan_cache_mode=${PLAN_CACHE_MODE}`,
      ...(start.sharedBuffersMb === undefined ? [] : ['-c', `shared_buffers=${start.sharedBuffersMb}MB`]),
    ],
  });
} catch (error) {
  send({ type: 'failed', error: serializeError(error) });
  throw error;
}

const statements = new StatementCache(pglite);

interface OpenTransaction {
  tx: Transaction;
  /** Ends the transaction (commit or roll back); `endId` is the call that gets the answer. */
  finish(commit: boolean, endId: number): void;
}
const transactions = new Map<number, OpenTransaction>();
const listeners = new Map<number, () => Promise<void>>();
/** Thrown into PGlite's transaction callback to make it roll back. */
const ROLL_BACK = Symbol('roll back');

function target(tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return pglite;
  const open = transactions.get(tx);
  if (!open) throw new Error('the transaction has already ended');
  return open.tx;
}

function begin(id: number) {
  let endId: number | null = null;
  void pglite
    .transaction(async (tx) => {
      const commit = await new Promise<boolean>((resolve) => {
        transactions.set(id, {
          tx,
          finish(commitIt, end) {
            endId = end;
            resolve(commitIt);
          },
        });
        send({ type: 'reply', id, ok: true, result: id });
      });
      if (!commit) throw ROLL_BACK;
    })
    .then(
      () => send({ type: 'reply', id: endId ?? id, ok: true, result: null }),
      (error: unknown) =>
        send(
          error === ROLL_BACK
            ? { type: 'reply', id: endId ?? id, ok: true, result: null }
            : { type: 'reply', id: endId ?? id, ok: false, error: serializeError(error) },
        ),
    )
    .finally(() => transactions.delete(id));
}

async function handle(id: number, request: Request): Promise<{ result: unknown; transfer?: ArrayBuffer[] }> {
  switch (request.op) {
    case 'query': {
      const { rowMode, rawTypes, paramTypes } = request.options;
      const parsers = Object.fromEntries(rawTypes.map((type) => [type, keepText]));
      // The transaction must still be open (target throws otherwise); it holds the session.
      if (request.tx !== undefined) target(request.tx);
      const options = { rowMode, parsers, paramTypes };
      return {
        result: await statements.query(request.sql, request.params, options, request.tx !== undefined),
      };
    }
    case 'exec':
      return { result: await target(request.tx).exec(request.sql) };
    case 'listen': {
      const unlisten = await pglite.listen(request.channel, (payload) =>
        send({ type: 'notification', listenId: id, payload }),
      );
      listeners.set(id, unlisten);
      return { result: id };
    }
    case 'unlisten': {
      const unlisten = listeners.get(request.listenId);
      listeners.delete(request.listenId);
      if (unlisten && !pglite.closed) await unlisten();
      return { result: null };
    }
    case 'dump': {
      const buffer = await (await pglite.dumpDataDir('gzip')).arrayBuffer();
      return { result: buffer, transfer: [buffer] };
    }
    case 'close':
      if (!pglite.closed) await pglite.close();
      return { result: null };
    case 'begin':
    case 'end':
      throw new Error(`${request.op} is answered when the transaction moves`);
  }
}

port.on('message', (message: ToWorker) => {
  const { id } = message;
  if (message.op === 'begin') return begin(id);
  if (message.op === 'end') {
    const open = transactions.get(message.tx);
    if (open) return open.finish(message.commit, id);
    return send({ type: 'reply', id, ok: true, result: null });
  }
  handle(id, message).then(
    ({ result, transfer }) => send({ type: 'reply', id, ok: true, result }, transfer),
    (error: unknown) => send({ type: 'reply', id, ok: false, error: serializeError(error) }),
  );
});

send({ type: 'ready' });
