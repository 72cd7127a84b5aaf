import type { LinkComment, LinkCommentFields } from '../../../shared/api/links';
import { createdAtFields } from '../../../shared/domain/time';
import { mentionsIn, type MentionDirectory } from '../mentions/mentions.service';
import { presentAuthor } from '../profiles/people';
import { canDeleteLinkComment, canEditLinkComment } from './links.policy';
import type { LinkCommentRow } from './link-comments.repo';

/** What presenting a link comment needs besides its row. */
export interface LinkCommentView {
  viewerId: string;
  link: { userId: string };
  mentions: MentionDirectory;
  now: Date;
}

export function presentLinkCommentFields(row: LinkCommentRow, view: LinkCommentView): LinkCommentFields {
  return {
    id: row.id,
    link_id: row.linkId,
    content: row.content,
    ...createdAtFields(row.createdAt, view.now),
    ...presentAuthor(row),
    liked_by_current_user: row.likedByViewer,
    likes_count: row.likesCount,
    is_owner: row.userId === view.viewerId,
    can_delete: canDeleteLinkComment(view.viewerId, row, view.link),
    can_edit: canEditLinkComment(view.viewerId, row),
    edited_at: row.editedAt?.toISOString() ?? null,
    parent_id: row.parentId,
    replies_count: row.repliesCount,
    mentions: mentionsIn(row.content, view.mentions),
  };
}

/** A link comment with the replies shown under it. */
export function presentLinkComment(
  row: LinkCommentRow,
  view: LinkCommentView,
  replies: LinkCommentRow[] = [],
): LinkComment {
  return {
    ...presentLinkCommentFields(row, view),
    replies: replies.map((reply) => presentLinkCommentFields(reply, view)),
  };
}
