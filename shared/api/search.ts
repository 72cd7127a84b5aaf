import { z } from 'zod';
import { LIMITS } from '../domain/constants';
import { requiredText } from './fields';

/** POST /api/search {query}: posts the member may see (same shape as posts), best match first, up to 50. */
export const SearchBodySchema = z.object({ query: requiredText(LIMITS.searchQuery) });
export type SearchBody = z.infer<typeof SearchBodySchema>;

export { PostListSchema as SearchResultsSchema } from './posts';

/**
 * Text with the query's matches marked, as pieces: `match` pieces are shown highlighted. Pieces are
 * plain text (rendered as text, never as HTML).
 */
export const HighlightSchema = z.array(z.object({ text: z.string(), match: z.boolean() }));
export type Highlight = z.infer<typeof HighlightSchema>;

export const LinkHitSchema = z.object({
  id: z.string(),
  url: z.string(),
  domain: z.string(),
  /** The page's title, or its URL while it is being read. */
  title: HighlightSchema,
  /** Where the query matched in the summary or text (empty when only the meaning matched). */
  snippet: HighlightSchema,
  username: z.string(),
  name: z.string(),
  created_at: z.string(),
});
export type LinkHit = z.infer<typeof LinkHitSchema>;

export const PersonHitSchema = z.object({
  /** The member's user id (GET /api/profiles/{profile_id}). */
  profile_id: z.string(),
  username: HighlightSchema,
  name: HighlightSchema,
  avatar: z.string().nullable(),
});
export type PersonHit = z.infer<typeof PersonHitSchema>;

export const GroupHitSchema = z.object({
  id: z.string(),
  name: HighlightSchema,
  is_member: z.boolean(),
});
export type GroupHit = z.infer<typeof GroupHitSchema>;

/**
 * POST /api/search/all {query}: what else matches, by kind (posts stay on POST /api/search, in the
 * spec's shape). Only what the member may see; up to 20 of each kind.
 */
export const SearchSectionsSchema = z.object({
  links: z.array(LinkHitSchema),
  people: z.array(PersonHitSchema),
  groups: z.array(GroupHitSchema),
});
export type SearchSections = z.infer<typeof SearchSectionsSchema>;
