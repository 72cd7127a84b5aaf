import { z } from 'zod';
import { LIMITS } from '../domain/constants';
import { requiredText } from './fields';

/** Contracts of feedback (spec sections 2 and 3) and its review by admins. */

export const FeedbackBodySchema = z.object({
  feedback: z.object({ content: requiredText(LIMITS.feedbackContent) }),
});
export type FeedbackBody = z.infer<typeof FeedbackBodySchema>;

/** POST /api/feedbacks answers 201 with this. */
export const FeedbackSchema = z.object({ id: z.string(), content: z.string(), created_at: z.string() });
export type Feedback = z.infer<typeof FeedbackSchema>;

/** GET /api/admin/feedbacks (admins only), newest first. */
export const AdminFeedbackSchema = FeedbackSchema.extend({
  created_at_human: z.string(),
  user_id: z.string().nullable(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  /** The author's picture (GET /api/files/{id}), null without one or once the account is gone. */
  avatar: z.string().nullable(),
});
export type AdminFeedback = z.infer<typeof AdminFeedbackSchema>;
export const AdminFeedbackListSchema = z.array(AdminFeedbackSchema);
