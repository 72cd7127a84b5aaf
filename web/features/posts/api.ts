import type { Comment, CommentFields } from '@shared/api/comments';
import type { DeletedResponse, IgnoreResponse, LikeResponse, Post, PostDetail } from '@shared/api/posts';
import type { NewPoll } from '@shared/api/polls';
import type { Report } from '@shared/api/reports';
import { api } from '@web/lib/api-client';
import { fetchCursorPage, type CursorPage } from '@web/lib/pagination';

/** Calls of the posts area (spec section 7); every path gets the /api base. */

/** What a {@link PostTimeline} asks for: one page after `after` (null for the first). */
export type PostPageFetcher = (params: {
  after: string | null;
  signal: AbortSignal;
}) => Promise<CursorPage<Post>>;

/**
 * GET /api/posts, optionally one group's posts (group_id). `redirectOnUnauthorized: false` leaves a
 * 401 to the caller (a call made before the session check has answered).
 */
export function timelinePageFetcher(
  groupId?: string | null,
  { redirectOnUnauthorized }: { redirectOnUnauthorized?: boolean } = {},
): PostPageFetcher {
  return ({ after, signal }) =>
    fetchCursorPage<Post>(api, '/posts', {
      after,
      signal,
      query: { group_id: groupId ?? undefined },
      redirectOnUnauthorized,
    });
}

/** GET /api/profiles/{id}/posts: the posts of one member that the viewer may see. */
export function profilePostsPageFetcher(profileId: string): PostPageFetcher {
  return ({ after, signal }) =>
    fetchCursorPage<Post>(api, `/profiles/${encodeURIComponent(profileId)}/posts`, { after, signal });
}

/**
 * GET /api/posts/{id}. `redirectOnUnauthorized: false` leaves a 401 to the caller (a call made
 * before the session check has answered).
 */
export async function fetchPost(
  id: string,
  signal?: AbortSignal,
  { redirectOnUnauthorized }: { redirectOnUnauthorized?: boolean } = {},
): Promise<PostDetail> {
  return (await api.get<PostDetail>(`/posts/${encodeURIComponent(id)}`, { signal, redirectOnUnauthorized }))
    .data;
}

export interface NewPost {
  tldr: string;
  content: string;
  group_id: string | null;
  /** An uploaded file of type post_attachment (web/features/files), or none. */
  file_request_id?: string | null;
  /** Several such files in the order shown (ADR 048); not with `file_request_id`. */
  file_request_ids?: string[];
  /** Descriptions (alt text) by file id. */
  file_alts?: Record<string, string>;
  /** A poll the post carries (ADR 058). */
  poll?: NewPoll | null;
}

export async function createPost(post: NewPost): Promise<Post> {
  return (await api.post<Post>('/posts', { post })).data;
}

export async function deletePost(id: string): Promise<DeletedResponse> {
  return (await api.delete<DeletedResponse>(`/posts/${encodeURIComponent(id)}`)).data;
}

/** POST (like) or DELETE (unlike) /api/posts/{id}/likes. */
export async function setPostLiked(id: string, liked: boolean): Promise<LikeResponse> {
  const path = `/posts/${encodeURIComponent(id)}/likes`;
  return (liked ? await api.post<LikeResponse>(path) : await api.delete<LikeResponse>(path)).data;
}

export async function reportPost(id: string, reason: string | null): Promise<Report> {
  const body = reason ? { report: { reason } } : {};
  return (await api.post<Report>(`/posts/${encodeURIComponent(id)}/report`, body)).data;
}

export async function reportComment(id: string, reason: string | null): Promise<Report> {
  const body = reason ? { report: { reason } } : {};
  return (await api.post<Report>(`/comments/${encodeURIComponent(id)}/report`, body)).data;
}

export async function ignorePost(id: string): Promise<IgnoreResponse> {
  return (await api.post<IgnoreResponse>(`/posts/${encodeURIComponent(id)}/ignore`)).data;
}

/** Undo Ignore: the post shows again in this member's timelines and search. */
export async function unignorePost(id: string): Promise<IgnoreResponse> {
  return (await api.delete<IgnoreResponse>(`/posts/${encodeURIComponent(id)}/ignore`)).data;
}

export interface PostEdit {
  tldr: string;
  content: string;
}

/** PATCH /api/posts/{id}: the author's new title and content. */
export async function updatePost(id: string, post: PostEdit): Promise<Post> {
  return (await api.patch<Post>(`/posts/${encodeURIComponent(id)}`, { post })).data;
}

/** PATCH /api/posts/{id}/files/{file_id}: the author describes one photo (its alt text); answers the post. */
export async function describePostFile(postId: string, fileId: string, alt: string): Promise<Post> {
  const path = `/posts/${encodeURIComponent(postId)}/files/${encodeURIComponent(fileId)}`;
  return (await api.patch<Post>(path, { file: { alt } })).data;
}

/** GET /api/posts/{id}/comments: a page of top-level comments (oldest first), each with its first replies. */
export function fetchCommentPage(postId: string, after: string | null, signal?: AbortSignal) {
  return fetchCursorPage<Comment>(api, `/posts/${encodeURIComponent(postId)}/comments`, { after, signal });
}

/** GET /api/comments/{id}/replies: the next replies of one comment. */
export function fetchReplyPage(commentId: string, after: string | null, signal?: AbortSignal) {
  return fetchCursorPage<Comment>(api, `/comments/${encodeURIComponent(commentId)}/replies`, {
    after,
    signal,
  });
}

/** POST /api/posts/{id}/comments; `parentId` makes it a reply. */
export async function createComment(
  postId: string,
  content: string,
  parentId?: string | null,
): Promise<Comment> {
  return (
    await api.post<Comment>(`/posts/${encodeURIComponent(postId)}/comments`, {
      comment: parentId ? { content, parent_id: parentId } : { content },
    })
  ).data;
}

/** GET /api/comments/{id}: one comment as this member sees it, without its replies (ADR 047). */
export async function fetchComment(id: string, signal?: AbortSignal): Promise<CommentFields> {
  return (await api.get<CommentFields>(`/comments/${encodeURIComponent(id)}`, { signal })).data;
}

/** PATCH /api/comments/{id}: the author's new text. */
export async function updateComment(id: string, content: string): Promise<Comment> {
  return (await api.patch<Comment>(`/comments/${encodeURIComponent(id)}`, { comment: { content } })).data;
}

export async function deleteComment(id: string): Promise<DeletedResponse> {
  return (await api.delete<DeletedResponse>(`/comments/${encodeURIComponent(id)}`)).data;
}

/** The address of a post inside the app, for sharing: {origin}/post/{id}. */
export function postUrl(id: string, origin: string = window.location.origin): string {
  return `${origin}/post/${encodeURIComponent(id)}`;
}

/** GET /api/groups/{id}/pins: the group's pinned posts, newest pin first (ADR 043). */
export async function fetchPins(groupId: string, signal?: AbortSignal): Promise<Post[]> {
  return (await api.get<Post[]>(`/groups/${encodeURIComponent(groupId)}/pins`, { signal })).data;
}

/** PUT (pin) or DELETE (unpin) /api/groups/{id}/pins/{post_id}; answers the post as it now is. */
export async function setPostPinned(groupId: string, postId: string, pinned: boolean): Promise<Post> {
  const path = `/groups/${encodeURIComponent(groupId)}/pins/${encodeURIComponent(postId)}`;
  return (pinned ? await api.put<Post>(path) : await api.delete<Post>(path)).data;
}
