import { z } from 'zod';
import type { EmbeddingsConfig } from '../../config/env';

/** The part of an OpenAI-compatible `POST /embeddings` answer Hearth reads. */
const EmbeddingsResponseSchema = z.object({
  data: z.array(z.object({ index: z.number().int().min(0), embedding: z.array(z.number()).min(1) })).min(1),
});

/** Texts sent per request, and the time one request may take. */
export const EMBEDDINGS_BATCH = 32;
const TIMEOUT_MS = 30_000;

export class EmbeddingsApiError extends Error {}

/**
 * Calls an OpenAI-compatible embeddings API (OpenAI, Ollama, vLLM, LM Studio…): one request per
 * batch, answers validated, vectors returned in the order of `texts`. The URL is the operator's
 * configuration, never a member's input, so it goes out without the SSRF guard links use.
 */
export async function embedWithApi(
  config: EmbeddingsConfig,
  texts: string[],
  fetchImpl: typeof fetch = fetch,
): Promise<number[][]> {
  const vectors: number[][] = [];
  for (let start = 0; start < texts.length; start += EMBEDDINGS_BATCH) {
    const batch = texts.slice(start, start + EMBEDDINGS_BATCH);
    let response: Response;
    try {
      response = await fetchImpl(`${config.baseUrl}/embeddings`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: config.model, input: batch }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new EmbeddingsApiError(`embeddings request failed: ${(error as Error).message}`);
    }
    if (!response.ok) {
      throw new EmbeddingsApiError(`embeddings API answered ${response.status} ${response.statusText}`);
    }
    const parsed = EmbeddingsResponseSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new EmbeddingsApiError('embeddings API answered in an unexpected shape');
    const ordered = [...parsed.data.data].sort((a, b) => a.index - b.index);
    if (ordered.length !== batch.length || ordered.some((item, i) => item.index !== i)) {
      throw new EmbeddingsApiError(
        `embeddings API returned ${ordered.length} vectors for ${batch.length} texts`,
      );
    }
    const dimensions = ordered[0]!.embedding.length;
    if (ordered.some((item) => item.embedding.length !== dimensions)) {
      throw new EmbeddingsApiError('embeddings API returned vectors of different sizes');
    }
    vectors.push(...ordered.map((item) => item.embedding));
  }
  return vectors;
}
