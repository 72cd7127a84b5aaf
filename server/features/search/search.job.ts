import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { rowsOf, type DbOrTx } from '../../db/client';
import { defineJob } from '../../jobs/queue';
import {
  embedderFor,
  indexLink,
  indexLinks,
  indexPost,
  indexPosts,
  linksNeedingIndex,
  postsNeedingIndex,
} from './search.indexer';
import type { Corpus } from './keyword-search.repo';
import { refreshTermStats } from './term-stats.repo';

export const SEARCH_INDEX_JOB = 'search.index';
export const SEARCH_MAINTAIN_JOB = 'search.maintain';

const IndexPayloadSchema = z.object({ kind: z.enum(['post', 'link']), id: z.uuid() });
export type IndexPayload = z.infer<typeof IndexPayloadSchema>;

type SearchJobDeps = Pick<AppContext, 'db' | 'config' | 'database' | 'logger' | 'jobs'>;

/** Embeds one post or link (idempotent: it overwrites the item's search entry). */
export function searchIndexJob(deps: Omit<SearchJobDeps, 'jobs'>) {
  return defineJob({
    name: SEARCH_INDEX_JOB,
    schema: IndexPayloadSchema,
    retryLimit: 5,
    retryDelaySeconds: 10,
    deleteAfterSeconds: 60 * 60,
    async handle(payload) {
      if (payload.kind === 'post') await indexPost(deps, payload.id);
      else await indexLink(deps, payload.id);
    },
  });
}

/** Queues a post or link for indexing; pass the transaction that wrote it. */
export async function enqueueSearchIndex(deps: SearchJobDeps, payload: IndexPayload, tx?: DbOrTx) {
  await deps.jobs.enqueue(searchIndexJob(deps), payload, { tx, key: `${payload.kind}:${payload.id}` });
}

/** Recent posts the sweeper looks at: older ones are `npm run cli -- reindex`'s. */
const SWEEP_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 200;
/** Document frequencies are recomputed when the corpus has grown or shrunk by this share. */
const STATS_DRIFT = 0.1;

/** True when the corpus's stored statistics are missing or its size drifted past STATS_DRIFT. */
async function statsAreStale(db: DbOrTx, corpus: Corpus): Promise<boolean> {
  const [row] = rowsOf<{ stored: number | null; live: string }>(
    await db.execute(sql`
      select (select documents from search_corpora where corpus = ${corpus}) as stored,
             (select count(*) from ${sql.raw(corpus)}) as live`),
  );
  if (!row || row.stored === null) return Number(row?.live ?? 0) > 0;
  const live = Number(row.live);
  return Math.abs(live - row.stored) > STATS_DRIFT * Math.max(row.stored, 1);
}

/**
 * Every ten minutes: indexes recent posts and summarised links that have no entry from the current
 * model (a lost job, a model change), and refreshes BM25's document frequencies once the corpus
 * has changed size noticeably (ts_stat reads every vector: seconds at 100,000 posts).
 */
export async function maintainSearch(deps: Omit<SearchJobDeps, 'jobs'>, now = new Date()) {
  const model = deps.database.hasVector ? embedderFor(deps.config).model : null;
  const since = new Date(now.getTime() - SWEEP_WINDOW_MS);
  const postIds = await postsNeedingIndex(deps.db, model, since, SWEEP_BATCH);
  await indexPosts(deps, postIds);
  const linkIds = await linksNeedingIndex(deps.db, model, SWEEP_BATCH);
  await indexLinks(deps, linkIds);
  for (const corpus of ['posts', 'links'] as const) {
    if (await statsAreStale(deps.db, corpus)) await refreshTermStats(deps.db, corpus);
  }
  if (postIds.length + linkIds.length > 0) {
    deps.logger.info({ posts: postIds.length, links: linkIds.length }, 'search sweeper indexed items');
  }
}

export function searchMaintainJob(deps: Omit<SearchJobDeps, 'jobs'>) {
  return defineJob({
    name: SEARCH_MAINTAIN_JOB,
    schema: z.object({}),
    schedule: { cron: '*/10 * * * *', payload: {} },
    retryLimit: 2,
    retryDelaySeconds: 60,
    deleteAfterSeconds: 24 * 60 * 60,
    async handle() {
      await maintainSearch(deps);
    },
  });
}
