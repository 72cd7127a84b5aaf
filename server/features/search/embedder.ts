import type { Config } from '../../config/env';
import { embedWithApi } from './embeddings-api';
import { embedWithStaticVectors, normalise, STATIC_MODEL } from './static-embedder';
import {
  buildStaticVectors,
  readStaticVectors,
  staticVectorsPath,
  type StaticVectors,
} from './static-vectors';

/**
 * What turns text into a vector for search. `static`: the shipped word vectors (offline, weak on
 * ranking, good at finding a paraphrase); `model`: the configured embeddings API.
 */
export interface Embedder {
  kind: 'static' | 'model';
  /** Stored beside every vector; vectors of another model are re-embedded (`cli reindex`). */
  model: string;
  /**
   * One unit vector per text, null where the text has no known word. `prepare: true` (the worker,
   * the CLI) builds the static vectors' cache file when missing; the web process never does, and
   * gets nulls until it exists.
   */
  embed(texts: string[], options?: { prepare?: boolean }): Promise<(number[] | null)[]>;
}

const staticCache = new Map<string, StaticVectors>();
const building = new Map<string, Promise<unknown>>();

/** The static vectors, loaded once per process (~60 ms, ~12 MB); null when not built yet. */
async function staticVectors(dataDir: string, prepare: boolean): Promise<StaticVectors | null> {
  const file = staticVectorsPath(dataDir);
  const cached = staticCache.get(file);
  if (cached) return cached;
  let loaded = readStaticVectors(file);
  if (!loaded && prepare) {
    let pending = building.get(file);
    if (!pending) {
      pending = buildStaticVectors(file).finally(() => building.delete(file));
      building.set(file, pending);
    }
    await pending;
    loaded = readStaticVectors(file);
  }
  if (loaded) staticCache.set(file, loaded);
  return loaded;
}

export function createEmbedder(config: Pick<Config, 'dataDir' | 'embeddings'>): Embedder {
  const api = config.embeddings;
  if (api) {
    return {
      kind: 'model',
      model: api.model,
      async embed(texts) {
        const vectors = await embedWithApi(api, texts);
        return vectors.map(normalise);
      },
    };
  }
  return {
    kind: 'static',
    model: STATIC_MODEL,
    async embed(texts, { prepare = false } = {}) {
      const vectors = await staticVectors(config.dataDir, prepare);
      if (!vectors) return texts.map(() => null);
      return texts.map((text) => embedWithStaticVectors(vectors, text));
    },
  };
}
