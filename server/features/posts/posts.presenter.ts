import type { Post } from '../../../shared/api/posts';
import { humanDate, timeAgo } from '../../../shared/domain/time';
import { avatarUrl, displayName } from '../profiles/people';
import type { PostRow } from './posts.repo';
import { canDeletePost, canPublishPost } from './posts.policy';

/** The address of a post's attachment; null until file storage serves it (the files feature). */
export function attachmentUrl(_file: { fileId: string | null }): string | null {
  return null;
}

/** A post row → the API's post, with the viewer's abilities. */
export function presentPost(row: PostRow, viewerId: string, now: Date = new Date()): Post {
  return {
    id: row.id,
    tldr: row.tldr,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    time_ago: timeAgo(row.createdAt, now),
    created_at_human: humanDate(row.createdAt),
    username: row.username,
    name: displayName(row),
    avatar: avatarUrl(row),
    group_name: row.groupName,
    group_id: row.groupId,
    profile_id: row.userId,
    liked_by_current_user: row.likedByViewer,
    likes_count: row.likesCount,
    comments_count: row.commentsCount,
    file_url: attachmentUrl(row),
    file_name: row.fileName,
    has_image: Boolean(row.fileContentType?.startsWith('image/')),
    is_owner: row.userId === viewerId,
    can_delete: canDeletePost(viewerId, row, row.viewerRole),
    can_publish: canPublishPost(viewerId, row),
    ignored: row.ignoredByViewer,
  };
}

export function presentPosts(rows: PostRow[], viewerId: string): Post[] {
  const now = new Date();
  return rows.map((row) => presentPost(row, viewerId, now));
}
