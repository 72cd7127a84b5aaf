import http from 'node:http';
import type { LlmConfig } from '../../server/config/env';

/** A local stand-in for an OpenAI-compatible chat API: answers what the test sets, records requests. */
export interface FakeChat {
  config: LlmConfig;
  requests: Array<{ path: string; authorization: string | undefined; body: Record<string, unknown> }>;
  answer: (request: Record<string, unknown>) => { status: number; body: unknown };
  /** Milliseconds to wait before answering (a slow model). */
  delayMs: number;
  close(): Promise<void>;
}

export async function startFakeChat(): Promise<FakeChat> {
  const fake: Omit<FakeChat, 'config' | 'close'> = {
    requests: [],
    answer: () => ({ status: 500, body: {} }),
    delayMs: 0,
  };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      fake.requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
      const { status, body: answer } = fake.answer(body);
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
      }, fake.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(fake, {
    config: { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'test-key', model: 'tiny-model' },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** A 200 answer whose assistant message is `content`. */
export const completion = (content: string) => ({
  status: 200,
  body: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content } }],
  },
});
