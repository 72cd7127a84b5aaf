import type { PublishedLink } from '@shared/api/links';
import type { PublicGroup, PublicProfile, PublishedPost } from '@shared/api/public-posts';
import { ApiError, statusMessage } from '@web/lib/api-errors';
import { publishedApi } from '@web/lib/api-client';
import { fetchCursorPage, type CursorPage } from '@web/lib/pagination';

/**
 * Calls of the public face (spec section 7), all through the separate client for published calls:
 * no session needed, and a 429 reads 'Rate limited. Please try again in {seconds} seconds.'.
 */

/** Which published posts a list shows: all of them, one group's, or one member's. */
export interface PublishedFilter {
  group_id?: string;
  profile_id?: string;
}

/** GET /api/published_posts?after=&limit=&group_id=&profile_id=: one cursor page, newest first. */
export function fetchPublishedPage({
  after,
  signal,
  limit,
  filter = {},
}: {
  after: string | null;
  signal: AbortSignal;
  limit?: number;
  filter?: PublishedFilter;
}): Promise<CursorPage<PublishedPost>> {
  return fetchCursorPage<PublishedPost>(publishedApi, '/published_posts', {
    after,
    signal,
    query: { limit, group_id: filter.group_id, profile_id: filter.profile_id },
  });
}

/** A body the public client swallowed (an unexpected 401 on a public page) is no answer at all. */
function present<T>(data: T | null, status: number): T {
  if (data === null) throw new ApiError({ kind: 'http', status, message: statusMessage(404) });
  return data;
}

/** GET /api/published_posts/{id-or-slug}. */
export async function fetchPublishedPost(idOrSlug: string, signal?: AbortSignal): Promise<PublishedPost> {
  const response = await publishedApi.get<PublishedPost | null>(
    `/published_posts/${encodeURIComponent(idOrSlug)}`,
    { signal },
  );
  return present(response.data, response.status);
}

/** GET /api/explore/groups/{id}: a group's name, when it has published posts (else 404). */
export async function fetchPublicGroup(id: string, signal?: AbortSignal): Promise<PublicGroup> {
  const response = await publishedApi.get<PublicGroup | null>(`/explore/groups/${encodeURIComponent(id)}`, {
    signal,
  });
  return present(response.data, response.status);
}

/** GET /api/explore/profiles/{id}: a member's name and picture, when they have published posts (else 404). */
export async function fetchPublicProfile(id: string, signal?: AbortSignal): Promise<PublicProfile> {
  const response = await publishedApi.get<PublicProfile | null>(
    `/explore/profiles/${encodeURIComponent(id)}`,
    { signal },
  );
  return present(response.data, response.status);
}

/** GET /api/published_links?after=&limit=: one cursor page of published links, newest first. */
export function fetchPublishedLinksPage({
  after,
  signal,
}: {
  after: string | null;
  signal: AbortSignal;
}): Promise<CursorPage<PublishedLink>> {
  return fetchCursorPage<PublishedLink>(publishedApi, '/published_links', { after, signal, query: {} });
}

/** GET /api/published_links/{id}: a published link with its reader view (404 for any other link). */
export async function fetchPublishedLink(id: string, signal?: AbortSignal): Promise<PublishedLink> {
  const response = await publishedApi.get<PublishedLink | null>(
    `/published_links/${encodeURIComponent(id)}`,
    {
      signal,
    },
  );
  return present(response.data, response.status);
}
