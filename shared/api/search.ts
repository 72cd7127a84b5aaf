import { z } from 'zod';
import { requiredText } from './fields';

/** POST /api/search {query}: posts the member may see (same shape as posts), best match first, up to 50. */
export const SearchBodySchema = z.object({ query: requiredText(200) });
export type SearchBody = z.infer<typeof SearchBodySchema>;

export { PostListSchema as SearchResultsSchema } from './posts';
