import type { LinkComment } from '../../../shared/api/links';
import { humanDate, timeAgo } from '../../../shared/domain/time';
import { avatarUrl, displayName } from '../profiles/people';
import { canDeleteLinkComment } from './links.policy';
import type { LinkCommentRow } from './link-comments.repo';

export function presentLinkComment(
  row: LinkCommentRow,
  viewerId: string,
  link: { userId: string },
  now: Date = new Date(),
): LinkComment {
  return {
    id: row.id,
    link_id: row.linkId,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    created_at_human: humanDate(row.createdAt),
    time_ago: timeAgo(row.createdAt, now),
    name: displayName(row),
    username: row.username,
    avatar: avatarUrl(row),
    profile_id: row.userId,
    liked_by_current_user: row.likedByViewer,
    likes_count: row.likesCount,
    is_owner: row.userId === viewerId,
    can_delete: canDeleteLinkComment(viewerId, row, link),
  };
}
