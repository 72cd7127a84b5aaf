import { z } from 'zod';
import type { LlmConfig } from '../config/env';

/**
 * One call to an OpenAI-compatible chat API (`POST {baseUrl}/chat/completions`), shared by the link
 * summaries and the image captions. It answers the assistant's text; the caller validates it. The
 * whole call (answer included) has a deadline, and an answer past `maxAnswerBytes` is refused
 * unread, so a hostile or broken endpoint costs bounded time and memory.
 */
export type ChatContentPart =
  { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface ChatMessage {
  role: 'system' | 'user';
  content: string | ChatContentPart[];
}

export class ChatCompletionError extends Error {}

/** The largest answer read: a summary's JSON is a few kilobytes. */
export const CHAT_ANSWER_MAX_BYTES = 256 * 1024;

const ChatCompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

export async function completeChat(
  config: LlmConfig,
  messages: ChatMessage[],
  {
    temperature = 0.2,
    timeoutMs = 30_000,
    maxAnswerBytes = CHAT_ANSWER_MAX_BYTES,
  }: { temperature?: number; timeoutMs?: number; maxAnswerBytes?: number } = {},
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
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new ChatCompletionError(`the chat API answered ${response.status}`);
  }
  const text = await readCapped(response, maxAnswerBytes);
  const completion = ChatCompletionSchema.safeParse(parseJson(text));
  if (!completion.success) throw new ChatCompletionError('the chat API answer has no message');
  return completion.data.choices[0]!.message.content ?? '';
}

/** The answer's text, refused (and the rest left unread) once it passes `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ChatCompletionError(`the chat API answer is over ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
