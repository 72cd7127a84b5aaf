import { z } from 'zod';
import { LIMITS } from '../domain/constants';
import { PageQuerySchema, requiredText, uuidParam } from './fields';
import { MentionRefSchema } from './mentions';
import { ReactionSummariesSchema } from './reactions';

/** Contracts of comments on posts (spec sections 3 and 7). */

export const CreateCommentBodySchema = z.object({
  comment: z.object({
    content: requiredText(LIMITS.commentContent),
    /** Replying: the comment answered. A reply to a reply joins its top-level comment. */
    parent_id: uuidParam.nullish(),
  }),
});
export type CreateCommentBody = z.infer<typeof CreateCommentBodySchema>;

/** PATCH /api/comments/{id}: the same rules as on create. */
export const UpdateCommentBodySchema = z.object({
  comment: z.object({ content: requiredText(LIMITS.commentContent) }),
});
export type UpdateCommentBody = z.infer<typeof UpdateCommentBodySchema>;

/**
 * What every comment carries, whatever it is on (a post, a link): the one shape both extend with
 * their subject's id and their own extras.
 */
export const SharedCommentFieldsSchema = z.object({
  id: z.string(),
  /** Markdown. */
  content: z.string(),
  /**
   * The content as HTML (shared/domain/markdown-html.ts, as a post's `content_html`), so a post's
   * comments draw without a Markdown parser in the browser. A post's comments always carry it;
   * optional for a link's, which are drawn from their Markdown.
   */
  content_html: z.string().optional(),
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
  /** The viewer may edit it: its author only. */
  can_edit: z.boolean(),
  /** ISO 8601 of the last edit; null if never edited. */
  edited_at: z.string().nullable(),
  /** The top-level comment this one replies to; null for a top-level comment. */
  parent_id: z.string().nullable(),
  /** How many replies it has (0 for a reply). */
  replies_count: z.number().int(),
  /** The members it mentions, for profile links. */
  mentions: z.array(MentionRefSchema),
});

/**
 * A comment on a post, without its replies (a reply, or a comment being edited); its author, the
 * post's author, or the group's Owner/Moderator may delete it.
 */
export const CommentFieldsSchema = SharedCommentFieldsSchema.extend({
  post_id: z.string(),
  /**
   * The reactions (ADR 044), as on a post: each emoji given, in REACTION_EMOJI order. The server
   * always sends it; optional so a comment an older client kept still reads.
   */
  reactions: ReactionSummariesSchema.optional(),
});
export type CommentFields = z.infer<typeof CommentFieldsSchema>;

export const CommentSchema = CommentFieldsSchema.extend({
  /** A top-level comment's first replies, oldest first (GET /api/comments/{id}/replies for more). */
  replies: z.array(CommentFieldsSchema),
});
export type Comment = z.infer<typeof CommentSchema>;

/**
 * GET /api/posts/{id}/comments?after=&limit= : top-level comments oldest first, each with its first
 * REPLIES_PREVIEW replies; headers x-next-cursor, x-has-next-page. GET /api/comments/{id}/replies
 * pages the rest of one comment's replies the same way.
 */
export const CommentListSchema = z.array(CommentSchema);
export const CommentPageQuerySchema = PageQuerySchema;

/** Replies shown under a top-level comment before "View N more replies". */
export const REPLIES_PREVIEW = 3;
