import { parentPort, threadId, workerData } from 'node:worker_threads';
import { convertStaticVectors, type ConversionResult, type ConversionStart } from './static-vectors';

/** The word vectors' conversion, in its own thread (started by buildStaticVectors). */
const port = parentPort;
if (!port) throw new Error('static-vectors-worker runs as a worker thread');
const { file, source } = workerData as ConversionStart;
convertStaticVectors(file, source).then(
  () => port.postMessage({ type: 'done', threadId } satisfies ConversionResult),
  (error: unknown) =>
    port.postMessage({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
    } satisfies ConversionResult),
);
