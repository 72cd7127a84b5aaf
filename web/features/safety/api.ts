import type { BlockResponse, BlockedMember } from '@shared/api/blocks';
import type { IgnoreResponse } from '@shared/api/posts';
import type { HiddenPost } from '@shared/api/reports';
import { api } from '@web/lib/api-client';
import { cursorPaging } from '@web/lib/pagination';

/**
 * A member's own safety controls: the posts they hid (GET /api/ignored_posts, DELETE
 * /api/posts/{id}/ignore) and the members they blocked (GET/POST/DELETE /api/blocks).
 */
export const safetyKeys = {
  all: ['safety'] as const,
  hiddenPosts: () => ['safety', 'hidden-posts'] as const,
  blocked: () => ['safety', 'blocked'] as const,
  block: (userId: string) => ['safety', 'block', userId] as const,
};

export function hiddenPostsPaging() {
  return cursorPaging<HiddenPost>(api, '/ignored_posts');
}

export async function showPostAgain(postId: string): Promise<IgnoreResponse> {
  return (await api.delete<IgnoreResponse>(`/posts/${encodeURIComponent(postId)}/ignore`)).data;
}

export function blockedMembersPaging() {
  return cursorPaging<BlockedMember>(api, '/blocks');
}

export async function fetchBlock(userId: string): Promise<BlockResponse> {
  return (await api.get<BlockResponse>(`/blocks/${encodeURIComponent(userId)}`)).data;
}

export async function blockMember(userId: string): Promise<BlockResponse> {
  return (await api.post<BlockResponse>('/blocks', { user_id: userId })).data;
}

export async function unblockMember(userId: string): Promise<BlockResponse> {
  return (await api.delete<BlockResponse>(`/blocks/${encodeURIComponent(userId)}`)).data;
}
