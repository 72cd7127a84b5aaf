import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible embeddings server for tests (never a real network): words of one
 * concept share a dimension, so "boating classes" lands next to "sailing lessons". It checks the
 * bearer key and records every request.
 */
const CONCEPTS: Record<string, number> = {
  sail: 0,
  sailing: 0,
  boat: 0,
  boating: 0,
  lesson: 1,
  lessons: 1,
  class: 1,
  classes: 1,
  doctor: 2,
  physician: 2,
  flu: 3,
  influenza: 3,
};
export const FAKE_DIMENSIONS = 8;

export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const concept = CONCEPTS[word] ?? 4 + (word.length % 4);
    vector[concept]! += 1;
  }
  return vector;
}

export interface FakeEmbeddingsServer {
  url: string;
  requests: { authorization: string | undefined; body: { model: string; input: string[] } }[];
  /** The next answers' HTTP status (200 by default). */
  status: number;
  close(): Promise<void>;
}

export async function startFakeEmbeddingsServer(apiKey: string): Promise<FakeEmbeddingsServer> {
  const state: FakeEmbeddingsServer = {
    url: '',
    requests: [],
    status: 200,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as { model: string; input: string[] };
      state.requests.push({ authorization: request.headers.authorization, body });
      response.setHeader('content-type', 'application/json');
      if (request.method !== 'POST' || request.url !== '/v1/embeddings') {
        response.statusCode = 404;
        return response.end('{"error":"not found"}');
      }
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        response.statusCode = 401;
        return response.end('{"error":"bad key"}');
      }
      if (state.status !== 200) {
        response.statusCode = state.status;
        return response.end('{"error":"down"}');
      }
      // Answered out of order on purpose: clients must sort by index.
      const data = body.input.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: fakeEmbedding(text),
      }));
      response.end(JSON.stringify({ object: 'list', model: body.model, data: data.reverse() }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}
