import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES, registerCompression } from './compression';

/** JSON text of about `bytes` bytes, varied enough that it is not all one repeated run. */
function jsonOf(bytes: number) {
  const items = [];
  for (let i = 0; JSON.stringify(items).length < bytes; i++)
    items.push({ id: i, text: `post number ${i * 7919}` });
  return items;
}

describe('compressed API answers', () => {
  const app = Fastify();
  const big = jsonOf(COMPRESS_FROM_BYTES * 8);
  const small = jsonOf(COMPRESS_FROM_BYTES / 2);

  beforeAll(async () => {
    registerCompression(app);
    app.get('/api/big', async () => big);
    app.post('/api/big', async () => big);
    app.get('/api/small', async () => small);
    app.get('/api/cookie', async (_request, reply) => reply.header('set-cookie', 'a=b').send(big));
    app.get('/api/missing', async (_request, reply) => reply.status(404).send(big));
    app.get('/api/bytes', async (_request, reply) =>
      reply.type('application/octet-stream').send(Buffer.alloc(8192)),
    );
    app.get('/big', async () => big);
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, encoding?: string) =>
    app.inject({ url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

  it('sends a JSON answer to a GET in the encoding the browser prefers, the same JSON either way', async () => {
    const plain = await get('/api/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);

    const br = await get('/api/big', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(big);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    const gzip = await get('/api/big', 'br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(big);

    // A shared cache keeps the encodings apart.
    for (const res of [plain, br, gzip]) expect(res.headers.vary).toMatch(/accept-encoding/);
  });

  it('sends the same bytes when the same answer is asked for again', async () => {
    const first = await get('/api/big', 'br');
    const again = await get('/api/big', 'br');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('leaves small answers, POST answers, cookies, errors, bytes and pages alone', async () => {
    // The positive control: this request compresses the large answer.
    expect((await get('/api/big', 'br')).headers['content-encoding']).toBe('br');

    const small = await get('/api/small', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual(jsonOf(COMPRESS_FROM_BYTES / 2));

    // A secret answers a POST once; beside text an attacker chose, its length would give it away.
    const posted = await app.inject({
      method: 'POST',
      url: '/api/big',
      headers: { 'accept-encoding': 'br' },
    });
    expect(posted.headers['content-encoding']).toBeUndefined();
    expect(posted.json()).toEqual(big);

    for (const url of ['/api/cookie', '/api/missing', '/api/bytes', '/big']) {
      const res = await get(url, 'br');
      expect(res.headers['content-encoding'], url).toBeUndefined();
    }
  });
});
