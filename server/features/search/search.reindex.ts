import type { AppContext } from '../../context';
import { embedderFor, indexLinks, indexPosts, linksNeedingIndex, postsNeedingIndex } from './search.indexer';
import { refreshTermStats } from './term-stats.repo';
import { ensureVectorIndex } from './vector-search.repo';

const BATCH = 500;

export interface ReindexReport {
  model: string | null;
  posts: number;
  links: number;
}

/**
 * `npm run cli -- reindex`: indexes every post and link whose entry is missing or was made by
 * another model (a changed EMBEDDINGS_MODEL, the first start after an upgrade), then recomputes
 * BM25's document frequencies. The model's HNSW index is built once, after the rows are written,
 * rather than grown row by row as they are (a bulk build is the cheaper way for pgvector). Safe to
 * interrupt and run again.
 */
export async function reindexAll(
  deps: Pick<AppContext, 'db' | 'config' | 'database'>,
  progress: (message: string) => void = () => {},
): Promise<ReindexReport> {
  const model = deps.database.hasVector ? embedderFor(deps.config).model : null;
  const report: ReindexReport = { model, posts: 0, links: 0 };
  for (;;) {
    const ids = await postsNeedingIndex(deps.db, model, null, BATCH);
    if (ids.length === 0) break;
    await indexPosts(deps, ids, { deferVectorIndex: true });
    report.posts += ids.length;
    progress(`${report.posts} posts indexed`);
  }
  for (;;) {
    const ids = await linksNeedingIndex(deps.db, model, BATCH);
    if (ids.length === 0) break;
    await indexLinks(deps, ids, { deferVectorIndex: true });
    report.links += ids.length;
    progress(`${report.links} links indexed`);
  }
  if (model) {
    const [vector] = await embedderFor(deps.config).embed(['index'], { prepare: true });
    if (vector) await ensureVectorIndex(deps.db, model, vector.length);
  }
  await refreshTermStats(deps.db, 'posts');
  await refreshTermStats(deps.db, 'links');
  return report;
}
