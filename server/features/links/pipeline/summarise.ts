import type { FastifyBaseLogger } from 'fastify';
import type { LlmConfig } from '../../../config/env';
import { summariseWithLlm } from './summarise-llm';
import { summariseExtractively } from './textrank';

export interface SummariseOptions {
  /** The chat model to ask first; null: the extractive summariser only. */
  llm: LlmConfig | null;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}

export interface Summary {
  sentence: string;
  paragraph: string;
  source: 'llm' | 'extractive';
}

/**
 * The two summaries of a link. With a chat model configured it writes them; on any failure (no
 * answer, an answer that breaks the schema) the extractive summary is used, so a link never waits
 * on the model. A text with no sentence at all is summarised by its title.
 */
export async function summarise(
  input: { title: string | null; text: string; language: string | null },
  options: SummariseOptions,
): Promise<Summary> {
  if (options.llm && input.text.trim()) {
    try {
      const written = await summariseWithLlm(input, options.llm);
      return { sentence: written.sentence_summary, paragraph: written.paragraph_summary, source: 'llm' };
    } catch (error) {
      options.logger.warn(
        { err: error },
        'the chat model did not summarise a link; using the extractive summary',
      );
    }
  }
  const extractive = summariseExtractively(input.text, input.language);
  if (extractive) return { ...extractive, source: 'extractive' };
  const fallback = input.title ?? '';
  return { sentence: fallback, paragraph: fallback, source: 'extractive' };
}
