import type { Comment } from '../../../shared/api/comments';
import { humanDate, timeAgo } from '../../../shared/domain/time';
import type { MaybeRole } from '../../policies/group-roles';
import { avatarUrl, displayName } from '../profiles/people';
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
    created_at: row.createdAt.toISOString(),
    created_at_human: humanDate(row.createdAt),
    time_ago: timeAgo(row.createdAt, now),
    name: displayName(row),
    username: row.username,
    avatar: avatarUrl(row),
    profile_id: row.userId,
    is_owner: row.userId === viewerId,
    can_delete: canDeleteComment(viewerId, row, post, role),
  };
}
