import type { Post } from '@shared/api/posts';
import { api } from '@web/lib/api-client';

/** POST /api/search {query}: posts the member may see, best match first. */
export async function searchPosts(query: string, signal?: AbortSignal): Promise<Post[]> {
  return (await api.post<Post[] | null>('/search', { query }, { signal })).data ?? [];
}
