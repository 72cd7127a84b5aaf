import type { GroupPhoto, Post, PostFile } from '../../../shared/api/posts';
import { createdAtFields } from '../../../shared/domain/time';
import { fileUrl } from '../files/files.urls';
import { IMAGE_LIMITS, sizedWidthsOf } from '../files/files.images';
import { mentionsIn, type MentionDirectory } from '../mentions/mentions.service';
import { presentAuthor } from '../profiles/people';
import { contentPreviewHtml } from './content-html';
import type { PostCounts, PostFileRow, PostRow, SharedPostColumns } from './posts.repo';
import { canPinInGroup } from '../../policies/group-roles';
import { presentPoll } from '../polls/polls.presenter';
import { canDeletePost, canEditPost, canPublishPost } from './posts.policy';

/**
 * A post's attachment: its address, its size, an image's card preview and pixel size, whether it is
 * an image or a video, and a video's length, picture size and poster once the worker has read it
 * (files.video.ts).
 */
export function presentAttachment(row: {
  fileId: string | null;
  fileName: string | null;
  fileSize: number | null;
  fileContentType: string | null;
  fileWidth: number | null;
  fileHeight: number | null;
  fileDurationMs: number | null;
  filePosterKey: string | null;
}) {
  const hasImage = Boolean(row.fileId && row.fileContentType?.startsWith('image/'));
  const hasVideo = Boolean(row.fileId && row.fileContentType?.startsWith('video/'));
  const sized = hasImage || hasVideo;
  return {
    file_url: row.fileId ? fileUrl(row.fileId) : null,
    file_name: row.fileId ? row.fileName : null,
    file_size: row.fileId ? row.fileSize : null,
    file_width: sized ? row.fileWidth : null,
    file_height: sized ? row.fileHeight : null,
    thumbnail_url: row.fileId && hasImage ? fileUrl(row.fileId, 'thumbnail') : null,
    has_image: hasImage,
    has_video: hasVideo,
    file_duration_ms: hasVideo ? row.fileDurationMs : null,
    file_poster_url: row.fileId && hasVideo && row.filePosterKey ? fileUrl(row.fileId, 'poster') : null,
  };
}

/**
 * A post's files in order: addresses, an image's preview and pixel size, a video's picture size,
 * length and poster (so a grid can show it and play it, ADR 050), and its description.
 */
export function presentPostFiles(rows: PostFileRow[]): PostFile[] {
  return [...rows]
    .sort((a, b) => a.position - b.position)
    .map((file) => {
      const isImage = Boolean(file.contentType?.startsWith('image/'));
      const isVideo = Boolean(file.contentType?.startsWith('video/'));
      return {
        id: file.id,
        url: fileUrl(file.id),
        thumbnail_url: isImage ? fileUrl(file.id, 'thumbnail') : null,
        name: file.name,
        content_type: file.contentType,
        size: file.size === null ? null : Number(file.size),
        width: isImage || isVideo ? file.width : null,
        height: isImage || isVideo ? file.height : null,
        alt: file.alt,
        duration_ms: isVideo ? file.durationMs : null,
        poster_url: isVideo && file.hasPoster ? fileUrl(file.id, 'poster') : null,
        sizes: isImage ? photoSizes(file.id, file.width) : [],
      };
    });
}

/** A photo's WebP widths, narrowest first, each once (a photo narrower than 960 is its own thumbnail's width). */
function photoSizes(fileId: string, width: number | null): PostFile['sizes'] {
  if (!width) return [];
  const sizes = [
    ...sizedWidthsOf(width).map((sized) => ({ width: sized, url: fileUrl(fileId, `w${sized}`) })),
    { width: Math.min(width, IMAGE_LIMITS.thumbnailWidth), url: fileUrl(fileId, 'thumbnail') },
    { width, url: fileUrl(fileId) },
  ].sort((a, b) => a.width - b.width);
  return sizes.filter((size, i) => i === 0 || size.width !== sizes[i - 1]!.width);
}

/**
 * A group album's page: each post's photos and videos, in the post's order (ADR 048, ADR 050). A
 * video comes with its poster, length and size, as in the post's grid, so the album's grid shows
 * and plays it the same way; `index` is its place in that grid and in its address.
 */
export function presentGroupPhotos(
  rows: { id: string; createdAt: Date; tldr: string; files: PostFileRow[] }[],
): GroupPhoto[] {
  return rows.flatMap((row) =>
    presentPostFiles(row.files)
      .filter((file) => (file.content_type?.startsWith('image/') && file.thumbnail_url) || isVideo(file))
      .map((file, index) => ({
        ...file,
        post_id: row.id,
        post_tldr: row.tldr,
        created_at: row.createdAt.toISOString(),
        index,
      })),
  );
}

function isVideo(file: PostFile): boolean {
  return Boolean(file.content_type?.startsWith('video/'));
}

/** The public address of a published post: {PUBLIC_ORIGIN}/explore/post/{slug}. */
export function publicPostUrl(publicOrigin: string, slug: string): string {
  return `${publicOrigin}/explore/post/${encodeURIComponent(slug)}`;
}

/**
 * The fields a post shows members and visitors alike: author, group, time, counts and attachment.
 * `post` is the post's own id and creation time (a published row is keyed by its publication).
 */
export function presentSharedPostFields(
  row: SharedPostColumns,
  post: { id: string; createdAt: Date },
  now: Date,
) {
  return {
    id: post.id,
    tldr: row.tldr,
    content: row.content,
    content_preview_html: contentPreviewHtml(row.content),
    ...createdAtFields(post.createdAt, now),
    ...presentAuthor(row),
    group_name: row.groupName,
    group_id: row.groupId,
    event_id: row.eventId,
    date_poll_id: row.datePollId,
    likes_count: row.likesCount,
    comments_count: row.commentsCount,
    ...presentAttachment(row),
    files: presentPostFiles(row.files),
  };
}

/**
 * A post row → the API's post, with the viewer's abilities. `mentions` resolves the @names of the
 * rows being presented (resolveMentions, one query per answer).
 */
export function presentPost(
  row: PostRow,
  viewerId: string,
  publicOrigin: string,
  mentions: MentionDirectory,
  now: Date = new Date(),
): Post {
  return {
    ...presentSharedPostFields(row, row, now),
    liked_by_current_user: row.likedByViewer,
    published:
      row.publicPostId && row.publicSlug
        ? {
            id: row.publicPostId,
            slug: row.publicSlug,
            public_url: publicPostUrl(publicOrigin, row.publicSlug),
          }
        : null,
    is_owner: row.userId === viewerId,
    can_delete: canDeletePost(viewerId, row, row.viewerRole),
    can_publish: canPublishPost(viewerId, row),
    ignored: row.ignoredByViewer,
    can_edit: canEditPost(viewerId, row),
    edited_at: row.editedAt?.toISOString() ?? null,
    mentions: mentionsIn(row.content, mentions),
    pinned: row.pinned,
    can_pin: row.groupId !== null && canPinInGroup(row.viewerRole),
    reactions: row.reactions,
  };
}

export function presentPosts(
  rows: PostRow[],
  viewerId: string,
  publicOrigin: string,
  mentions: MentionDirectory,
  now: Date = new Date(),
): Post[] {
  return rows.map((row) => presentPost(row, viewerId, publicOrigin, mentions, now));
}

/** The fields of a post that `postCounts` reads apart from the rest (`withCounts` fills them in). */
export function liveFieldsOf(counts: PostCounts | undefined) {
  const live = counts ?? NO_COUNTS;
  return {
    likes_count: live.likesCount,
    comments_count: live.commentsCount,
    liked_by_current_user: live.likedByViewer,
    reactions: live.reactions,
    pinned: live.pinned,
    poll: live.poll ? presentPoll(live.poll) : null,
  };
}

/**
 * A post's counts, the viewer's like, the reactions and the pin, read apart from the rest
 * (`postCounts`), filled in.
 */
export function withCounts(post: Post, counts: PostCounts | undefined): Post {
  return { ...post, ...liveFieldsOf(counts) };
}

/** What a post kept apart from its counts is presented with until they are filled in. */
export const NO_COUNTS: PostCounts = {
  likesCount: 0,
  commentsCount: 0,
  likedByViewer: false,
  reactions: [],
  pinned: false,
  poll: null,
};
