import type { PublicPost } from '@shared/api/public-posts';
import { api } from '@web/lib/api-client';
import { fetchCursorPage, type CursorPage } from '@web/lib/pagination';

/** Calls of publishing (spec section 7): the member's own public posts. */

/** POST /api/public_posts: gives the post a public address at /explore/post/{slug}. */
export async function createPublicPost(postId: string, slug: string): Promise<PublicPost> {
  return (
    await api.post<PublicPost>('/public_posts', { public_post: { post_id: postId, slug: slug.trim() } })
  ).data;
}

/** GET /api/public_posts: one cursor page of the member's published posts, newest first. */
export function fetchMyPublicPostsPage({
  after,
  signal,
}: {
  after: string | null;
  signal: AbortSignal;
}): Promise<CursorPage<PublicPost>> {
  return fetchCursorPage<PublicPost>(api, '/public_posts', { after, signal });
}

/** DELETE /api/public_posts/{id}: the post goes back to members only; its public address stops working. */
export async function unpublishPost(id: string): Promise<void> {
  await api.delete(`/public_posts/${encodeURIComponent(id)}`);
}
