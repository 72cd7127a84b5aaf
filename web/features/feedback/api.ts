import type { Feedback } from '@shared/api/feedback';
import { api } from '@web/lib/api-client';

/** POST /api/feedbacks {feedback:{content}}. */
export async function sendFeedback(content: string): Promise<Feedback> {
  return (await api.post<Feedback>('/feedbacks', { feedback: { content } })).data;
}
