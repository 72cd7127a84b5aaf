import type { AppContext } from '../../context';
import { listStillPostsByIds, type StillPostRow } from '../posts/posts.repo';
import { embedderFor } from './search.indexer';
import { keywordsThenMeaning, meaningRowsUsable, reciprocalRankFusion } from './fusion';
import { queryWords } from './highlight';
import { parseQueryText, type QueryText } from './query-text';
import { rankByKeywords, type Corpus, type RankedId } from './keyword-search.repo';
import { listLinkHits, searchGroups, searchPeople } from './search-sections.repo';
import { rankByMeaning } from './vector-search.repo';

export const POST_RESULTS = 50;
export const SECTION_RESULTS = 20;

/**
 * How far (cosine distance) a meaning match may be. Mean word vectors of unrelated texts still sit
 * close together, so static vectors need a tighter bound than a real embedding model.
 */
const MAX_DISTANCE = { static: 0.55, model: 0.7 } as const;

type SearchDeps = Pick<AppContext, 'db' | 'config' | 'database' | 'logger'>;

export interface SearchMode {
  /** Keywords only (no pgvector), or keywords with the shipped word vectors or an embeddings API. */
  mode: 'fulltext' | 'fulltext+static-vectors' | 'fulltext+embeddings';
  /** The model whose vectors are searched, null when none. */
  model: string | null;
  pgvector: boolean;
  /** How images are read: the words they show (OCR), and captions when a vision model is set. */
  images: 'ocr' | 'ocr+captions';
  /** The vision model that captions images, null when none. */
  captionModel: string | null;
}

/** What search can do here: `/api/health` reports it. */
export function searchMode(deps: Pick<AppContext, 'config' | 'database'>): SearchMode {
  const images = {
    images: deps.config.vision ? ('ocr+captions' as const) : ('ocr' as const),
    captionModel: deps.config.vision?.model ?? null,
  };
  if (!deps.database.hasVector) return { mode: 'fulltext', model: null, pgvector: false, ...images };
  const embedder = embedderFor(deps.config);
  return {
    mode: embedder.kind === 'static' ? 'fulltext+static-vectors' : 'fulltext+embeddings',
    model: embedder.model,
    pgvector: true,
    ...images,
  };
}

/** Meaning matches, or none when vectors are unavailable or the query has no known word. */
async function rankByQueryMeaning(
  deps: SearchDeps,
  corpus: Corpus,
  viewerId: string,
  query: QueryText,
  limit: number,
  pageSize = limit,
): Promise<RankedId[]> {
  if (!deps.database.hasVector) return [];
  const embedder = embedderFor(deps.config);
  let vector: number[] | null;
  try {
    [vector = null] = await embedder.embed([query.wanted]);
  } catch (error) {
    // An unreachable embeddings API must not take keyword search down with it.
    deps.logger.warn({ err: error }, 'embedding the search query failed; keywords only');
    return [];
  }
  if (!vector) return [];
  return rankByMeaning(deps.db, {
    corpus,
    query,
    viewerId,
    model: embedder.model,
    vector,
    limit,
    pageSize,
    maxDistance: MAX_DISTANCE[embedder.kind],
    singleConnection: deps.database.kind === 'pglite',
  });
}

/**
 * Keywords and meaning together, never worse than keywords: with static vectors keyword matches
 * lead and meaning fills the page; with an embedding model both rankings are fused (RRF).
 */
async function rankIds(
  deps: SearchDeps,
  corpus: Corpus,
  viewerId: string,
  query: QueryText,
  limit: number,
): Promise<string[]> {
  const embedder = embedderFor(deps.config);
  if (embedder.kind === 'static' && deps.database.kind === 'pglite') {
    // PGlite runs one statement at a time, so side by side gains nothing there: keywords first,
    // then only the meaning matches the page can still use (the slots alone when keywords fill it).
    const keywords = await rankByKeywords(deps.db, corpus, viewerId, query, limit);
    const usable = meaningRowsUsable(keywords.length, limit);
    const meaning = await rankByQueryMeaning(deps, corpus, viewerId, query, usable, limit);
    return keywordsThenMeaning(keywords, meaning, limit);
  }
  // Side by side: on PostgreSQL each runs on its own pooled connection.
  const [keywords, meaning] = await Promise.all([
    rankByKeywords(deps.db, corpus, viewerId, query, limit),
    rankByQueryMeaning(deps, corpus, viewerId, query, limit),
  ]);
  return embedder.kind === 'static'
    ? keywordsThenMeaning(keywords, meaning, limit)
    : reciprocalRankFusion([keywords, meaning], limit);
}

/** POST /api/search: the posts the viewer may see, best first. */
export async function searchPosts(
  deps: SearchDeps,
  viewerId: string,
  query: string,
): Promise<StillPostRow[]> {
  const ids = await rankIds(deps, 'posts', viewerId, parseQueryText(query), POST_RESULTS);
  return listStillPostsByIds(deps.db, viewerId, ids);
}

/**
 * Whether a search's answer follows from the database alone, so it may be kept until a table it
 * read changes: keywords, and the shipped word vectors. An embeddings API may answer otherwise
 * next time (or not at all, leaving keywords only), so its answers are not kept.
 */
export function searchAnswersFollowTheData(deps: SearchDeps): boolean {
  return !deps.database.hasVector || embedderFor(deps.config).kind === 'static';
}

/** POST /api/search/all: links, people and groups matching the query. */
export async function searchSections(deps: SearchDeps, viewerId: string, query: string) {
  const text = parseQueryText(query);
  const words = queryWords(text.wanted);
  const linkIds = await rankIds(deps, 'links', viewerId, text, SECTION_RESULTS);
  return {
    words,
    links: await listLinkHits(deps.db, viewerId, linkIds, text.wanted),
    people: await searchPeople(deps.db, words, SECTION_RESULTS),
    groups: await searchGroups(deps.db, viewerId, words, SECTION_RESULTS),
  };
}
