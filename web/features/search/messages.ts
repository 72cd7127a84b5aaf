/** Texts of the search screen (spec sections 2 and 8). */
export const SEARCH_TEXT = {
  empty: 'No posts found',
  error: (message: string) => `Error: ${message}`,
} as const;

/**
 * Spec section 5: a query is sent only when it is non-blank and differs from the last one sent.
 * Returns the query to send, or null.
 */
export function nextSearchQuery(input: string, lastSubmitted: string | null): string | null {
  const query = input.trim();
  if (!query || query === lastSubmitted) return null;
  return query;
}
