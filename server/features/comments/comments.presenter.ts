import type { Comment } from '../../../shared/api/comments';
import { createdAtFields } from '../../../shared/domain/time';
import type { MaybeRole } from '../../policies/group-roles';
import { presentAuthor } from '../profiles/people';
import { canDeleteComment, type CommentedPost } from './comments.policy';
import type { CommentRow } from './comments.repo';

export function presentComment(
  row: CommentRow,
  viewerId: string,
  post: CommentedPost,
  role: MaybeRole,
  now: Date = new Date(),
): Comment {
  return {
    id: row.id,
    post_id: row.postId,
    content: row.content,
    ...createdAtFields(row.createdAt, now),
    ...presentAuthor(row),
    is_owner: row.userId === viewerId,
    can_delete: canDeleteComment(viewerId, row, post, role),
  };
}
