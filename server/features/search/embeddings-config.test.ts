import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env';

describe('EMBEDDINGS_* configuration', () => {
  it('is off by default (the offline word vectors)', () => {
    expect(loadConfig({}).embeddings).toBeNull();
  });

  it('needs a model with the URL, and trims the URL', () => {
    expect(
      loadConfig({ EMBEDDINGS_BASE_URL: 'http://localhost:11434/v1/', EMBEDDINGS_MODEL: 'nomic' }).embeddings,
    ).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      apiKey: undefined,
      model: 'nomic',
    });
    expect(() => loadConfig({ EMBEDDINGS_BASE_URL: 'http://localhost:11434/v1' })).toThrow(
      /EMBEDDINGS_MODEL/,
    );
    expect(() => loadConfig({ EMBEDDINGS_MODEL: 'nomic' })).toThrow(ConfigError);
    expect(() => loadConfig({ EMBEDDINGS_BASE_URL: 'not a url', EMBEDDINGS_MODEL: 'm' })).toThrow(
      /EMBEDDINGS_BASE_URL/,
    );
  });
});
