import { z } from 'zod';
import type { LlmConfig } from '../config/env';

/**
 * One call to an OpenAI-compatible chat API (`POST {baseUrl}/chat/completions`), shared by the link
 * summaries and the image captions. It answers the assistant's text; the caller validates it.
 */
export type ChatContentPart =
  { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface ChatMessage {
  role: 'system' | 'user';
  content: string | ChatContentPart[];
}

export class ChatCompletionError extends Error {}

const ChatCompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

export async function completeChat(
  config: LlmConfig,
  messages: ChatMessage[],
  { temperature = 0.2, timeoutMs = 30_000 }: { temperature?: number; timeoutMs?: number } = {},
): Promise<string> {
  const response = await fetch(`${config.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
    },
    body: JSON.stringify({ model: config.model, temperature, messages }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new ChatCompletionError(`the chat API answered ${response.status}`);
  const completion = ChatCompletionSchema.safeParse(await response.json().catch(() => null));
  if (!completion.success) throw new ChatCompletionError('the chat API answer has no message');
  return completion.data.choices[0]!.message.content ?? '';
}
