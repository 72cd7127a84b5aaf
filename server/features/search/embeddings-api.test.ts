import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDINGS_BATCH, EmbeddingsApiError, embedWithApi } from './embeddings-api';
import {
  fakeEmbedding,
  startFakeEmbeddingsServer,
  type FakeEmbeddingsServer,
} from './fake-embeddings-server';

describe('OpenAI-compatible embeddings API (contract, against a local fake)', () => {
  let fake: FakeEmbeddingsServer;
  beforeAll(async () => {
    fake = await startFakeEmbeddingsServer('sk-test');
  });
  afterAll(() => fake.close());

  it('sends the model, the texts and the bearer key, and returns vectors in input order', async () => {
    const config = { baseUrl: fake.url, apiKey: 'sk-test', model: 'fake-embed-1' };
    const vectors = await embedWithApi(config, ['sailing lessons', 'doctor']);
    expect(vectors).toEqual([fakeEmbedding('sailing lessons'), fakeEmbedding('doctor')]);
    const last = fake.requests.at(-1)!;
    expect(last.authorization).toBe('Bearer sk-test');
    expect(last.body).toEqual({ model: 'fake-embed-1', input: ['sailing lessons', 'doctor'] });
  });

  it('batches long inputs', async () => {
    const before = fake.requests.length;
    const texts = Array.from({ length: EMBEDDINGS_BATCH + 3 }, (_, i) => `text ${i}`);
    expect(await embedWithApi({ baseUrl: fake.url, apiKey: 'sk-test', model: 'm' }, texts)).toHaveLength(
      texts.length,
    );
    expect(fake.requests.length - before).toBe(2);
  });

  it('fails clearly on a refused key, an error status, a bad shape or an unreachable server', async () => {
    await expect(embedWithApi({ baseUrl: fake.url, apiKey: 'wrong', model: 'm' }, ['x'])).rejects.toThrow(
      /401/,
    );
    fake.status = 503;
    await expect(embedWithApi({ baseUrl: fake.url, apiKey: 'sk-test', model: 'm' }, ['x'])).rejects.toThrow(
      EmbeddingsApiError,
    );
    fake.status = 200;
    const shapeless = (async () => new Response('{"data":[{"index":0}]}')) as typeof fetch;
    await expect(
      embedWithApi({ baseUrl: fake.url, apiKey: undefined, model: 'm' }, ['x'], shapeless),
    ).rejects.toThrow(/unexpected shape/);
    const short = (async () => new Response('{"data":[{"index":0,"embedding":[1]}]}')) as typeof fetch;
    await expect(
      embedWithApi({ baseUrl: fake.url, apiKey: undefined, model: 'm' }, ['x', 'y'], short),
    ).rejects.toThrow(/1 vectors for 2 texts/);
    await expect(
      embedWithApi({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: undefined, model: 'm' }, ['x']),
    ).rejects.toThrow(/request failed/);
  });
});
