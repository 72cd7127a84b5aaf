import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { buildStaticVectors, convertStaticVectors, STATIC_DIMENSIONS } from './static-vectors';

/** A source shaped like the package's JSON, with `count` entries (some skipped: punctuation). */
function writeSource(dir: string, count: number): string {
  const source = path.join(dir, 'source.json');
  const entries = Array.from({ length: count }, (_, rank) => {
    const word =
      rank % 5 === 1
        ? `,${rank}`
        : `w${String.fromCharCode(97 + (rank % 26))}${rank}`.replace(/\d/g, (d) =>
            String.fromCharCode(97 + Number(d)),
          );
    const vector = Array.from({ length: STATIC_DIMENSIONS }, (_, d) => (((d + rank) % 11) - 5) / 3);
    return `${JSON.stringify(word)}:[${[...vector, 9.9, rank].join(',')}]`;
  });
  fs.writeFileSync(source, `{"precision":8,"words":[],"vectors":{${entries.join(',')}},"unkVector":[0]}`);
  return source;
}

describe('the word vectors conversion thread', () => {
  it('converts in another thread, byte for byte what the inline conversion writes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-vectors-'));
    const source = writeSource(dir, 3000);
    const inline = path.join(dir, 'inline.bin');
    const threaded = path.join(dir, 'threaded.bin');
    await convertStaticVectors(inline, source);
    const result = await buildStaticVectors(threaded, source);
    expect(threadId).toBe(0);
    expect(result.threadId).not.toBe(threadId);
    expect(fs.readFileSync(threaded).equals(fs.readFileSync(inline))).toBe(true);
    expect(fs.readdirSync(dir).sort()).toEqual(['inline.bin', 'source.json', 'threaded.bin']);
  });

  it("rejects with the thread's message and leaves no final file when the source is bad", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-vectors-'));
    const source = path.join(dir, 'source.json');
    fs.writeFileSync(source, '{"precision":8,"vectors":{},"unkVector":[0]}');
    const file = path.join(dir, 'out.bin');
    await expect(buildStaticVectors(file, source)).rejects.toThrow(`no word vectors found in ${source}`);
    await expect(buildStaticVectors(file, path.join(dir, 'missing.json'))).rejects.toThrow(/ENOENT/);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.readdirSync(dir)).toEqual(['source.json']);
  });
});
