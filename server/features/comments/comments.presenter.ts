import type { Comment, CommentFields } from '../../../shared/api/comments';
import { createdAtFields } from '../../../shared/domain/time';
import type { MaybeRole } from '../../policies/group-roles';
import { mentionsIn, type MentionDirectory } from '../mentions/mentions.service';
import { contentHtml } from '../posts/content-html';
import { presentAuthor } from '../profiles/people';
import { canDeleteComment, canEditComment, type CommentedPost } from './comments.policy';
import type { CommentRow } from './comments.repo';

/** What presenting a comment needs besides its row: the viewer, the post, and the mentioned members. */
export interface CommentView {
  viewerId: string;
  post: CommentedPost;
  role: MaybeRole;
  mentions: MentionDirectory;
  now: Date;
}

export function presentCommentFields(row: CommentRow, view: CommentView): CommentFields {
  return {
    id: row.id,
    post_id: row.postId,
    content: row.content,
    content_html: contentHtml(row.content),
    ...createdAtFields(row.createdAt, view.now),
    ...presentAuthor(row),
    is_owner: row.userId === view.viewerId,
    can_delete: canDeleteComment(view.viewerId, row, view.post, view.role),
    can_edit: canEditComment(view.viewerId, row),
    edited_at: row.editedAt?.toISOString() ?? null,
    parent_id: row.parentId,
    replies_count: row.repliesCount,
    mentions: mentionsIn(row.content, view.mentions),
    reactions: row.reactions,
  };
}

/** A comment with the replies shown under it (none given: a reply, or a comment just written). */
export function presentComment(row: CommentRow, view: CommentView, replies: CommentRow[] = []): Comment {
  return {
    ...presentCommentFields(row, view),
    replies: replies.map((reply) => presentCommentFields(reply, view)),
  };
}
