import { z } from 'zod';
import { uuidParam } from './fields';

/**
 * Contracts of blocking a member (POST/DELETE /api/blocks, GET /api/blocks). A block hides the two
 * members from each other: posts, comments, search results and mentions, and notifications.
 */

export const CreateBlockBodySchema = z.object({ user_id: uuidParam });
export type CreateBlockBody = z.infer<typeof CreateBlockBodySchema>;

export const BlockParamsSchema = z.object({ user_id: uuidParam });

/** A member the viewer blocked, as the settings list shows them (newest block first, paged). */
export const BlockedMemberSchema = z.object({
  user_id: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  /** ISO 8601: when the block was made. */
  blocked_at: z.string(),
});
export type BlockedMember = z.infer<typeof BlockedMemberSchema>;
export const BlockedMemberListSchema = z.array(BlockedMemberSchema);

/** What POST and DELETE answer: whether the viewer now blocks that member. */
export const BlockResponseSchema = z.object({ user_id: z.string(), blocked: z.boolean() });
export type BlockResponse = z.infer<typeof BlockResponseSchema>;
