import { z } from 'zod';
import { LIMITS } from '../domain/constants';
import { requiredText } from './fields';

/** Contracts of comments on posts (spec sections 3 and 7). */

export const CreateCommentBodySchema = z.object({
  comment: z.object({ content: requiredText(LIMITS.commentContent) }),
});
export type CreateCommentBody = z.infer<typeof CreateCommentBodySchema>;

/**
 * What every comment carries, whatever it is on (a post, a link): the one shape both extend with
 * their subject's id and their own extras.
 */
export const CommentFieldsSchema = z.object({
  id: z.string(),
  /** Markdown. */
  content: z.string(),
  created_at: z.string(),
  created_at_human: z.string(),
  time_ago: z.string(),
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  /** The author's user id. */
  profile_id: z.string(),
  /** The viewer wrote it. */
  is_owner: z.boolean(),
  /** The viewer may delete it (who may depends on the subject: see each schema). */
  can_delete: z.boolean(),
});

/** A comment on a post; its author, the post's author, or the group's Owner/Moderator may delete it. */
export const CommentSchema = CommentFieldsSchema.extend({
  post_id: z.string(),
});
export type Comment = z.infer<typeof CommentSchema>;

/** GET /api/posts/{id}/comments: oldest first. */
export const CommentListSchema = z.array(CommentSchema);
