import type { LinkComment } from '../../../shared/api/links';
import { createdAtFields } from '../../../shared/domain/time';
import { presentAuthor } from '../profiles/people';
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
    ...createdAtFields(row.createdAt, now),
    ...presentAuthor(row),
    liked_by_current_user: row.likedByViewer,
    likes_count: row.likesCount,
    is_owner: row.userId === viewerId,
    can_delete: canDeleteLinkComment(viewerId, row, link),
  };
}
