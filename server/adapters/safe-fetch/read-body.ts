import type http from 'node:http';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { SafeFetchError } from './safe-fetch-error';

/** Reads the body through its decoder, stopping at `maxBytes` decoded bytes (a gzip bomb stops there). */
export async function readCapped(response: http.IncomingMessage, maxBytes: number, signal: AbortSignal) {
  const stream = decoded(response);
  const chunks: Buffer[] = [];
  let total = 0;
  let truncated = false;
  const stop = () => {
    stream.destroy();
    response.destroy();
  };
  signal.addEventListener('abort', stop, { once: true });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const room = maxBytes - total;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        total += room;
        truncated = true;
        break;
      }
      chunks.push(chunk);
      total += chunk.length;
    }
  } finally {
    signal.removeEventListener('abort', stop);
    stop();
  }
  if (signal.aborted) throw signal.reason;
  return { bytes: Buffer.concat(chunks, total), truncated };
}

function decoded(response: http.IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  let decoder: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress;
  if (encoding === 'identity' || encoding === '') return response;
  if (encoding === 'gzip' || encoding === 'x-gzip') decoder = zlib.createGunzip();
  else if (encoding === 'deflate') decoder = zlib.createInflate();
  else if (encoding === 'br') decoder = zlib.createBrotliDecompress();
  else {
    response.destroy();
    throw new SafeFetchError('decoding', `unsupported content encoding ${encoding}`);
  }
  response.on('error', (error) => decoder.destroy(error));
  return response.pipe(decoder);
}
