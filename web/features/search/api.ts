import type { Post } from '@shared/api/posts';
import type { SearchSections } from '@shared/api/search';
import { api } from '@web/lib/api-client';

/** POST /api/search {query}: posts the member may see, best match first. */
export async function searchPosts(query: string, signal?: AbortSignal): Promise<Post[]> {
  return (await api.post<Post[] | null>('/search', { query }, { signal })).data ?? [];
}

/** POST /api/search/all {query}: links, people and groups matching the query. */
export async function searchSections(query: string, signal?: AbortSignal): Promise<SearchSections> {
  const data = (await api.post<SearchSections | null>('/search/all', { query }, { signal })).data;
  return data ?? { links: [], people: [], groups: [] };
}

export const searchKeys = {
  sections: (query: string) => ['search', 'sections', query] as const,
};
