/** The result tabs of /search: posts (the spec's search) and the other kinds. */
export const SECTION_TABS = ['posts', 'links', 'people', 'groups'] as const;
export type SectionTab = (typeof SECTION_TABS)[number];

/** The message ids of the search screen's texts (spec sections 2 and 8; the English in ./messages/en.json). */
export const SEARCH_TEXT = {
  empty: 'search.page.empty',
  error: 'search.page.error',
  tabs: {
    posts: 'search.tabs.posts',
    links: 'search.tabs.links',
    people: 'search.tabs.people',
    groups: 'search.tabs.groups',
  },
  emptySection: {
    links: 'search.sections.emptyLinks',
    people: 'search.sections.emptyPeople',
    groups: 'search.sections.emptyGroups',
  },
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
