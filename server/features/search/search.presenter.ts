import type { GroupHit, LinkHit, PersonHit } from '../../../shared/api/search';
import { avatarUrl, displayName } from '../profiles/people';
import { highlightPrefixes, piecesFromHeadline } from './highlight';
import type { LinkHitRow } from './search-sections.repo';
import type { SearchMode } from './search.service';

/**
 * The health endpoint's search fields: `search` (the mode), `search_model`, `pgvector`, and how
 * images are read (`image_search`, `caption_model`).
 */
export function presentSearchMode(mode: SearchMode) {
  return {
    search: mode.mode,
    search_model: mode.model,
    pgvector: mode.pgvector,
    image_search: mode.images,
    caption_model: mode.captionModel,
  };
}

export function presentLinkHit(row: LinkHitRow): LinkHit {
  const snippet = piecesFromHeadline(row.snippet.trim());
  return {
    id: row.id,
    url: row.url,
    domain: row.domain,
    title: piecesFromHeadline(row.title),
    // A snippet without any match says nothing the title does not: only the meaning matched.
    snippet: snippet.some((piece) => piece.match) ? snippet : [],
    username: row.username,
    name: displayName(row),
    created_at: row.createdAt.toISOString(),
  };
}

export function presentPersonHit(
  row: {
    id: string;
    username: string;
    firstName: string | null;
    lastName: string | null;
    avatarFileId: string | null;
  },
  words: string[],
): PersonHit {
  return {
    profile_id: row.id,
    username: highlightPrefixes(row.username, words),
    name: highlightPrefixes(displayName(row), words),
    avatar: avatarUrl(row),
  };
}

export function presentGroupHit(
  row: { id: string; name: string; isMember: boolean },
  words: string[],
): GroupHit {
  return { id: row.id, name: highlightPrefixes(row.name, words), is_member: row.isMember };
}
