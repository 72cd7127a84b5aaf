import http from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from './auth';
import { memberWithClient } from '../../tests/support/factories';
import { createPostAs } from '../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import type { TestClient } from '../../tests/support/test-client';

/**
 * The app's JSON answers go out compressed to a browser that takes it (ADR 065): the post a phone
 * opened and its timeline arrive in a fraction of their bytes, and read the same.
 */
describe('compressed API answers', () => {
  let app: TestApp;
  let author: TestClient;
  let postId: string;

  beforeAll(async () => {
    app = await createTestApp();
    author = (await memberWithClient(app)).client;
    const words = 'a long afternoon by the lake, the children swimming while the grown-ups talk';
    for (let i = 0; i < 6; i++) {
      postId = (
        await createPostAs(author, { tldr: `Summer day ${i}`, content: `${words} (${i}). `.repeat(12) })
      ).id;
    }
  });
  afterAll(() => app.close());

  /** The answer's bytes as sent (fetch would decode them), and its headers. */
  function raw(path: string, encoding: string) {
    return new Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
      const cookie = `${SESSION_COOKIE}=${author.cookie(SESSION_COOKIE)}`;
      http
        .get(`${app.url}${path}`, { headers: { cookie, 'accept-encoding': encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            expect(response.statusCode).toBe(200);
            resolve({ headers: response.headers, bytes: Buffer.concat(chunks) });
          });
        })
        .on('error', reject);
    });
  }

  it.each(['/api/posts', '/api/posts/{id}'])(
    'sends %s in brotli, the same answer as without',
    async (template) => {
      const path = template.replace('{id}', postId);
      const plain = await author.get(path, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      const sent = await raw(path, 'br');
      expect(sent.headers['content-encoding']).toBe('br');
      expect(sent.headers.vary).toMatch(/accept-encoding/);
      expect(JSON.parse(brotliDecompressSync(sent.bytes).toString('utf8'))).toEqual(plain.body);
      expect(sent.bytes.length).toBeLessThan(JSON.stringify(plain.body).length / 2);
    },
  );
});
