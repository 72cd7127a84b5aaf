/** The result tabs of /search: posts (the spec's search) and the other kinds. */
export const SECTION_TABS = ['posts', 'links', 'people', 'groups'] as const;
export type SectionTab = (typeof SECTION_TABS)[number];

/** Texts of the search screen (spec sections 2 and 8). */
export const SEARCH_TEXT = {
  empty: 'No posts found',
  error: (message: string) => `Error: ${message}`,
  tabs: { posts: 'Posts', links: 'Links', people: 'People', groups: 'Groups' },
  emptySection: { links: 'No links found', people: 'No people found', groups: 'No groups found' },
} as const;

/** The tab named in the address (?tab=), posts when absent or unknown. */
export function tabFromParam(value: string | null): SectionTab {
  return (SECTION_TABS as readonly string[]).includes(value ?? '') ? (value as SectionTab) : 'posts';
}

/**
 * Spec section 5: a query is sent only when it is non-blank and differs from the last one sent.
 * Returns the query to send, or null.
 */
export function nextSearchQuery(input: string, lastSubmitted: string | null): string | null {
  const query = input.trim();
  if (!query || query === lastSubmitted) return null;
  return query;
}
