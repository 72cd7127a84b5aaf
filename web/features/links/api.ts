import type { CreateLinkResponse, Link, LinkComment } from '@shared/api/links';
import type { LinkVisibility } from '@shared/domain/constants';
import type { DeletedResponse, LikeResponse } from '@shared/api/posts';
import { api } from '@web/lib/api-client';
import { fetchCursorPage, type CursorPage } from '@web/lib/pagination';

/** Calls of the links area (spec section 7); every path gets the /api base. */

const linkPath = (id: string) => `/links/${encodeURIComponent(id)}`;

/** GET /api/links?after=: one page of the links the member may see. */
export function fetchLinkPage(params: {
  after: string | null;
  signal: AbortSignal;
}): Promise<CursorPage<Link>> {
  return fetchCursorPage<Link>(api, '/links', params);
}

/** GET /api/links?group_id={id}&after=: one page of the links shared into a group (ADR 046). */
export function fetchGroupLinkPage(
  groupId: string,
  params: { after: string | null; signal: AbortSignal },
): Promise<CursorPage<Link>> {
  return fetchCursorPage<Link>(api, '/links', { ...params, query: { group_id: groupId } });
}

export async function fetchLink(id: string, signal?: AbortSignal): Promise<Link> {
  return (await api.get<Link>(linkPath(id), { signal })).data;
}

export interface NewLink {
  url: string;
  /** Sent as null when empty (spec section 3). */
  comment: string | null;
  visibility: LinkVisibility;
  /** The group a `group` link is shared into; sent only with that visibility (ADR 046). */
  group_id?: string;
}

export async function createLink(link: NewLink): Promise<CreateLinkResponse> {
  return (await api.post<CreateLinkResponse>('/links', link)).data;
}

export async function retryLink(id: string): Promise<Link> {
  return (await api.post<Link>(`${linkPath(id)}/retry`)).data;
}

export async function deleteLink(id: string): Promise<DeletedResponse> {
  return (await api.delete<DeletedResponse>(linkPath(id))).data;
}

/** POST (like) or DELETE (unlike) /api/links/{id}/like. */
export async function setLinkLiked(id: string, liked: boolean): Promise<LikeResponse> {
  const path = `${linkPath(id)}/like`;
  return (liked ? await api.post<LikeResponse>(path) : await api.delete<LikeResponse>(path)).data;
}

const commentPath = (linkId: string, id: string) => `${linkPath(linkId)}/comments/${encodeURIComponent(id)}`;

/** GET /api/links/{id}/comments?after=: a page of top-level comments (oldest first) with their first replies. */
export function fetchLinkCommentPage(
  linkId: string,
  after: string | null,
  signal?: AbortSignal,
): Promise<CursorPage<LinkComment>> {
  return fetchCursorPage<LinkComment>(api, `${linkPath(linkId)}/comments`, { after, signal });
}

/** GET /api/links/{id}/comments/{commentId}/replies?after=: the next replies of one comment. */
export function fetchLinkReplyPage(
  linkId: string,
  commentId: string,
  after: string | null,
  signal?: AbortSignal,
): Promise<CursorPage<LinkComment>> {
  return fetchCursorPage<LinkComment>(api, `${commentPath(linkId, commentId)}/replies`, { after, signal });
}

/**
 * POST /api/links/{id}/comments {content, parent_id?}: the content trimmed before sending (spec
 * section 5); `parentId` makes it a reply.
 */
export async function createLinkComment(
  linkId: string,
  content: string,
  parentId?: string | null,
): Promise<LinkComment> {
  const body = parentId ? { content: content.trim(), parent_id: parentId } : { content: content.trim() };
  return (await api.post<LinkComment>(`${linkPath(linkId)}/comments`, body)).data;
}

/** PATCH /api/links/{id}/comments/{commentId} {content}: its author's new text. */
export async function updateLinkComment(linkId: string, id: string, content: string): Promise<LinkComment> {
  return (await api.patch<LinkComment>(commentPath(linkId, id), { content: content.trim() })).data;
}

export async function deleteLinkComment(linkId: string, id: string): Promise<DeletedResponse> {
  return (await api.delete<DeletedResponse>(commentPath(linkId, id))).data;
}

/** POST (like) or DELETE (unlike) /api/links/{linkId}/comments/{id}/like. */
export async function setLinkCommentLiked(linkId: string, id: string, liked: boolean): Promise<LikeResponse> {
  const path = `${commentPath(linkId, id)}/like`;
  return (liked ? await api.post<LikeResponse>(path) : await api.delete<LikeResponse>(path)).data;
}
